// Every page: the service worker (served from the site's root so that it controls every page,
// a mayor's too) keeps the static files and shows the offline page when the network is gone.
// The page tells it its language, in which the offline page is shown.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    return; // plain HTTP to another machine (a home network): the site works as before
  }
  var worker = document.documentElement.dataset.serviceWorker;
  if (!worker) {
    return;
  }
  function tell(registration) {
    var active = registration.active || navigator.serviceWorker.controller;
    if (active) {
      active.postMessage({ language: document.documentElement.lang.slice(0, 2) });
    }
  }
  navigator.serviceWorker.register(worker, { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(tell).catch(function () {
    // A browser that refuses it (private mode, storage off) runs the site without it.
  });
})();
