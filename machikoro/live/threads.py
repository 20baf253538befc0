"""Django's ASGI handler with the threads of its requests kept for the next ones.

Under ASGI, Django runs each request's synchronous parts (the middleware, a sync view, closing
the response) in one thread of the request's own: its `ThreadSensitiveContext` makes a new
single-thread executor for every request and shuts it down (joining its thread) at the end. A
move's POST paid a thread's start and join; under load that was a sixth of the server's time
(docs/live.md, "Where a move's time goes"). Here each request still has a thread to itself for
as long as it lasts, as Django wants (a database connection lives in its thread), but the
thread is one that a finished request gave back (asgiref's `ThreadSensitiveContext(executor=)`:
the caller owns the executor, which is not shut down on exit).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext
from django.core.handlers.asgi import ASGIHandler

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
    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await super().__call__(scope, receive, send)
        executor = executors.lend()
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            executors.give_back(executor)
