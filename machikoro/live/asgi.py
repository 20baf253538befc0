"""The ASGI application around Django's: it starts the hub (and the tasks that run beside the
server, such as the bots' player) when the server starts, and stops them when it stops.

Django's own ASGI handler speaks only HTTP, so the lifespan messages are answered here. A server
that sends none starts the hub with its first request instead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from machikoro.live.hub import Hub, hub

logger = logging.getLogger(__name__)


def with_live(django_app, *background: Callable[[Hub], object]):
    async def application(scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    hub.start(*background)
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await hub.stop()
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        hub.start(*background)
        await django_app(scope, receive, send)

    return application
