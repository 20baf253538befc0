"""manage.py cleanup (issue 27): finished games nobody came back to, games left for a year,
expired sessions and old sightings go; a campaign and its games never do."""

from datetime import timedelta

import pytest
from campaign_helpers import new_campaign
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone

from campaign.models import Campaign, ChapterGame
from play.models import Game, SeatSeen

pytestmark = pytest.mark.django_db


def game(seed: int, *, finished: bool, days_ago: int) -> Game:
    made = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=seed)
    when = timezone.now() - timedelta(days=days_ago)
    Game.objects.filter(pk=made.pk).update(finished=finished, updated=when)
    return made


def test_cleanup_removes_what_nobody_comes_back_to_and_never_a_campaign(settings):
    settings.CLEANUP_DAYS = 90
    old_finished = game(1, finished=True, days_ago=91)
    recent_finished = game(2, finished=True, days_ago=30)
    half_played = game(3, finished=False, days_ago=200)
    left_for_a_year = game(4, finished=False, days_ago=400)
    campaign = new_campaign(("greedy", "greedy"))
    campaigns_game = game(5, finished=True, days_ago=800)
    ChapterGame.objects.create(campaign=campaign, chapter=1, game=campaigns_game)
    Campaign.objects.filter(pk=campaign.pk).update(updated=timezone.now() - timedelta(days=900))
    SeatSeen.objects.create(game=recent_finished, seat=0, at=timezone.now() - timedelta(days=2))
    SeatSeen.objects.create(game=recent_finished, seat=1, at=timezone.now())
    expired, live = SessionStore(), SessionStore()
    expired.set_expiry(-10)
    expired.create()
    live.create()

    call_command("cleanup")

    assert set(Game.objects.values_list("pk", flat=True)) == {
        recent_finished.pk,
        half_played.pk,
        campaigns_game.pk,
    }
    assert not Game.objects.filter(pk__in=[old_finished.pk, left_for_a_year.pk]).exists()
    assert Campaign.objects.filter(pk=campaign.pk).exists()
    assert list(SeatSeen.objects.values_list("seat", flat=True)) == [1]
    assert list(Session.objects.values_list("session_key", flat=True)) == [live.session_key]


def test_days_and_dry_run(capsys):
    finished = game(6, finished=True, days_ago=10)

    call_command("cleanup", days=5, dry_run=True)
    assert "would remove 1 games" in capsys.readouterr().out
    assert Game.objects.filter(pk=finished.pk).exists()

    call_command("cleanup", days=5)
    assert not Game.objects.filter(pk=finished.pk).exists()
