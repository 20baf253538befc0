"""Beside a server, the phones' sightings of streams and polls wait a moment and are written
together, in one statement (play.presence.write_sightings); without one, at once."""

from __future__ import annotations

import asyncio

import pytest
from stream_reader import run as run_in_own_loop  # a loop of its own: Playwright's runs here

from play import presence
from play.models import Game, SeatSeen

pytestmark = pytest.mark.django_db(transaction=True)


def test_sightings_wait_for_the_writer_and_are_written_together(monkeypatch, settings):
    settings.PLAY_PHONE_SEEN_SECONDS = 0  # every sighting is written
    monkeypatch.setattr(presence, "WRITE_EVERY", 0.05)
    games = [Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=n) for n in (1, 2)]
    statements = []
    write = presence._write

    def counted(sightings):
        write(sightings)
        statements.append(sorted(sightings))

    monkeypatch.setattr(presence, "_write", counted)

    monkeypatch.setattr(presence, "_writer_runs", True)  # a writer runs beside the server
    for game in games:
        for seat in (0, 1):
            presence.seen(game.pk, game.code, seat, soon=True)
    waiting = SeatSeen.objects.count()

    async def the_writer_writes():
        writer = asyncio.create_task(presence.write_sightings(None))
        for _tick in range(500):
            await asyncio.sleep(0.01)
            if statements:
                break
        writer.cancel()

    run_in_own_loop(the_writer_writes())

    assert waiting == 0  # nothing written while they wait
    assert statements == [sorted((game.pk, seat) for game in games for seat in (0, 1))]
    assert SeatSeen.objects.count() == 4


def test_without_a_writer_a_sighting_is_written_at_once(settings):
    settings.PLAY_PHONE_SEEN_SECONDS = 0
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)

    presence.seen(game.pk, game.code, 1, soon=True)

    assert list(SeatSeen.objects.values_list("seat", flat=True)) == [1]
