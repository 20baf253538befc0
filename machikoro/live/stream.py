"""A server-sent events response that follows one channel.

The page names the version it shows (`?v=`, or the browser's Last-Event-ID when it reconnects by
itself); the stream first sends what changed since, then waits for the channel's announcements.
Every update carries its version as the event's id, so a reconnecting page catches up from
exactly where it was: nothing missed, nothing twice (an update replaces what it updates).

A ping every LIVE_HEARTBEAT_SECONDS keeps proxies from closing an idle stream and lets the page
notice a stream that died silently. Where announcements cannot reach this process from others
(SQLite has no NOTIFY), each ping also looks at the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections
from django.http import HttpRequest, StreamingHttpResponse

from machikoro import metrics
from machikoro.live.hub import hub

logger = logging.getLogger(__name__)

# How long the browser waits before it reconnects by itself, and the last event a page gets.
RETRY_MS = 1000
END = "event: end\ndata: end\n\n"

T = TypeVar("T")


@dataclass(frozen=True)
class Update:
    """What a stream sends: `data` (HTML, or a URL for `event: rematch`), under an event name
    the page listens for. `id` is the version it brings the page to; `last` ends the stream
    (nothing more can change: the page is told to stop listening)."""

    event: str
    data: str
    id: str | None = None
    last: bool = False

    def encode(self) -> bytes:
        lines = [f"event: {self.event}"]
        if self.id is not None:
            lines.append(f"id: {self.id}")
        lines += [f"data: {line}" for line in self.data.splitlines() or [""]]
        return ("\n".join(lines) + "\n\n").encode()


Look = Callable[[str | None], "Update | list[Update] | None"]
# Told on the server's loop that the page is still there (when its stream opens and at each
# ping): like FromMemory, it must neither block nor touch the database but through a worker.
Alive = Callable[[], Awaitable[None]]
# What a stream can send without looking by itself when an announcement wakes it: (seen, the
# announcement's payload) -> an update, or None to look in a worker thread as usual. A coroutine
# on the server's loop: it must neither block nor touch the database but through a worker (one
# read for all of a process's streams of a game, play.pushed.arriving).
FromMemory = Callable[[str | None, str], Awaitable["Update | None"]]


def reload_when_changed(moment: Callable[[], str | None]) -> Look:
    """The Look of a page that is loaded anew whenever what it shows changes (a campaign's
    pages): `moment()` names what it would show now (a version), None once it is gone."""

    def look(seen: str | None) -> Update | None:
        now = moment()
        if now is None:
            return Update("end", "gone", last=True)
        if seen is not None and now != seen:
            return Update("reload", now, id=now)
        return None

    return look


def last_seen(request: HttpRequest) -> str | None:
    """The version the page shows: the browser's Last-Event-ID when it reconnects by itself
    (it is newer than the URL's), else the `v` the page was made with."""
    return request.headers.get("Last-Event-ID") or request.GET.get("v") or None


def _given_back(function: Callable[..., T], *args) -> T:
    try:
        return function(*args)
    finally:
        # Give the connection back (to the pool on PostgreSQL): a stream may be idle for hours.
        connections["default"].close()


# made once: asgiref inspects the function each time one is made, on the loop
_given_back_in_a_worker = sync_to_async(_given_back, thread_sensitive=False)


async def in_a_worker(function: Callable[..., T], *args) -> T:
    """`function(*args)` in a worker thread, its database connection given back when it returns:
    a stream's view must neither block the server's loop nor keep a thread or a connection of
    its own while it waits (who may follow is looked up this way)."""
    return await _given_back_in_a_worker(function, *args)


def _look_in_a_worker(look: Look, seen: str | None) -> list[Update]:
    try:
        found = look(seen)
        return [] if found is None else [found] if isinstance(found, Update) else found
    finally:
        # Give the connection back (to the pool on PostgreSQL): a stream may be idle for hours.
        connections["default"].close()


_looked_in_a_worker = sync_to_async(_look_in_a_worker, thread_sensitive=False)


async def _updates(
    request: HttpRequest,
    channels: list[str],
    look: Look,
    alive: Alive | None,
    from_memory: FromMemory | None,
) -> AsyncIterator[bytes]:
    seen = last_seen(request)
    recheck_on_ping = connections["default"].vendor != "postgresql"
    heartbeat = settings.LIVE_HEARTBEAT_SECONDS
    # Subscribed before the first look, so a change made meanwhile still wakes the stream.
    subscription = hub.subscribe(*channels)
    try:
        yield f"retry: {RETRY_MS}\n\n".encode()
        if alive is not None:
            await alive()
        updates = await _looked_in_a_worker(look, seen)
        while True:
            for update in updates:
                yield update.encode()
                metrics.PUSHES.inc()
                if update.id is not None:
                    seen = update.id
                if update.last:
                    yield END.encode()
                    return
            if await subscription.wait(heartbeat):
                if subscription.dropped:
                    return
                known = await from_memory(seen, subscription.payload) if from_memory else None
                updates = [known] if known is not None else await _looked_in_a_worker(look, seen)
                continue
            yield b"event: ping\ndata: ping\n\n"
            if alive is not None:
                await alive()  # on the loop: a ping of an open phone crosses to no thread
            updates = await _looked_in_a_worker(look, seen) if recheck_on_ping else []
    except asyncio.CancelledError:
        raise  # the page went away
    finally:
        subscription.close()


def event_stream(
    request: HttpRequest,
    channels: str | list[str],
    look: Look,
    *,
    alive: Alive | None = None,
    from_memory: FromMemory | None = None,
) -> StreamingHttpResponse:
    """The stream of one channel (or several: a page that shows more than one thing) for this
    page; `look(seen)` runs in a worker thread and says what to send a page that shows `seen`
    (an update, a list of them, or None: nothing new). `alive()`, awaited on the loop, is told
    when the stream opens and at each ping: the page is still there. `from_memory`, if given,
    is awaited first when an announcement wakes the stream (a move's board that this
    process has made or read already needs no thread and no query)."""
    channels = [channels] if isinstance(channels, str) else list(channels)
    response = StreamingHttpResponse(
        _updates(request, channels, look, alive, from_memory),
        content_type="text/event-stream; charset=utf-8",
    )
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
