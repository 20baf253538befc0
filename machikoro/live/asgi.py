"""The ASGI application around Django's: it starts the hub (and the tasks that run beside the
server, such as the bots' player) when the server starts, and stops them when it stops.

Django's own ASGI handler speaks only HTTP, so the lifespan messages are answered here. A server
that sends none starts the hub with its first request instead.

It also keeps the door of the streams (`Door`): a new stream is refused with 503 and a
Retry-After, before Django is asked anything, when its client address holds
LIVE_STREAMS_PER_ADDRESS streams in this process already (one visitor cannot take the server's
streams), when this process holds LIVE_STREAMS_MAX, or while the process's loop lags by more than
LIVE_SHED_LAG_SECONDS: a process that falls behind sheds new streams before it falls behind on
those it holds (their pages poll meanwhile and ask again later, with jitter: static/js/live.js).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from collections.abc import Callable

from django.conf import settings

from machikoro import metrics
from machikoro.live.hub import Hub, hub

logger = logging.getLogger(__name__)

LAG_EVERY = 0.25  # seconds between two looks at the loop's lag


def is_stream(scope) -> bool:
    """Every page's stream of server-sent events is at a URL ending in events/."""
    return scope["type"] == "http" and scope.get("path", "").endswith("/events/")


class Door:
    """The streams this process holds, by client address, and how late its loop runs."""

    def __init__(self) -> None:
        self.open: Counter[str] = Counter()
        self.total = 0
        self.lag = 0.0  # seconds, the latest look's (a high one fades over a few looks)

    def refusal(self, address: str) -> str | None:
        """Why a new stream from `address` is refused now, or None."""
        if self.lag > settings.LIVE_SHED_LAG_SECONDS:
            return "lagging"
        if self.total >= settings.LIVE_STREAMS_MAX:
            return "full"
        if self.open[address] >= settings.LIVE_STREAMS_PER_ADDRESS:
            return "address"
        return None

    def enter(self, address: str) -> None:
        self.open[address] += 1
        self.total += 1

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]
        self.total -= 1

    async def watch_lag(self, _hub: Hub) -> None:
        """Beside the server: how much later than asked the loop wakes a sleeper."""
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(LAG_EVERY)
            self.lag = max(loop.time() - asked - LAG_EVERY, self.lag / 2)
            metrics.note_the_loop(self.lag, self.total)


door = Door()


async def refuse(send, reason: str) -> None:
    # Retry-After with jitter: the pages refused together do not come back together.
    retry_after = round(settings.LIVE_SHED_RETRY_AFTER * random.uniform(0.75, 1.5))
    logger.info("live: a new stream refused (%s), again in %s s", reason, retry_after)
    metrics.STREAMS_REFUSED.labels(reason).inc()
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [
                (b"retry-after", str(retry_after).encode()),
                (b"cache-control", b"no-store"),
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", b"0"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": b""})


def with_live(django_app, *background: Callable[[Hub], object]):
    background = (*background, door.watch_lag)

    async def application(scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    hub.start(*background)
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await hub.stop()
                    metrics.process_ends()
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        hub.start(*background)
        if not is_stream(scope):
            return await django_app(scope, receive, send)
        # behind a proxy, uvicorn's --forwarded-allow-ips makes this the visitor's address
        address = (scope.get("client") or ("", 0))[0]
        reason = door.refusal(address)
        if reason is not None:
            return await refuse(send, reason)
        door.enter(address)
        try:
            await django_app(scope, receive, send)
        finally:
            door.leave(address)

    return application
