"""Friendly error pages in the visitor's language, never Django's technical ones.

A failed CSRF check on a move (a page left open too long, a cookie cleared) gets the game's
board back with a message, so the page keeps working: the app hands that answer to its views
(`answer_csrf_failure_with`), since the plumbing imports no app. Elsewhere it gets a page of its
own.
"""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)


def _page(request: HttpRequest, status: int, title: str, text: str) -> HttpResponse:
    return render(request, "errors/page.html", {"title": title, "text": text}, status=status)


def bad_request(request, exception=None):
    return _page(
        request,
        400,
        _("This request could not be understood"),
        _("The address or the form sent was not what this site expects. Nothing was changed."),
    )


def permission_denied(request, exception=None):
    return _page(
        request,
        403,
        _("This is not allowed"),
        _("This link may not do that. Nothing was changed."),
    )


def not_found(request, exception=None):
    return render(request, "404.html", status=404)


def server_error(request):
    title = _("Something went wrong on our side")
    text = _("The error has been logged. Go back and try again; your games are kept.")
    try:
        return _page(request, 500, title, text)
    except Exception:  # noqa: BLE001 - the error page itself must not fail (static files, …)
        logger.exception("The error page could not be rendered; answering in plain text.")
        return HttpResponse(f"{title}\n\n{text}\n", status=500, content_type="text/plain")


def answer_csrf_failure_with(answer, *views) -> None:
    """A failed CSRF check of a post to one of `views` is answered by `answer(request, **the
    URL's arguments)` instead of the page below. Set before the URLs wrap the views (their
    wrappers copy it)."""
    for view in views:
        view.csrf_failure_answer = answer


def csrf_failure(request, reason=""):
    try:
        match = resolve(request.path_info)
    except Resolver404:
        match = None
    answer = getattr(match.func, "csrf_failure_answer", None) if match else None
    if answer is not None:
        return answer(request, **match.kwargs)
    return _page(
        request,
        403,
        _("This page was out of date"),
        _(
            "Your browser sent a form this site could no longer check (the page was open a "
            "long time, or its cookies were cleared). Nothing was changed: go back, reload the "
            "page and try again."
        ),
    )
