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
