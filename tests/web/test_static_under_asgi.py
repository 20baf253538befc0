"""A static file served under ASGI, as `dev.py serve` and production serve the app: sent whole,
read a block at a time (no warning that Django had to read a synchronous iterator first)."""

import warnings

from asgiref.testing import ApplicationCommunicator
from django.contrib.staticfiles import finders
from stream_reader import run

from machikoro.asgi import django_application


def get(path: str) -> tuple[int, bytes, list[str]]:
    """Status, body and the warnings raised meanwhile."""

    async def request():
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "headers": [(b"host", b"testserver")],
            "client": ("127.0.0.1", 5000),
            "server": ("testserver", 80),
        }
        app = ApplicationCommunicator(django_application, scope)
        await app.send_input({"type": "http.request", "body": b""})
        start = await app.receive_output(10)
        body = b""
        while True:
            message = await app.receive_output(10)
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        await app.wait(10)
        return start["status"], body

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        status, body = run(request())
    return status, body, [str(w.message) for w in caught]


def test_a_large_static_file_is_sent_whole_in_blocks_without_a_warning():
    path = "vendor/bootstrap/css/bootstrap.min.css"
    with open(finders.find(path), "rb") as file:
        expected = file.read()

    status, body, warned = get(f"/static/{path}")

    assert status == 200
    assert body == expected
    assert not [w for w in warned if "synchronous iterators" in w]
