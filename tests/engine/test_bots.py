import random

import pytest
from helpers import NAMES

from play.engine import legal_actions, new_game
from play.engine.bots import BOTS, choose_action
from play.engine.simulation import play_out


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_only_choose_legal_actions_all_game_long(bot):
    rng = random.Random(4)
    state = new_game("kosmos", players=NAMES, seed=4, variants=["random_market"])
    from play.engine import apply_action

    while state.winner is None:
        action = choose_action(bot, state, rng)
        assert action in legal_actions(state)
        state, _ = apply_action(state, action)


def test_greedy_beats_random_in_at_least_80_percent_of_two_player_games():
    rng = random.Random(11)
    games = 200
    greedy_wins = 0
    for number in range(games):
        greedy_seat = number % 2
        bots = ["random", "random"]
        bots[greedy_seat] = "greedy"
        result = play_out(new_game("classic", players=NAMES[:2], seed=number), bots, rng)
        greedy_wins += result.winner == greedy_seat
    assert greedy_wins >= 0.8 * games


def test_the_same_seeds_give_the_same_bot_game():
    def outcome():
        state = new_game("classic", players=NAMES, seed=3)
        return play_out(state, ["greedy", "random", "greedy", "random"], random.Random(8))

    assert outcome() == outcome()
