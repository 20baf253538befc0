"""Log-in is throttled (django-axes): after 10 failed log-ins, log-in to that account from that
address, and to any account from that address, is closed for 15 minutes, even to the right
password, with the reason in the visitor's language. A stranger elsewhere cannot close the
host's log-in."""

import datetime

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.urls import reverse

pytestmark = pytest.mark.django_db

RIGHT = "a long pass phrase 7"


@pytest.fixture(autouse=True)
def _quick_hashing(settings):
    """A few dozen log-ins: a cheap hasher (the real one takes a third of a second each)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def host():
    return User.objects.create_user("host", password=RIGHT)


def log_in(client, password, username="host", language="en", **meta):
    return client.post(
        reverse("campaign:login"),
        {"username": username, "password": password},
        headers={"accept-language": language},
        **meta,
    )


def fail(client, times, username="host"):
    return [log_in(client, f"wrong {n}", username).status_code for n in range(times)]


def wait(minutes):
    """As if `minutes` had passed since the last failed log-in."""
    past = datetime.timedelta(minutes=minutes)
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= past
        attempt.save()


def test_nine_failures_leave_the_account_open(client, host):
    assert fail(client, 9) == [200] * 9  # the form with "wrong password"

    response = log_in(client, RIGHT)

    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == host.pk


def test_ten_failures_close_the_account_for_15_minutes_even_to_the_right_password(client, host):
    assert fail(client, 10) == [200] * 9 + [429]

    response = log_in(client, RIGHT)

    assert response.status_code == 429
    page = response.content.decode()
    assert "After 10 failed log-ins, log-in from this connection is closed for 15 minutes." in page
    assert "changepassword" in page
    assert "_auth_user_id" not in client.session
    assert reverse("campaign:login") in page  # the form is there to try again later


def test_the_account_opens_again_after_15_minutes_and_tries_meanwhile_do_not_extend_it(
    client, host
):
    fail(client, 10)
    wait(10)
    assert log_in(client, "wrong again").status_code == 429
    assert log_in(client, RIGHT).status_code == 429

    wait(5)  # 15 minutes after the tenth failure

    assert log_in(client, RIGHT).status_code == 302
    client.logout()
    # the success forgot the failures: one more mistake does not close it again
    assert fail(client, 1) == [200]


def test_a_stranger_elsewhere_cannot_close_the_hosts_log_in(client, host):
    """Issue 27: the lock counted per account, so anyone knowing the host's name closed it."""
    stranger = [
        log_in(client, f"guess {n}", REMOTE_ADDR="203.0.113.9").status_code for n in range(12)
    ]
    assert stranger[-1] == 429

    response = log_in(client, RIGHT, REMOTE_ADDR="198.51.100.7")

    assert response.status_code == 302


def test_trying_many_accounts_from_one_address_is_slowed(client, host):
    """Issue 27: spraying 40 accounts was not slowed; after 10 failures the address is closed,
    whichever accounts it tried."""
    codes = [
        log_in(client, "wrong", username=f"user{n}", REMOTE_ADDR="203.0.113.9").status_code
        for n in range(12)
    ]

    assert codes == [200] * 9 + [429] * 3
    assert log_in(client, RIGHT, REMOTE_ADDR="203.0.113.9").status_code == 429
    assert log_in(client, RIGHT, REMOTE_ADDR="198.51.100.7").status_code == 302


def test_a_forwarded_for_header_does_not_choose_the_address(client, host):
    """The address is the one uvicorn took from the proxy (REMOTE_ADDR): a client's own
    X-Forwarded-For does not make each try come from somewhere new."""
    codes = [
        log_in(
            client, "wrong", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}"
        ).status_code
        for n in range(11)
    ]
    assert codes[-1] == 429


def test_failures_spread_over_more_than_15_minutes_do_not_add_up(client, host):
    fail(client, 9)
    wait(16)

    assert fail(client, 9) == [200] * 9
    assert log_in(client, RIGHT).status_code == 302


@pytest.mark.parametrize(
    "language, words",
    [
        ("de", "Anmeldung von dieser Verbindung aus für 15 Minuten gesperrt."),
        ("nl", "Na 10 mislukte inlogpogingen is inloggen vanaf deze verbinding 15 minuten"),
    ],
)
def test_the_reason_is_given_in_german_and_dutch(client, host, language, words):
    fail(client, 10)

    response = log_in(client, RIGHT, language=language)

    assert response.status_code == 429
    assert words in response.content.decode()


def test_the_admin_log_in_counts_and_is_closed_too(client, host):
    host.is_staff = host.is_superuser = True
    host.save()
    for n in range(10):
        client.post("/admin/login/", {"username": "host", "password": f"wrong {n}"})

    response = client.post("/admin/login/", {"username": "host", "password": RIGHT})

    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_signing_up_still_logs_the_new_host_in(client):
    response = client.post(
        reverse("campaign:signup"),
        {"username": "bea", "password1": RIGHT, "password2": RIGHT},
    )

    assert response.status_code == 302
    assert client.session["_auth_user_id"]
