import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import play.models
from play.models import Game

pytestmark = pytest.mark.django_db


def test_an_unchanged_game_answers_204_with_one_query(client, start):
    game = start()
    url = f"/g/{game.code}/{game.host_secret}/poll/?v={game.version}"

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers={"HX-Request": "true"})

    assert response.status_code == 204
    assert response.content == b""
    assert len(queries) == 1


def test_a_changed_game_answers_with_the_board(client, start, page):
    game = start()
    stale = game.version
    game.apply_action({"type": "roll", "dice": 1}, version=stale, who="host")

    response = client.get(f"/g/{game.code}/watch/poll/?v={stale}", headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert page(response).version == stale + 1
    assert "Ann rolls" in response.content.decode()


def test_a_due_bot_moves_on_the_poll(client, settings):
    settings.PLAY_BOT_DELAY_AFTER_HUMAN = 60
    game = Game.start("classic", [("Ann", "random"), ("Ben", "human")], seed=3)
    assert game.version == 0
    url = f"/g/{game.code}/watch/poll/?v=0"
    assert client.get(url).status_code == 204  # not due yet: nothing happens

    Game.objects.filter(pk=game.pk).update(bot_due_at=game.created)
    settings.PLAY_BOT_DELAY = 60
    response = client.get(url)

    game.refresh_from_db()
    assert response.status_code == 200
    assert game.version == 1  # one step, then the bot waits again so the table can follow
    assert json.loads(json.dumps(game.log()))[0]["type"] == "roll"


def test_phones_polling_while_a_bot_thinks_do_not_think_again(monkeypatch):
    game = Game.start("classic", [("Ann", "greedy"), ("Ben", "human")], seed=3)
    think = play.models.choose_action
    thoughts = []
    other_polls = [Game.objects.get(pk=game.pk) for _ in range(3)]

    def think_while_others_poll(kind, state, rng):
        thoughts.append(kind)
        assert [poll.step_bots(limit=1) for poll in other_polls] == [0, 0, 0]
        return think(kind, state, rng)

    monkeypatch.setattr(play.models, "choose_action", think_while_others_poll)

    assert game.step_bots(limit=1) == 1
    assert thoughts == ["greedy"]  # one request thought; the three others found it claimed
    game.refresh_from_db()
    assert game.version == 1


def test_a_bot_decision_is_dropped_when_its_claim_ran_out_and_another_poll_moved(
    monkeypatch, settings
):
    settings.PLAY_BOT_THINK_SECONDS = 0  # as if the thinking request had hung
    game = Game.start("classic", [("Ann", "greedy"), ("Ben", "human")], seed=3)
    think = play.models.choose_action
    other_poll = Game.objects.get(pk=game.pk)

    def think_while_another_poll_moves(kind, state, rng):
        monkeypatch.setattr(play.models, "choose_action", think)
        other_poll.bot_due_at = Game.objects.get(pk=game.pk).bot_due_at  # it polled just now
        assert other_poll.step_bots(limit=1) == 1
        return think(kind, state, rng)

    monkeypatch.setattr(play.models, "choose_action", think_while_another_poll_moves)

    assert game.step_bots(limit=1) == 0
    game.refresh_from_db()
    assert game.version == 1  # one step in all, the other poll's
    assert game.bot_due_at is not None  # and the next poll takes the next


def test_polling_an_unknown_game_is_not_found(client):
    assert client.get("/g/nothing/watch/poll/?v=0").status_code == 404


def test_a_bad_version_gets_the_board(client, start):
    game = start()

    assert client.get(f"/g/{game.code}/watch/poll/?v=abc").status_code == 200
