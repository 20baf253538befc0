"""A host's account: signing up (mayors need none), closed or throttled as the server says, and
a forgotten password reset by e-mail where the server has mail."""

from __future__ import annotations

import logging
from http import HTTPStatus

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template import loader
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign import signups
from campaign.forms import SignUpForm

logger = logging.getLogger(__name__)


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


class PasswordResetByMail(PasswordResetForm):
    """Django's reset form, which says "sent" even when sending failed (it logs and goes on):
    this one counts what could not be sent, so the page can say so."""

    undelivered = 0

    def send_mail(
        self, subject_template_name, email_template_name, context, from_email, to_email,
        html_email_template_name=None,
    ):  # fmt: skip
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        message = EmailMultiAlternatives(subject, body, from_email, [to_email])
        if html_email_template_name is not None:
            html = loader.render_to_string(html_email_template_name, context)
            message.attach_alternative(html, "text/html")
        try:
            message.send()
        except Exception:  # any failure of the mail server or of reaching it
            self.undelivered += 1
            logger.exception(
                "mail: the password reset e-mail for account %s was not sent (EMAIL_URL's "
                "server refused it or could not be reached)",
                context["user"].pk,
            )


class PasswordResetView(auth_views.PasswordResetView):
    form_class = PasswordResetByMail
    success_url = "/accounts/password/reset/sent/"

    def form_valid(self, form):
        answer = super().form_valid(form)
        if not form.undelivered:
            return answer
        form.add_error(
            None,
            _(
                "The e-mail could not be sent: this server's mail is not working right now. "
                "Try again later, or ask the person who runs the server to set a new password "
                "for you."
            ),
        )
        return self.render_to_response(
            self.get_context_data(form=form), status=HTTPStatus.SERVICE_UNAVAILABLE
        )


def password_reset(request: HttpRequest) -> HttpResponse:
    """Django's reset by e-mail, where the server has mail; else the log-in page's advice."""
    if not settings.EMAIL_URL:
        return redirect("campaign:login")
    return PasswordResetView.as_view()(request)
