"""Timers around the stages of a move, for the benches that say where its CPU goes:
`bench/push_cost.py --where` (one process, alone) and `bench/where_live.py` (every worker of
the running server, under load).

A timer counts the CPU of the thread its stage runs in (`time.thread_time`): what the stage
computes, not how long it waits for the GIL, a place or the database. Stages nest: a stage's
time includes the stages it calls.
"""

from __future__ import annotations

import functools
import threading
import time


class StageTimers:
    """Seconds and calls by stage, from any thread; counted only while `timing` is set."""

    def __init__(self, timing: bool = True):
        self.timing = timing
        self.totals: dict[str, list] = {}
        self.lock = threading.Lock()

    def wrap(self, function, label):
        """`function`, timed under `label`, or under what `label(its arguments)` names (None:
        not timed)."""
        label_of = label if callable(label) else lambda _args: label

        @functools.wraps(function)
        def timed(*args, **kwargs):
            stage = label_of(args) if self.timing else None
            if stage is None:
                return function(*args, **kwargs)
            started = time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent = time.thread_time() - started
                with self.lock:
                    total = self.totals.setdefault(stage, [0.0, 0])
                    total[0] += spent
                    total[1] += 1

        return timed

    def seconds(self, stage: str) -> float:
        return self.totals.get(stage, [0.0, 0])[0]

    def snapshot(self) -> dict[str, list]:
        with self.lock:
            return {stage: list(total) for stage, total in self.totals.items()}
