"""The app as `bench/live_load.py --where` serves it: machikoro.asgi's, with a timer around each
stage of a move's way through a worker, so that where a move's CPU goes under load can be read
off the running server (bench/push_cost.py --where reads it off one process, alone).

Each timer counts the CPU of the thread it runs in (`time.thread_time`): what a stage computes,
not how long it waits for the GIL, a place or the database. Every worker writes its totals
(seconds, calls) to MACHIKORO_WHERE_DIR/where-PID.json twice a second; live_load reads them at
the start and the end of the measured seconds.
"""

from __future__ import annotations

import functools
import json
import os
import threading
import time
from pathlib import Path

from django.core.handlers.base import BaseHandler

from machikoro.asgi import application  # noqa: F401  (what uvicorn serves; Django set up)
from machikoro.live import stream, threads
from play import pushed

_totals: dict[str, list] = {}
_lock = threading.Lock()


def _timed(function, label):
    """`function` timed under `label`, or under what `label(args)` names."""
    label_of = label if callable(label) else lambda _args: label

    @functools.wraps(function)
    def timed(*args, **kwargs):
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent = time.thread_time() - started
            stage = label_of(args)
            with _lock:
                total = _totals.setdefault(stage, [0.0, 0])
                total[0] += spent
                total[1] += 1

    return timed


def _request_kind(args) -> str:
    request = args[1]
    if request.method == "POST" and request.path.endswith("/move/"):
        return "a move's POST, in its thread (middleware, view, boards, COMMIT)"
    if request.path.endswith("/events/"):
        return "a stream's view, in its thread"
    return "another request, in its thread"


threads.ThreadReusingASGIHandler.get_response = _timed(BaseHandler.get_response, _request_kind)
pushed._keep_shared = _timed(
    pushed._keep_shared, "a move's boards read by another process, in a thread"
)
pushed.from_memory = _timed(pushed.from_memory, "a seat's board sent from memory, on the loop")
stream.Update.encode = _timed(stream.Update.encode, "an update encoded, on the loop")


def _write_totals(folder: Path) -> None:
    target = folder / f"where-{os.getpid()}.json"
    while True:
        time.sleep(0.5)
        with _lock:
            totals = {label: list(total) for label, total in _totals.items()}
        written = target.with_suffix(".tmp")
        written.write_text(json.dumps(totals))
        written.replace(target)  # never read half written


threading.Thread(
    target=_write_totals, args=(Path(os.environ["MACHIKORO_WHERE_DIR"]),), daemon=True
).start()
