"""The hub of one app process: which streams wait on which channel, woken by announcements.

On PostgreSQL one connection per process LISTENs (psycopg 3's async connection, no thread) and
hands each NOTIFY to the hub; with another database `machikoro.live.notify` hands it over
directly. A listener that loses its connection connects again and then wakes every stream,
which looks again at what it shows: a page misses nothing announced while the listener was
away.

The hub lives on the server's event loop; `publish_threadsafe` is how sync code (a view's
transaction committing in a worker thread) reaches it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Callable

from django.db import connections

logger = logging.getLogger(__name__)

# The PostgreSQL channel every announcement travels on: "<channel> <payload>".
PG_CHANNEL = "machikoro_live"
RECONNECT_SECONDS = (0.5, 1, 2, 5)

Listener = Callable[[str, str], None]


class Subscription:
    """One stream's interest in its channels: `wait` returns once one was announced (True) or
    after `timeout` seconds with no announcement (False)."""

    def __init__(self, hub: Hub, channels: tuple[str, ...]):
        self.hub = hub
        self.channels = channels
        self.event = asyncio.Event()
        self.payload = ""
        self.dropped = False  # the stream is to end (the page reconnects and catches up)

    async def wait(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self.event.wait(), timeout)
        except TimeoutError:
            return False
        self.event.clear()
        return True

    def close(self) -> None:
        for channel in self.channels:
            waiting = self.hub.waiting.get(channel)
            if waiting is not None:
                waiting.discard(self)
                if not waiting:
                    del self.hub.waiting[channel]


class Hub:
    def __init__(self) -> None:
        self.waiting: dict[str, set[Subscription]] = defaultdict(set)
        self.listeners: list[Listener] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: list[asyncio.Task] = []
        self.listening = asyncio.Event()

    # --- on the loop -----------------------------------------------------------------------

    def subscribe(self, *channels: str) -> Subscription:
        subscription = Subscription(self, channels)
        for channel in channels:
            self.waiting[channel].add(subscription)
        return subscription

    def publish(self, channel: str, payload: str = "") -> None:
        for subscription in self.waiting.get(channel, ()):
            subscription.payload = payload
            subscription.event.set()
        for listener in self.listeners:
            listener(channel, payload)

    def wake_all(self) -> None:
        for channel, subscriptions in self.waiting.items():
            for subscription in subscriptions:
                subscription.payload = ""  # no announcement to go by: each stream looks
                subscription.event.set()
            for listener in self.listeners:
                listener(channel, "")

    def drop_all(self) -> None:
        """End every stream: each page reconnects by itself and catches up from its version."""
        for subscriptions in self.waiting.values():
            for subscription in subscriptions:
                subscription.dropped = True
                subscription.event.set()

    # --- from any thread -------------------------------------------------------------------

    def publish_threadsafe(self, channel: str, payload: str = "") -> None:
        """Hand an announcement to the loop; nothing when no server runs in this process."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self.publish(channel, payload)
        else:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self.publish, channel, payload)

    def drop_all_threadsafe(self) -> None:
        if self.loop is not None and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self.drop_all)

    # --- starting and stopping -------------------------------------------------------------

    def start(self, *background: Callable[[Hub], object]) -> None:
        """Bind the hub to the running loop and start the listener and `background` tasks
        (each a coroutine function taking the hub). A second call changes nothing."""
        loop = asyncio.get_running_loop()
        if self.loop is loop:
            return
        self.loop = loop
        self.listening = asyncio.Event()
        if connections["default"].vendor == "postgresql":
            self.tasks.append(loop.create_task(self._listen_postgres(), name="live-listen"))
        else:
            self.listening.set()
        for function in background:
            self.tasks.append(loop.create_task(function(self), name=function.__qualname__))

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.tasks = []
        self.loop = None

    async def _listen_postgres(self) -> None:
        import psycopg

        attempt = 0
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    **postgres_params(), autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {PG_CHANNEL}")
                    if attempt:
                        logger.info("live: listening again, every stream looks again")
                    attempt = 0
                    self.listening.set()
                    self.wake_all()  # what was announced while no one listened
                    async for note in connection.notifies():
                        channel, _space, payload = note.payload.partition(" ")
                        self.publish(channel, payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                self.listening.clear()
                delay = RECONNECT_SECONDS[min(attempt, len(RECONNECT_SECONDS) - 1)]
                attempt += 1
                logger.warning("live: lost the database's notifications, again in %ss", delay)
                await asyncio.sleep(delay)


def postgres_params() -> dict:
    """psycopg's connection parameters for Django's default database."""
    params = connections["default"].get_connection_params()
    # Django's own keys, not libpq's
    for key in ("cursor_factory", "context", "prepare_threshold", "server_side_binding"):
        params.pop(key, None)
    return params


hub = Hub()
