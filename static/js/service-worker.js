// The app's service worker, served at /service-worker.js (machikoro.home_screen puts
// self.MACHIKORO before this file: the version, the static files and the offline pages).
//
// What it does: keeps the static files (a hashed name is a file that never changes: kept for
// good, and dropped with the version that named it), and answers a page that cannot be reached
// with the offline page in the visitor's language.
// What it never does: answer anything but a GET, or keep anything but static files and the
// offline pages. Pages, polls, streams, moves and exports go to the network and only there
// (they carry a secret or a game's state and are sent no-store): a move is never answered
// from a cache, and a page is never shown older than it is.
"use strict";

var config = self.MACHIKORO;
var STATIC_CACHE = "machikoro-static-" + config.version;
var STATIC_CACHE_PREFIX = "machikoro-static-";
var PREFERENCES = "machikoro-preferences";
var LANGUAGE_KEY = "/service-worker/language";
// whitenoise's manifest storage names a file by its content: name.0123456789ab.css
var HASHED = /\.[0-9a-f]{12}\.[A-Za-z0-9]+$/;
// A kept file is the same whatever language or cookie asked for it (the pages say Vary).
var ANY = { ignoreVary: true };

function storable(response) {
  return Boolean(
    response &&
    response.status === 200 &&
    response.type === "basic" &&
    !/no-store/i.test(response.headers.get("Cache-Control") || "")
  );
}

// A hashed file an earlier version kept is the same file: copied, not fetched again.
function keep(cache, url) {
  var earlier = HASHED.test(url) ? caches.match(url, ANY) : Promise.resolve(undefined);
  return earlier.then(function (found) {
    if (found) {
      return cache.put(url, found);
    }
    return fetch(url, { cache: "no-cache", credentials: "same-origin" }).then(function (response) {
      if (storable(response)) {
        return cache.put(url, response);
      }
      throw new Error("not kept: " + url);
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) {
      var pages = Object.keys(config.offline).map(function (code) {
        return keep(cache, config.offline[code]); // needed: without them no install
      });
      var files = config.precache.map(function (url) {
        return keep(cache, url).catch(function () { return null; }); // fetched later if missed
      });
      return Promise.all(pages.concat(files));
    }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(STATIC_CACHE_PREFIX) === 0 && name !== STATIC_CACHE;
      }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () {
      if (self.registration.navigationPreload) {
        return self.registration.navigationPreload.enable();
      }
      return null;
    }).then(function () {
      return self.clients.claim();
    })
  );
});

function fromStatic(request) {
  var url = request.url;
  return caches.open(STATIC_CACHE).then(function (cache) {
    if (HASHED.test(new URL(url).pathname)) {
      // For good: a hashed name is never another file.
      return cache.match(request, ANY).then(function (kept) {
        return kept || fetch(request).then(function (response) {
          if (storable(response)) {
            cache.put(request, response.clone());
          }
          return response;
        });
      });
    }
    // A name without a hash (development) may be a new file at any time: the network first.
    return fetch(request).then(function (response) {
      if (storable(response)) {
        cache.put(request, response.clone());
      }
      return response;
    }, function (error) {
      return cache.match(request, ANY).then(function (kept) {
        if (kept) {
          return kept;
        }
        throw error;
      });
    });
  });
}

function chosenLanguage() {
  return caches.open(PREFERENCES).then(function (cache) {
    return cache.match(LANGUAGE_KEY);
  }).then(function (kept) {
    return kept ? kept.text() : "";
  }).then(function (code) {
    if (config.offline[code]) {
      return code;
    }
    var browser = (self.navigator.language || "").slice(0, 2).toLowerCase();
    return config.offline[browser] ? browser : config.languages.indexOf("en") >= 0 ? "en" : config.languages[0];
  });
}

function offlinePage() {
  return chosenLanguage().then(function (code) {
    return caches.match(config.offline[code], ANY);
  }).then(function (page) {
    return page || new Response("", { status: 503, statusText: "Offline" });
  });
}

function navigate(event) {
  return Promise.resolve(event.preloadResponse).then(function (preloaded) {
    return preloaded || fetch(event.request);
  }).catch(offlinePage);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return; // a move, a form: the network's alone
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
  } else if (url.pathname.indexOf(config.staticPrefix) === 0) {
    event.respondWith(fromStatic(request));
  }
  // Anything else (polls, streams, exports, the manifest) is left to the browser.
});

// Each page says its language: the offline page is shown in it.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (typeof data.language === "string" && config.offline[data.language]) {
    event.waitUntil(caches.open(PREFERENCES).then(function (cache) {
      return cache.put(LANGUAGE_KEY, new Response(data.language));
    }));
  }
});

// "Your turn" (static/js/your-turn.js): a tap opens the seat's page, or brings it to the front.
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var wanted = (event.notification.data && event.notification.data.url) || "/";
  var target = new URL(wanted, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
      for (var i = 0; i < open.length; i += 1) {
        if (open[i].url.split("#")[0] === target && "focus" in open[i]) {
          return open[i].focus();
        }
      }
      return self.clients.openWindow ? self.clients.openWindow(target) : null;
    })
  );
});
