"""The app on a phone's home screen: its web app manifest, its service worker and the page the
worker shows when a page cannot be reached (docs/phone.md).

The manifest is made for the page that links to it: its start is that page, so a mayor's link
added to the home screen opens that mayor's page, not the start page. The worker is served from
the site's root so that it controls every page; it keeps the static files and the offline
pages, and nothing else (static/js/service-worker.js says what it never touches).
"""

from __future__ import annotations

import hashlib
import json
from contextlib import nullcontext
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import Resolver404, resolve, reverse
from django.utils import translation
from django.utils.cache import add_never_cache_headers, patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

THEME_COLOUR = "#0d6efd"  # the favicon's blue
# The files of static/ a page may need offline, and htmx's (django-htmx ships them).
PACKAGED_STATIC = ["django_htmx/htmx-2.min.js", "django_htmx/ext/hx-sse-2.min.js"]
NOT_KEPT_SUFFIXES = (".map", ".md", ".txt", ".gz", ".br")
WORKER_SOURCE = "js/service-worker.js"
LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


def _start_path(given: str | None) -> str:
    """The page the installed app opens: the page it was added from, when that is one of ours."""
    if not given or not given.startswith("/") or given.startswith("//") or "\\" in given:
        return "/"
    if len(given) > 500:
        return "/"
    try:
        resolve(given.split("?", 1)[0])
    except Resolver404:
        return "/"
    return given


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    start = _start_path(request.GET.get("start"))
    language = request.GET.get("lang")
    # the page's language, as its link says; else the request's (LocaleMiddleware)
    chosen = translation.override(language) if language in LANGUAGE_CODES else nullcontext()
    with chosen:
        body = {
            # One app per link added: each mayor's page is its own icon, keeping its place.
            "id": start,
            "start_url": start,
            "scope": "/",
            "name": _("Machi Koro Legacy"),
            "short_name": _("Machi Koro"),
            "description": _("Your seat at the table: play Machi Koro on your own phone."),
            "lang": translation.get_language() or settings.LANGUAGE_CODE,
            "display": "standalone",
            "orientation": "any",
            "background_color": "#ffffff",
            "theme_color": THEME_COLOUR,
            "icons": [
                _icon("icons/icon-192.png", 192, "any"),
                _icon("icons/icon-512.png", 512, "any"),
                _icon("icons/maskable-512.png", 512, "maskable"),
            ],
        }
    response = JsonResponse(
        body, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    # Its start may carry a seat's secret: kept nowhere, as the page itself is not.
    add_never_cache_headers(response)
    return response


def _icon(path: str, size: int, purpose: str) -> dict:
    return {"src": static(path), "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}


@require_safe
def offline(request: HttpRequest, language: str) -> HttpResponse:
    if language not in LANGUAGE_CODES:
        raise Http404
    with translation.override(language):
        html = render_to_string("offline.html", {"language": language})
    response = HttpResponse(html)
    patch_cache_control(response, no_cache=True)
    return response


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_worker_source(), content_type="text/javascript; charset=utf-8")
    # Looked at on every visit, so that a new release's worker is found at once.
    patch_cache_control(response, no_cache=True)
    return response


def _worker_source() -> str:
    if settings.DEBUG:
        return _made_worker_source()
    return _kept_worker_source()


@cache
def _kept_worker_source() -> str:
    return _made_worker_source()


def _made_worker_source() -> str:
    static_urls = [static(name) for name in _static_names()]
    offline_urls = {code: reverse("offline", args=[code]) for code in LANGUAGE_CODES}
    # A new release names new files (their hashes) or says new words offline: a new version,
    # so the browser installs the new worker, which drops the old files.
    fingerprint = hashlib.sha256()
    fingerprint.update(json.dumps(static_urls).encode())
    for code in LANGUAGE_CODES:
        with translation.override(code):
            fingerprint.update(render_to_string("offline.html", {"language": code}).encode())
    source = _read_static(WORKER_SOURCE)
    fingerprint.update(source.encode())
    config = {
        "version": fingerprint.hexdigest()[:16],
        "staticPrefix": settings.STATIC_URL
        if settings.STATIC_URL.startswith("/")
        else "/" + settings.STATIC_URL,
        "precache": static_urls,
        "offline": offline_urls,
        "languages": LANGUAGE_CODES,
    }
    return f"self.MACHIKORO = {json.dumps(config)};\n{source}"


def _static_names() -> list[str]:
    names = []
    for folder in settings.STATICFILES_DIRS:
        root = Path(folder)
        for path in sorted(root.rglob("*")):
            relative = path.relative_to(root).as_posix()
            if (
                path.is_file()
                and not path.name.startswith(("LICENSE", "."))
                and not path.name.endswith(NOT_KEPT_SUFFIXES)
                and relative != WORKER_SOURCE
            ):
                names.append(relative)
    return names + PACKAGED_STATIC


def _read_static(name: str) -> str:
    for folder in settings.STATICFILES_DIRS:
        path = Path(folder) / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    with staticfiles_storage.open(name) as file:  # an installed release without its sources
        return file.read().decode()
