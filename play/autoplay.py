"""Bots move with no page open: every app process plays the bots' steps whose time has come.

A step is claimed in the database before its bot thinks (Game.step_bots: a conditional update),
so when several processes find the same step due, one plays it and the others find it claimed.
A process that dies while its bot thinks leaves a claim that runs out after
PLAY_BOT_THINK_SECONDS; the step is then due again and another process takes it over.

Each process sleeps until the earliest step it knows of: what it read from the database after
its last round, or an earlier one announced by a move (machikoro.live.announce carries the due
time), and looks again at least every SWEEP_SECONDS.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from asgiref.sync import sync_to_async
from django.db import connections
from django.utils import timezone

from machikoro.live.hub import Hub
from play.models import Game

logger = logging.getLogger(__name__)

SWEEP_SECONDS = 5.0
BATCH = 50  # due games per round; the round after takes the rest at once


def play_due_steps() -> float | None:
    """Play every step due now; the seconds until the next one (None: no bot is waiting)."""
    due = Game.objects.filter(bot_due_at__lte=timezone.now()).order_by("bot_due_at")
    for game in due[:BATCH]:
        try:
            game.step_bots()
        except Exception:
            # One broken game must not stop the others; its claim runs out, it is tried
            # again after PLAY_BOT_THINK_SECONDS.
            logger.exception("autoplay: the bot of game %s could not move", game.pk)
    upcoming = (
        Game.objects.filter(bot_due_at__isnull=False)
        .order_by("bot_due_at")
        .values_list("bot_due_at", flat=True)
        .first()
    )
    if upcoming is None:
        return None
    return max(0.0, (upcoming - timezone.now()).total_seconds())


def _one_round() -> float | None:
    try:
        return play_due_steps()
    finally:
        connections["default"].close()  # back to the pool until the next round


async def play_due_bots(hub: Hub) -> None:
    """Runs beside the server for as long as it runs (machikoro.live.asgi starts it)."""
    woken = asyncio.Event()
    sleeping_until = [0.0]
    heard_due = [float("inf")]  # the earliest due time announced since the last round began

    def heard(channel: str, payload: str) -> None:
        # payload: "<version> <due time as a Unix timestamp, or -> <code or ->" (Game._announce)
        if not channel.startswith("game:"):
            return
        try:
            at = float(payload.split(" ")[1])
        except (IndexError, ValueError):
            return
        heard_due[0] = min(heard_due[0], at)
        if at < sleeping_until[0]:
            woken.set()

    hub.listeners.append(heard)
    play = sync_to_async(_one_round, thread_sensitive=False)
    try:
        while True:
            woken.clear()
            heard_due[0] = float("inf")
            sleeping_until[0] = 0.0  # while playing, whatever is announced is noted above
            round_in_hand = asyncio.ensure_future(play())
            try:
                wait = await asyncio.shield(round_in_hand)
            except asyncio.CancelledError:
                # Stopped (the server stops): a round already playing in its thread goes on
                # regardless; it is waited for, so nothing of it runs after the stop.
                with contextlib.suppress(Exception):
                    await round_in_hand
                raise
            except Exception:
                logger.exception("autoplay: looking for due bots failed")
                wait = None
            now = time.time()
            wait = min(SWEEP_SECONDS if wait is None else wait, SWEEP_SECONDS)
            wait = max(0.0, min(wait, heard_due[0] - now))
            sleeping_until[0] = now + wait
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), wait)
    finally:
        hub.listeners.remove(heard)
