"""Issue 36 item 12: the replay labelled every city "you" (three badges for three players, from
any phone). A seat's page marks only its own city; the replay, the watchers' page and the host's
mark none, whichever of them renders the table's cached part first."""

import re

import pytest

pytestmark = pytest.mark.django_db

SEATS = (("Ann", "human"), ("Ben", "human"), ("Cem", "human"))


def badges(html: str) -> int:
    return len(re.findall(r'class="badge[^"]*you-badge"', html))


def test_the_replay_and_the_watchers_page_mark_no_city_yours(client, start):
    game = start(seats=SEATS)
    ann = game.seats[0]["secret"]
    seat = client.get(f"/g/{game.code}/{ann}/").content.decode()  # cached first, for a seat
    watch = client.get(f"/g/{game.code}/watch/").content.decode()
    replay = client.get(f"/g/{game.code}/replay/?step=0").content.decode()
    host = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()

    assert 'data-you="0"' in seat and badges(seat) == 3  # the page's CSS shows its own only
    assert (badges(watch), badges(replay), badges(host)) == (0, 0, 0)
    assert "data-you" not in watch + replay + host


def test_a_seats_page_after_the_watchers_still_marks_its_own_city(client, start):
    game = start(seats=SEATS)
    client.get(f"/g/{game.code}/watch/")
    ben = client.get(f"/g/{game.code}/{game.seats[1]['secret']}/").content.decode()
    assert 'data-you="1"' in ben and badges(ben) == 3
