"""How strong the bots are, and how long the expert thinks (run by hand, not a test).

    .venv/bin/python bench/bots.py [--games 1000] [--table-games 200] [--processes 2]
                                   [--skip-table] [--players 2] [--first 0]

Classic games, seats rotating so that no bot always starts. First the expert's goals:
  - two players, expert against greedy: the expert wins at least 72 % of games;
  - four players, expert against three greedy bots: the expert wins more than its fair 25 %;
  - at most 300 ms per decision on one core: the CPU time of each of the expert's decisions
    (process time, so other work on the machine does not count), median and maximum.
Then the table for docs/bots.md: each bot against each (random, greedy, expert), two players one
against one, four players one against three of the other.
Each game's seed is its number, and each game's bots draw from a generator seeded by it, so a
run gives the same figures every time.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play.engine import legal_moves, new_game, play  # noqa: E402
from play.engine.bots import MOVE_BOTS  # noqa: E402
from play.engine.simulation import MAX_TURNS  # noqa: E402

TIMED = "expert"
TABLE_BOTS = ("random", "greedy", "expert")
# Player count -> who plays, and the expert's goal (issue 17).
GOALS = {2: ("expert against greedy", "at least 72 %"), 4: ("expert against 3 greedy", "> 25 %")}


def play_one(job: tuple[str, str, int, int]) -> tuple[bool, list[float], list[float]]:
    """One game of `bot` against players - 1 copies of `other`, `bot` in seat number % players.
    Returns whether `bot` won and the CPU seconds of the timed bot's build-step decisions and of
    all its other decisions."""
    bot, other, players, number = job
    seats = [other] * players
    seat = number % players
    seats[seat] = bot
    state = new_game("classic", players=[f"Seat {i + 1}" for i in range(players)], seed=number)
    rng = random.Random(number)
    build_times, other_times = [], []
    while state.winner is None and state.turn <= MAX_TURNS:
        kind = seats[state.active]
        moves = legal_moves(state)
        started = time.process_time()
        move = MOVE_BOTS[kind](state, moves, rng)
        elapsed = time.process_time() - started
        if kind == TIMED:
            (build_times if state.phase == "build" else other_times).append(elapsed)
        play(state, move)
    return state.winner == seat, build_times, other_times


def measure(
    pool, bot: str, other: str, players: int, games: int, first: int = 0, every: int = 100
) -> dict:
    jobs = [(bot, other, players, number) for number in range(first, first + games)]
    results = []
    for result in pool.imap(play_one, jobs, chunksize=4):
        results.append(result)
        if len(results) % every == 0:
            # The tally so far, with its decision times: a run stopped early still tells them.
            won = sum(won for won, _b, _o in results)
            builds = [t for _w, times, _o in results for t in times]
            print(
                f"  {bot} against {other}, {players} players, games {first}-"
                f"{first + len(results) - 1}: {won}/{len(results)}; {len(builds)} build steps, "
                f"{timing(builds)}",
                file=sys.stderr,
            )
    wins = sum(won for won, _b, _o in results)
    return {
        "wins": wins,
        "games": games,
        "first": first,
        "build_times": [t for _w, builds, _o in results for t in builds],
        "other_times": [t for _w, _b, others in results for t in others],
    }


def rate(row: dict) -> str:
    """Win rate with its 95 % margin (normal approximation)."""
    share = row["wins"] / row["games"]
    margin = 1.96 * math.sqrt(share * (1 - share) / row["games"])
    return f"{share:.1%} ± {margin:.1%} ({row['wins']}/{row['games']})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per goal")
    parser.add_argument("--table-games", type=int, default=200, help="games per table cell")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--first", type=int, default=0, help="the goals' first game (its number is its seed)"
    )
    parser.add_argument(
        "--tally-every", type=int, default=100, help="games between running tallies (stderr)"
    )
    parser.add_argument("--skip-table", action="store_true")
    parser.add_argument("--only-table", action="store_true", help="the table, no goals")
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 4),
        action="append",
        help="the goals of this player count only (each count a run of its own, side by side)",
    )
    options = parser.parse_args()

    with Pool(options.processes) as pool:
        if options.only_table:
            print_table(pool, options.table_games, {})
            return
        counts = options.players or [2, 4]
        rows = {
            count: measure(
                pool, "expert", "greedy", count, options.games, options.first, options.tally_every
            )
            for count in counts
        }
        last = options.first + options.games - 1
        print(f"Goals, classic, seats rotating, games {options.first}-{last} of each\n")
        for players, row in rows.items():
            against, goal = GOALS[players]
            print(f"- {players} players, {against}: expert wins {rate(row)} (goal: {goal})")
        for players, row in rows.items():
            builds, others = row["build_times"], row["other_times"]
            print(
                f"- {players} players, the expert's {len(builds)} build-step decisions: "
                f"{timing(builds)} (goal: at most 300 ms); its {len(others)} other "
                f"decisions: median {ms(statistics.median(others))}, max {ms(max(others))}"
            )
        if not options.skip_table:
            known = {("expert", "greedy", players): row for players, row in rows.items()}
            print_table(pool, options.table_games, known)


def print_table(pool, games: int, known: dict) -> None:
    """Each bot against each; two players: one against one (B against A is 1 - A against B),
    four players: one against three."""
    print(f"\nEach bot against each, classic, seats rotating, {games} games per cell\n")
    for players in (2, 4):
        against = "one" if players == 2 else "three"
        header = " | ".join(f"against {against} {other}" for other in TABLE_BOTS)
        print(f"| {players} players: wins of | {header} |")
        print("| --- |" + " --- |" * len(TABLE_BOTS))
        rates = {}
        for bot in TABLE_BOTS:
            for other in TABLE_BOTS:
                if other == bot:
                    continue
                if players == 2 and (other, bot) in rates:
                    wins, played = rates[(other, bot)]
                    rates[(bot, other)] = (played - wins, played)
                    continue
                row = known.get((bot, other, players)) or measure(pool, bot, other, players, games)
                rates[(bot, other)] = (row["wins"], row["games"])
        for bot in TABLE_BOTS:
            cells = []
            for other in TABLE_BOTS:
                if other == bot:
                    cells.append(f"({1 / players:.0%} by symmetry)")
                else:
                    wins, played = rates[(bot, other)]
                    cells.append(f"{wins / played:.0%} ({played})")
            print(f"| {bot} | " + " | ".join(cells) + " |")
        print()


def timing(times: list[float]) -> str:
    p99 = statistics.quantiles(times, n=100, method="inclusive")[-1]
    return f"median {ms(statistics.median(times))}, 99th percentile {ms(p99)}, max {ms(max(times))}"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


if __name__ == "__main__":
    main()
