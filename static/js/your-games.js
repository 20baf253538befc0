// The home page: the games opened on this device (remembered by board.js), newest first.
(function () {
  "use strict";
  var KEY = "machikoro.games";
  var section = document.getElementById("your-games");
  if (!section) {
    return;
  }
  var list = section.querySelector("ul");
  var games;
  try {
    games = JSON.parse(localStorage.getItem(KEY) || "[]");
  } catch (error) {
    return;
  }

  function render() {
    list.textContent = "";
    games.forEach(function (game, index) {
      var item = document.createElement("li");
      item.className = "list-group-item d-flex align-items-center gap-2";
      var link = document.createElement("a");
      link.href = game.url;
      link.className = "me-auto";
      link.textContent = game.title;
      var detail = document.createElement("span");
      detail.className = "d-block small text-body-secondary";
      var seen = new Date(game.seen);
      detail.textContent = game.mode + " · " + seen.toLocaleString(document.documentElement.lang);
      link.appendChild(detail);
      var forget = document.createElement("button");
      forget.type = "button";
      forget.className = "btn btn-sm btn-outline-secondary";
      forget.setAttribute("aria-label", section.dataset.forget + ": " + game.title);
      forget.innerHTML = '<i class="bi bi-x-lg" aria-hidden="true"></i>';
      forget.addEventListener("click", function () {
        games.splice(index, 1);
        localStorage.setItem(KEY, JSON.stringify(games));
        render();
      });
      item.appendChild(link);
      item.appendChild(forget);
      list.appendChild(item);
    });
    section.classList.toggle("d-none", games.length === 0);
  }

  render();
})();
