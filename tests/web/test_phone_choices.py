"""Choices that fit a phone: the Business Center in two steps, building from the market."""

import json

import pytest

from play.engine import legal_actions, new_game
from play.models import Game

pytestmark = pytest.mark.django_db


def business_center_game() -> Game:
    """Seed 3: Ann rolls a 6 with her Business Center; Ben has four different cards."""
    state = new_game(
        "classic",
        players=["Ann", "Ben"],
        seed=3,
        coins=[3, 7],
        cities=[
            {"business_center": 1, "wheat_field": 2, "bakery": 1, "ranch": 1},
            {"wheat_field": 1, "forest": 1, "cafe": 1, "bakery": 1},
        ],
    )
    game = Game.create_from(state, ["human", "human"])
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    assert game.load().phase == "trade"
    return game


def test_the_business_center_first_asks_what_to_give(client, page):
    game = business_center_game()

    board = page(client.get(f"/g/{game.code}/{game.host_secret}/"))

    assert board.actions == [{"type": "skip"}]  # only "don't trade" posts at this step
    for card in ("wheat_field", "bakery", "ranch"):
        assert f"?give={card}" in board.html
    assert "?give=business_center" not in board.html  # the card itself is not traded


def test_then_what_to_take_from_whom_for_that_card(client, page):
    game = business_center_game()
    url = f"/g/{game.code}/{game.host_secret}/?give=bakery"

    board = page(client.get(url, headers={"HX-Request": "true"}))

    trades = [a for a in board.actions if a["type"] == "trade"]
    legal = [a for a in legal_actions(game.load()) if a.get("give") == "bakery"]

    def keys(actions):
        return sorted(json.dumps(a, sort_keys=True) for a in actions)

    assert keys(trades) == keys(legal)
    assert {"type": "skip"} in board.actions
    assert "You give Bakery." in board.html
    assert "From Ben (7 coins):" in board.html
    assert "Give another card" in board.html


def test_a_trade_chosen_in_two_steps_is_played(client, page):
    game = business_center_game()
    action = {"type": "trade", "give": "ranch", "player": 1, "take": "forest"}

    client.post(
        f"/g/{game.code}/{game.host_secret}/move/",
        {"version": game.version, "action": json.dumps(action)},
    )

    state = Game.objects.get().load()
    assert state.players[0].city.get("forest") == 1
    assert state.players[1].city.get("ranch") == 1


def test_a_card_to_give_that_is_not_offered_shows_the_first_step(client, page):
    game = business_center_game()

    board = page(client.get(f"/g/{game.code}/{game.host_secret}/?give=stadium"))

    assert "?give=wheat_field" in board.html


def test_market_cards_the_player_can_afford_are_build_buttons(client, page):
    state = new_game("classic", players=["Ann", "Ben"], seed=5, coins=[2, 4])
    game = Game.create_from(state, ["human", "human"])
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    coins = game.load().players[0].coins

    board = page(client.get(f"/g/{game.code}/{game.host_secret}/"))
    watcher = page(client.get(f"/g/{game.code}/watch/"))

    built = {a["card"] for a in board.actions if a["type"] == "build"}
    affordable = {a["card"] for a in legal_actions(game.load()) if a["type"] == "build"}
    assert built == affordable and built
    assert all(game.load().table.cards[card].cost <= coins for card in built)
    assert board.html.count('form="actions-form"') == len(affordable)
    assert 'class="market-card' in watcher.html and 'form="actions-form"' not in watcher.html
    assert "you can afford" in board.html
