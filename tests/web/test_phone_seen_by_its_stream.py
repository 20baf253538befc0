"""A seat's phone that follows its game by a stream, not by polls, is seen when the stream
opens and at each ping: the shared screen asks before it acts for that seat."""

from __future__ import annotations

import asyncio

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


def test_beside_a_server_a_ping_crosses_to_no_thread(settings, monkeypatch):
    # Beside a server the sighting only waits in memory for the writer: a ping of each of a
    # thousand open phones would otherwise cross to a worker thread and back to the loop.
    from play import presence

    settings.LIVE_HEARTBEAT_SECONDS = 0.05
    settings.PLAY_PHONE_SEEN_SECONDS = 0
    monkeypatch.setattr(presence, "_writer_runs", True)
    monkeypatch.setattr(presence, "_waiting", {})
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    on_the_loop = []
    real_noted = presence._noted

    def noted(*args, **kwargs):
        try:
            asyncio.get_running_loop()
            on_the_loop.append(True)
        except RuntimeError:  # a worker thread
            on_the_loop.append(False)
        return real_noted(*args, **kwargs)

    monkeypatch.setattr(presence, "_noted", noted)
    status, events = read_stream(f"/g/{game.code}/{game.seats[1]['secret']}/events/?v=0", 3)

    assert status == 200 and all(event.startswith("event: ping") for event in events)
    assert len(on_the_loop) >= 3 and all(on_the_loop)  # the opening and each ping
    assert (game.pk, 1) in presence._waiting and not SeatSeen.objects.exists()
