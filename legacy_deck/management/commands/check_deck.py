"""python manage.py check_deck [PATH]: every problem of a deck, with file, card number and field."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from legacy_deck.loader import CONTENT, read_deck
from legacy_deck.validate import validate
from play.engine.table import KNOWN_RULES


class Command(BaseCommand):
    help = "Check a legacy deck (ours by default) and print every problem found."

    def add_arguments(self, parser):
        parser.add_argument(
            "path", nargs="?", help="folder with components.toml, deck.toml and boxes.toml"
        )
        parser.add_argument(
            "--assume-rule",
            action="append",
            default=[],
            metavar="RULE_ID",
            help="treat this rule id as implemented although the engine lacks it (repeatable)",
        )

    def handle(self, *args, path=None, assume_rule=(), **options):
        deck, problems = read_deck(path)
        if deck is not None:
            known = set(KNOWN_RULES) | set(assume_rule)
            problems += validate(deck, known_rules=known)
        assumed = sorted(set(assume_rule) - set(KNOWN_RULES))
        if assumed:
            self.stdout.write(f"Assuming the engine implements: {', '.join(assumed)}.")
        for problem in problems:
            self.stdout.write(str(problem))
        if problems:
            raise CommandError(f"{len(problems)} problem(s) in the deck at {path or CONTENT}.")
        self.stdout.write(
            f"The deck at {path or CONTENT} is sound: {len(deck.cards)} cards, "
            f"{len(deck.components)} components, {len(deck.boxes)} mystery boxes."
        )
