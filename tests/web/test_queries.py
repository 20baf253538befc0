"""A move costs the same few queries at turn 5 as at turn 50."""

import pytest
from django.db import connection

from play.models import Game
from tests.web.next_moves import post_next_move

pytestmark = pytest.mark.django_db
# among them: whether the seat's own phone was seen lately (the host's screen asks before it
# acts), and storing the version's boards for the other processes (play.board_maker.share)
MAX_QUERIES = 7


def queries_for_a_move(client, game) -> int:
    return len(post_next_move(client, game, game.host_secret))


def play_until_turn(client, game, turn):
    while game.load().turn < turn:
        queries_for_a_move(client, game)


def test_queries_per_move_stay_few_and_flat(client):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)

    play_until_turn(client, game, 5)
    early = [queries_for_a_move(client, game) for _ in range(2)]
    play_until_turn(client, game, 50)
    late = [queries_for_a_move(client, game) for _ in range(2)]

    assert max(early + late) <= MAX_QUERIES
    assert early == late


@pytest.mark.skipif(connection.vendor != "postgresql", reason="round trips to a server")
@pytest.mark.django_db(transaction=True)  # the move's own transaction, not a savepoint in one
def test_a_seats_move_is_a_locked_read_one_write_and_its_boards(client):
    """Each statement is a round trip, and under load the wait for it was most of a move's time
    (docs/live.md, "The fifth stop"): a seat's move reads its game once, locked, writes its log
    row, the game's row and the announcement in one go, and stores the version's boards."""
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)
    play_until_turn(client, game, 3)

    queries = post_next_move(client, game, game.key_for(game.load().active))

    sent = [query["sql"].split(" ")[0] for query in queries]
    assert sent == ["BEGIN", "SELECT", "INSERT", "INSERT", "COMMIT"]
    write = queries[2]["sql"]
    assert write.startswith('INSERT INTO "play_gameaction"')
    assert '; UPDATE "play_game" SET' in write and "; SELECT pg_notify(" in write
