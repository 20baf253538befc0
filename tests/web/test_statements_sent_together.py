"""A move's writes leave in one round trip (machikoro.statements), and write what the ORM would."""

import json

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from machikoro import statements
from play.models import Game, GameAction

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _games_written_by_hand_go():
    """The log rows written here are no game's moves (tests/web/conftest.py replays each)."""
    yield
    Game.objects.all().delete()


def _game() -> Game:
    return Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=5)


def test_an_insert_writes_the_row_the_orm_would():
    game = _game()
    events = [{"type": "roll", "player": 0, "dice": [3]}]
    row = GameAction(game=game, index=7, seat=1, action={"type": "roll"}, events=events)

    statements.send_together([statements.insert(row)])

    stored = GameAction.objects.get(game=game, index=7)
    assert (stored.seat, stored.action, stored.events) == (1, {"type": "roll"}, events)
    assert stored.created is not None  # auto_now_add filled in
    assert row.pk is None  # the key is not read back


def test_an_update_writes_the_fields_named_and_no_other():
    game = _game()
    before = Game.objects.get(pk=game.pk)
    game.version = 41
    game.pace = "quick"  # changed in memory, not named below: stays as stored
    game.seats[0]["name"] = "Ann's phone"

    statements.send_together([statements.update(game, ["version", "seats", "updated"])])

    stored = Game.objects.get(pk=game.pk)
    assert stored.version == 41
    assert stored.seats[0]["name"] == "Ann's phone"
    assert stored.pace == before.pace
    assert stored.updated > before.updated  # auto_now set


def test_statements_go_in_one_round_trip_on_postgresql_in_order_elsewhere():
    game = _game()
    row = GameAction(game=game, index=3, seat=0, action={"type": "pass"}, events=[])
    game.version = 4

    with CaptureQueriesContext(connection) as queries:
        statements.send_together([statements.insert(row), statements.update(game, ["version"])])

    assert len(queries) == (1 if connection.vendor == "postgresql" else 2)
    assert GameAction.objects.filter(game=game, index=3).exists()
    assert Game.objects.get(pk=game.pk).version == 4


def test_a_failing_statement_leaves_none_of_them_written():
    game = _game()
    GameAction.objects.create(game=game, index=0, seat=0, action={}, events=[])
    game.version = 99
    clash = GameAction(game=game, index=0, seat=0, action={}, events=[])  # (game, index) taken

    with pytest.raises(IntegrityError), transaction.atomic():
        statements.send_together([statements.update(game, ["version"]), statements.insert(clash)])

    assert Game.objects.get(pk=game.pk).version == 0


def test_quotes_and_percent_signs_in_values_arrive_as_written():
    game = _game()
    action = {"type": "pass", "note": "100% 'sure'; DROP TABLE play_game; --"}
    row = GameAction(game=game, index=9, seat=0, action=action, events=[])

    statements.send_together(
        [statements.insert(row), statements.update(game, ["seats"])]  # two: one round trip
    )

    assert GameAction.objects.get(game=game, index=9).action == action
    assert json.loads(json.dumps(Game.objects.get(pk=game.pk).seats)) == game.seats


def test_with_values_bound_in_the_server_each_statement_goes_alone(monkeypatch):
    # one prepared statement holds one query (Django's `server_side_binding` option)
    monkeypatch.setitem(connection.settings_dict, "OPTIONS", {"server_side_binding": True})
    game = _game()
    row = GameAction(game=game, index=3, seat=0, action={"type": "pass"}, events=[])

    with CaptureQueriesContext(connection) as queries:
        statements.send_together([statements.insert(row), statements.update(game, ["version"])])

    assert len(queries) == 2
