"""Bots play a chapter of our Legacy campaign many times; prints the report `simulate` prints.

    python manage.py simulate_chapter --chapter 3 --players 4 --games 500 \
        --bots greedy,greedy,greedy,greedy

Each game is that chapter set up as the campaign would set it up after a plausible run of the
chapters before it (legacy_deck.setup.plausible_carry_over), every seat with the same circles
unless --uneven. --deck PATH plays a chapter of the deck in that folder instead of ours.
"""

from __future__ import annotations

from django.core.management.base import CommandError, CommandParser

from legacy_deck.format import DeckError
from legacy_deck.loader import load_deck
from legacy_deck.setup import chapter_setup, plausible_carry_over
from play.management.commands.simulate import Command as SimulateCommand


class Command(SimulateCommand):
    help = "Let bots play a chapter of the Legacy campaign and print win rates and game lengths."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--chapter", type=int, required=True, help="a chapter of the campaign")
        parser.add_argument(
            "--uneven",
            action="store_true",
            help="each seat keeps the circles its plausible wins gave it, "
            "instead of the same number for every seat",
        )
        parser.add_argument(
            "--deck", metavar="PATH", help="the deck's folder (default: the one shipped first)"
        )
        self.add_play_arguments(parser)

    def handle(self, *args, **options) -> None:
        try:
            deck = load_deck(options["deck"])
        except DeckError as error:
            raise CommandError(f"The deck cannot be played:\n{error}") from error
        chapter, players, games = options["chapter"], options["players"], options["games"]
        if not 1 <= chapter <= deck.shape.games:
            raise CommandError(f"--chapter must be from 1 to {deck.shape.games}, not {chapter}.")
        if not 2 <= players <= len(deck.shape.colours):
            raise CommandError(f"--players must be from 2 to {len(deck.shape.colours)}.")
        if games < 1:
            raise CommandError("--games must be at least 1.")
        bots = self.bots(options, players)
        names = [f"{bot} {seat + 1}" for seat, bot in enumerate(bots)]
        carry_over = plausible_carry_over(deck, chapter, players, even=not options["uneven"])

        def setup_of(seed: int) -> dict:
            return chapter_setup(deck, chapter, names, carry_over, seed=seed)

        title = f"chapter {chapter}" + ("" if options["uneven"] else " (even circles)")
        self.run(title, setup_of, bots, games, options["seed"], options["rotate"])
