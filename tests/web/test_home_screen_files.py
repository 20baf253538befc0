"""The files that put the app on a home screen (issue 37; machikoro.home_screen): the manifest
made for the page that links to it, the service worker at the root, the offline pages."""

import json
import re

import pytest

from play.models import Game

pytestmark = pytest.mark.django_db


def manifest(client, **params) -> tuple[dict, object]:
    response = client.get("/manifest.webmanifest", params)
    return json.loads(response.content), response


def test_every_page_links_a_manifest_that_starts_on_that_page(client):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    seat = f"/g/{game.code}/{game.seats[0]['secret']}/"
    page = client.get(seat, headers={"accept-language": "nl"}).content.decode()
    link = re.search(r'<link rel="manifest" href="([^"]+)"', page)[1].replace("&amp;", "&")
    assert link == f"/manifest.webmanifest?start={seat}&lang=nl"

    body, response = manifest(client, start=seat, lang="nl")
    assert body["start_url"] == body["id"] == seat  # added from Ann's seat, it opens Ann's seat
    assert body["lang"] == "nl"
    assert body["display"] == "standalone"
    assert response["Content-Type"] == "application/manifest+json"
    assert "no-store" in response["Cache-Control"]  # its start is a seat's secret


@pytest.mark.parametrize(
    "start", ["", "https://evil.example/", "//evil.example/x/", "/no/such/page/", "/\\evil", "x"]
)
def test_a_start_that_is_not_one_of_our_pages_is_the_start_page(client, start):
    body, _response = manifest(client, start=start)
    assert body["start_url"] == "/"


def test_without_a_language_the_manifest_speaks_the_visitors(client):
    body = json.loads(
        client.get("/manifest.webmanifest", headers={"accept-language": "de"}).content
    )
    assert body["lang"] == "de"
    assert body["description"].startswith("Dein Platz am Tisch")


def test_the_service_worker_is_served_from_the_root_and_knows_what_to_keep(client):
    response = client.get("/service-worker.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    source = response.content.decode()
    config = json.loads(re.match(r"self\.MACHIKORO = (\{.*\});\n", source)[1])
    assert config["offline"] == {code: f"/offline/{code}/" for code in ("de", "en", "nl")}
    assert "/static/js/live.js" in config["precache"]
    assert "/static/icons/maskable-512.png" in config["precache"]
    assert not [url for url in config["precache"] if not url.startswith("/static/")]
    assert 'self.addEventListener("fetch"' in source


def test_the_offline_page_is_in_its_language_and_there_is_none_in_another(client):
    german = client.get("/offline/de/").content.decode()
    assert '<html lang="de">' in german and "Keine Verbindung" in german
    assert client.get("/offline/xx/").status_code == 404


def test_a_mayors_seat_added_to_the_home_screen_opens_the_mayors_page(client):
    from campaign import flow

    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "greedy"),
    ]
    campaign = flow.create_campaign("Seven Winds", mayors, seed=11)
    flow.read_on(campaign)
    ann = campaign.mayors.get(seat=0)
    page = client.get(f"/c/m/{ann.secret}/game/").content.decode()
    start = re.search(r'<link rel="manifest" href="[^"]*\?start=([^&"]+)', page)[1]
    assert start == f"/c/m/{ann.secret}/"  # during a game it leads on to the seat
    assert client.get(start)["Location"] == f"/c/m/{ann.secret}/game/"
