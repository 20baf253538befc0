"""The door of the streams (machikoro/live/asgi.py): one client address holds at most
LIVE_STREAMS_PER_ADDRESS open streams, and a process that lags sheds new streams with 503 and a
Retry-After while those it holds go on; other requests pass."""

from __future__ import annotations

import asyncio
import time

import pytest
from stream_reader import run as run_in_own_loop  # a loop of its own: Playwright's runs here

from machikoro.live import asgi


class Inner:
    """An ASGI app that answers 200 and, for a stream, stays open until told to end."""

    def __init__(self):
        self.ends: dict[int, asyncio.Event] = {}

    async def __call__(self, scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        if asgi.is_stream(scope):
            end = self.ends.setdefault(id(scope), asyncio.Event())
            await end.wait()
        await send({"type": "http.response.body", "body": b""})


def scope(path: str, address: str) -> dict:
    return {"type": "http", "path": path, "client": (address, 40000), "headers": []}


async def request(app, path: str, address: str) -> tuple[dict, asyncio.Task]:
    """Send a request; return its response's start once it came, and the task serving it."""
    started = asyncio.get_running_loop().create_future()

    async def send(message):
        if message["type"] == "http.response.start" and not started.done():
            started.set_result(message)

    async def receive():
        await asyncio.Event().wait()

    task = asyncio.create_task(app(scope(path, address), receive, send))
    return await asyncio.wait_for(started, 5), task


@pytest.fixture
def door(monkeypatch, settings):
    settings.LIVE_STREAMS_PER_ADDRESS = 2
    settings.LIVE_STREAMS_MAX = 100
    settings.LIVE_SHED_LAG_SECONDS = 0.5
    settings.LIVE_SHED_RETRY_AFTER = 10
    fresh = asgi.Door()
    monkeypatch.setattr(asgi, "door", fresh)
    monkeypatch.setattr(asgi.hub, "start", lambda *background: None)
    return fresh


def headers(start: dict) -> dict[bytes, bytes]:
    return dict(start["headers"])


def test_one_address_holds_at_most_its_ceiling_of_streams(door):
    async def scenario():
        inner = Inner()
        app = asgi.with_live(inner)
        first, first_task = await request(app, "/g/a/b/events/", "10.0.0.7")
        second, _second_task = await request(app, "/g/a/c/events/", "10.0.0.7")
        third, _ = await request(app, "/g/a/d/events/", "10.0.0.7")
        other, _ = await request(app, "/g/a/d/events/", "10.0.0.8")
        page, _ = await request(app, "/g/a/d/", "10.0.0.7")
        assert [first["status"], second["status"], third["status"]] == [200, 200, 503]
        assert 7 <= int(headers(third)[b"retry-after"]) <= 15
        assert other["status"] == 200  # another visitor is not refused
        assert page["status"] == 200  # nor a page of the same one
        assert door.open["10.0.0.7"] == 2

        for event in inner.ends.values():  # the first stream ends: one more may open
            event.set()
            break
        await first_task
        again, _ = await request(app, "/g/a/e/events/", "10.0.0.7")
        assert again["status"] == 200
        for event in inner.ends.values():
            event.set()

    run_in_own_loop(scenario())


def test_a_lagging_process_sheds_new_streams_with_retry_after_and_keeps_its_own(door):
    async def scenario():
        inner = Inner()
        app = asgi.with_live(inner)
        held, held_task = await request(app, "/g/a/b/events/", "10.0.0.7")
        door.lag = 0.8  # the loop wakes its sleepers 0.8 s late: the process falls behind

        refused, refused_task = await request(app, "/g/a/c/events/", "10.0.0.9")
        page, _ = await request(app, "/g/a/", "10.0.0.9")

        assert held["status"] == 200 and refused["status"] == 503
        assert int(headers(refused)[b"retry-after"]) >= 7
        assert headers(refused)[b"cache-control"] == b"no-store"
        await refused_task  # answered at once, never handed to Django
        assert page["status"] == 200
        assert not held_task.done()  # the stream it holds goes on
        assert door.total == 1

        door.lag = 0.0  # caught up: new streams are welcome again
        welcome, _ = await request(app, "/g/a/c/events/", "10.0.0.9")
        assert welcome["status"] == 200
        for event in inner.ends.values():
            event.set()

    run_in_own_loop(scenario())


def test_the_loop_lag_is_measured_and_fades(door):
    async def scenario():
        task = asyncio.create_task(door.watch_lag(None))
        await asyncio.sleep(asgi.LAG_EVERY / 2)
        time.sleep(0.6)  # the loop is blocked: the watcher wakes that much late
        await asyncio.sleep(asgi.LAG_EVERY / 2)
        lagged = door.lag
        await asyncio.sleep(asgi.LAG_EVERY * 8)
        task.cancel()
        return lagged, door.lag

    lagged, later = run_in_own_loop(scenario())
    assert lagged > 0.3
    assert later < 0.1


def test_pages_refused_together_are_told_to_come_back_at_different_times(door):
    """A crowd refused in the same moment must not return in the same second."""
    door.lag = 0.8  # shedding: every new stream is refused

    async def scenario():
        app = asgi.with_live(Inner())
        refused = [await request(app, "/g/a/b/events/", f"10.0.1.{n}") for n in range(50)]
        return [start for start, _task in refused]

    starts = run_in_own_loop(scenario())
    assert {start["status"] for start in starts} == {503}
    waits = [int(headers(start)[b"retry-after"]) for start in starts]
    # ¾ to 1½ of LIVE_SHED_RETRY_AFTER (10 s), rounded to whole seconds
    assert all(7 <= wait <= 15 for wait in waits), waits
    # Drawn evenly from 7.5 to 15 s: fifty draws that round to three whole seconds or fewer
    # would come less than once in 10^17 runs.
    assert len(set(waits)) >= 4, waits
