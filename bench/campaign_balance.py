"""Whole bot campaigns under the campaign's own rules: the balance of the campaign as a whole.

    .venv/bin/python bench/campaign_balance.py [--campaigns 200] [--players 2 3 4] [--seed 1]
    .venv/bin/python bench/campaign_balance.py --deck <id or folder> ...
    .venv/bin/python bench/campaign_balance.py --against COMMIT [--campaigns 200] ...

Each campaign is played as campaign/flow plays it, without the database: the deck read STOP
by STOP, the chapter set up by legacy_deck.chapter_setup from the mayors' colours, circles and
picks, the game played out by greedy bots, the winner starting the next game, circles ticked as
the deck says for that winner and the flags planted, the winner's side chosen as a bot would
(campaign/bot_choices.py), picks as a bot would (legacy_deck.setup.default_picks). `--deck PATH`
measures the deck in that folder (its three TOML files) instead of the one the installation ships.

`--against COMMIT` measures speed instead (issue 17: three times as fast as at e533663, main
before the fast contract): for each player count it runs this script at COMMIT (checked out into
a temporary git worktree) and here, one after the other, each in a process of its own, and prints
the CPU time of each (the children's user + system time) and their ratio, and whether the two
tables are the same (they are, from the same games, while greedy chooses as before and the rules
are the same).

Goals (issue 7): each chapter's median length 10–25 rounds; no seat wins more than its fair
share + 10 points of all chapters, nor less than fair share − 10; the winner of a chapter wins
the next one at most fair share + 15 points (no runaway leader). Cells that miss are flagged.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")

import django  # noqa: E402

django.setup()

from campaign.balance import measure, table_head, table_row  # noqa: E402
from legacy_deck.loader import load_deck  # noqa: E402
from legacy_deck.management.deck_option import deck_folder  # noqa: E402


def run_timed(script: Path, args: list[str]) -> tuple[float, str]:
    """The CPU time (user + system) of this script run as a child on its own, and its table."""
    before = os.times()
    done = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, check=False
    )
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return cpu, done.stdout


@contextlib.contextmanager
def checked_out(commit: str):
    """The repository at `commit`, in a temporary git worktree removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="campaign-baseline-") as scratch:
        baseline = Path(scratch) / "baseline"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(baseline), commit],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            yield baseline
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(baseline)], cwd=ROOT, check=False
            )


def compare(args) -> int:
    print(f"{args.campaigns} campaigns per player count, seed {args.seed}: {args.against} / here")
    with checked_out(args.against) as baseline:
        totals = [0.0, 0.0]
        for players in args.players:
            options = [
                f"--campaigns={args.campaigns}",
                f"--players={players}",
                f"--seed={args.seed}",
                *([f"--deck={args.deck.resolve()}"] if args.deck else []),
            ]
            old, old_table = run_timed(baseline / "bench" / "campaign_balance.py", options)
            new, new_table = run_timed(Path(__file__).resolve(), options)
            totals[0] += old
            totals[1] += new
            same = "the same table" if old_table == new_table else "tables differ"
            print(f"{players} players: {old:6.1f} s / {new:6.1f} s CPU, x{old / new:.2f} ({same})")
        print(f"all: {totals[0]:6.1f} s / {totals[1]:6.1f} s CPU, x{totals[0] / totals[1]:.2f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--campaigns", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="COMMIT", help="time this against COMMIT")
    parser.add_argument(
        "--deck", default="", help="a shipped deck's id or a deck's folder (Seven Winds Bay)"
    )
    args = parser.parse_args()
    if args.against:
        return compare(args)
    deck = load_deck(deck_folder(args.deck))
    print(f"{args.campaigns} campaigns of greedy bots per player count, seed {args.seed}\n")
    print("\n".join(table_head(deck)))
    failed = False
    for players in args.players:
        started = time.perf_counter()
        row = measure(deck, players, args.campaigns, args.seed)
        seconds = time.perf_counter() - started
        line, found = table_row(row)
        failed |= bool(found)
        print(line)
        games = args.campaigns * deck.shape.games
        print(f"  ({seconds:.0f} s, {games / seconds:.1f} games/s)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
