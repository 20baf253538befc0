"""Moves that keep a classic game going without choosing anything: roll one die, pass."""

import json

from django.db import connection
from django.test.utils import CaptureQueriesContext

from play.models import Game


def roll_or_pass(game: Game) -> dict:
    return {"type": "roll", "dice": 1} if game.load().phase == "roll" else {"type": "pass"}


def host_plays(game: Game, moves: int) -> None:
    for _ in range(moves):
        game.apply_action(roll_or_pass(game), version=game.version, who="host")


def post_next_move(client, game: Game, key: str) -> list[dict]:
    """Post the next roll or pass through `key`'s link, as htmx does; the queries it made."""
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            f"/g/{game.code}/{key}/move/",
            {"version": game.version, "action": json.dumps(roll_or_pass(game))},
            headers={"HX-Request": "true"},
        )
    assert response.status_code == 200
    game.refresh_from_db()
    return queries.captured_queries
