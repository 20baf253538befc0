"""Real servers for the race and fault tests: uvicorn processes (the ASGI server production runs,
with the live updates and the bots' player) on the test database (which must be PostgreSQL),
devices that talk to them over loopback, and a way to release requests together.
Every wait is bounded."""

from __future__ import annotations

import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def free_ports(count: int) -> list[int]:
    """Ports the system has free now, held together while they are chosen so that no two are
    the same: no fixed range, so checkouts testing side by side do not meet on one."""
    probes = []
    try:
        for _ in range(count):
            probe = socket.socket()
            probe.bind(("127.0.0.1", 0))
            probes.append(probe)
        return [probe.getsockname()[1] for probe in probes]
    finally:
        for probe in probes:
            probe.close()


def database_url() -> str:
    if connection.vendor != "postgresql":
        pytest.skip("real servers need PostgreSQL (set DATABASE_URL)")
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


# uvicorn's own supervisor (what `--workers N` runs), here with one worker: a killed worker is
# replaced, as in production.
SUPERVISED = (
    "import sys, uvicorn\n"
    "from uvicorn.supervisors import Multiprocess\n"
    "config = uvicorn.Config('machikoro.asgi:application', host='127.0.0.1', port=int(sys.argv[1]),"
    " workers=1, log_level='warning', lifespan='on', timeout_graceful_shutdown=2)\n"
    "Multiprocess(config, sockets=[config.bind_socket()]).run()\n"
)


class Server:
    """One uvicorn supervisor on its own port; its workers are its child processes."""

    def __init__(self, port: int, process: subprocess.Popen):
        self.port = port
        self.process = process

    def worker_pids(self) -> list[int]:
        children = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone while we looked
            if int(fields[1]) == self.process.pid and self._is_worker(entry):
                children.append(int(entry.name))
        return children

    @staticmethod
    def _is_worker(entry: Path) -> bool:
        """A worker, not multiprocessing's resource tracker beside them."""
        try:
            return b"resource_tracker" not in (entry / "cmdline").read_bytes()
        except OSError:
            return False

    def kill_workers(self) -> list[int]:
        """SIGKILL every worker (no cleanup runs, as when the machine loses one); the master
        starts new ones."""
        killed = self.worker_pids()
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        return killed

    def wait_until_serving(self, deadline: float, old_workers=()) -> None:
        while True:
            assert self.process.poll() is None, self.process.stderr.read().decode()[-2000:]
            assert time.monotonic() < deadline, "the server did not answer in time"
            if not set(self.worker_pids()) & set(old_workers):
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                    conn.request("HEAD", "/")
                    conn.getresponse().read()
                    return
                except OSError:
                    pass
            time.sleep(0.2)


@contextmanager
def app_servers(count: int, **settings: str):
    """`count` uvicorn supervisors (one worker each) sharing the test database and a secret
    key, so a CSRF token works on each. A worker runs each request in a thread of its own, so
    requests race inside one worker too. `settings`: more of the servers' environment."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DEBUG": "1",  # serves static files unhashed, no collectstatic needed
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "PLAY_BOT_DELAY": "0",
        "PLAY_BOT_DELAY_AFTER_HUMAN": "0",
        "DB_POOL_SIZE": "8",
        **settings,
    }
    servers = []
    try:
        for port in free_ports(count):
            process = subprocess.Popen(
                [sys.executable, "-c", SUPERVISED, str(port)],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            servers.append(Server(port, process))
        deadline = time.monotonic() + 60
        for server in servers:
            server.wait_until_serving(deadline)
        yield servers
    finally:
        for server in servers:
            server.process.terminate()
        for server in servers:
            try:
                server.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.process.kill()


class Device:
    """One phone or screen: its own connection to one server, its cookie and CSRF token."""

    def __init__(self, port: int, base: str, *, htmx: bool = True):
        self.port = port
        self.htmx = {"HX-Request": "true"} if htmx else {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.base = base
        # Django's CSRF check compares the posted token with the cookie's secret; a device may
        # pick its own (as a first visit would be given one), which spares a page per device.
        self.token = secrets.token_hex(16)
        self.cookie = f"csrftoken={self.token}"

    def post(self, path: str, fields: dict | list) -> int:
        return self.post_answer(path, fields)[0]

    def post_answer(self, path: str, fields: dict | list) -> tuple[int, str]:
        """The status and the redirect's target (empty when it is no redirect)."""
        pairs = list(fields.items()) if isinstance(fields, dict) else list(fields)
        body = urlencode([*pairs, ("csrfmiddlewaretoken", self.token)])
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": self.cookie,
            **self.htmx,
        }
        self.conn.request("POST", self.base + path, body, headers)
        response = self.conn.getresponse()
        response.read()
        return response.status, response.getheader("Location") or ""

    def get(self, path: str) -> int:
        self.conn.request("GET", self.base + path, headers=self.htmx)
        response = self.conn.getresponse()
        response.read()
        return response.status


def at_once(calls) -> list:
    """Run the calls in threads released together; their results, in order."""
    results = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(index, call):
        start.wait(timeout=30)
        results[index] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
