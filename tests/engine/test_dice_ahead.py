"""Dice mixed ahead in blocks (dice.faces) are the very dice a roll mixes one by one (dice.roll),
whatever the seed and however far into the game; a state rolls them, and so does a copy, a save
or a take-back."""

import random

import pytest
from helpers import NAMES

from play.engine import GameState, dice, legal_moves, new_game, play, pop, push

SEEDS = (0, 1, -1, 12345, 2**64, -(2**64), 2**63 + 5)
COUNTERS = (0, 1, 47, 1_000_000, 2**63, 2**64 - 48, 2**64 - 47, 2**64 - 1, 2**64, 2**70)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("counter", COUNTERS)
def test_a_block_of_faces_is_the_dice_rolled_one_by_one(seed, counter):
    for count in (1, 2, dice.AHEAD, 100):
        one_by_one = bytes(dice.roll(seed, counter + i, 1)[0] for i in range(count))
        assert dice.faces(seed, counter, count) == one_by_one


def test_blocks_agree_with_the_single_rolls_over_many_random_seeds():
    chooser = random.Random(17)
    for _ in range(300):
        seed = chooser.randrange(-(2**64), 2**64)
        counter = chooser.randrange(0, 2**20)
        block = dice.faces(seed, counter, dice.AHEAD)
        assert block == bytes(dice.roll(seed, counter + i, 1)[0] for i in range(dice.AHEAD))
        assert (block[0], block[1]) == dice.roll(seed, counter, 2)


def _rolls_of_a_game(state: GameState, chooser: random.Random) -> list[tuple[int, tuple]]:
    rolls = []
    while state.winner is None:
        moves = legal_moves(state)
        move = moves[chooser.randrange(len(moves))]
        draws = state.draws
        play(state, move)
        if move[0] == "roll":
            rolls.append((draws, state.dice))
    return rolls


def test_every_roll_of_whole_games_is_the_dice_of_its_draws():
    for seed in range(20):
        rolls = _rolls_of_a_game(new_game("classic", players=NAMES, seed=seed), random.Random(seed))
        assert len(rolls) > dice.AHEAD  # the game went through more than one block
        for draws, rolled in rolls:
            assert rolled == dice.roll(seed, draws, len(rolled))


def test_a_state_loaded_far_into_its_draws_rolls_those_draws_dice():
    state = new_game("classic", players=NAMES, seed=3)
    data = state.to_dict()
    data["draws"] = 2**64 - 1  # past where a block's lanes fit: mixed one by one
    far = GameState.from_dict(data)
    play(far, ("roll", 1))
    assert far.dice == dice.roll(3, 2**64 - 1, 1) and far.draws == 2**64


def test_a_take_back_and_a_copy_roll_the_same_dice_again():
    state = new_game("classic", players=NAMES, seed=9)
    push(state, ("roll", 1))
    first = state.dice
    pop(state)
    twin = state.copy()
    play(twin, ("roll", 1))
    play(state, ("roll", 1))
    assert state.dice == twin.dice == first == dice.roll(9, 0, 1)
    assert state.to_json() == twin.to_json()


def test_a_state_given_another_seed_rolls_that_seeds_dice_not_the_ones_mixed_before():
    # the expert's trials play on from a copy of the game with a seed of their own: the dice the
    # game mixed ahead for its own seed would tell them the real game's future
    state = new_game("classic", players=NAMES, seed=4)
    play(state, ("roll", 1))
    trial = state.copy()
    trial.setup = {**state.setup, "seed": 77}
    while trial.phase != "roll":
        play(trial, legal_moves(trial)[-1])
    draws = trial.draws
    play(trial, ("roll", 1))
    assert trial.dice == dice.roll(77, draws, 1)
    while state.phase != "roll":
        play(state, legal_moves(state)[-1])
    play(state, ("roll", 1))
    assert state.dice == dice.roll(4, draws, 1)
