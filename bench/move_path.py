"""Which of the project's modules one move's request passes through, in order: run by hand.

    .venv/bin/python bench/move_path.py [--moves 12] [--show 1]

In this one process (SQLite in a temporary folder unless DATABASE_URL is set): a game of four
human seats, each move posted through Django by the seat whose turn it is, as a phone's htmx
post is (bench/push_cost.py does the same and times it). While the view runs, a profile hook
follows the stack of the project's own frames (play/, campaign/, legacy_deck/, machikoro/;
the engine counted as one module, `play.engine`; Django's and the libraries' frames are
transparent) and writes down the module the request is in each time it changes, on calls and
on returns alike: `views -> models -> views` is three stops, two visits to views. It prints,
for each move, the stops and the visits per module, and the path of `--show` moves in full
(with the function each stop is entered by);
then the same again with the leaves transparent too (LEAVES: the modules a board is worked out
with, which hand nothing on: the state's words, the engine, the LRU); and last with every
look-up unseen as well: a call into another module that returns having called no module but
its own, such as `Game.may_act` or `Game.key_for` (or a board made already, looked up). The
last is the path a reader follows from one module of a move to the next (docs/live.md).
"""

from __future__ import annotations

import argparse
import html
import os
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
PEOPLE = [("Ann", "human"), ("Ben", "human"), ("Cleo", "human"), ("Dirk", "human")]
PACKAGES = ("play", "campaign", "legacy_deck", "machikoro")
LEAVES = {
    "play.board",
    "play.charts",
    "play.converters",
    "play.describe",
    "play.engine",
    "play.limits",
    "play.narration",
    "play.player_colours",
    "play.recent",
    "machikoro.word_lists",
}


def module_of(filename: str, cache: dict) -> str | None:
    """The project module a frame's code belongs to (`play.views`), or None for any other."""
    found = cache.get(filename, "")
    if found != "":
        return found
    path = Path(filename)
    module = None
    if path.is_absolute() and ROOT in path.parents and path.parts[len(ROOT.parts)] in PACKAGES:
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if module.startswith("play.engine"):
            module = "play.engine"
    cache[filename] = module
    return module


class Trace:
    """Each call and return of a project frame while one request runs, by module."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str]] = []
        self.names: list[str] = []  # each event's function
        self.cache: dict = {}

    def __call__(self, frame, event, _arg) -> None:
        if event in ("call", "return"):
            module = module_of(frame.f_code.co_filename, self.cache)
            if module is not None:
                self.events.append((event, module))
                self.names.append(frame.f_code.co_name)

    def stops(self, transparent=frozenset(), lookups_unseen: bool = False) -> list[str]:
        """The module the request is in, each time it changes; `transparent` modules not seen,
        nor (`lookups_unseen`) a look-up (`_calls`)."""
        return [module for module, _function in self.path(transparent, lookups_unseen)]

    def path(self, transparent=frozenset(), lookups_unseen: bool = False) -> list[tuple]:
        """`stops`, each with the function the request entered it by (None: a return)."""
        stack: list[str] = []
        stops: list[tuple[str, str | None]] = []
        for (event, module, seen), name in self._calls(transparent):
            if not seen and lookups_unseen:
                continue
            if event == "call":
                stack.append(module)
            elif stack:
                stack.pop()
            here = stack[-1] if stack else None
            if here is not None and (not stops or stops[-1][0] != here):
                stops.append((here, name if event == "call" else None))
        return stops

    def _calls(self, transparent) -> list[tuple[list, str]]:
        """The events of the modules not transparent, each [event, module, seen]: a call into
        another module that calls none but its own (and the leaves) is a look-up, unseen with
        all it called; a call that hands work on to a third module, or back to its caller's, is
        seen."""
        calls = [
            [event, module, True] for event, module in self.events if module not in transparent
        ]
        names = [
            name
            for (_event, module), name in zip(self.events, self.names, strict=True)
            if module not in transparent
        ]
        opened: list[tuple[int, str, str | None, set]] = []  # index, module, caller's, reached
        for index, (event, module, _seen) in enumerate(calls):
            if event == "call":
                caller = opened[-1][1] if opened else None
                for frame in opened:
                    frame[3].add(module)
                opened.append((index, module, caller, set()))
            elif opened:
                start, own, caller, reached = opened.pop()
                if caller is not None and own != caller and not (reached - {own}):
                    for inside in range(start, index + 1):  # the look-up, and all it called
                        calls[inside][2] = False
        return list(zip(calls, names, strict=True))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--show", type=int, default=1, help="moves whose path is printed whole")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    os.environ["DEBUG"] = "0"
    if "DATABASE_URL" not in os.environ:
        folder = tempfile.mkdtemp(prefix="move-path-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("SECRET_KEY", "move-path-bench-" + "x" * 40)
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from web_load import ACTION

    from play.models import Game

    call_command("migrate", verbosity=0)
    rng = random.Random(args.seed)
    game = Game.start("classic", PEOPLE, seed=args.seed)
    phones = {seat: Client(HTTP_HX_REQUEST="true") for seat in range(4)}
    traces = []
    for _number in range(args.moves):
        game.refresh_from_db()
        if game.finished:
            break
        seat = game.load().active
        key = game.key_for(seat)
        phone = phones[seat]
        board = phone.get(f"/g/{game.code}/{key}/poll/?v=-1").content.decode()
        actions = [html.unescape(value) for value, _kind, _cost in ACTION.findall(board)]
        if not actions:
            break
        trace = Trace()
        sys.setprofile(trace)
        try:
            answer = phone.post(
                f"/g/{game.code}/{key}/move/",
                {"version": game.version, "action": rng.choice(actions)},
            )
        finally:
            sys.setprofile(None)
        assert answer.status_code == 200, answer.status_code
        traces.append(trace)
    views = (
        ("every project module", frozenset(), False),
        ("leaves unseen", LEAVES, False),
        ("leaves and look-ups unseen: the hand-offs", LEAVES, True),
    )
    for title, transparent, lookups_unseen in views:
        print(f"\n=== {title} ===")
        totals: Counter[str] = Counter()
        stops_total = 0
        for number, trace in enumerate(traces):
            stops = trace.stops(transparent, lookups_unseen)
            visits = Counter(stops)
            totals.update(visits)
            stops_total += len(stops)
            each = ", ".join(f"{module} {count}" for module, count in visits.most_common())
            print(f"move {number + 1}: {len(stops)} stops ({each})")
            if number < args.show:
                path = trace.path(transparent, lookups_unseen)
                print("   " + " -> ".join(f"{m}.{f}" if f else m for m, f in path))
        moves = len(traces)
        print(f"per move, mean of {moves}: {stops_total / moves:.1f} stops")
        for module, count in totals.most_common():
            print(f"  {module}: {count / moves:.1f} visits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
