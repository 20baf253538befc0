"""The app as production serves it (uvicorn, ASGI, with the live updates' hub and the bots'
player), in a thread of the test process, for the browser tests: pytest-django's live server
speaks WSGI, which cannot hold a stream open.

Each thread of the server has its own connection to the test database (a file on SQLite, see
tests/conftest.py). The test's settings (the `settings` fixture) are the server's. The server
outlives a test, its database does not: the bots' player plays only during a test
(`start_bots`, `stop_bots`), so it never looks at a database that is no longer there.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading

import uvicorn
from django.test.utils import modify_settings

from machikoro.live.asgi import with_live
from machikoro.live.hub import hub
from play.autoplay import play_due_bots


class AsgiLiveServer:
    def __init__(self, host: str = "127.0.0.1"):
        # pytest-django's helper turns these on for each test that uses the server
        self._live_server_modified_settings = modify_settings(ALLOWED_HOSTS={"append": host})
        self.socket = socket.socket()
        self.socket.bind((host, 0))
        self.url = f"http://{host}:{self.socket.getsockname()[1]}"
        from machikoro.asgi import django_application

        self.bots: asyncio.Task | None = None
        config = uvicorn.Config(
            with_live(django_application),
            lifespan="on",
            log_level="warning",
            timeout_graceful_shutdown=1,
            loop="asyncio",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._run, name="asgi-live-server", daemon=True)
        self.thread.start()
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("the test's ASGI server did not start")
            self.thread.join(0.05)

    def _run(self) -> None:
        asyncio.run(self.server.serve(sockets=[self.socket]))

    def start_bots(self) -> None:
        """The server's bots' player plays from now on."""
        self._on_the_servers_loop(self._start_bots())

    def stop_bots(self) -> None:
        """The bots' player stops, once any round it is playing is over."""
        self._on_the_servers_loop(self._stop_bots())

    async def _start_bots(self) -> None:
        if self.bots is None:
            self.bots = asyncio.create_task(play_due_bots(hub), name="bots in a test")

    async def _stop_bots(self) -> None:
        bots, self.bots = self.bots, None
        if bots is not None:
            bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await bots

    def _on_the_servers_loop(self, coroutine) -> None:
        asyncio.run_coroutine_threadsafe(coroutine, hub.loop).result(30)

    def drop_streams(self) -> None:
        """End every open stream at once, as a network that drops them would."""
        hub.drop_all_threadsafe()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def __str__(self) -> str:
        return self.url
