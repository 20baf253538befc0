// A button that prints the page: shown only where a script can press it (no inline handlers).
(function () {
  "use strict";
  for (const button of document.querySelectorAll("button[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
})();
