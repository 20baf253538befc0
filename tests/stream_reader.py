"""Reading a page's stream of server-sent events in a test, through Django's AsyncClient.

A stream's view looks at the database from worker threads, each with its own connection: only
what is committed reaches it, so a test that reads streams uses
`pytest.mark.django_db(transaction=True)`, and pings come quickly with
`settings.LIVE_HEARTBEAT_SECONDS` set low (the `pings_fast` fixture of its module).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.db import connections
from django.test import AsyncClient


def run(coroutine):
    """Run it on an event loop of its own thread: the browser tests' Playwright keeps one
    running in the test thread for the rest of the session (and Django's sync test client
    cannot call an async view from there)."""

    def in_a_thread():
        try:
            return asyncio.run(coroutine)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(in_a_thread).result()


def stream_answer(method: str, url: str, *, cookies=None):
    """A stream's answer itself (its status and headers), its events left unread."""

    async def ask():
        client = AsyncClient()
        if cookies is not None:
            client.cookies = cookies
        return await getattr(client, method)(url)

    return run(ask())


def read_stream(url: str, count: int, *, cookies=None, **headers) -> tuple[int, list[str]]:
    """The status and the first `count` events of a stream (its `retry:` line left out), fewer
    if it ends; a refused stream's status and its answer's text as the one event."""

    async def read():
        client = AsyncClient()
        if cookies is not None:
            client.cookies = cookies
        response = await client.get(url, headers=headers)
        if not response.streaming:
            return response.status_code, [response.content.decode()]
        chunks = []
        iterator = aiter(response.streaming_content)
        try:
            while len(chunks) < count + 1:
                chunks.append((await anext(iterator)).decode())
        except StopAsyncIteration:
            pass
        finally:
            await iterator.aclose()
        return response.status_code, chunks[1:]

    return run(read())


def read_across(urls: list[str], change, *, until, limit: int = 200) -> list[list[str]]:
    """Open every stream, then make `change()` (in a worker thread, as a request would), then
    read each stream until an event for which `until(event)` holds (at most `limit` events):
    what each sent from its opening on."""

    async def read():
        client = AsyncClient()
        opened = []
        try:
            for url in urls:
                response = await client.get(url)
                assert response.streaming, (url, response.status_code)
                iterator = aiter(response.streaming_content)
                await anext(iterator)  # its retry: line; the stream now follows its channels
                opened.append(iterator)
            await sync_to_async(change, thread_sensitive=False)()
            sent = []
            for iterator in opened:
                events = []
                while len(events) < limit and not (events and until(events[-1])):
                    events.append((await anext(iterator)).decode())
                sent.append(events)
            return sent
        finally:
            for iterator in opened:
                await iterator.aclose()

    return run(read())
