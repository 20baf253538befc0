"""Whole bot campaigns under the campaign's own rules: the balance of the campaign as a whole.

    .venv/bin/python bench/campaign_balance.py [--campaigns 200] [--players 2 3 4] [--seed 1]
    .venv/bin/python bench/campaign_balance.py --deck legacy_deck/content/PATH [...]
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
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from campaign.bot_choices import bot_side  # noqa: E402
from campaign.places import ledger_now  # noqa: E402
from campaign.progress import (  # noqa: E402
    circles_ticked,
    instructions_of,
    presented_piles,
    sides_of_game_end,
)
from legacy_deck.format import Stop  # noqa: E402
from legacy_deck.loader import load_deck  # noqa: E402
from legacy_deck.reader import DeckState, advance, choose  # noqa: E402
from legacy_deck.setup import chapter_setup, default_picks  # noqa: E402
from play.engine import legal_moves, new_game, play  # noqa: E402
from play.engine.bots import greedy_move  # noqa: E402

MAX_TURNS = 2000


def play_campaign(deck, players: int, seed: int) -> list[dict]:
    """One campaign of greedy bots: per chapter its winner, start seat and length in rounds."""
    rng = random.Random(seed)
    colours = list(deck.shape.colours[:players])
    names = [f"Bot {seat + 1}" for seat in range(players)]
    circles = [deck.shape.start_circles] * players
    reader = advance(deck, DeckState.start(deck), "before_campaign").state
    last_winner = 0
    results = []
    for chapter in range(1, deck.shape.games + 1):
        reader = advance(deck, reader, Stop("before_game", chapter)).state
        ledger = ledger_now(deck, reader)
        picks = [
            default_picks(ledger.marketplace.get(colour, []), circles[seat], deck)
            for seat, colour in enumerate(colours)
        ]
        carry = {
            "last_winner": last_winner,
            "choices": dict(reader.choices),
            "circles": list(circles),
            "picks": picks,
        }
        setup = chapter_setup(
            deck, chapter, names, carry, seed=rng.randrange(2**31), reader=reader, colours=colours
        )
        state = new_game(setup)
        start = state.active
        while state.winner is None and state.turn <= MAX_TURNS:
            play(state, greedy_move(state, legal_moves(state), rng))
        winner = state.winner
        flags = {seat for seat, player in enumerate(state.players) if player.flag}
        results.append(
            {"chapter": chapter, "winner": winner, "start": start, "rounds": state.round}
        )
        # an event STOP that was not turned during the game is turned with its end
        reader = advance(deck, reader, Stop("after_game", chapter)).state
        sides = sides_of_game_end(deck, reader, chapter)
        ticks = circles_ticked(instructions_of(sides, "tick_circles"), players, winner, flags)
        circles = [have + more for have, more in zip(circles, ticks, strict=True)]
        for cid in presented_piles(sides):
            reader = choose(deck, reader, cid, bot_side(deck.components[cid].sides))
        last_winner = winner
    return results


def measure(deck, players: int, campaigns: int, seed: int) -> dict:
    chapters = {c: [] for c in range(1, deck.shape.games + 1)}
    wins = [0] * players
    repeat, repeat_chances = 0, 0
    for number in range(campaigns):
        results = play_campaign(deck, players, seed * 1_000_003 + number)
        for result in results:
            chapters[result["chapter"]].append(result["rounds"])
            if result["winner"] is not None:
                wins[result["winner"]] += 1
        for before, after in zip(results, results[1:], strict=False):
            repeat_chances += 1
            repeat += before["winner"] == after["winner"]
    total = sum(wins)
    return {
        "players": players,
        "median_rounds": {c: statistics.median(r) for c, r in chapters.items()},
        "seat_share": [100 * w / total for w in wins],
        "repeat": 100 * repeat / repeat_chances,
    }


def misses(row: dict) -> list[str]:
    fair = 100 / row["players"]
    found = []
    for chapter, rounds in row["median_rounds"].items():
        if not 10 <= rounds <= 25:
            found.append(f"chapter {chapter}: median {rounds} rounds")
    for seat, share in enumerate(row["seat_share"]):
        if share > fair + 10 or share < fair - 10:
            found.append(f"seat {seat + 1} wins {share:.0f}% (fair {fair:.0f}%)")
    if row["repeat"] > fair + 15:
        found.append(f"the winner wins the next chapter {row['repeat']:.0f}% (fair {fair:.0f}%)")
    return found


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
        "--deck", metavar="PATH", type=Path, help="the deck's folder (default: the shipped one)"
    )
    args = parser.parse_args()
    if args.against:
        return compare(args)
    deck = load_deck(args.deck)
    named = f"{deck.id}: " if args.deck else ""  # the shipped deck's header as before
    print(f"{named}{args.campaigns} campaigns of greedy bots per player count, seed {args.seed}\n")
    chapters = f"1–{deck.shape.games}" if deck.shape.games > 1 else "1"
    columns = ("mayors", f"median rounds, chapters {chapters}", "wins by seat %")
    print("| " + " | ".join((*columns, "winner wins next %", "goals")) + " |")
    print("| --- | --- | --- | --- | --- |")
    failed = False
    for players in args.players:
        started = time.perf_counter()
        row = measure(deck, players, args.campaigns, args.seed)
        seconds = time.perf_counter() - started
        rounds = ", ".join(f"{r:g}" for r in row["median_rounds"].values())
        shares = ", ".join(f"{s:.0f}" for s in row["seat_share"])
        found = misses(row)
        failed |= bool(found)
        verdict = "met" if not found else "MISSED: " + "; ".join(found)
        print(f"| {players} | {rounds} | {shares} | {row['repeat']:.0f} | {verdict} |")
        games = args.campaigns * deck.shape.games
        print(f"  ({seconds:.0f} s, {games / seconds:.1f} games/s)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
