"""How the server runs a request's synchronous parts (machikoro/live/threads.py): its middleware
and view in its own thread in one go, and at most REQUESTS_AT_ONCE requests of a process inside
Django at a time, the others waiting their turn on the loop rather than for a database
connection."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from asgiref import sync
from django.core import signals
from django.urls import reverse
from stream_reader import run as run_in_own_loop  # a loop of its own: Playwright's runs here

from machikoro.file_streams import FileStreamingASGIHandler


async def get(handler, path: str, sent: list[dict] | None = None) -> int:
    """Ask the handler for `path` as an ASGI server would; the answer's status (and in `sent`,
    what the handler sent)."""
    sent = [] if sent is None else sent
    body = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive():
        if body:
            return body.pop()
        await asyncio.Event().wait()  # the visitor stays

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 40000),
        "server": ("testserver", 80),
        "scheme": "http",
    }
    await handler(scope, receive, send)
    return next(m["status"] for m in sent if m["type"] == "http.response.start")


@pytest.mark.django_db(transaction=True)
def test_a_page_crosses_between_the_loop_and_its_thread_a_few_times_only(settings, monkeypatch):
    settings.ALLOWED_HOSTS = ["testserver"]
    # Django's own ASGI chain sent each of its middleware's steps to a thread and back: about
    # twenty crossings a page, each waiting its turn on a loop that serves every open stream.
    crossings = []
    real_call = sync.SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        crossings.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await real_call(self, *args, **kwargs)

    monkeypatch.setattr(sync.SyncToAsync, "__call__", counted)
    handler = FileStreamingASGIHandler()
    status = run_in_own_loop(get(handler, reverse("play:how_to_play", args=["classic"])))

    assert status == 200
    # the request's start (its signal), its middleware and view, and closing its answer, in
    # one go (Django's own handler crosses for each)
    assert len(crossings) == 1, crossings


@pytest.mark.django_db(transaction=True)
def test_a_page_is_closed_once_and_a_streamed_file_only_once_it_is_sent(settings):
    # Closing an answer sends `request_finished`, which gives the request's database
    # connection back: a page's content is held whole, so it is closed in its thread before it
    # is sent; a streamed answer (a static file, a game's stream) is read as it is sent.
    settings.ALLOWED_HOSTS = ["testserver"]
    handler = FileStreamingASGIHandler()
    events: list[str] = []
    sent: list[dict] = []

    def finished(**_kwargs):
        last = sent[-1] if sent else {}
        whole = last.get("type") == "http.response.body" and not last.get("more_body")
        events.append("finished after the body" if whole else "finished before the body")

    signals.request_finished.connect(finished)
    try:
        page = run_in_own_loop(get(handler, reverse("play:how_to_play", args=["classic"]), sent))
        page_events = list(events)
        events.clear()
        sent.clear()
        file = run_in_own_loop(get(handler, "/static/vendor/bootstrap/css/bootstrap.min.css", sent))
    finally:
        signals.request_finished.disconnect(finished)

    assert page == 200 and page_events == ["finished before the body"]
    assert file == 200 and events == ["finished after the body"]
    assert sum(len(m.get("body", b"")) for m in sent) > 100_000  # sent whole, in blocks


@pytest.mark.django_db(transaction=True)
def test_requests_beyond_the_turns_wait_and_none_is_lost(settings, monkeypatch):
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.REQUESTS_AT_ONCE = 2
    handler = FileStreamingASGIHandler()
    inside = 0
    most_inside = 0
    lock = threading.Lock()
    answered = []
    real_get_response = handler.get_response

    def slow_get_response(request):
        nonlocal inside, most_inside
        with lock:
            inside += 1
            most_inside = max(most_inside, inside)
        try:
            time.sleep(0.2)
            return real_get_response(request)
        finally:
            with lock:
                inside -= 1

    monkeypatch.setattr(handler, "get_response", slow_get_response)

    async def six_at_once():
        path = reverse("play:how_to_play", args=["classic"])
        answered.extend(await asyncio.gather(*(get(handler, path) for _ in range(6))))

    run_in_own_loop(six_at_once())

    assert most_inside == 2
    assert answered == [200] * 6


@pytest.mark.django_db(transaction=True)
def test_one_handler_serves_one_loop_after_another(settings):
    # A semaphore belongs to the first loop it waited on; the browser tests start a server, and
    # its loop, per module, with the one handler of machikoro.asgi.
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.REQUESTS_AT_ONCE = 1
    handler = FileStreamingASGIHandler()
    path = reverse("play:how_to_play", args=["classic"])

    async def two_at_once():
        return await asyncio.gather(get(handler, path), get(handler, path))

    assert run_in_own_loop(two_at_once()) == [200, 200]
    assert run_in_own_loop(two_at_once()) == [200, 200]
