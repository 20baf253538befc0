"""What a visitor sees when log-in is closed after too many failed tries.

django-axes counts the failures and closes the account (`AXES_*` in machikoro/settings.py); this is
the answer it sends instead of the log-in: the log-in page again, empty, with the reason in the
visitor's language, and 429 Too Many Requests.
"""

from __future__ import annotations

from http import HTTPStatus

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext


def locked_out(request: HttpRequest, response=None, credentials=None) -> HttpResponse:
    """django-axes' AXES_LOCKOUT_CALLABLE (it passes the response and credentials it has)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = ngettext(
        "After %(failures)s failed log-ins, log-in from this connection is closed for "
        "%(minutes)s minute. Try again then.",
        "After %(failures)s failed log-ins, log-in from this connection is closed for "
        "%(minutes)s minutes. Try again then.",
        minutes,
    ) % {"failures": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    return render(
        request,
        "registration/login.html",
        {
            "form": AuthenticationForm(request),
            "locked_out": message,
            "next": request.POST.get("next", ""),
        },
        status=HTTPStatus.TOO_MANY_REQUESTS,
    )
