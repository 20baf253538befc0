"""The expert bot under every Legacy rule: landmark tableau, community project, expedition,
Yōkai, stickers, rest day, turn order coins; whole games, legal at every step, replayable."""

import random

import pytest

from play.engine import apply_action, legal_actions, new_game, replay
from play.engine.bots import BOTS


def _every_rule_setup(expedition_setup, players, seed):
    yokai = ("yokai_flip", "yokai_coins")[seed % 2]
    rules = ["expedition", "rest_day", "turn_order_coins", yokai]
    setup = expedition_setup(players, rules=rules, seed=seed)
    setup["stickers"] = [
        {"card": "forest", "change": {"cost": 2}},
        {"card": "mine", "change": {"numbers": [8, 9], "amount": 4}},
    ]
    setup["market"]["tv_station"] = 2
    setup["market"]["business_center"] = 2
    return setup


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2)])
def test_the_expert_plays_every_legacy_rule_legally_and_the_game_replays(
    expedition_setup, players, seed
):
    setup = _every_rule_setup(expedition_setup, players, seed)
    rng = random.Random(seed)
    seats = ["expert"] + ["greedy"] * (players - 1)
    state = new_game(setup)
    taken = []
    while state.winner is None:
        actions = legal_actions(state)
        action = BOTS[seats[state.active]](state, actions, rng)
        assert action in actions
        taken.append(action)
        state, _events = apply_action(state, action)
    assert replay(setup, taken) == state
