// The replay: arrow keys step back and forth, space or the Play button steps on by itself.
(function () {
  "use strict";
  var STEP_MS = 1200;
  var timer = null;
  var busy = false; // a step is on its way: a second key press would repeat the same step

  function control(name) {
    return document.querySelector("#replay [data-replay='" + name + "']");
  }

  function step(name) {
    var link = control(name);
    if (busy) {
      return true;
    }
    if (link && link.tagName === "A") {
      busy = true;
      link.click();
      return true;
    }
    return false;
  }

  function showPlaying() {
    var button = control("play");
    if (!button) {
      return;
    }
    button.classList.remove("d-none");
    button.setAttribute("aria-pressed", timer ? "true" : "false");
    button.querySelector(".when-stopped").classList.toggle("d-none", !!timer);
    button.querySelector(".when-playing").classList.toggle("d-none", !timer);
  }

  function stop() {
    if (timer) {
      clearInterval(timer);
      timer = null;
    }
    showPlaying();
  }

  function toggle() {
    if (timer) {
      stop();
      return;
    }
    timer = setInterval(function () {
      if (!step("next")) {
        stop();
      }
    }, STEP_MS);
    showPlaying();
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest("#replay [data-replay='play']")) {
      toggle();
    }
  });
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea" || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (event.key === "ArrowRight") {
      stop();
      step("next");
      event.preventDefault();
    } else if (event.key === "ArrowLeft") {
      stop();
      step("back");
      event.preventDefault();
    } else if (event.key === " ") {
      toggle();
      event.preventDefault();
    }
  });
  // After each step the controls are new: show the Play button in its current state.
  document.body.addEventListener("htmx:afterRequest", function () {
    busy = false;
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    showPlaying();
    if (timer && !control("play")) {
      stop();
    }
  });
  showPlaying();
})();
