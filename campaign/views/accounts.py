"""A host's account: signing up (mayors need none), closed or throttled as the server says, and
a forgotten password reset by e-mail where the server has mail."""

from __future__ import annotations

from datetime import timedelta
from http import HTTPStatus

from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign.forms import SignUpForm


def _signups_this_hour() -> int:
    since = timezone.now() - timedelta(hours=1)
    return get_user_model().objects.filter(date_joined__gte=since).count()


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if not settings.SIGNUP_OPEN:
        refusal = _("Sign-up is closed on this server: ask its host for an invitation.")
        return _signup_refused(request, refusal, HTTPStatus.FORBIDDEN)
    if request.method == "POST" and _signups_this_hour() >= settings.SIGNUPS_PER_HOUR:
        refusal = _("Many accounts were made here in the last hour. Please try again later.")
        return _signup_refused(request, refusal, HTTPStatus.TOO_MANY_REQUESTS)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("campaign:mine")
    return render(
        request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200
    )


def _signup_refused(request: HttpRequest, refusal: str, status: int) -> HttpResponse:
    return render(request, "registration/signup.html", {"refusal": refusal}, status=status)


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
