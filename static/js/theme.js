// Light or dark (Bootstrap's colour modes): the system's choice unless this phone chose one.
// Read in the page's <head>, before anything is drawn, so a dark page never flashes white.
(function () {
  "use strict";
  var KEY = "machikoro.theme";
  var root = document.documentElement;
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function chosen() {
    try {
      var value = localStorage.getItem(KEY);
      return value === "light" || value === "dark" ? value : "auto";
    } catch (error) {
      return "auto"; // storage off: the system decides
    }
  }

  function apply() {
    var choice = chosen();
    var mode = choice === "auto" ? (dark && dark.matches ? "dark" : "light") : choice;
    root.setAttribute("data-bs-theme", mode);
    root.dataset.themeChoice = choice;
    var toggle = document.getElementById("theme-toggle");
    if (toggle) {
      toggle.value = choice;
    }
  }

  apply();
  if (dark && dark.addEventListener) {
    dark.addEventListener("change", apply);
  }
  document.addEventListener("DOMContentLoaded", function () {
    var toggle = document.getElementById("theme-toggle");
    if (!toggle) {
      return;
    }
    toggle.value = chosen();
    toggle.addEventListener("change", function () {
      try {
        if (toggle.value === "auto") {
          localStorage.removeItem(KEY);
        } else {
          localStorage.setItem(KEY, toggle.value);
        }
      } catch (error) {
        // not remembered: this page still switches
      }
      apply();
      if (toggle.value !== "auto") {
        root.setAttribute("data-bs-theme", toggle.value); // even where it is not remembered
      }
    });
  });
  // Another tab of the site switched: this one follows.
  window.addEventListener("storage", function (event) {
    if (event.key === KEY) {
      apply();
    }
  });
})();
