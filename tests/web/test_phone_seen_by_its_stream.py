"""A seat's phone that follows its game by a stream, not by polls, is seen when the stream
opens and at each ping: the shared screen asks before it acts for that seat."""

from __future__ import annotations

import pytest
from stream_reader import read_stream

from play.models import Game, SeatSeen

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_seats_stream_marks_its_phone_seen_and_pings_keep_it_seen(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05
    settings.PLAY_PHONE_SEEN_SECONDS = 0  # every sighting is written: the pings' too
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)

    status, events = read_stream(f"/g/{game.code}/{game.seats[1]['secret']}/events/?v=0", 1)

    assert status == 200 and events[0].startswith("event: ping")
    opened = SeatSeen.objects.get(game=game, seat=1).at
    read_stream(f"/g/{game.code}/{game.seats[1]['secret']}/events/?v=0", 2)
    assert SeatSeen.objects.get(game=game, seat=1).at > opened
    assert list(SeatSeen.objects.values_list("seat", flat=True)) == [1]


def test_watching_and_the_hosts_stream_are_no_phone(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)

    read_stream(f"/g/{game.code}/watch/events/?v=0", 1)
    read_stream(f"/g/{game.code}/{game.host_secret}/events/?v=0", 1)

    assert not SeatSeen.objects.exists()
