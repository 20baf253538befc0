"""What one move costs the server, with what its table's open pages are sent: run by hand.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/machikoro_bench .venv/bin/python \
        bench/push_cost.py [--games 10] [--moves 400] [--watchers 1] [--profile 25]

In this one process, with no network and no load generator beside it: games of four human
seats; each move is posted through Django (its middleware, the view, the engine, the database)
by the seat whose turn it is, then every page of its table is given what its stream would send
now (`play.pushed.update`, its connection given back afterwards, as a stream does): the four
seats' phones (the mover's own gets the board its POST was answered with) and `--watchers`
shared screens. It reports the CPU time (this process's, `time.process_time`) per move: the
POST, the pushes, both; and with `--profile N`, cProfile's N most costly functions over all of
it, by their own time and by their cumulative time. With `--where`, where the POST's CPU goes,
without a profiler's slowing: timers around its stages (each stage's time includes the stages
listed under it), counted only while a move is timed.

DEBUG is off, as in production. On PostgreSQL the database's own CPU is not counted (another
process); with SQLite (a new file in a temporary folder when DATABASE_URL is not set) it is,
inside this one.
"""

from __future__ import annotations

import argparse
import cProfile
import html
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from stage_timers import StageTimers  # noqa: E402

PEOPLE = [("Ann", "human"), ("Ben", "human"), ("Cleo", "human"), ("Dirk", "human")]


class Seat:
    """One phone: its cookie, its client, and the request its stream was opened with."""

    def __init__(self, game, who, csrf_token: str):
        from django.middleware.csrf import CsrfViewMiddleware
        from django.test import Client, RequestFactory

        self.who = who
        self.key = game.key_for(who)
        self.client = Client(HTTP_HX_REQUEST="true")
        self.client.cookies["csrftoken"] = csrf_token
        path = f"/g/{game.code}/{self.key or 'watch'}/events/"
        self.stream_request = RequestFactory().get(path, HTTP_COOKIE=f"csrftoken={csrf_token}")
        CsrfViewMiddleware(lambda request: None).process_request(self.stream_request)
        self.link = (game.code, self.key)
        self.seen = str(game.version)


def push(game, seat: Seat) -> None:
    from django.db import connections

    from play import pushed

    try:
        update = pushed.update(seat.stream_request, game.pk, seat.who, "en", seat.seen, seat.link)
    finally:
        connections["default"].close()  # what a stream does after each look
    if update is not None and update.id is not None:
        seat.seen = update.id


# Where a move's CPU goes (--where): (label, module, its attribute holding it or None, name); a
# stage's time includes those indented under it. Each is wrapped where its caller looks it up.
STAGES = (
    ("the move in its transaction (Game.apply_action)", "play.models", "Game", "apply_action"),
    ("  the engine's step", "play.models", None, "apply_action"),
    ("  the move's writes: log, row, announcement", "play.models", "statements", "send_together"),
    ("  every seat's board (board_maker.share)", "play.board_maker", None, "share"),
    ("    the version's shared context", "play.board_maker", None, "version_context"),
    ("    each board's own context", "play.board_maker", None, "context"),
    ("    templates: each board's top", "play.board_maker", "_part", "board_top"),
    ("    templates: table before market", "play.board_maker", "_part", "board_before_market"),
    ("    templates: the market", "play.board_maker", "_part", "board_market"),
    ("    templates: table after market", "play.board_maker", "_part", "board_after_market"),
    ("    the boards stored for the other processes", "play.models", "SharedBoard", "store"),
    ("the bots' turn (Game.step_bots)", "play.models", "Game", "step_bots"),
    ("the answer, looked up (board_maker.answer)", "play.board_maker", None, "answer"),
)


def install_stages(timers: StageTimers) -> None:
    """Each of STAGES timed where its caller looks it up (the board's parts by their name)."""
    import importlib

    parts = {}
    for label, module_name, holder_name, name in STAGES:
        module = importlib.import_module(module_name)
        if holder_name == "_part":
            parts[name] = label
            continue
        holder = getattr(module, holder_name) if holder_name else module
        setattr(holder, name, timers.wrap(getattr(holder, name), label))
    board_maker = importlib.import_module("play.board_maker")
    board_maker._part = timers.wrap(board_maker._part, lambda args: parts.get(args[0]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--watchers", type=int, default=1)
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--where", action="store_true", help="the POST's CPU by its stages")
    args = parser.parse_args()

    os.environ["DEBUG"] = "0"
    if "DATABASE_URL" not in os.environ:
        folder = tempfile.mkdtemp(prefix="push-cost-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("SECRET_KEY", "push-cost-bench-" + "x" * 40)
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.utils.crypto import get_random_string
    from web_load import ACTION

    from play.models import Game

    call_command("migrate", verbosity=0)
    stages = StageTimers(timing=False)  # counted only while a move is posted
    if args.where:
        install_stages(stages)
    rng = random.Random(args.seed)
    tables = []
    for number in range(args.games):
        game = Game.start("classic", PEOPLE, seed=args.seed + number)
        seats = [Seat(game, who, get_random_string(32)) for who in range(4)]
        seats += [Seat(game, None, get_random_string(32)) for _ in range(args.watchers)]
        tables.append((game, seats))

    post_cpu, push_cpu = [], []
    profile = cProfile.Profile(time.process_time) if args.profile else None
    moves = 0
    while moves < args.moves and tables:
        game, seats = rng.choice(tables)
        game.refresh_from_db()
        if game.finished:
            tables.remove((game, seats))
            continue
        mover = seats[game.load().active]
        board = mover.client.get(f"/g/{game.code}/{mover.key}/poll/?v=-1").content.decode()
        actions = [(html.unescape(value), kind) for value, kind, _cost in ACTION.findall(board)]
        if not actions:
            continue
        action = rng.choice(actions)[0]
        if profile:
            profile.enable()
        stages.timing = True
        started = time.process_time()
        answer = mover.client.post(
            f"/g/{game.code}/{mover.key}/move/", {"version": game.version, "action": action}
        )
        posted = time.process_time()
        stages.timing = False
        for seat in seats:
            push(game, seat)
        pushed = time.process_time()
        if profile:
            profile.disable()
        if answer.status_code != 200:
            print(f"a move was refused ({answer.status_code})", file=sys.stderr)
            continue
        post_cpu.append(posted - started)
        push_cpu.append(pushed - posted)
        moves += 1

    def ms(values) -> str:
        median, mean = statistics.median(values) * 1000, statistics.mean(values) * 1000
        return f"{median:.1f} ms (mean {mean:.1f})"

    total = [a + b for a, b in zip(post_cpu, push_cpu, strict=True)]
    pages = 4 + args.watchers
    print(f"{moves} moves in {args.games} games of four seats, {pages} pages pushed per move")
    print(f"  CPU per move, its POST:           {ms(post_cpu)}")
    print(f"  CPU per move, pushed to {pages} pages: {ms(push_cpu)}")
    print(f"  CPU per move, both:               {ms(total)}")
    print(f"  load average: {os.getloadavg()[0]:.2f}")
    if args.where:
        print(f"  where the POST's CPU goes, a move (mean of {moves}; the POST's own mean above):")
        for label, *_where in STAGES:
            spent = stages.seconds(label)
            print(f"    {spent * 1000 / max(moves, 1):5.2f} ms  {label}")
    if profile:
        for order in ("tottime", "cumulative"):
            print(f"\n--- by {order} ---")
            pstats.Stats(profile).sort_stats(order).print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
