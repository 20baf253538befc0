// Remember this game on this device, so the home page can list it ("Your games").
(function () {
  "use strict";
  var memo = document.getElementById("game-memo");
  if (!memo) {
    return;
  }
  var KEY = "machikoro.games";
  var MAX = 12;
  try {
    var games = JSON.parse(localStorage.getItem(KEY) || "[]").filter(function (game) {
      return game.url !== memo.dataset.url;
    });
    games.unshift({
      code: memo.dataset.code,
      url: memo.dataset.url,
      title: memo.dataset.title,
      mode: memo.dataset.mode,
      seen: new Date().toISOString()
    });
    localStorage.setItem(KEY, JSON.stringify(games.slice(0, MAX)));
  } catch (error) {
    // Private browsing or storage full: the list is a convenience, the game goes on.
  }
})();
