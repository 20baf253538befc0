"""Many phones pressing Rematch at the same moment make one game (needs PostgreSQL's row locks)."""

import threading

import pytest
from django.db import connection, connections

from play.engine import new_game
from play.models import Game

PRESSES = 6


@pytest.mark.django_db(transaction=True)
def test_simultaneous_rematch_presses_make_one_game():
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has no row locks; PostgreSQL (DATABASE_URL) runs this")
    state = new_game(
        "classic",
        players=["Ann", "Ben"],
        seed=5,
        coins=[30, 2],
        built=[["train_station", "shopping_mall", "amusement_park"], []],
    )
    game = Game.create_from(state, ["human", "human"])
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    game.apply_action({"type": "build_landmark", "landmark": "radio_tower"}, version=1, who=0)
    start = threading.Barrier(PRESSES)
    made = []

    def press():
        try:
            start.wait()
            made.append(Game.objects.get(pk=game.pk).rematch().pk)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=press) for _ in range(PRESSES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(made) == PRESSES and len(set(made)) == 1
    assert Game.objects.count() == 2
