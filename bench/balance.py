"""Balance of our Legacy campaign, chapter by chapter (run by hand, not a test).

    .venv/bin/python bench/balance.py [--games 500] [--chapters 1-10] [--players 2,3,4]
                                      [--processes 2] [--deck path/to/deck]

For every chapter and 2, 3 and 4 players: median game length in rounds and win rate by seat with
greedy bots in every seat, and greedy's win rate with random bots in the other seats (seats
rotating). Each game is set up as `manage.py simulate_chapter` sets it up: the campaign's own
chapter setup after a plausible run of the chapters before it, every seat with the same circles.
Prints a Markdown table for docs/balance.md and flags every cell that misses a goal:
median 10-25 rounds, no seat more than 10 points above its fair share, greedy beating random.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from legacy_deck.loader import load_deck  # noqa: E402
from legacy_deck.setup import chapter_setup, plausible_carry_over  # noqa: E402
from play.engine import new_game  # noqa: E402
from play.engine.simulation import play_out  # noqa: E402


def measure(cell: tuple[int, int, int, str | None]) -> dict:
    chapter, players, games, path = cell
    deck = load_deck(path)
    names = [f"Seat {seat + 1}" for seat in range(players)]
    carry_over = plausible_carry_over(deck, chapter, players, even=True)
    rng = random.Random(chapter * 10 + players)

    seat_wins = [0] * players
    rounds = []
    for number in range(games):
        setup = chapter_setup(deck, chapter, names, carry_over, seed=number)
        result = play_out(new_game(setup), ["greedy"] * players, rng)
        if result.winner is not None:
            seat_wins[result.winner] += 1
        rounds.append(result.rounds)

    greedy_wins = 0
    for number in range(games):
        bots = ["random"] * players
        greedy_seat = number % players
        bots[greedy_seat] = "greedy"
        setup = chapter_setup(deck, chapter, names, carry_over, seed=100_000 + number)
        greedy_wins += play_out(new_game(setup), bots, rng).winner == greedy_seat
    return {
        "chapter": chapter,
        "players": players,
        "median_rounds": statistics.median(rounds),
        "seat_rates": [wins / games for wins in seat_wins],
        "greedy_rate": greedy_wins / games,
        "first_seat": setup["first_player"] if chapter > 1 else "roll",
    }


def misses(row: dict) -> list[str]:
    fair = 1 / row["players"]
    problems = []
    if not 10 <= row["median_rounds"] <= 25:
        problems.append("length")
    if max(row["seat_rates"]) > fair + 0.10:
        problems.append("seat")
    if row["greedy_rate"] <= fair:
        problems.append("greedy")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--chapters", default="1-10", help="e.g. 1-10 or 3,7")
    parser.add_argument("--players", default="2,3,4", help="e.g. 4 or 2,3")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--deck", default=None, help="a deck folder (default: ours)")
    options = parser.parse_args()
    if "-" in options.chapters:
        first, last = options.chapters.split("-")
        chapters = range(int(first), int(last) + 1)
    else:
        chapters = [int(c) for c in options.chapters.split(",")]
    players = [int(p) for p in options.players.split(",")]
    cells = [
        (chapter, count, options.games, options.deck) for chapter in chapters for count in players
    ]
    with Pool(options.processes) as pool:
        rows = pool.map(measure, cells)

    print(f"{options.games} games per cell and per measurement\n")
    print(
        "| chapter | players | median rounds | win % by seat (greedy everywhere) "
        "| starts | greedy wins vs random (fair share) | goals |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        rates = ", ".join(f"{rate:.0%}" for rate in row["seat_rates"])
        first = row["first_seat"]
        first = first if first == "roll" else f"seat {first + 1}"
        fair = 1 / row["players"]
        verdict = ", ".join(misses(row)) or "met"
        print(
            f"| {row['chapter']} | {row['players']} | {row['median_rounds']:.0f} | {rates} "
            f"| {first} | {row['greedy_rate']:.0%} ({fair:.0%}) | {verdict} |"
        )


if __name__ == "__main__":
    main()
