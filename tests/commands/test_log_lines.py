"""The server's log (issue 27): uvicorn's access lines and Django's in one format, times in UTC
with their offset, each line of a request with its id (sent back in X-Request-ID), and one JSON
object a line with LOG_FORMAT=json. A real uvicorn, as production starts it."""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UTC_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00 ")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_and_ask(tmp_path: Path, log_format: str) -> tuple[list[str], str, str]:
    """Starts uvicorn, asks for a missing page (Django logs a warning) under a proxy's request
    id and for the home page under none; returns the log lines and both ids."""
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DEBUG"}},
        "DEBUG": "1",  # no collectstatic needed; the log is the same
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "LOG_FORMAT": log_format,
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=120
    )
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "machikoro.asgi:application", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, server.stdout.read()
            assert time.monotonic() < deadline, "uvicorn did not answer"
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("GET", "/no-such-page/", headers={"X-Request-ID": "proxy-id-42"})
                response = conn.getresponse()
                response.read()
                break
            except OSError:
                time.sleep(0.2)
        given = response.getheader("X-Request-ID")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/health/")
        made = conn.getresponse().getheader("X-Request-ID")
        time.sleep(0.5)
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=15)
    return output.splitlines(), given, made


def test_uvicorn_and_django_write_one_format_in_utc_with_the_request_id(tmp_path):
    lines, given, made = serve_and_ask(tmp_path, "plain")

    assert given == "proxy-id-42"
    assert made and re.fullmatch(r"[0-9a-f]{16}", made)
    django = [line for line in lines if " django.request " in line]
    access = [line for line in lines if " uvicorn.access " in line]
    assert any("request=proxy-id-42:" in line and "Not Found" in line for line in django), lines
    assert any("request=proxy-id-42:" in line and "/no-such-page/" in line for line in access)
    assert any(f"request={made}:" in line and "/health/" in line for line in access), lines
    started = [line for line in lines if "Application startup complete" in line]
    for line in django + access + started:
        assert UTC_TIME.match(line), line


def test_log_format_json_writes_one_object_a_line(tmp_path):
    lines, given, _made = serve_and_ask(tmp_path, "json")

    entries = [json.loads(line) for line in lines if line.startswith("{")]
    access = [e for e in entries if e["logger"] == "uvicorn.access"]
    assert any(e["request_id"] == given and "/no-such-page/" in e["message"] for e in access)
    assert all(e["time"].endswith("+00:00") for e in entries)
    assert {e["logger"] for e in entries} >= {"django.request", "uvicorn.access", "uvicorn.error"}


@pytest.mark.parametrize("given", ["x" * 65, "a b", "<script>"])
def test_an_odd_request_id_is_replaced(given):
    from machikoro.logs import _GIVEN_ID

    assert not _GIVEN_ID.fullmatch(given)
