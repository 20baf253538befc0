// A seat's phone (the panel "On this phone", templates/_on_this_phone.html): it says when it is
// this seat's turn, or its decision (the server marks the board, or a mayor's page that waits
// for their picks, with data-act: a key of that turn), and keeps the screen lit while the game
// is under way. The page's title says it; the phone vibrates, plays a short sound and shows a
// system notification when the page is hidden, each only if this phone chose it (remembered in
// localStorage). Each turn is told once: its key is remembered per page, so neither a board
// pushed again nor a reload tells it twice. A page that acts for no seat (the table's screen,
// a watcher, a bot's seat) is never marked, and this panel is not on it.
(function () {
  "use strict";

  var panel = document.getElementById("on-this-phone");
  if (!panel) {
    return;
  }
  var SETTINGS_KEY = "machikoro.phone";
  var TOLD_KEY = "machikoro.told:" + window.location.pathname;
  var DEFAULTS = { vibrate: true, sound: false, notify: false, awake: true };
  var baseTitle = panel.dataset.baseTitle || document.title;
  var settings = read();
  var audio = null; // made at a tap: browsers start no sound without one
  var lock = null; // the screen's wake lock while held
  var asking = false;

  function read() {
    var chosen = {};
    try {
      chosen = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {};
    } catch (error) {
      chosen = {};
    }
    var merged = {};
    Object.keys(DEFAULTS).forEach(function (name) {
      merged[name] = typeof chosen[name] === "boolean" ? chosen[name] : DEFAULTS[name];
    });
    return merged;
  }

  function save() {
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    } catch (error) {
      // not remembered (private mode): the choice holds for this page
    }
  }

  function told() {
    try {
      return localStorage.getItem(TOLD_KEY) || "";
    } catch (error) {
      return panel.dataset.told || "";
    }
  }

  function remember(key) {
    panel.dataset.told = key;
    try {
      localStorage.setItem(TOLD_KEY, key);
    } catch (error) {
      // kept on the page only
    }
  }

  function tapped() {
    // Chromium refuses to vibrate (and says so in the console) before the first tap
    return !navigator.userActivation || navigator.userActivation.hasBeenActive;
  }

  function makeSound() {
    if (!audio || audio.state !== "running") {
      return;
    }
    var now = audio.currentTime;
    [880, 1320].forEach(function (pitch, index) {
      var tone = audio.createOscillator();
      var volume = audio.createGain();
      tone.frequency.value = pitch;
      volume.gain.setValueAtTime(0.0001, now + index * 0.16);
      volume.gain.exponentialRampToValueAtTime(0.25, now + index * 0.16 + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, now + index * 0.16 + 0.15);
      tone.connect(volume).connect(audio.destination);
      tone.start(now + index * 0.16);
      tone.stop(now + index * 0.16 + 0.16);
    });
    panel.dataset.sounds = String(Number(panel.dataset.sounds || 0) + 1);
  }

  function readyAudio() {
    if (!settings.sound) {
      return;
    }
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) {
      return;
    }
    if (!audio) {
      audio = new Context();
    }
    if (audio.state === "suspended") {
      audio.resume().catch(function () {});
    }
  }

  function notify(title) {
    if (!settings.notify || !("Notification" in window) || Notification.permission !== "granted") {
      return;
    }
    if (document.visibilityState !== "hidden") {
      return; // the page itself says it
    }
    var heading = document.getElementById("turn-heading") || document.querySelector("[data-act] h2");
    var options = {
      body: heading ? heading.textContent.replace(/\s+/g, " ").trim() : "",
      tag: "machikoro-your-turn",
      renotify: true, // a new turn replaces the last one's notice, and is heard (once: its key)
      vibrate: settings.vibrate ? [200, 100, 200] : [],
      icon: panel.dataset.icon,
      data: { url: window.location.pathname },
    };
    // Through the service worker where there is one: Android shows no other notification,
    // and a tap on it opens the seat (static/js/service-worker.js).
    if (!navigator.serviceWorker) {
      plainNotification(title, options);
      return;
    }
    navigator.serviceWorker.getRegistration().then(function (registration) {
      if (registration && registration.active) {
        return registration.showNotification(title, options);
      }
      plainNotification(title, options);
      return null;
    }).catch(function () {
      plainNotification(title, options);
    });
  }

  function plainNotification(title, options) {
    try {
      var shown = new Notification(title, options);
      shown.onclick = function () {
        window.focus();
        shown.close();
      };
    } catch (error) {
      // a browser that shows notifications only through a service worker
    }
  }

  function tell(title) {
    if (settings.vibrate && navigator.vibrate && tapped()) {
      navigator.vibrate([200, 100, 200]);
    }
    if (settings.sound) {
      makeSound();
    }
    notify(title);
  }

  function underWay() {
    var board = document.getElementById("board");
    return Boolean(board && !board.hasAttribute("data-over"));
  }

  function showLock() {
    panel.dataset.wakeLock = lock ? "held" : "released";
  }

  function wake() {
    var wanted = settings.awake && underWay() && document.visibilityState === "visible";
    if (wanted && !lock && !asking && navigator.wakeLock) {
      asking = true;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        asking = false;
        if (!settings.awake || !underWay() || document.visibilityState !== "visible") {
          sentinel.release();
          return;
        }
        lock = sentinel;
        sentinel.addEventListener("release", function () {
          if (lock === sentinel) {
            lock = null;
            showLock();
          }
        });
        showLock();
      }, function () {
        asking = false; // refused (battery saver, no permission): the phone dims as usual
      });
    } else if (!wanted && lock) {
      var held = lock;
      lock = null;
      held.release().catch(function () {});
      showLock();
    }
  }

  function look() {
    var marked = document.querySelector("[data-act]");
    var key = marked ? marked.dataset.act : "";
    var title = key ? panel.dataset.yourTurn + " — " + baseTitle : baseTitle;
    if (document.title !== title) {
      document.title = title;
    }
    if (key && key !== told()) {
      remember(key);
      tell(title);
    }
    wake();
  }

  // --- the panel ---
  panel.hidden = false;
  panel.querySelectorAll("[data-setting]").forEach(function (box) {
    var name = box.dataset.setting;
    box.checked = settings[name];
    box.addEventListener("change", function () {
      settings[name] = box.checked;
      save();
      if (name === "sound" && box.checked) {
        readyAudio();
        makeSound(); // what it will sound like
      }
      if (name === "awake") {
        wake();
      }
      if (name === "notify") {
        showNotifying();
      }
    });
  });
  if (!navigator.wakeLock) {
    panel.querySelectorAll(".needs-wake-lock").forEach(function (part) { part.hidden = true; });
  }
  if (!navigator.vibrate) {
    panel.querySelectorAll(".needs-vibration").forEach(function (part) { part.hidden = true; });
  }

  var askButton = panel.querySelector(".ask-to-notify");
  var notifyRow = panel.querySelector(".notify-setting");
  var blocked = panel.querySelector(".notify-blocked");

  function showNotifying() {
    var supported = "Notification" in window;
    var permission = supported ? Notification.permission : "unsupported";
    var on = settings.notify && permission === "granted";
    if (askButton) askButton.hidden = on || !supported || permission === "denied";
    if (notifyRow) notifyRow.hidden = !on;
    if (blocked) blocked.hidden = permission !== "denied";
  }

  if (askButton) {
    askButton.addEventListener("click", function () {
      var asked = Notification.requestPermission();
      Promise.resolve(asked).then(function (permission) {
        settings.notify = permission === "granted";
        save();
        var box = panel.querySelector("[data-setting=notify]");
        if (box) box.checked = settings.notify;
        showNotifying();
      }).catch(showNotifying);
    });
  }
  showNotifying();

  // A tap anywhere lets the sound play later (browsers start no sound without one).
  document.addEventListener("pointerdown", readyAudio, { passive: true });

  document.addEventListener("visibilitychange", wake);
  // Each new board (pushed, polled or this phone's own move's answer).
  document.body.addEventListener("htmx:afterSettle", look);
  look();
})();
