"""Rule turn_order_coins: a coin for each place after the start player, once, at setup."""

from play.engine import GameState, apply_action, new_game


def setup(players=4, first_player=0, rules=("turn_order_coins",)):
    state = new_game("classic", players=["Ann", "Ben", "Cy", "Di"][:players], seed=3)
    return {**state.setup, "first_player": first_player, "rules": list(rules)}


def test_each_seat_takes_a_coin_per_place_after_the_start_player():
    state = new_game(setup(first_player=2))

    assert [p.coins for p in state.players] == [3 + 2, 3 + 3, 3, 3 + 1]


def test_with_two_players_the_second_takes_one_coin():
    assert [p.coins for p in new_game(setup(players=2, first_player=1)).players] == [4, 3]


def test_the_start_player_decided_by_roll_counts():
    state = new_game(setup(first_player="roll"))
    coins = [p.coins - 3 for p in state.players]

    assert coins[state.active] == 0
    assert sorted(coins) == [0, 1, 2, 3]
    assert coins[(state.active + 1) % 4] == 1


def test_without_the_rule_everyone_keeps_the_start_coins():
    assert [p.coins for p in new_game(setup(rules=())).players] == [3, 3, 3, 3]


def test_the_coins_are_given_once_and_the_game_round_trips_and_replays():
    state = new_game(setup(first_player=1))
    after, _ = apply_action(state, {"type": "roll", "dice": 1}, dice=(5,))

    assert GameState.from_json(state.to_json()) == state
    assert new_game(state.setup) == state
    assert after.players[0].coins == state.players[0].coins
