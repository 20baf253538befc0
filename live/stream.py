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
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections
from django.http import HttpRequest, StreamingHttpResponse

from live.hub import hub

logger = logging.getLogger(__name__)

# How long the browser waits before it reconnects by itself, and the last event a page gets.
RETRY_MS = 1000
END = "event: end\ndata: end\n\n"


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


Look = Callable[[str | None], Update | None]


def last_seen(request: HttpRequest) -> str | None:
    """The version the page shows: the browser's Last-Event-ID when it reconnects by itself
    (it is newer than the URL's), else the `v` the page was made with."""
    return request.headers.get("Last-Event-ID") or request.GET.get("v") or None


def _look_in_a_worker(look: Look, seen: str | None) -> Update | None:
    try:
        return look(seen)
    finally:
        # Give the connection back (to the pool on PostgreSQL): a stream may be idle for hours.
        connections["default"].close()


async def _updates(request: HttpRequest, channel: str, look: Look) -> AsyncIterator[bytes]:
    seen = last_seen(request)
    looked = sync_to_async(_look_in_a_worker, thread_sensitive=False)
    recheck_on_ping = connections["default"].vendor != "postgresql"
    heartbeat = settings.LIVE_HEARTBEAT_SECONDS
    # Subscribed before the first look, so a change made meanwhile still wakes the stream.
    subscription = hub.subscribe(channel)
    try:
        yield f"retry: {RETRY_MS}\n\n".encode()
        update = await looked(look, seen)
        while True:
            if update is not None:
                yield update.encode()
                if update.id is not None:
                    seen = update.id
                if update.last:
                    yield END.encode()
                    return
            if await subscription.wait(heartbeat):
                if subscription.dropped:
                    return
                update = await looked(look, seen)
                continue
            yield b"event: ping\ndata: ping\n\n"
            update = await looked(look, seen) if recheck_on_ping else None
    except asyncio.CancelledError:
        raise  # the page went away
    finally:
        subscription.close()


def event_stream(request: HttpRequest, channel: str, look: Look) -> StreamingHttpResponse:
    """The stream of `channel` for this page; `look(seen)` runs in a worker thread and says
    what to send a page that shows version `seen` (None: nothing new)."""
    response = StreamingHttpResponse(
        _updates(request, channel, look), content_type="text/event-stream; charset=utf-8"
    )
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
