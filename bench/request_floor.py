"""What a request costs the server around its view, alone: run by hand, never a test.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/machikoro_bench .venv/bin/python \
        bench/request_floor.py [--requests 2000] [--port 8530]

One uvicorn process (as each of the guide's workers is: uvloop, httptools), requests sent one
after the other, each on a fresh connection as the issue's phones post their moves, and the
server's CPU read from /proc before and after: in all, and on its event loop (the main thread)
apart from its other threads (the requests' own). Four servers, one after the other:

- a bare ASGI app that answers every request with two bytes (uvicorn's own floor);
- the app, asked for `/health/` (answered by the second middleware, no view; it asks the
  database over a connection of its own, so it costs more than a page's request, not less);
- the app, asked for `/favicon.ico` (every middleware, a view that only redirects), and posted
  a move's form to it with its token (the form read, the token checked).

What the app spends on the last beyond the bare app is what a move's POST pays before and
after its view does anything: the most that moves sent over a connection the phone already
holds could spare a move (docs/live.md).
"""

from __future__ import annotations

import argparse
import http.client
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from live_load import cpu_seconds, loop_cpu_seconds

ROOT = Path(__file__).resolve().parent.parent


async def bare_app(scope, receive, send):
    """Two bytes for every request; the lifespan accepted."""
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    await receive()
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


# A form's token and its cookie (Django takes the unmasked secret too), and a move's form.
TOKEN = "f" * 32
FORM = b"version=12&action=%7B%22type%22%3A+%22roll%22%2C+%22dice%22%3A+1%7D"


def ask(port: int, path: str, method: str = "GET") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Host": "127.0.0.1"}
    if method == "POST":
        headers |= {
            "Cookie": f"csrftoken={TOKEN}",
            "X-CSRFToken": TOKEN,
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
        }
    try:
        connection.request(method, path, body=FORM if method == "POST" else None, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def measure(app: str, path: str, method: str, port: int, requests: int) -> dict:
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", app, "--port", str(port), "--no-access-log"]
        + ["--log-level", "warning"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'bench'}"},
    )
    try:
        for _ in range(300):
            try:
                status = ask(port, path, method)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit(f"{app} did not answer on port {port}")
        for _ in range(200):  # warm: templates, pools, caches
            ask(port, path, method)
        all_before = cpu_seconds([server.pid])
        loop_before = loop_cpu_seconds([server.pid])
        started = time.monotonic()
        for _ in range(requests):
            ask(port, path, method)
        wall = time.monotonic() - started
        all_after = cpu_seconds([server.pid])
        loop_after = loop_cpu_seconds([server.pid])
    finally:
        server.terminate()
        server.wait(timeout=20)
    every = (all_after - all_before) * 1000 / requests
    loop = (loop_after - loop_before) * 1000 / requests
    return {
        "app": app,
        "path": f"{method} {path}",
        "status": status,
        "requests": requests,
        "server_ms": every,
        "loop_ms": loop,
        "threads_ms": every - loop,
        "wall_ms": wall * 1000 / requests,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--port", type=int, default=8530)
    args = parser.parse_args()
    # as bench/live_load.py serves the app: DEBUG off, its static files collected
    os.environ.update(
        DEBUG="0",
        SECURE_COOKIES="0",
        ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="WARNING",
        STATIC_ROOT=tempfile.mkdtemp(prefix="request_floor_static_"),
    )
    os.environ.setdefault("SECRET_KEY", "request-floor-bench-" + "x" * 40)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, check=True
    )
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    columns = ("all", "loop", "threads", "wall")
    print(f"{'server':<34} {'path':<18} {'status':>6} " + " ".join(f"{c:>8}" for c in columns))
    for app, method, path in (
        ("request_floor:bare_app", "GET", "/"),
        ("machikoro.asgi:application", "GET", "/health/"),
        ("machikoro.asgi:application", "GET", "/favicon.ico"),
        ("machikoro.asgi:application", "POST", "/favicon.ico"),
    ):
        found = measure(app, path, method, args.port, args.requests)
        print(
            f"{app:<34} {found['path']:<18} {found['status']:>6} {found['server_ms']:>6.2f}ms"
            f" {found['loop_ms']:>6.2f}ms {found['threads_ms']:>6.2f}ms {found['wall_ms']:>6.2f}ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
