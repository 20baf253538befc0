// The pick form counts the cards as they are ticked: "2 of 4 chosen", and says when there are
// too many. The words come from the page (data-counting, data-too-many: "{n}" is the count);
// without this script the server still refuses a pick of the wrong size.
(function () {
  "use strict";
  document.querySelectorAll("form.pick-form[data-to-pick]").forEach(function (form) {
    var counter = form.querySelector(".pick-count");
    if (!counter) {
      return;
    }
    var toPick = Number(form.dataset.toPick);
    function count() {
      var ticked = form.querySelectorAll("input[name=card]:checked").length;
      var words = ticked > toPick ? counter.dataset.tooMany : counter.dataset.counting;
      counter.textContent = words.replace("{n}", String(ticked));
      counter.classList.toggle("text-danger", ticked > toPick);
      counter.classList.toggle("text-success", ticked === toPick);
      counter.hidden = false;
    }
    form.addEventListener("change", count);
    count();
  });
})();
