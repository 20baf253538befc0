"""Cookies marked Secure exactly when the page was served over HTTPS, and English in the
browser's own variant.

A group at home opens the game over plain HTTP: a Secure CSRF cookie would never come back
from a phone, and no move could be posted. Over HTTPS the cookies must not leak to HTTP.
"""

import importlib.util
from functools import lru_cache

from django.conf import settings
from django.middleware.gzip import GZipMiddleware
from django.utils import translation
from django.utils.translation import to_locale
from django.utils.translation.trans_real import parse_accept_lang_header

COOKIES = (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME, settings.LANGUAGE_COOKIE_NAME)


def secure_cookies_over_https(get_response):
    def middleware(request):
        response = get_response(request)
        if request.is_secure():
            for name in COOKIES:
                if name in response.cookies:
                    response.cookies[name]["secure"] = True
        return response

    return middleware


def english_variant(get_response):
    """English pages in the English of the visitor's browser, where Django knows its formats: an
    en-GB browser reads 26/11/2026, an en-US one 11/26/2026. The words stay the app's one
    English (there is one catalogue); only dates and numbers follow the region. After
    LocaleMiddleware, which has chosen the language."""

    def middleware(request):
        if translation.get_language() == "en":
            variant = _english_variant(request.headers.get("Accept-Language", ""))
            if variant:
                translation.activate(variant)
                request.LANGUAGE_CODE = variant
        return get_response(request)

    return middleware


@lru_cache(maxsize=64)
def _english_variant(header: str) -> str:
    """The language code whose formats fit the browser's first English: its own where Django has
    them ("en-gb", "en-au", "en-ie", "en-ca"), British for the other regions that write the day
    first (en-NZ, en-IN, en-ZA, …), "" for American English or English without a region."""
    for code, _quality in parse_accept_lang_header(header[:1000]):
        code = code.lower()
        if code != "en" and not code.startswith("en-"):
            continue
        if code in ("en", "en-us") or code.count("-") > 1:
            return ""
        if importlib.util.find_spec(f"django.conf.locale.{to_locale(code)}") is not None:
            return code
        return "en-gb"
    return ""


class CompressPages(GZipMiddleware):
    """Pages, fragments and JSON leave the app compressed, on a home network without a proxy
    too (a four-seat board's 43 KB of HTML leaves as 6 KB). Not a stream of live updates,
    whose events must leave at once, nor static files (whitenoise serves them compressed
    already, and fonts and images gain nothing). Django's GZipMiddleware pads each answer by
    a random length against BREACH; docs/operations.md ("Compression") says why that is enough
    here."""

    COMPRESSED_TYPES = ("text/html", "application/json", "text/plain")

    def process_response(self, request, response):
        content_type = response.get("Content-Type", "")
        if not content_type.startswith(self.COMPRESSED_TYPES):
            return response
        return super().process_response(request, response)
