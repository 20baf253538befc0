// The links of the mayors' (or seats') phones: Share hands a link to the system's share sheet
// (a messenger, a mail) where the browser has the Web Share API; Copy puts it on the
// clipboard, through the Clipboard API where the page may use it (HTTPS, localhost) and by
// the selection otherwise (plain HTTP on a home network). The QR code stays beside them.
(function () {
  "use strict";

  function copyBySelection(text) {
    var field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.className = "position-fixed top-0 start-0 opacity-0";
    document.body.appendChild(field);
    field.select();
    var done = false;
    try {
      done = document.execCommand("copy");
    } catch (error) {
      done = false;
    }
    field.remove();
    return done;
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () {
        return true;
      }, function () {
        return copyBySelection(text);
      });
    }
    return Promise.resolve(copyBySelection(text));
  }

  document.querySelectorAll(".share-link").forEach(function (box) {
    var url = box.dataset.url;
    var shared = { title: box.dataset.title, text: box.dataset.text, url: url };
    var status = box.querySelector(".copied");
    var shareButton = box.querySelector(".share-button");
    var copyButton = box.querySelector(".copy-button");
    box.hidden = false;
    if (navigator.share && (!navigator.canShare || navigator.canShare(shared))) {
      shareButton.hidden = false;
      shareButton.addEventListener("click", function () {
        navigator.share(shared).catch(function () {
          // dismissed, or refused: the Copy button is beside it
        });
      });
    }
    copyButton.addEventListener("click", function () {
      copy(url).then(function (done) {
        status.textContent = done ? box.dataset.copied : box.dataset.notCopied;
        box.dataset.copiedUrl = done ? url : "";
      });
    });
  });
})();
