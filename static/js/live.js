// Pages that follow the server. A stream of server-sent events (#live, htmx's sse extension)
// pushes each change; while it is down the page polls instead ([data-poll] elements, fired
// with the event "poll") and the banner (#connection) says so, and says when it is back.
// Without a stream (a page that has none, a browser without EventSource) the page polls.
(function () {
  "use strict";

  var live = document.getElementById("live");
  var box = document.getElementById("connection");
  var timing = live || document.querySelector("[data-poll-ms]");
  var pollMs = timing ? Number(timing.dataset.pollMs) : 1500;
  var heartbeatMs = live ? Number(live.dataset.heartbeatMs) : 0;
  var source = null; // the stream's EventSource, once open
  var streaming = false; // the stream is open and heard from
  var ended = false; // the stream said nothing more will come
  var heard = Date.now();
  var lost = false;
  var leaving = false; // the page is on its way to another (or itself anew)
  var LEFT_BEHIND_MS = 3000;

  var dead = false; // the page's link no longer works: nothing will come, and it says so
  // A page that answers a form it refused (a pick of too many cards) is asked for anew at its
  // reload address: reloading it would send the form again ("Confirm form resubmission" on a
  // phone). So is a mayor's page, which must stay itself in the history when a game starts.
  var reloadUrl = live ? live.dataset.reloadUrl : "";

  function reload() {
    if (reloadUrl) {
      window.location.replace(reloadUrl);
    } else {
      window.location.reload();
    }
  }

  function show(isLost) {
    if (!box || isLost === lost || dead) {
      return;
    }
    lost = isLost;
    box.classList.remove("d-none");
    box.querySelector(".lost").classList.toggle("d-none", !isLost);
    box.querySelector(".back").classList.toggle("d-none", isLost);
    box.classList.toggle("alert-warning", isLost);
    box.classList.toggle("alert-success", !isLost);
    if (!isLost) {
      setTimeout(function () { if (!lost) box.classList.add("d-none"); }, 3000);
    }
  }

  // The host made new links (or the game is gone): the stream ends so, or a poll or a move of
  // this page is answered 404. A tap that did nothing would be all the phone showed.
  function gone(why) {
    ended = true;
    streaming = false;
    dead = true;
    document.querySelectorAll("#board button").forEach(function (button) {
      button.disabled = true; // a move from here would be refused: nothing to tap
    });
    if (!box) {
      return;
    }
    box.classList.remove("d-none", "alert-warning", "alert-success");
    box.classList.add("alert-danger");
    box.querySelector(".lost").classList.add("d-none");
    box.querySelector(".back").classList.add("d-none");
    var deleted = box.querySelector(".deleted");
    var told = why === "deleted" && deleted ? deleted : box.querySelector(".gone");
    told.classList.remove("d-none");
  }

  function poll() {
    if (navigator.onLine === false) {
      return; // it would fail (and htmx would log it): the "online" event asks at once
    }
    if (!window.htmx) {
      return; // deferred, and not come yet on a slow network: the page just came, and is new
    }
    document.querySelectorAll("[data-poll]").forEach(function (element) {
      window.htmx.trigger(element, "poll");
    });
  }

  // A poll fails or works: the banner says so (with a stream, the stream's state rules).
  document.body.addEventListener("htmx:sendError", function () { show(true); });
  document.body.addEventListener("htmx:timeout", function () { show(true); });
  document.body.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr && event.detail.xhr.status === 404) gone();
    if (event.detail.xhr && event.detail.xhr.status >= 500) show(true);
  });
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0 && xhr.status < 500 && !(live && !streaming && !ended)) {
      show(false);
    }
  });
  // htmx would need eval for a filter such as [document.visibilityState === 'visible'], and
  // the CSP forbids eval: a hidden page's polls are cancelled here instead.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (event.target.matches("[data-poll]") && document.visibilityState !== "visible") {
      event.preventDefault();
    }
  });

  // A poll that finds the page behind says so with HX-Refresh, which htmx would answer by
  // reloading, form and all.
  document.body.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    if (reloadUrl && xhr && xhr.getResponseHeader("HX-Refresh") === "true") {
      event.preventDefault();
      reload();
    }
  });

  // htmx's sse extension hands each error of a stream (a dropped one is tried again and again)
  // to htmx, which logs it to the console as "[object Event]". The banner says what happened,
  // so the extension is told of the error with nothing to log: it still sends htmx:sseError
  // and tries again as before. (htmx, deferred, may come after this script: then this is done
  // as the document is read, before htmx makes the page's stream.)
  function quietStreams() {
    if (!window.htmx || !window.htmx.createEventSource) {
      return;
    }
    var makeSource = window.htmx.createEventSource;
    window.htmx.createEventSource = function (url) {
      var made = makeSource(url);
      var handler = null;
      Object.defineProperty(made, "onerror", {
        configurable: true,
        get: function () { return handler; },
        set: function (given) { handler = given; },
      });
      made.addEventListener("error", function () {
        if (handler) handler.call(made, undefined);
      });
      return made;
    };
  }
  if (window.htmx) {
    quietStreams();
  } else {
    document.addEventListener("DOMContentLoaded", quietStreams);
  }

  if (!live || !window.EventSource) {
    setInterval(poll, pollMs);
    return;
  }

  function listen(opened) {
    source = opened;
    if (opened.machikoroHeard) {
      return; // the browser reconnected this very source by itself
    }
    opened.machikoroHeard = true;
    ["ping", "board"].forEach(function (name) {
      opened.addEventListener(name, function () { heard = Date.now(); });
    });
    opened.addEventListener("rematch", function (event) {
      window.location.assign(event.data);
    });
    opened.addEventListener("end", function (event) {
      if (event.data === "gone" || event.data === "deleted") gone(event.data);
    });
    // A page loaded anew whenever what it shows changes (a campaign's pages). One already on
    // its way elsewhere (its own step's form sent, a link followed) is left to go: a reload
    // now would cut that short. Should it still be here a moment later, it reloads then.
    opened.addEventListener("reload", function () {
      ended = true;
      if (leaving) {
        setTimeout(reload, LEFT_BEHIND_MS);
      } else {
        reload();
      }
    });
  }
  window.addEventListener("beforeunload", function () { leaving = true; });

  function state(name) {
    live.dataset.state = name; // open, down or ended: for whoever looks (and the tests)
  }

  document.body.addEventListener("htmx:sseOpen", function (event) {
    listen(event.detail.source);
    state("open");
    streaming = true;
    failures = 0;
    heard = Date.now();
    show(false);
  });
  document.body.addEventListener("htmx:sseError", function (event) {
    state("down");
    streaming = false;
    if (!ended) show(true);
    backOff(event.detail.source);
  });
  document.body.addEventListener("htmx:sseClose", function (event) {
    if (event.detail.type === "message") {
      ended = true; // "end": the game is over and offers nothing more to follow
      streaming = false;
      state("ended");
    }
  });
  // A push of the version the page shows already (its own move's answer came first) or of an
  // older one is not swapped in: it would undo what the page did since, such as the first step
  // of a Business Center trade.
  document.body.addEventListener("htmx:sseBeforeMessage", function (event) {
    var board = document.querySelector("#board[data-version]");
    var version = Number(event.detail.lastEventId);
    if (board && version && version <= Number(board.dataset.version)) {
      event.preventDefault();
    }
  });
  // Nor is an answer that brings an older board than the one shown: a move's answer that a
  // push overtook (the bots' next steps, played meanwhile by the server) would take the page
  // back in the game, and its stream, which sent the newer board already, would not again.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var board = document.querySelector("#board[data-version]");
    var target = event.detail.target;
    var answer = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (board && target && target.id === "board" && answer &&
        Number(answer[1]) < Number(board.dataset.version)) {
      event.detail.shouldSwap = false;
    }
  });
  // Whatever brought a new board (the stream, a poll, this page's own move): a stream that
  // has to be made anew asks from that version on.
  document.body.addEventListener("htmx:afterSettle", function () {
    var board = document.querySelector("[data-version]");
    if (board) {
      var url = live.getAttribute("sse-connect").replace(/([?&]v=)[^&]*/, "$1" + board.dataset.version);
      live.setAttribute("sse-connect", url);
    }
  });

  // A stream that failed (the server restarting, or refusing new streams while it is busy: 503
  // with Retry-After) is asked again after a wait that doubles with each failure, up to a
  // minute, and is drawn at random around it: pages that lost their streams together do not
  // all come back in the same second (htmx's extension, and the browser, would retry at once
  // and in step). The page polls meanwhile, as it does whenever the stream is down.
  var failures = 0;
  var retrying = null;
  var FIRST_RETRY_MS = 1000;
  var LONGEST_RETRY_MS = 60000;

  function backOff(failed) {
    if (ended || retrying) {
      return;
    }
    if (failed) {
      failed.close(); // neither the browser nor the extension retries this one by itself
    }
    var element = live;
    var fresh = element.cloneNode(false);
    element.replaceWith(fresh); // the extension leaves a source whose element is gone
    live = fresh;
    var wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * Math.pow(2, failures));
    failures += 1;
    retrying = setTimeout(function () {
      retrying = null;
      if (!ended) {
        window.htmx.process(live);
      }
    }, wait * (0.5 + Math.random()));
  }

  // The phone says its network is gone (the Wi-Fi dropped): the banner says so at once, rather
  // than when the stream's heartbeat is missed, and the stream is closed. Once the network is
  // back the stream is asked for at once, not after the rest of a back-off's wait, and the page
  // asks for its board meanwhile.
  window.addEventListener("offline", function () {
    if (ended) {
      return;
    }
    streaming = false;
    state("down");
    show(true);
    if (source) {
      source.close();
    }
  });
  window.addEventListener("online", function () {
    if (ended || streaming) {
      return;
    }
    failures = 0;
    if (retrying) {
      clearTimeout(retrying);
      retrying = null;
    }
    restart();
    poll();
  });

  function restart() {
    // A stream that stopped without a word (a phone that slept, a proxy that dropped it):
    // close it, and a new element makes a new stream.
    if (source) {
      source.close();
    }
    var fresh = live.cloneNode(false);
    live.replaceWith(fresh);
    live = fresh;
    if (window.htmx) {
      window.htmx.process(fresh); // else htmx, once come, makes the stream of the new element
    }
  }

  // A phone woken up asks at once while its stream is down.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && !streaming && !ended) {
      poll();
    }
  });

  setInterval(function () {
    if (ended || document.visibilityState !== "visible") {
      return;
    }
    if (streaming && Date.now() - heard > 2.5 * heartbeatMs) {
      streaming = false;
      state("down");
      show(true);
      restart();
    }
    if (!streaming) {
      poll();
    }
  }, pollMs);
})();
