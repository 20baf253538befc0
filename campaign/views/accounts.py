"""A host's account: signing up (mayors need none), closed or throttled as the server says, and
a forgotten password reset by e-mail where the server has mail."""

from __future__ import annotations

from http import HTTPStatus

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign import signups
from campaign.forms import SignUpForm


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if not settings.SIGNUP_OPEN:
        refusal = _("Sign-up is closed on this server: ask its host for an invitation.")
        return _signup_refused(request, refusal, HTTPStatus.FORBIDDEN)
    refusal = signups.refusal(request) if request.method == "POST" else None
    if refusal is not None:
        return _signup_refused(request, refusal, HTTPStatus.TOO_MANY_REQUESTS)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            signups.record(request)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("campaign:mine")
    return render(
        request,
        "registration/signup.html",
        {"form": form, "limits": signups.limits_sentence()},
        status=400 if form.errors else 200,
    )


def _signup_refused(request: HttpRequest, refusal: str, status: int) -> HttpResponse:
    context = {"refusal": refusal}
    if status == HTTPStatus.TOO_MANY_REQUESTS:
        context["limits"] = signups.limits_sentence()
    return render(request, "registration/signup.html", context, status=status)


class LoginView(auth_views.LoginView):
    """The log-in page says how a forgotten password is reset here, and offers sign-up only
    where it is open."""

    def get_context_data(self, **kwargs):
        return {
            **super().get_context_data(**kwargs),
            "reset_by_mail": bool(settings.EMAIL_URL),
            "signup_open": settings.SIGNUP_OPEN,
        }


def password_reset(request: HttpRequest) -> HttpResponse:
    """Django's reset by e-mail, where the server has mail; else the log-in page's advice."""
    if not settings.EMAIL_URL:
        return redirect("campaign:login")
    return auth_views.PasswordResetView.as_view(success_url="/accounts/password/reset/sent/")(
        request
    )
