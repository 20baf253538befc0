"""python manage.py check_deck [DECK]: every problem of a deck, with file, card number and field.

    python manage.py check_deck path/to/my_deck
    python manage.py check_deck lighthouse_keepers --simulate 50      # and its balance table
    python manage.py check_deck seven_winds_bay --simulate 60 --write  # kept for New campaign

DECK is a shipped deck's id or a deck's folder (Seven Winds Bay by default). --simulate N plays
N campaigns of greedy bots per number of mayors (campaign/balance.py) and prints the balance
table; --write keeps each count's median rounds a game in the shipped deck's simulation.json,
which the New campaign page shows as how long a game lasts.
"""

from __future__ import annotations

import json
import statistics

from django.core.management.base import BaseCommand, CommandError

from campaign.balance import measure, table_head, table_row
from legacy_deck.loader import SHIPPED, read_deck
from legacy_deck.management.deck_option import deck_folder
from legacy_deck.shipped import SIMULATION, deck_folders
from legacy_deck.validate import validate
from play.engine.table import KNOWN_RULES


class Command(BaseCommand):
    help = "Check a legacy deck (ours by default) and print every problem found."

    def add_arguments(self, parser):
        parser.add_argument(
            "path",
            nargs="?",
            default="",
            help="a shipped deck's id, or a folder with components.toml, deck.toml, boxes.toml",
        )
        parser.add_argument(
            "--assume-rule",
            action="append",
            default=[],
            metavar="RULE_ID",
            help="treat this rule id as implemented although the engine lacks it (repeatable)",
        )
        parser.add_argument(
            "--simulate",
            type=int,
            default=0,
            metavar="N",
            help="play N bot campaigns per number of mayors and print the balance table",
        )
        parser.add_argument("--seed", type=int, default=1, help="the simulation's seed")
        parser.add_argument(
            "--write",
            action="store_true",
            help="keep the simulated rounds a game in a shipped deck's simulation.json",
        )

    def handle(self, *args, path="", assume_rule=(), simulate=0, seed=1, write=False, **options):
        folder = deck_folder(path)
        deck, problems = read_deck(folder)
        if deck is not None:
            known = set(KNOWN_RULES) | set(assume_rule)
            problems += validate(deck, known_rules=known)
        assumed = sorted(set(assume_rule) - set(KNOWN_RULES))
        if assumed:
            self.stdout.write(f"Assuming the engine implements: {', '.join(assumed)}.")
        for problem in problems:
            self.stdout.write(str(problem))
        if problems:
            raise CommandError(f"{len(problems)} problem(s) in the deck at {folder}.")
        self.stdout.write(
            f"The deck at {folder} is sound: {len(deck.cards)} cards, "
            f"{len(deck.components)} components, {len(deck.boxes)} mystery boxes."
        )
        if simulate < 0:
            raise CommandError("--simulate needs a number of campaigns, 1 or more.")
        if write and (not simulate or folder not in deck_folders(SHIPPED)):
            raise CommandError("--write keeps a simulation of a shipped deck: give --simulate N.")
        if simulate:
            self._simulate(deck, folder, simulate, seed, write)

    def _simulate(self, deck, folder, campaigns: int, seed: int, write: bool) -> None:
        self.stdout.write(
            f"\n{campaigns} campaigns of greedy bots per number of mayors, seed {seed}"
        )
        self.stdout.write("\n".join(table_head(deck)))
        rounds = {}
        for players in range(2, len(deck.shape.colours) + 1):
            row = measure(deck, players, campaigns, seed)
            line, _found = table_row(row)
            self.stdout.write(line)
            rounds[str(players)] = statistics.median(row["median_rounds"].values())
        if write:
            figures = {
                "campaigns": campaigns,
                "seed": seed,
                "digest": deck.digest,
                "rounds": rounds,
            }
            (folder / SIMULATION).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
            self.stdout.write(f"Kept in {folder / SIMULATION}.")
