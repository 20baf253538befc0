"""python manage.py simulate_decks [--campaigns 30]: how long a game of each added deck lasts.

Plays bot campaigns (campaign/balance.py) of every added deck not simulated yet and keeps each
number of mayors' median rounds a game on its row, which the New campaign page shows. Run it
after a host adds a deck (from cron, say): it is never run while a page waits.
"""

from __future__ import annotations

import statistics

from django.core.management.base import BaseCommand

from campaign.balance import measure
from campaign.decks import uploaded_deck
from legacy_deck.models import UploadedDeck


class Command(BaseCommand):
    help = "Simulate every added deck not simulated yet and keep how long its games last."

    def add_arguments(self, parser):
        parser.add_argument("--campaigns", type=int, default=30, help="per number of mayors")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, campaigns=30, seed=1, **options):
        for row in UploadedDeck.objects.filter(rounds={}).only("pk", "added", "title"):
            deck = uploaded_deck(row)
            rounds = {
                str(players): statistics.median(
                    measure(deck, players, campaigns, seed)["median_rounds"].values()
                )
                for players in range(2, len(deck.shape.colours) + 1)
            }
            UploadedDeck.objects.filter(pk=row.pk).update(rounds=rounds)
            self.stdout.write(f"{row.title}: {rounds}")
