"""Greedy weighs each affordable establishment from the sums of the city as it is
(`bots._income_per_coin`): every figure must be the very float that weighing the trial city
from scratch gives, or a seeded game would choose differently."""

import random

import pytest
from helpers import NAMES

from play.engine import legal_moves, new_game, play
from play.engine.bots import _income_per_coin, _round_value, _with_card, greedy_move

BUILT = [
    [],
    ["train_station"],
    ["radio_tower"],
    ["train_station", "radio_tower"],
    ["train_station", "shopping_mall", "radio_tower"],
    ["train_station", "shopping_mall", "amusement_park", "radio_tower"][:3],
]


def _from_scratch(state, seat, moves):
    player = state.players[seat]
    base = _round_value(state, seat)
    found = []
    for move in moves:
        if move[0] == "build":
            value = _round_value(state, seat, _with_card(player, move[1], 1))
            cost = state.table.cards[move[1]].cost
            found.append((move, (value - base) / max(cost, 1), value))
    return base, found


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("edition", ["classic", "kosmos"])
def test_each_trial_establishment_is_weighed_as_from_scratch(edition, players):
    checked = 0
    for seed in range(12):
        built = [BUILT[(seed + seat) % len(BUILT)] for seat in range(players)]
        state = new_game(
            edition, players=NAMES[:players], seed=seed, coins=[12] * players, built=built
        )
        rng = random.Random(seed)
        while state.winner is None and state.turn < 60:
            moves = legal_moves(state)
            if state.phase == "build":
                assert _income_per_coin(state, state.active, moves) == _from_scratch(
                    state, state.active, moves
                )
                checked += 1
            play(state, greedy_move(state, moves, rng))
    assert checked > 100
