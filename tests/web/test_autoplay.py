"""The bots' player that runs beside the server (issue 19): it plays the steps due, says when the
next one is, and one broken game does not stop the others. /health/ answers for monitors."""

from datetime import timedelta

import pytest
from django.db import DatabaseError
from django.utils import timezone

import play.models
from play.autoplay import play_due_steps
from play.models import Game

pytestmark = pytest.mark.django_db


def test_the_steps_due_are_played_and_the_next_one_is_named(settings):
    settings.PLAY_BOT_DELAY = settings.PLAY_BOT_DELAY_AFTER_HUMAN = 30
    due = Game.start("classic", [("Ann", "greedy"), ("Ben", "human")], seed=3)
    later = Game.start("classic", [("Cleo", "greedy"), ("Dirk", "human")], seed=3)
    Game.objects.filter(pk=due.pk).update(bot_due_at=timezone.now() - timedelta(seconds=1))
    Game.objects.filter(pk=later.pk).update(bot_due_at=timezone.now() + timedelta(seconds=9))

    wait = play_due_steps()

    assert Game.objects.get(pk=due.pk).version == 1  # one step, then the pace's pause
    assert Game.objects.get(pk=later.pk).version == 0
    assert 8 < wait <= 9  # the later game's step


def test_nothing_waits_when_no_bot_is_to_move():
    Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)

    assert play_due_steps() is None


def test_a_game_whose_bot_fails_does_not_stop_the_others(monkeypatch, settings, caplog):
    settings.PLAY_BOT_DELAY = settings.PLAY_BOT_DELAY_AFTER_HUMAN = 0
    broken = Game.start("classic", [("Ann", "greedy"), ("Ben", "human")], seed=3)
    fine = Game.start("classic", [("Cleo", "greedy"), ("Dirk", "human")], seed=3)
    think = play.models.choose_action

    def fails_for_ann(kind, state, rng):
        if state.players[0].name == "Ann":
            raise ValueError("a bug in a bot")
        return think(kind, state, rng)

    monkeypatch.setattr(play.models, "choose_action", fails_for_ann)

    play_due_steps()

    assert Game.objects.get(pk=broken.pk).version == 0
    assert Game.objects.get(pk=fine.pk).version > 0
    assert "could not move" in caplog.text


def test_a_due_mark_left_on_a_persons_turn_is_dropped_not_failed_on(caplog):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "greedy")], seed=3)
    Game.objects.filter(pk=game.pk).update(bot_due_at=timezone.now() - timedelta(seconds=1))

    assert play_due_steps() is None  # nothing else is waiting

    game.refresh_from_db()
    assert game.version == 0 and game.bot_due_at is None
    assert "could not move" not in caplog.text


def test_health_answers_200_while_the_database_answers(client, monkeypatch):
    assert client.get("/health/").content.startswith(b"ok\n")
    assert client.head("/health/").status_code == 200

    class Gone:
        vendor = "sqlite"  # the probe of a local file (PostgreSQL's: test_health_probe.py)

        def cursor(self):
            raise DatabaseError("the database went away")

    monkeypatch.setattr("machikoro.health.connection", Gone())
    monkeypatch.setattr("machikoro.health._database", Gone)
    response = client.get("/health/")
    assert response.status_code == 503
