"""A seat's phone that follows its game by a stream, not by polls, is seen when the stream
opens and at each ping: the shared screen asks before it acts for that seat."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connections
from django.test import AsyncClient

from play.models import Game, SeatSeen

pytestmark = pytest.mark.django_db(transaction=True)


def first_events(url: str, count: int) -> list[str]:
    """The first `count` chunks of a stream, read on an event loop of its own thread (the
    browser tests' Playwright keeps one running in this thread)."""

    async def read():
        response = await AsyncClient().get(url)
        iterator = aiter(response.streaming_content)
        chunks = []
        try:
            while len(chunks) < count:
                chunks.append((await anext(iterator)).decode())
        finally:
            await iterator.aclose()
        return chunks

    def in_a_thread():
        try:
            return asyncio.run(read())
        finally:
            connections.close_all()

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(in_a_thread).result()


def test_a_seats_stream_marks_its_phone_seen_and_pings_keep_it_seen(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05
    settings.PLAY_PHONE_SEEN_SECONDS = 0  # every sighting is written: the pings' too
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)

    chunks = first_events(f"/g/{game.code}/{game.seats[1]['secret']}/events/?v=0", 2)

    assert chunks[0].startswith("retry:") and chunks[1].startswith("event: ping")
    opened = SeatSeen.objects.get(game=game, seat=1).at
    first_events(f"/g/{game.code}/{game.seats[1]['secret']}/events/?v=0", 3)
    assert SeatSeen.objects.get(game=game, seat=1).at > opened
    assert list(SeatSeen.objects.values_list("seat", flat=True)) == [1]


def test_watching_and_the_hosts_stream_are_no_phone(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)

    first_events(f"/g/{game.code}/watch/events/?v=0", 2)
    first_events(f"/g/{game.code}/{game.host_secret}/events/?v=0", 2)

    assert not SeatSeen.objects.exists()
