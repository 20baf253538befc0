"""Sign-up is throttled per connection as well as per server (issue 35): ten sign-ups from one
address closed sign-up on the whole server for an hour. Now one connection makes at most
SIGNUPS_PER_ADDRESS accounts an hour, fewer than the server's SIGNUPS_PER_HOUR, and the page says
both limits before anyone meets them."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from campaign.models import SignUp

pytestmark = pytest.mark.django_db

PASSWORD = "a long pass phrase 7"


@pytest.fixture(autouse=True)
def _quick_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up(client, name, address, language="en", **headers):
    return client.post(
        "/accounts/signup/",
        {"username": name, "password1": PASSWORD, "password2": PASSWORD},
        headers={"accept-language": language, **headers},
        REMOTE_ADDR=address,
    )


def test_one_connection_cannot_close_sign_up_for_everyone(client, settings):
    assert settings.SIGNUPS_PER_ADDRESS < settings.SIGNUPS_PER_HOUR  # the defaults: 3 and 10
    codes = [sign_up(client, f"mallory{n}", "203.0.113.9").status_code for n in range(5)]

    assert codes == [302, 302, 302, 429, 429]
    refused = sign_up(client, "mallory9", "203.0.113.9").content.decode()
    assert "3 accounts were made from this connection in the last hour" in refused
    assert sign_up(client, "ann", "198.51.100.7").status_code == 302
    assert User.objects.count() == 4


def test_the_server_cap_still_holds_across_connections(client, settings):
    settings.SIGNUPS_PER_HOUR = 3
    codes = [sign_up(client, f"user{n}", f"192.0.2.{n}").status_code for n in range(5)]

    assert codes == [302, 302, 302, 429, 429]
    assert "try again later" in sign_up(client, "late", "192.0.2.99").content.decode()


def test_a_forwarded_for_header_does_not_choose_the_connection(client, settings):
    """Behind the proxy uvicorn puts the forwarded address into REMOTE_ADDR (and only for the
    proxy it trusts); a client's own X-Forwarded-For does not make each sign-up new."""
    codes = [
        sign_up(client, f"m{n}", "203.0.113.9", x_forwarded_for=f"192.0.2.{n}").status_code
        for n in range(4)
    ]
    assert codes[-1] == 429


def test_an_ipv6_connection_counts_by_its_64(client, settings):
    settings.SIGNUPS_PER_ADDRESS = 2
    codes = [sign_up(client, f"v6{n}", f"2001:db8:1:2::{n + 1:x}").status_code for n in range(3)]
    assert codes == [302, 302, 429]
    assert sign_up(client, "other", "2001:db8:1:3::1").status_code == 302


def test_an_hour_later_the_connection_may_sign_up_again_and_nothing_is_kept(client, settings):
    settings.SIGNUPS_PER_ADDRESS = 1
    assert sign_up(client, "first", "203.0.113.9").status_code == 302
    assert sign_up(client, "second", "203.0.113.9").status_code == 429
    SignUp.objects.update(made_at=timezone.now() - timedelta(minutes=61))
    User.objects.update(date_joined=timezone.now() - timedelta(minutes=61))

    assert sign_up(client, "second", "203.0.113.9").status_code == 302
    (row,) = SignUp.objects.all()  # the old row went when it stopped counting
    assert "203.0.113.9" not in row.address  # a keyed digest, not the address


@pytest.mark.parametrize(
    "language, limits, refusal",
    [
        (
            "en",
            "at most 10 new accounts an hour, and 3 from one connection",
            "3 accounts were made from this connection",
        ),
        (
            "de",
            "höchstens 10 neue Konten pro Stunde an, und 3 von einer Verbindung",
            "Von dieser Verbindung aus wurden in der letzten Stunde 3 Konten angelegt",
        ),
        (
            "nl",
            "hoogstens 10 nieuwe accounts per uur aan, en 3 vanaf één verbinding",
            "Vanaf deze verbinding zijn in het afgelopen uur 3 accounts aangemaakt",
        ),
    ],
)
def test_the_page_says_the_limits_in_the_visitors_language(client, language, limits, refusal):
    page = client.get("/accounts/signup/", headers={"accept-language": language})
    assert limits in page.content.decode()
    for n in range(3):
        sign_up(client, f"x{n}", "203.0.113.9", language)
    assert refusal in sign_up(client, "x9", "203.0.113.9", language).content.decode()
