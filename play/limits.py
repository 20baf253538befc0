"""Bounds on what comes in from outside: request bodies, JSON texts and the moves inside them.

Each check reads no more than its bound and refuses with a message in the active language, so
a hostile input costs little and stores nothing. The campaign's import uses the same loader.
"""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

# A move is a flat object: {"type": "trade", "give": "cafe", "player": 1, "take": "mine"}.
ACTION_MAX_BYTES = 1024
ACTION_MAX_KEYS = 8
ACTION_MAX_TEXT = 64
ACTION_INT_RANGE = range(-(2**31), 2**31)

# A string, with its escapes, skipped whole; what is left shows the nesting.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_JSON_BRACKET = re.compile(r"[\[\]{}]")


class UnreadableInput(ValueError):
    """Input refused at the boundary; str(error) is the message for the person who sent it."""


def _nesting(text: str, limit: int) -> int:
    """How deeply `text` nests arrays and objects, counting no further than limit + 1."""
    depth = deepest = 0
    for match in _JSON_BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > limit:
                break
        else:
            depth -= 1
    return deepest


def _refuse_constant(name: str):
    # json.loads takes NaN and Infinity, which are not JSON and compare equal to nothing.
    raise UnreadableInput(_("%(name)s is not a number JSON knows.") % {"name": name})


def load_json(raw: str | bytes, *, max_bytes: int, max_depth: int):
    """Parse JSON of at most `max_bytes` bytes nested at most `max_depth` deep.

    UnreadableInput (a ValueError) with a message in the active language otherwise: never a
    RecursionError, however deep the nesting, and no work beyond the size bound.
    """
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise UnreadableInput(
            _("This is %(size)s; at most %(limit)s is taken.")
            % {"size": filesizeformat(size), "limit": filesizeformat(max_bytes)}
        )
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise UnreadableInput(_("This is not text in UTF-8.")) from error
    if _nesting(raw, max_depth) > max_depth:
        raise UnreadableInput(
            _("This is nested more than %(depth)s levels deep.") % {"depth": max_depth}
        )
    try:
        return json.loads(raw, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise UnreadableInput(
            _("This is not JSON (line %(line)s, column %(column)s).")
            % {"line": error.lineno, "column": error.colno}
        ) from error
    except (ValueError, RecursionError) as error:
        if isinstance(error, UnreadableInput):
            raise
        # Python refuses integers of thousands of digits with a ValueError of its own.
        raise UnreadableInput(_("This holds a number too long to read.")) from error


def checked_action(value) -> dict:
    """A move as a browser or an export sends it, or UnreadableInput.

    Only the shape is checked here (an object of short names and whole numbers); whether the
    move is legal is the engine's question.
    """
    shape = _(
        'A move is a JSON object of names and whole numbers, such as {"type": "roll", "dice": 1}.'
    )
    if not isinstance(value, dict) or not 0 < len(value) <= ACTION_MAX_KEYS:
        raise UnreadableInput(shape)
    for key, item in value.items():
        if len(key) > ACTION_MAX_TEXT:
            raise UnreadableInput(shape)
        if isinstance(item, str):
            if len(item) > ACTION_MAX_TEXT:
                raise UnreadableInput(shape)
        elif isinstance(item, bool) or not isinstance(item, int) or item not in ACTION_INT_RANGE:
            raise UnreadableInput(shape)
    if not isinstance(value.get("type"), str):
        raise UnreadableInput(shape)
    return value


def load_action(raw: str) -> dict:
    """The move a form posted, as JSON text: bounded, parsed and shape-checked."""
    return checked_action(load_json(raw, max_bytes=ACTION_MAX_BYTES, max_depth=1))


class RequestSizeLimit:
    """Refuse a request body over DATA_UPLOAD_MAX_MEMORY_SIZE before anything reads it.

    Django bounds only the form fields it keeps in memory (uploads spill to disk unbounded) and
    answers a bare 400; this reads nothing and says why, in the page's language. It must come
    after LocaleMiddleware and before anything that reads request.POST (CSRF does).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # Django reads no body without a length it understands
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and length > limit:
            return render(
                request,
                "request_too_large.html",
                {"size": length, "limit": limit},
                status=413,
            )
        return self.get_response(request)
