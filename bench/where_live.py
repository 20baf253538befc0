"""The app as `bench/live_load.py --where` serves it: machikoro.asgi's, with a timer around each
stage of a move's way through a worker, so that where a move's CPU goes under load can be read
off the running server (bench/push_cost.py --where reads it off one process, alone).

Each timer counts the CPU of the thread its stage runs in (bench/stage_timers.py). Every
worker writes its totals (seconds, calls) to MACHIKORO_WHERE_DIR/where-PID.json twice a second;
live_load reads them at the start and the end of the measured seconds.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

from django.core.handlers.base import BaseHandler
from stage_timers import StageTimers

from machikoro.asgi import application  # noqa: F401  (what uvicorn serves; Django set up)
from machikoro.live import stream, threads
from play import pushed

timers = StageTimers()


def _request_kind(args) -> str:
    request = args[1]
    if request.method == "POST" and request.path.endswith("/move/"):
        return "a move's POST, in its thread (middleware, view, boards, COMMIT)"
    if request.path.endswith("/events/"):
        return "a stream's view, in its thread"
    return "another request, in its thread"


threads.ThreadReusingASGIHandler.get_response = timers.wrap(BaseHandler.get_response, _request_kind)
pushed._keep_shared = timers.wrap(
    pushed._keep_shared, "a move's boards read by another process, in a thread"
)
pushed.from_memory = timers.wrap(pushed.from_memory, "a seat's board sent from memory, on the loop")
stream.Update.encode = timers.wrap(stream.Update.encode, "an update encoded, on the loop")


def _write_totals(folder: Path) -> None:
    target = folder / f"where-{os.getpid()}.json"
    while True:
        time.sleep(0.5)
        totals = timers.snapshot()
        written = target.with_suffix(".tmp")
        written.write_text(json.dumps(totals))
        written.replace(target)  # never read half written


threading.Thread(
    target=_write_totals, args=(Path(os.environ["MACHIKORO_WHERE_DIR"]),), daemon=True
).start()
