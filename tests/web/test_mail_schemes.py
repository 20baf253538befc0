"""Issue 36, item 7: EMAIL_URL's scheme picks plain, STARTTLS or TLS on any port, as
docs/operations.md prints it, and the reset page says when its e-mail was not sent. The mail goes
to a real SMTP server on loopback (tests/smtp_sink.py) through Django's SMTP backend."""

import logging
import re
import socket

import pytest
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage, get_connection

from machikoro.mail import email_settings
from tests.smtp_sink import Sink

PASSWORD = "a new pass phrase 42"


@pytest.fixture
def sink():
    running = Sink(offer_starttls=True).start()
    yield running
    running.stop()


def connection_for(url: str):
    found = email_settings(url)
    return get_connection(
        found["EMAIL_BACKEND"],
        host=found["EMAIL_HOST"],
        port=found["EMAIL_PORT"],
        username=found["EMAIL_HOST_USER"] or None,
        password=found["EMAIL_HOST_PASSWORD"] or None,
        use_tls=found["EMAIL_USE_TLS"],
        use_ssl=found["EMAIL_USE_SSL"],
        timeout=5,
    )


def send(url: str) -> None:
    message = EmailMessage("hello", "body", "app@example.org", ["host@example.org"])
    connection_for(url).send_messages([message])


def test_plain_smtp_on_any_port_sends_without_starttls(sink):
    # the port is not 25, and the server offers STARTTLS: smtp:// is plain all the same
    send(f"smtp://user:secret@127.0.0.1:{sink.port}")

    assert sink.wait_for_message(5)["Subject"] == "hello"
    assert "STARTTLS" not in sink.commands


@pytest.mark.parametrize("scheme", ["smtp+tls", "submission"])
def test_starttls_schemes_ask_for_starttls_before_anything_is_sent(sink, scheme):
    with pytest.raises(Exception):  # noqa: B017 - the sink has no certificate and says 454
        send(f"{scheme}://user:secret@127.0.0.1:{sink.port}")

    assert "STARTTLS" in sink.commands
    assert not {"AUTH", "MAIL", "DATA"} & set(sink.commands)  # no password, no mail in clear
    assert not sink.messages


def test_smtps_opens_with_a_tls_handshake(sink):
    with pytest.raises(Exception):  # noqa: B017 - the sink answers no handshake
        send(f"smtps://user:secret@127.0.0.1:{sink.port}")

    assert sink.tls_hello_seen
    assert sink.commands == [] and not sink.messages


@pytest.mark.parametrize(
    "url, port",
    [("smtp://h", 25), ("smtp+tls://h", 587), ("submission://h", 587), ("smtps://h", 465)],
)
def test_each_scheme_has_its_usual_port(url, port):
    assert email_settings(url)["EMAIL_PORT"] == port


def as_smtp_settings(settings, url: str) -> None:
    settings.EMAIL_URL = url
    for name, value in email_settings(url).items():
        setattr(settings, name, value)


@pytest.mark.django_db
def test_a_reset_e_mail_reaches_the_sink_and_its_link_sets_the_password(client, settings, sink):
    as_smtp_settings(settings, f"smtp://127.0.0.1:{sink.port}")
    get_user_model().objects.create_user("host", "host@example.org", "old pass phrase 9")

    sent = client.post("/accounts/password/reset/", {"email": "host@example.org"})

    assert sent.status_code == 302 and sent.url == "/accounts/password/reset/sent/"
    body = sink.wait_for_message(5).get_body(("plain",)).get_content()
    path = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", body)[1]
    form = client.get(path, follow=True)
    client.post(form.redirect_chain[-1][0], {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert get_user_model().objects.get(username="host").check_password(PASSWORD)


@pytest.mark.django_db
def test_a_reset_that_could_not_be_sent_says_so_and_is_logged(client, settings, caplog):
    with socket.socket() as probe:  # a port nothing listens on: the connection is refused
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    as_smtp_settings(settings, f"smtp://127.0.0.1:{closed}")
    get_user_model().objects.create_user("host", "host@example.org", "old pass phrase 9")

    with caplog.at_level(logging.ERROR):
        page = client.post(
            "/accounts/password/reset/", {"email": "host@example.org"}, HTTP_ACCEPT_LANGUAGE="de"
        )

    assert page.status_code == 503
    text = page.content.decode()
    assert "E-Mail konnte nicht gesendet werden" in text
    assert "gesendet haben" not in text.lower()
    (record,) = [r for r in caplog.records if r.name == "campaign.views.accounts"]
    assert "not sent" in record.getMessage() and record.exc_info is not None
