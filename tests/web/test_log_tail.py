"""A game's row keeps its log's last entries (Game.log_tail), so a move's boards are made without
reading the log back."""

import importlib
import json
import random

import pytest
from django.apps import apps

from play import board_maker
from play.engine import legal_actions
from play.models import LOG_LENGTH, Game, GameAction
from tests.web.next_moves import host_plays, post_next_move, roll_or_pass

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def _log_as_read(game: Game) -> list[list]:
    rows = GameAction.objects.filter(game=game).order_by("-index")[:LOG_LENGTH]
    return [[row.index, row.seat, row.action, row.events] for row in reversed(rows)]


def _play(client, game: Game, moves: int, rng: random.Random) -> None:
    """Moves through the seats' own links, each a legal action at random; now and then the
    build just made is taken back."""
    for _ in range(moves):
        game.refresh_from_db()
        state = game.load()
        if state.winner is not None:
            return
        key = game.key_for(state.active)
        _index, builder, last, _events = game.log_tail[-1] if game.log_tail else (0, 0, {}, [])
        if last.get("type") == "build" and rng.random() < 0.3:
            response = client.post(
                f"/g/{game.code}/{game.key_for(builder)}/undo/",
                {"version": game.version},
                headers=HTMX,
            )
        else:
            action = rng.choice(legal_actions(state))
            response = client.post(
                f"/g/{game.code}/{key}/move/",
                {"version": game.version, "action": json.dumps(action)},
                headers=HTMX,
            )
        assert response.status_code == 200, response.content[:300]


def test_the_rows_tail_is_the_logs_last_entries_move_after_move(client):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human"), ("Cy", "human")], seed=8)
    rng = random.Random(8)

    for _ in range(6):
        _play(client, game, 15, rng)
        game.refresh_from_db()
        assert game.log_tail == _log_as_read(game)

    assert len(game.log_tail) == LOG_LENGTH
    assert GameAction.objects.filter(game=game, action__type="undo").exists()


def test_an_imported_game_keeps_its_logs_tail():
    played = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=4)
    host_plays(played, 45)

    imported = Game.from_export(played.export())

    assert imported.log_tail == _log_as_read(imported) == played.log_tail
    assert len(imported.log_tail) == LOG_LENGTH


def test_a_move_made_by_a_process_that_lacks_the_version_before_reads_no_log(client):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=6)
    host_plays(game, 4)
    board_maker.forget()  # as in a process that did not make the move before

    queries = post_next_move(client, game, game.key_for(game.load().active))

    reads = [query["sql"] for query in queries if query["sql"].startswith("SELECT")]
    assert not [sql for sql in reads if "play_gameaction" in sql]
    assert game.log_tail == _log_as_read(game)


def test_the_migration_gives_stored_games_their_logs_tail():
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=2)
    host_plays(game, 40)
    empty = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)
    Game.objects.update(log_tail=[])  # as games stored before the field was
    migration = importlib.import_module("play.migrations.0011_game_log_tail")

    migration.fill_log_tails(apps, None)

    game.refresh_from_db()
    empty.refresh_from_db()
    assert game.log_tail == _log_as_read(game)
    assert len(game.log_tail) == LOG_LENGTH
    assert empty.log_tail == []


def test_a_move_answered_after_a_bots_steps_shows_the_state_after_them(client):
    """The move's copy of the game then takes the bots' steps (no delay here): its answer is
    made from what the last of them stored, not from what the person's move stored."""
    game = Game.start("classic", [("Ann", "human"), ("Ben", "greedy")], seed=4)
    answers = []

    for _ in range(4):  # Ann's roll, her pass (Ben's turn follows at once), twice
        response = client.post(
            f"/g/{game.code}/{game.host_secret}/move/",
            {"version": game.version, "action": json.dumps(roll_or_pass(game))},
            headers=HTMX,
        )
        game.refresh_from_db()
        answers.append((game.version, response.content.decode()))

    for version, answer in answers:
        assert f'data-version="{version}"' in answer
        assert "data-kind=" in answer  # Ann's buttons: it is her turn after each answer
    assert game.load().active == 0 and game.version > 4  # Ben played in between
