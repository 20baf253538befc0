"""Bots play many games against each other; prints who wins and how long games last.

    python manage.py simulate --edition classic --players 4 --games 1000 \
        --bots greedy,random,random,random --seed 1

`campaign`'s `simulate_chapter` plays a chapter of our Legacy campaign the same way and
prints the same report (it subclasses this command; `play` knows nothing of the deck).
"""

from __future__ import annotations

import random
import statistics
import time

from django.core.management.base import BaseCommand, CommandError, CommandParser

from play.engine import IllegalAction, new_game
from play.engine.bots import BOTS
from play.engine.catalog import EDITIONS
from play.engine.setup import edition_setup
from play.engine.simulation import play_out


class Command(BaseCommand):
    help = "Let bots play games against each other and print win rates and game lengths."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--edition", default="classic", help="classic or kosmos")
        parser.add_argument(
            "--variants", default="", help="comma-separated: random_market, two_copies_max"
        )
        self.add_play_arguments(parser)

    def add_play_arguments(self, parser: CommandParser) -> None:
        """Who plays, how often and with which seed: every kind of simulation takes these."""
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument(
            "--bots", default=None, help="one bot per seat, comma-separated (default: all greedy)"
        )
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--rotate",
            action="store_true",
            help="move the bots one seat on after each game, so no bot always starts",
        )

    def handle(self, *args, **options) -> None:
        edition = options["edition"]
        if edition not in EDITIONS:
            raise CommandError(f"--edition must be one of {', '.join(EDITIONS)}, not {edition!r}.")
        players = options["players"]
        fewest, most = EDITIONS[edition].min_players, EDITIONS[edition].max_players
        if not fewest <= players <= most:
            raise CommandError(f"--players must be from {fewest} to {most}, not {players}.")
        games = options["games"]
        if games < 1:
            raise CommandError("--games must be at least 1.")
        bots = self.bots(options, players)
        variants = [v for v in options["variants"].split(",") if v]
        names = [f"{bot} {seat + 1}" for seat, bot in enumerate(bots)]
        try:
            new_game(edition, players=names, seed=0, variants=variants)
        except IllegalAction as error:
            raise CommandError(str(error)) from error

        def setup_of(seed: int) -> dict:
            return edition_setup(edition, names, seed, variants)

        title = f"{edition}" + (f", variants {', '.join(variants)}" if variants else "")
        self.run(title, setup_of, bots, games, options["seed"], options["rotate"])

    def bots(self, options, players: int) -> list[str]:
        bots = (options["bots"] or ",".join(["greedy"] * players)).split(",")
        if len(bots) != players:
            raise CommandError(f"--bots names {len(bots)} bots for {players} players.")
        unknown = sorted(set(bots) - set(BOTS))
        if unknown:
            raise CommandError(
                f"Unknown bot {', '.join(unknown)}; choose from {', '.join(sorted(BOTS))}."
            )
        return bots

    def run(self, title, setup_of, bots, games, seed, rotate) -> None:
        """Play `games` games of the setups `setup_of(seed)` gives and print the report."""
        players = len(bots)
        rng = random.Random(seed)
        seat_wins = [0] * players
        bot_wins = dict.fromkeys(bots, 0)
        bot_seats = dict.fromkeys(bots, 0)
        turns, rounds, unfinished = [], [], 0
        progress = self.stdout.isatty()
        started = time.perf_counter()
        for number in range(games):
            shift = number % players if rotate else 0
            seating = bots[shift:] + bots[:shift]
            state = new_game(setup_of(seed * 1_000_003 + number))
            result = play_out(state, seating, rng)
            for bot in seating:
                bot_seats[bot] += 1
            if result.winner is None:
                unfinished += 1
            else:
                seat_wins[result.winner] += 1
                bot_wins[seating[result.winner]] += 1
            turns.append(result.turns)
            rounds.append(result.rounds)
            if progress and (number % 10 == 9 or number == games - 1):
                done = (number + 1) / games
                bar = "#" * int(done * 30)
                self.stdout.write(f"\r[{bar:<30}] {number + 1}/{games}", ending="")
                self.stdout.flush()
        elapsed = time.perf_counter() - started
        if progress:
            self.stdout.write("")

        self.stdout.write(
            f"{games} games of {title}, {players} players, seed {seed}"
            + (", seats rotated" if rotate else "")
        )
        self.stdout.write("Win rate by seat:")
        for seat in range(players):
            label = f"seat {seat + 1}" + ("" if rotate else f" ({bots[seat]})")
            self.stdout.write(f"  {label:<20} {seat_wins[seat] / games:7.1%}")
        self.stdout.write("Win rate by bot (wins per seat it played):")
        for bot in bot_wins:
            self.stdout.write(f"  {bot:<20} {bot_wins[bot] / bot_seats[bot]:7.1%}")
        self.stdout.write(
            f"Turns: mean {statistics.fmean(turns):.1f}, median {statistics.median(turns):.0f}; "
            f"rounds: mean {statistics.fmean(rounds):.1f}, median {statistics.median(rounds):.0f}"
        )
        if unfinished:
            self.stdout.write(f"Unfinished (stopped without a winner): {unfinished}")
        self.stdout.write(f"Speed: {games / elapsed:.0f} games per second ({elapsed:.1f} s)")
