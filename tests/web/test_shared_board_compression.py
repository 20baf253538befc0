"""The boards a move stores for the other processes are compressed with lz4 on PostgreSQL
(play/migrations/0010): pglz cost PostgreSQL five times the CPU for each board written."""

from __future__ import annotations

import pytest
from django.db import connection

from play.models import Game, SharedBoard

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite compresses nothing")
def test_a_stored_board_is_compressed_with_lz4(client):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    answer = client.post(
        f"/g/{game.code}/{game.seats[0]['secret']}/move/",
        {"version": 0, "action": '{"type":"roll","dice":1}'},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_column_compression(html) FROM play_sharedboard WHERE game_id = %s",
            [game.pk],
        )
        methods = {method for (method,) in cursor.fetchall()}
    assert SharedBoard.objects.filter(game=game).count() == 2
    assert methods == {"lz4"}
