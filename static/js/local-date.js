// A date field the server prefilled with its own day (its TIME_ZONE) takes the browser's day
// of the same moment instead: at 23:50 in a group's evening the server's day may be tomorrow.
// Without JavaScript the server's day stays, and a date the group typed is never touched.
(function () {
  "use strict";
  function localDay(instant) {
    const moment = new Date(instant);
    if (Number.isNaN(moment.getTime())) return null;
    const two = (n) => String(n).padStart(2, "0");
    return `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}`;
  }
  for (const input of document.querySelectorAll('input[type="date"][data-local-date-of]')) {
    if (input.value !== input.defaultValue) continue; // changed already: the browser kept it
    const day = localDay(input.dataset.localDateOf);
    if (day) {
      input.value = day;
      input.defaultValue = day;
    }
  }
})();
