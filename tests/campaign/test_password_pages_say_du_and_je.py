"""Issue 36 item 2: the password pages, the reset e-mail and the invitation's landing page speak
as the rest of the app does, du in German and je in Dutch, with no English line left: the project
owns their words (templates/registration/ and its own catalogue), Django's catalogue (Sie, u)
answers none of them."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command

pytestmark = pytest.mark.django_db

PASSWORD = "a long pass phrase 7"
FORMAL = {
    "de": re.compile(r"\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b"),
    "nl": re.compile(r"\b(u|uw|U|Uw)\b"),
}
# English that a German or Dutch page must not hold (a name or a command line is no sentence)
ENGLISH = re.compile(r"\b(the|you|your|password|please|email|thanks|forgotten|reset)\b", re.I)
TITLES = {
    "de": {"reset": "Neues Passwort anfordern", "sent": "E-Mail verschickt"},
    "nl": {"reset": "Wachtwoord opnieuw instellen", "sent": "E-mail verstuurd"},
}


@pytest.fixture(autouse=True)
def _mail_and_quick_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.EMAIL_URL = "smtp://mail.example.org:587"  # the test run keeps mail in memory


def words(response) -> str:
    """What a reader sees of a page: its text and its fields' labels, without markup, scripts,
    attribute values or the command line the log-in page prints."""
    text = response.content.decode()
    text = re.sub(r"<(script|style|code)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return " ".join(text.split())


def looks_right(text: str, language: str, where: str) -> None:
    assert FORMAL[language].findall(text) == [], (where, text)
    english = [w for w in ENGLISH.findall(text) if w not in ("Reset",)]
    assert english == [], (where, english, text)


def pages(client, language: str) -> dict[str, str]:
    """Every password page and the reset e-mail, in `language`, as a host meets them."""
    headers = {"accept-language": language}
    User.objects.create_user("host3", email="host@example.org", password="old pass phrase 9")
    seen = {
        "log in": words(client.get("/accounts/login/", headers=headers)),
        "log in, wrong password": words(
            client.post(
                "/accounts/login/", {"username": "host3", "password": "no"}, headers=headers
            )
        ),
        "sign up, refused password": words(
            client.post(
                "/accounts/signup/",
                {"username": "host4", "password1": "1234", "password2": "1234"},
                headers=headers,
            )
        ),
        "reset form": words(client.get("/accounts/password/reset/", headers=headers)),
    }
    sent = client.post("/accounts/password/reset/", {"email": "host@example.org"}, headers=headers)
    seen["reset sent"] = words(client.get(sent.url, headers=headers))
    (message,) = mail.outbox
    seen["e-mail subject"] = message.subject
    body = re.sub(r"https?://\S+", " ", message.body.replace("host3", ""))
    seen["e-mail"] = " ".join(body.split())
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.body)[1]
    form = client.get(link, follow=True, headers=headers)
    seen["new password"] = words(form)
    seen["new password, refused"] = words(
        client.post(
            form.redirect_chain[-1][0],
            {"new_password1": "host3", "new_password2": "host3"},
            headers=headers,
        )
    )
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": PASSWORD, "new_password2": PASSWORD},
        headers=headers,
    )
    seen["new password set"] = words(client.get(done.url, headers=headers))
    seen["used link"] = words(client.get(link, follow=True, headers=headers))
    client.force_login(User.objects.get(username="host3"))
    seen["change password"] = words(client.get("/accounts/password/", headers=headers))
    seen["change password, refused"] = words(
        client.post(
            "/accounts/password/",
            {"old_password": "wrong", "new_password1": "123", "new_password2": "124"},
            headers=headers,
        )
    )
    seen["change password, weak"] = words(
        client.post(
            "/accounts/password/",
            {"old_password": PASSWORD, "new_password1": "12", "new_password2": "12"},
            headers=headers,
        )
    )
    seen["password changed"] = words(client.get("/accounts/password/done/", headers=headers))
    return seen


@pytest.mark.parametrize("language", ["de", "nl"])
def test_every_password_page_and_the_e_mail_speak_du_or_je(client, language):
    seen = pages(client, language)
    for where, text in seen.items():
        looks_right(text, language, where)
    assert TITLES[language]["reset"] in seen["reset form"]
    assert TITLES[language]["sent"] in seen["reset sent"]


def test_the_dutch_reset_form_does_not_say_the_password_is_restored(client):
    seen = pages(client, "nl")
    assert "hersteld" not in seen["reset form"] and "herinitialisatie" not in seen["e-mail subject"]


@pytest.mark.parametrize("language", ["de", "nl"])
def test_the_invitations_landing_page_speaks_du_or_je(client, settings, capsys, language):
    settings.SIGNUP_OPEN = False
    call_command("invite", "ann", email="ann@example.org", site="https://games.example.org")
    path = capsys.readouterr().out.split()[-1].removeprefix("https://games.example.org")
    page = client.get(path, follow=True, headers={"accept-language": language})
    assert "new_password1" in page.content.decode()
    looks_right(words(page), language, "invitation")
