"""A decision with one answer is taken by itself and told in the log; a roll never is."""

import pytest

from play.engine import new_game
from play.models import Game

pytestmark = pytest.mark.django_db


def tv_station_game() -> Game:
    """Ann owns a TV Station and rolls a 6 with seed 3; Ben is her only opponent."""
    state = new_game(
        "classic",
        players=["Ann", "Ben"],
        seed=3,
        coins=[0, 7],
        cities=[{"tv_station": 1}, {"wheat_field": 1}],
    )
    return Game.create_from(state, ["human", "human"])


def test_the_tv_station_takes_from_the_only_opponent_by_itself(client):
    game = tv_station_game()

    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")

    state = game.load()
    assert state.players[0].coins == 5 and state.players[1].coins == 2
    log = list(game.actions.order_by("index").values_list("action", "events"))
    assert log[1][0] == {"type": "choose_player", "player": 1}
    assert log[1][1][0] == {"type": "only_choice", "player": 0}
    html = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()
    assert "Ann had only one choice, so it was made at once:" in html


def test_a_roll_is_never_taken_by_itself(start):
    game = start()

    assert game.version == 0
    assert game.load().phase == "roll"


def test_targets_show_their_coins(client):
    state = new_game(
        "classic",
        players=["Ann", "Ben", "Cleo"],
        seed=3,
        coins=[0, 7, 4],
        cities=[{"tv_station": 1}, {"wheat_field": 1}, {"wheat_field": 1}],
    )
    game = Game.create_from(state, ["human", "human", "human"])
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    assert game.load().phase == "choose_player"  # seed 3 rolls a 6

    html = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()

    assert "Take coins from Ben (7 coins)" in html
    assert "Take coins from Cleo (4 coins)" in html
