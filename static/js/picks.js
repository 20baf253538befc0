// The pick form counts the cards as they are ticked: "2 of 4 chosen", and says when there are
// too many. The words come from the page (data-counting, data-too-many: "{n}" is the count);
// without this script the server still refuses a pick of the wrong size.
// The boxes ticked so far are kept for the tab (sessionStorage) until the form is sent, so a
// reload, by hand or because the campaign moved on, does not drop them.
(function () {
  "use strict";

  function stored(key) {
    try {
      var value = window.sessionStorage.getItem(key);
      return value === null ? null : JSON.parse(value);
    } catch (error) {
      return null; // no storage (a private window): the boxes are as the server sent them
    }
  }

  function store(key, value) {
    try {
      if (value === null) {
        window.sessionStorage.removeItem(key);
      } else {
        window.sessionStorage.setItem(key, JSON.stringify(value));
      }
    } catch (error) {
      // nothing kept: the form still works
    }
  }

  document.querySelectorAll("form.pick-form[data-to-pick]").forEach(function (form) {
    var boxes = Array.prototype.slice.call(form.querySelectorAll("input[name=card]"));
    var key = "ticked:" + form.getAttribute("action") + ":" + form.dataset.chapter;
    function ticked() {
      return boxes.filter(function (box) { return box.checked; }).map(function (box) { return box.value; });
    }
    var kept = stored(key);
    if (form.dataset.refused) {
      store(key, ticked()); // the refused pick's boxes, as the server sends them back
    } else if (Array.isArray(kept)) {
      boxes.forEach(function (box) { box.checked = kept.indexOf(box.value) !== -1; });
    }
    form.addEventListener("change", function () { store(key, ticked()); });
    form.addEventListener("submit", function () { store(key, null); });

    var counter = form.querySelector(".pick-count");
    if (!counter) {
      return;
    }
    var toPick = Number(form.dataset.toPick);
    function count() {
      var n = ticked().length;
      var words = n > toPick ? counter.dataset.tooMany : counter.dataset.counting;
      counter.textContent = words.replace("{n}", String(n));
      counter.classList.toggle("text-danger", n > toPick);
      counter.classList.toggle("text-success", n === toPick);
      counter.hidden = false;
    }
    form.addEventListener("change", count);
    count();
  });
})();
