"""Who may make an account (issue 27): SIGNUP=closed leaves it to the host's invitations (a
one-time link) or the admin; open, a burst of sign-ups is refused in words; with mail
(EMAIL_URL) a forgotten password is reset by e-mail, without it the log-in page says how."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command

from machikoro.mail import email_settings

pytestmark = pytest.mark.django_db

PASSWORD = "a long pass phrase 7"


@pytest.fixture(autouse=True)
def _quick_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up(client, name, language="en", address="127.0.0.1"):
    return client.post(
        "/accounts/signup/",
        {"username": name, "password1": PASSWORD, "password2": PASSWORD},
        headers={"accept-language": language},
        REMOTE_ADDR=address,
    )


def test_closed_sign_up_makes_no_account_and_says_why(client, settings):
    settings.SIGNUP_OPEN = False

    page = client.get("/accounts/signup/")
    response = sign_up(client, "mallory")

    assert page.status_code == response.status_code == 403
    assert "ask its host for an invitation" in response.content.decode()
    assert not User.objects.exists()
    assert "/accounts/signup/" not in client.get("/accounts/login/").content.decode()


def test_closed_sign_up_is_said_in_german(client, settings):
    settings.SIGNUP_OPEN = False
    page = client.get("/accounts/signup/", headers={"accept-language": "de"}).content.decode()
    assert "Einladung" in page


def test_an_invitation_link_works_once(client, settings, capsys):
    settings.SIGNUP_OPEN = False
    call_command("invite", "ann", email="ann@example.org", site="https://games.example.org")
    link = capsys.readouterr().out.split()[-1]
    assert link.startswith("https://games.example.org/accounts/reset/")
    path = link.removeprefix("https://games.example.org")

    form = client.get(path, follow=True)
    assert form.status_code == 200 and "new_password1" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0] if form.redirect_chain else path,
        {"new_password1": PASSWORD, "new_password2": PASSWORD},
    )

    assert done.status_code == 302
    assert User.objects.get(username="ann").check_password(PASSWORD)
    again = client.get(path, follow=True).content.decode()
    assert "invalid" in again and "new_password1" not in again


def test_a_burst_of_sign_ups_is_refused(client, settings):
    settings.SIGNUPS_PER_HOUR = 3
    # from five connections: one connection's own limit is test_sign_up_per_connection's
    codes = [sign_up(client, f"user{n}", address=f"192.0.2.{n}").status_code for n in range(5)]

    assert codes == [302, 302, 302, 429, 429]
    assert User.objects.count() == 3
    assert "try again later" in sign_up(client, "late", address="192.0.2.9").content.decode()


def test_a_password_is_reset_by_e_mail_where_there_is_mail(client, settings):
    settings.EMAIL_URL = "smtp+tls://mail.example.org:587"  # the test run keeps mail in memory
    User.objects.create_user("host", email="host@example.org", password="old pass phrase 9")

    assert "/accounts/password/reset/" in client.get("/accounts/login/").content.decode()
    sent = client.post("/accounts/password/reset/", {"email": "host@example.org"})

    assert sent.status_code == 302
    (message,) = mail.outbox
    path = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.body)[1]
    form = client.get(path, follow=True)
    client.post(form.redirect_chain[-1][0], {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert User.objects.get(username="host").check_password(PASSWORD)


def test_without_mail_the_log_in_page_says_how_and_reset_leads_there(client, settings):
    settings.EMAIL_URL = ""
    page = client.get("/accounts/login/").content.decode()

    assert "changepassword" in page and "/accounts/password/reset/" not in page
    assert client.get("/accounts/password/reset/").url == "/accounts/login/"


@pytest.mark.parametrize(
    "url, expected",
    [
        ("smtp+tls://u%40x:p%2Fw@mail.example.org", ("mail.example.org", 587, "u@x", "p/w", True)),
        ("smtps://mail.example.org", ("mail.example.org", 465, "", "", False)),
        ("smtp://localhost", ("localhost", 25, "", "", False)),
    ],
)
def test_email_url(url, expected):
    found = email_settings(url)
    assert (
        found["EMAIL_HOST"],
        found["EMAIL_PORT"],
        found["EMAIL_HOST_USER"],
        found["EMAIL_HOST_PASSWORD"],
        found["EMAIL_USE_TLS"],
    ) == expected
