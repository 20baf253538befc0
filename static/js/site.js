// Every page: the language list switches at once; a message marked data-focus gets the focus.
(function () {
  "use strict";
  var language = document.getElementById("language-select");
  if (language) {
    language.addEventListener("change", function () { language.form.submit(); });
  }
  var focus = document.querySelector("[data-focus]");
  if (focus) {
    focus.focus();
  }
})();
