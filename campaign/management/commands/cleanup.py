"""manage.py cleanup: removes what nobody will come back to; never a campaign, nor a game of one.

- games outside a campaign that are finished and untouched for CLEANUP_DAYS days (90; --days),
- games outside a campaign that nobody touched for a year (left half-played),
- expired sessions (Django's clearsessions),
- a seat's "phone seen" rows older than a day (they matter for a minute: play.presence).

Run each night (docs/operations.md, "Data that is removed"). --dry-run only counts.
"""

from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from play.models import Game, SeatSeen

ABANDONED_AFTER = timedelta(days=365)
SIGHTINGS_KEPT = timedelta(days=1)
BATCH = 500


def removable_games(days: int):
    now = timezone.now()
    outside_campaigns = Game.objects.filter(chapter_game__isnull=True)
    finished = outside_campaigns.filter(finished=True, updated__lt=now - timedelta(days=days))
    abandoned = outside_campaigns.filter(updated__lt=now - ABANDONED_AFTER)
    return finished | abandoned


class Command(BaseCommand):
    help = "Remove finished games nobody came back to, expired sessions and old sightings."

    def add_arguments(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            default=settings.CLEANUP_DAYS,
            help=f"finished games untouched this long (default {settings.CLEANUP_DAYS})",
        )
        parser.add_argument("--dry-run", action="store_true", help="count, remove nothing")

    def handle(self, *args, days, dry_run=False, **options):
        if days < 1:
            raise CommandError("--days must be 1 or more")
        games = removable_games(days)
        sessions = Session.objects.filter(expire_date__lt=timezone.now())
        sightings = SeatSeen.objects.filter(at__lt=timezone.now() - SIGHTINGS_KEPT)
        if dry_run:
            self.stdout.write(
                f"would remove {games.count()} games, {sessions.count()} expired sessions, "
                f"{sightings.count()} old sightings"
            )
            return
        removed_games = 0
        while ids := list(removable_games(days).values_list("pk", flat=True)[:BATCH]):
            with transaction.atomic():  # one short transaction a batch: moves go on meanwhile
                Game.objects.filter(pk__in=ids).delete()
            removed_games += len(ids)
        removed_sessions, _ = sessions.delete()
        removed_sightings, _ = sightings.delete()
        self.stdout.write(
            f"removed {removed_games} games (finished and untouched for {days} days, or left "
            f"for a year), {removed_sessions} expired sessions, {removed_sightings} old sightings"
        )
