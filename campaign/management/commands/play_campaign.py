"""Play a whole campaign with bots, through the same steps the screens take (campaign/flow).

    python manage.py play_campaign --players 3 --bots greedy,greedy,random --seed 1 --free-play 2

One line per chapter as it is played, then the Golden Book and the overall result. Exits
non-zero on any failure. Bots move at once (no pacing); bot winners choose sides and pick
marketplace cards as campaign/bot_choices.py says.
"""

from __future__ import annotations

import random
import time

from django.core.management.base import BaseCommand, CommandError
from django.test.utils import override_settings

from campaign import decks, flow
from campaign.bot_choices import bot_pile_side
from campaign.models import Campaign, ChapterGame, Phase
from play.engine.bots import BOTS


class Command(BaseCommand):
    help = "Play a whole Legacy campaign (its chapters, then free play) with bots."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=3, help="mayors, 2 to 4")
        parser.add_argument(
            "--bots", default="", help="one bot per mayor, comma-separated (default: greedy)"
        )
        parser.add_argument(
            "--seed", type=int, default=1, help="the same seed plays the same campaign"
        )
        parser.add_argument("--free-play", type=int, default=0, help="free-play games after")
        parser.add_argument("--name", default="", help="the campaign's name")
        parser.add_argument(
            "--deck",
            default="",
            help="the id of a deck shipped or added here (default: Seven Winds Bay)",
        )

    def handle(self, *args, **options):
        players = options["players"]
        bots = [b for b in options["bots"].split(",") if b] or ["greedy"] * players
        if len(bots) != players:
            raise CommandError(f"--bots names {len(bots)} bots for {players} mayors.")
        for bot in bots:
            if bot not in BOTS:
                raise CommandError(f"There is no bot {bot!r} (choose from {', '.join(BOTS)}).")
        deck = decks.deck_named(options["deck"]) if options["deck"] else decks.our_deck()
        if deck is None:
            raise CommandError(f"This installation has no deck {options['deck']!r}.")
        if not 2 <= players <= len(deck.shape.colours):
            raise CommandError(f"--players must be 2 to {len(deck.shape.colours)}.")
        rng = random.Random(options["seed"])
        colours = rng.sample(list(deck.shape.colours), players)
        mayors = [
            flow.NewMayor(f"Bot {seat + 1}", f"{bot.title()} Town {seat + 1}", colour, bot)
            for seat, (bot, colour) in enumerate(zip(bots, colours, strict=True))
        ]
        started = time.perf_counter()
        try:
            with override_settings(PLAY_BOT_DELAY=0, PLAY_BOT_DELAY_AFTER_HUMAN=0):
                campaign = flow.create_campaign(
                    options["name"] or f"Bot campaign {options['seed']}",
                    mayors,
                    deck=deck,
                    seed=options["seed"],
                    by="bots",
                )
                for _chapter in range(deck.shape.games):
                    self._chapter(campaign)
                for _game in range(options["free_play"]):
                    flow.start_free_play(
                        campaign, yokai_rule=next(iter(deck.shape.free_play_rules), ""), by="bots"
                    )
                    self._play(campaign)
        except flow.FlowError as error:
            raise CommandError(f"The campaign stopped: {error.message}") from error
        self._report(campaign, time.perf_counter() - started)

    def _chapter(self, campaign: Campaign) -> None:
        flow.read_on(campaign, by="bots")
        chapter_game = self._play(campaign)
        piles = flow.new_pile(campaign)
        side = bot_pile_side(piles)
        flow.finish_after_game(campaign, side=side, by="bots")
        winner = chapter_game.winner
        self.stdout.write(
            f"chapter {chapter_game.chapter:2}: {winner.name} ({winner.colour}) won in "
            f"{self._rounds(chapter_game)} rounds; circles "
            + ", ".join(str(m.circles) for m in campaign.mayors.order_by("seat"))
            + (f"; side {side} of {piles[0]['id']}" if piles else "")
        )

    def _play(self, campaign: Campaign) -> ChapterGame:
        if campaign.phase != Phase.PLAYING:
            raise CommandError(f"Expected the game to start; the campaign is {campaign.phase}.")
        chapter_game = campaign.games.get(chapter=campaign.chapter)
        game = chapter_game.game
        while not game.finished:
            if game.step_bots(limit=10_000) == 0:
                raise CommandError(f"The bots of chapter {campaign.chapter} stopped moving.")
        campaign.refresh_from_db()
        chapter_game.refresh_from_db()
        if campaign.in_free_play:
            winner = chapter_game.winner
            number = chapter_game.chapter - campaign.games_total
            self.stdout.write(f"free play {number}: {winner.name} won")
        return chapter_game

    @staticmethod
    def _rounds(chapter_game: ChapterGame) -> int:
        return chapter_game.game.load().round

    def _report(self, campaign: Campaign, seconds: float) -> None:
        self.stdout.write("")
        self.stdout.write(f"The Golden Book of {campaign.name}")
        for entry in campaign.golden_book.all():
            self.stdout.write(
                f"  game {entry.chapter:2}  {entry.date:%Y-%m-%d}  {entry.name}, {entry.city_name}"
            )
        standings = flow.golden_book_standings(campaign)
        self.stdout.write("")
        for row in standings["table"]:
            self.stdout.write(f"  {row['mayor'].name}: {row['wins']} wins")
        names = " and ".join(row["mayor"].name for row in standings["champions"])
        title = "share the title" if standings["shared"] else "wins the campaign"
        self.stdout.write(f"Overall: {names} {title}.")
        self.stdout.write(f"({seconds:.1f} s)")
