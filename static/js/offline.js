// The offline page (shown by the service worker in place of a page that could not be
// reached): it asks again by itself, and the page it stands for comes back once the network is.
(function () {
  "use strict";
  var waitMs = 1000;
  var LONGEST_WAIT_MS = 10000;
  var timer = null;

  function back() {
    window.location.reload();
  }

  function ask() {
    clearTimeout(timer);
    // Any answer of the server, whatever its status, says the network is back; HEAD moves
    // nothing (a GET may let a bot take its step).
    fetch(window.location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin" })
      .then(back, function () {
        waitMs = Math.min(LONGEST_WAIT_MS, waitMs * 2);
        timer = setTimeout(ask, waitMs);
      });
  }

  window.addEventListener("online", function () {
    waitMs = 1000;
    ask();
  });
  var again = document.getElementById("try-again");
  if (again) {
    again.hidden = false;
    again.addEventListener("click", function () {
      waitMs = 1000;
      ask();
    });
  }
  timer = setTimeout(ask, waitMs);
})();
