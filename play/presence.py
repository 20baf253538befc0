"""Whether a seat's own phone is in someone's hand: seen lately fetching its page, its poll or
its stream.

The shared screen (the host's link) may act for every human seat, since a phone can die; but a
tap on the laptop must not play Anna's turn while her phone is in her hand, so it asks first when
her phone was seen within PLAY_PHONE_SEEN_SECONDS (`Game.phone_in_hand`; `Game.apply_action`
raises `PhoneInHand` until the screen confirms).

A phone polls every second or two and its stream pings every LIVE_HEARTBEAT_SECONDS: each
process writes a seat's sighting at most once per `rewrite_after()`, so a phone that only holds
its stream open is written at every other ping, not at each (1,000 open phones: 25 sightings a
second instead of 50). Beside a server (`write_sightings`, started with the hub), the sightings
of streams and polls are written together every WRITE_EVERY seconds, in one statement: 2,000
open phones cost a write a second per process, not 50 (docs/live.md).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from datetime import datetime

from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone

from play.models import SeatSeen

logger = logging.getLogger(__name__)

WRITE_EVERY = 2.0  # seconds: well within the window's margin of half a heartbeat
_waiting: dict[tuple[int, int], datetime] = {}  # (game pk, seat) -> when, to be written
_writer_runs = False

_written: dict[tuple[int, str, int], float] = {}  # (game pk, code, seat) -> monotonic time
_lock = threading.Lock()
_KEPT = 4096


def rewrite_after() -> float:
    """Seconds a process waits before writing a seat's sighting again. A phone whose stream
    pings every heartbeat is then written at least every heartbeat plus this, which stays
    within the window by half a heartbeat (a late ping): it never looks gone while it pings."""
    heartbeat = settings.LIVE_HEARTBEAT_SECONDS
    return max(0.0, settings.PLAY_PHONE_SEEN_SECONDS - 1.5 * heartbeat)


def seen(game_pk: int, code: str, seat: int, *, soon: bool = False) -> None:
    """The seat's own link fetched something just now (a page, a poll, its stream's ping).
    `soon`: written with the others within WRITE_EVERY when a writer runs beside the server
    (a poll, a stream), else now."""
    if not _noted(game_pk, code, seat, soon=soon):
        _write({(game_pk, seat): timezone.now()})


async def seen_by_a_stream(game_pk: int, code: str, seat: int) -> None:
    """`seen(soon=True)` from a stream, on the server's loop: beside a server the sighting only
    waits in memory for the writer (no thread is crossed to at every ping of every open phone);
    where it must be written now, that is done in a worker thread."""
    if not _noted(game_pk, code, seat, soon=True):
        from machikoro.live import in_a_worker

        await in_a_worker(_write, {(game_pk, seat): timezone.now()})


def _noted(game_pk: int, code: str, seat: int, *, soon: bool) -> bool:
    """Whether the sighting needs no write now: written lately by this process, or waiting for
    the writer (`soon`, beside a server). Memory only: safe on the server's loop."""
    key = (game_pk, code, seat)  # the code too: a test database reuses primary keys
    now = time.monotonic()
    with _lock:
        last = _written.get(key)
        if last is not None and now - last < rewrite_after():
            return True
        if len(_written) >= _KEPT:
            _written.clear()
        _written[key] = now
        if soon and _writer_runs:
            _waiting[(game_pk, seat)] = timezone.now()
            return True
    return False


def _write(sightings: dict[tuple[int, int], datetime]) -> None:
    rows = [SeatSeen(game_id=pk, seat=seat, at=at) for (pk, seat), at in sightings.items()]
    try:
        SeatSeen.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=["game", "seat"], update_fields=["at"]
        )
    except DatabaseError:
        if len(rows) == 1:
            raise
        # a game deleted meanwhile fails the statement: the others are written one by one
        for row in rows:
            try:
                _write({(row.game_id, row.seat): row.at})
            except DatabaseError:
                logger.info("Game %s: seat %s's sighting not written", row.game_id, row.seat)


async def write_sightings(_hub) -> None:
    """Beside the server (machikoro.live.hub's background): write the waiting sightings every
    WRITE_EVERY seconds, in one statement, in a worker thread."""
    from machikoro.live import in_a_worker

    global _writer_runs
    _writer_runs = True
    try:
        while True:
            await asyncio.sleep(WRITE_EVERY)
            with _lock:
                sightings = dict(_waiting)
                _waiting.clear()
            if sightings:
                try:
                    await in_a_worker(_write, sightings)
                except DatabaseError:
                    logger.exception("%s sightings of phones were not written", len(sightings))
    finally:
        _writer_runs = False
