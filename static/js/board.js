// The game page: poll only while the page is visible, and say when the connection is lost.
(function () {
  "use strict";

  // htmx would need eval for a trigger filter such as [document.visibilityState === 'visible'],
  // and the CSP forbids eval: the poller's requests are cancelled here instead.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (event.target.matches("[data-poll]") && document.visibilityState !== "visible") {
      event.preventDefault();
    }
  });

  // Show when polling fails and when it works again; htmx fires these for every request.
  var box = document.getElementById("connection");
  if (!box) {
    return;
  }
  var lost = false;
  function show(isLost) {
    box.classList.remove("d-none");
    box.querySelector(".lost").classList.toggle("d-none", !isLost);
    box.querySelector(".back").classList.toggle("d-none", isLost);
    box.classList.toggle("alert-warning", isLost);
    box.classList.toggle("alert-success", !isLost);
    lost = isLost;
  }
  document.body.addEventListener("htmx:sendError", function () { show(true); });
  document.body.addEventListener("htmx:timeout", function () { show(true); });
  document.body.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr && event.detail.xhr.status >= 500) show(true);
  });
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0 && xhr.status < 500 && lost) {
      show(false);
      setTimeout(function () { if (!lost) box.classList.add("d-none"); }, 3000);
    }
  });
})();

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
