// The start form: "Who starts" offers only seats that play (not those set to "Nobody").
(function () {
  "use strict";
  var first = document.getElementById("id_first_player");
  if (!first) {
    return;
  }
  var kinds = Array.prototype.slice.call(document.querySelectorAll("select[id^='id_kind_']"));

  function update() {
    kinds.forEach(function (select) {
      var seat = select.id.replace("id_kind_", "");
      var option = first.querySelector("option[value='" + seat + "']");
      if (option) {
        var empty = select.value === "";
        option.disabled = empty;
        option.hidden = empty;
      }
    });
    if (first.selectedOptions.length && first.selectedOptions[0].disabled) {
      var open = first.querySelector("option:not([disabled])");
      if (open) {
        first.value = open.value;
      }
    }
  }

  kinds.forEach(function (select) { select.addEventListener("change", update); });
  update();
})();
