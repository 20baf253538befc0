// Light or dark (Bootstrap's colour modes): the system's choice unless this phone chose one
// with the navbar's button (auto, light, dark in turn; remembered in localStorage). Read in
// the page's <head>, before anything is drawn, so a dark page never flashes white.
(function () {
  "use strict";
  var KEY = "machikoro.theme";
  var NEXT = { auto: "light", light: "dark", dark: "auto" };
  var root = document.documentElement;
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  var choice = stored();

  function stored() {
    try {
      var value = localStorage.getItem(KEY);
      return value === "light" || value === "dark" ? value : "auto";
    } catch (error) {
      return "auto"; // storage off: the system decides
    }
  }

  function apply() {
    var mode = choice === "auto" ? (dark && dark.matches ? "dark" : "light") : choice;
    root.setAttribute("data-bs-theme", mode);
    root.dataset.themeChoice = choice;
    var toggle = document.getElementById("theme-toggle");
    if (toggle) {
      var label = toggle.getAttribute("data-label-" + choice);
      toggle.setAttribute("aria-label", label);
      toggle.title = label;
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
    toggle.hidden = false;
    apply();
    toggle.addEventListener("click", function () {
      choice = NEXT[choice];
      try {
        if (choice === "auto") {
          localStorage.removeItem(KEY);
        } else {
          localStorage.setItem(KEY, choice);
        }
      } catch (error) {
        // not remembered: this page still switches
      }
      apply();
    });
  });
  // Paper is white: a page printed from a dark screen (the Golden Book) prints light.
  window.addEventListener("beforeprint", function () {
    root.setAttribute("data-bs-theme", "light");
  });
  window.addEventListener("afterprint", apply);
  // Another tab of the site switched: this one follows.
  window.addEventListener("storage", function (event) {
    if (event.key === KEY) {
      choice = stored();
      apply();
    }
  });
})();
