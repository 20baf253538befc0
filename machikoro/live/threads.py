"""Django's ASGI handler with the threads of its requests kept for the next ones.

Under ASGI, Django runs each request's synchronous parts (the middleware, a sync view, closing
the response) in one thread of the request's own: its `ThreadSensitiveContext` makes a new
single-thread executor for every request and shuts it down (joining its thread) at the end. A
move's POST paid a thread's start and join; under load that was a sixth of the server's time
(docs/live.md, "Where a move's time goes"). Here each request still has a thread to itself for
as long as it lasts, as Django wants (a database connection lives in its thread), but the
thread is one that a finished request gave back (asgiref's `ThreadSensitiveContext(executor=)`:
the caller owns the executor, which is not shut down on exit).

It also runs a request's middleware and view in that thread in one go. Django's ASGI handler
builds the middleware chain for the loop: every middleware that can be asynchronous runs on the
loop, and each of Django's own (`MiddlewareMixin`) sends its `process_request` and
`process_response` back to a thread, so a page crossed between the loop and its thread 15 times.
Under load each crossing back waits its turn on a loop that serves every open stream: moves
queued for seconds while the cores were not yet busy (docs/live.md). Built for a synchronous
caller instead (as under WSGI), the chain runs in the request's thread from top to bottom; an
asynchronous view (a page's stream) is called on the loop by Django's own `async_to_sync`, and
its response is sent from the loop as before. The request's start and, for a page, its close
(`handle`) go in the same crossing: a page crosses once (tests/web/test_request_turns.py), and
the loop's CPU a request fell by a quarter to a third (docs/live.md, "One crossing a request").

At most REQUESTS_AT_ONCE requests of a process are inside Django at a time (their start,
middleware, view and, for a page, close; a stream's long life after its view has returned is
not counted); the others wait their turn on the loop, holding neither a thread nor a database
connection. Past what the cores can do, every request let in at once would take a connection
and then wait for the GIL with it: the pool ran dry and moves failed after its timeout (500s at
300 tables on two cores) where they should only have waited.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.http import FileResponse
from django.urls import set_script_prefix

# Threads kept idle beyond those in use; an open stream holds its own while it is open.
KEPT_IDLE = 64


class _Executors:
    """Single-thread executors, lent one to a request and taken back when it ends."""

    def __init__(self, kept: int):
        self.kept = kept
        self.idle: list[ThreadPoolExecutor] = []
        self.lock = threading.Lock()

    def lend(self) -> ThreadPoolExecutor:
        with self.lock:
            if self.idle:
                return self.idle.pop()
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        with self.lock:
            if len(self.idle) < self.kept:
                self.idle.append(executor)
                return
        executor.shutdown(wait=False)


executors = _Executors(KEPT_IDLE)


class ThreadReusingASGIHandler(ASGIHandler):
    def __init__(self):
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)
        # one per event loop: a semaphore belongs to the loop it first waited on (a server has
        # one loop; the tests start a server, and its loop, per module)
        self._turns: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._answer_in_its_thread = sync_to_async(self._answer, thread_sensitive=True)

    async def handle(self, scope, receive, send):
        """Django's `ASGIHandler.handle`, crossing to the request's thread once: there the
        request's start (its signal), its middleware and view, and, for an answer held whole,
        its close (the signal that gives its database connection back) run in one go. Django's
        own crosses three times, each crossing back waiting its turn on the loop among the
        streams' sends. A streaming answer is still closed once it has been sent."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))

        async def process_request():
            response = await self._in_its_turn(scope, body_file)
            with contextlib.suppress(asyncio.CancelledError):  # the client went away meanwhile
                await self.send_response(response, send)
            return response

        # As Django does: a client that goes away before its answer cancels the sending.
        tasks = [
            asyncio.create_task(self.listen_for_disconnect(receive)),
            asyncio.create_task(process_request()),
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            if task.done():
                try:
                    task.result()
                except RequestAborted:
                    pass
                except AssertionError:
                    body_file.close()
                    raise
            else:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        try:
            response = tasks[1].result()
        except asyncio.CancelledError:
            await signals.request_finished.asend(sender=self.__class__)
        else:
            if response.streaming:
                await sync_to_async(response.close)()
        body_file.close()

    async def _in_its_turn(self, scope, body_file):
        loop = asyncio.get_running_loop()
        turns = self._turns.get(loop)
        if turns is None:
            turns = self._turns[loop] = asyncio.Semaphore(settings.REQUESTS_AT_ONCE)
        async with turns:
            return await self._answer_in_its_thread(scope, body_file)

    def _answer(self, scope, body_file):
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size  # the ASGI server cuts it as it sends
        else:
            body_file.close()
        if not response.streaming:
            response.close()  # its content is held: nothing is left to read from the request
        return response

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await super().__call__(scope, receive, send)
        executor = executors.lend()
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            executors.give_back(executor)
