"""Phones on the home network: links they can open, cookies they send back, friendly errors."""

import pytest
from django.test import Client

from machikoro import network
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def lan(monkeypatch):
    monkeypatch.setattr("machikoro.links.lan_addresses", lambda: ["10.209.0.1"])


def test_links_made_on_this_machine_carry_its_network_address(client, start, lan):
    game = start()

    html = client.get(f"/g/{game.code}/{game.host_secret}/", HTTP_HOST="127.0.0.1:8301")

    text = html.content.decode()
    assert f"http://10.209.0.1:8301/g/{game.code}/{game.seats[0]['secret']}/" in text
    assert f"http://10.209.0.1:8301/g/{game.code}/watch/" in text
    assert "127.0.0.1" not in text


def test_links_made_on_a_phone_keep_the_address_the_phone_used(client, start, lan, settings):
    settings.ALLOWED_HOSTS = ["gameboard.local"]
    game = start()

    html = client.get(f"/g/{game.code}/{game.host_secret}/", HTTP_HOST="gameboard.local:8000")

    assert f"http://gameboard.local:8000/g/{game.code}/watch/" in html.content.decode()


def test_loopback_names_are_told_apart_from_network_ones():
    assert network.is_loopback("localhost") and network.is_loopback("127.0.0.1")
    assert network.is_loopback("[::1]") and network.is_loopback("0.0.0.0")
    assert not network.is_loopback("10.209.0.1") and not network.is_loopback("mybox.local")


def test_this_machine_accepts_its_own_network_addresses_as_host_names():
    hosts = network.allowed_hosts()
    assert {"localhost", "127.0.0.1"} <= set(hosts)
    assert set(network.lan_addresses()) <= set(hosts)
    assert not any(network.is_loopback(address) for address in network.lan_addresses())


def test_cookies_are_not_secure_over_plain_http_so_phones_can_post(client):
    response = client.get("/")

    assert response.cookies["csrftoken"]["secure"] == ""


def test_cookies_are_secure_over_https(client):
    response = client.get("/", secure=True)

    assert response.cookies["csrftoken"]["secure"] is True


def test_a_move_whose_csrf_check_fails_gets_a_working_board_back(start):
    game = start()
    phone = Client(enforce_csrf_checks=True)
    phone.get(f"/g/{game.code}/{game.seats[0]['secret']}/")  # sets the CSRF cookie
    url = f"/g/{game.code}/{game.seats[0]['secret']}/move/"
    action = '{"type":"roll","dice":1}'

    refused = phone.post(
        url,
        {"version": 0, "action": action, "csrfmiddlewaretoken": "stale"},
        headers={"HX-Request": "true"},
    )

    html = refused.content.decode()
    assert refused.status_code == 403
    assert 'id="board"' in html and "was out of date" in html
    assert "<!doctype" not in html.lower()  # the board alone, to swap in
    token = html.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    retried = phone.post(
        url,
        {"version": 0, "action": action, "csrfmiddlewaretoken": token},
        headers={"HX-Request": "true"},
    )
    assert retried.status_code == 200
    assert Game.objects.get().version >= 1


def test_a_failed_csrf_check_elsewhere_gets_a_page_in_the_visitors_language():
    browser = Client(enforce_csrf_checks=True, headers={"Accept-Language": "de"})

    response = browser.post("/", {"edition": "classic"})

    assert response.status_code == 403
    html = response.content.decode()
    assert 'lang="de"' in html and "Technical details" not in html


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_missing_page_is_ours_in_the_visitors_language(language, settings):
    settings.DEBUG = False
    response = Client(headers={"Accept-Language": language}).get("/g/nope/watch/")

    assert response.status_code == 404
    assert f'lang="{language}"' in response.content.decode()


def test_a_server_error_gets_a_friendly_page():
    from django.test import RequestFactory
    from django.utils import translation

    from machikoro.errors import server_error

    with translation.override("en"):
        response = server_error(RequestFactory().get("/"))

    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()


def test_a_bad_request_gets_a_friendly_page(settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1"]

    response = Client().get("/", HTTP_HOST="evil.example")

    assert response.status_code == 400
    assert "could not be understood" in response.content.decode()


def test_the_address_of_the_default_route_comes_before_a_container_bridge(monkeypatch):
    monkeypatch.setattr(network, "_route_address", lambda: "192.168.1.20")
    monkeypatch.setattr(
        network, "_interface_addresses", lambda: ["127.0.0.1", "172.17.0.1", "192.168.1.20"]
    )

    assert network.lan_addresses() == ["192.168.1.20", "172.17.0.1"]
