// Behaviour of every page. No inline script or on* handler anywhere: the CSP forbids them.
(function () {
  "use strict";

  // The language menu applies a choice at once (without JavaScript its button does).
  document.addEventListener("change", function (event) {
    if (event.target.matches("#language-select")) {
      event.target.form.submit();
    }
  });
})();
