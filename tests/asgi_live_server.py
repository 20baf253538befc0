"""The app as production serves it (uvicorn, ASGI, with the live updates' hub and the bots'
player), in a thread of the test process, for the browser tests: pytest-django's live server
speaks WSGI, which cannot hold a stream open.

Each thread of the server has its own connection to the test database (a file on SQLite, see
tests/conftest.py). The test's settings (the `settings` fixture) are the server's.
"""

from __future__ import annotations

import asyncio
import socket
import threading

import uvicorn
from django.test.utils import modify_settings

from live.hub import hub


class AsgiLiveServer:
    def __init__(self, host: str = "127.0.0.1"):
        # pytest-django's helper turns these on for each test that uses the server
        self._live_server_modified_settings = modify_settings(ALLOWED_HOSTS={"append": host})
        self.socket = socket.socket()
        self.socket.bind((host, 0))
        self.url = f"http://{host}:{self.socket.getsockname()[1]}"
        from config.asgi import application

        config = uvicorn.Config(
            application,
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

    def drop_streams(self) -> None:
        """End every open stream at once, as a network that drops them would."""
        hub.drop_all_threadsafe()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def __str__(self) -> str:
        return self.url
