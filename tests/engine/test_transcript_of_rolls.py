"""A game as the rolls it has shown, without its seed (issue 35: the host's backup let a host who
is also a mayor foresee every coming roll): the transcript replays to the same table on any seed,
start rolls included, and what comes next is the new seed's."""

from __future__ import annotations

import json
import random

import pytest

from play.engine import IllegalAction, legal_actions, new_game
from play.engine.replay import ROLLED, apply_logged, replay, transcript, with_seed
from play.engine.setup import edition_setup

NAMES = ["Ann", "Ben", "Cem"]


def _played(seed: int, steps: int, first_player="roll", variants=()):
    setup = edition_setup("classic", NAMES, seed, variants, first_player=first_player)
    state, actions = new_game(setup), []
    pick = random.Random(seed)
    for _ in range(steps):
        if state.winner is not None:
            break
        action = pick.choice(legal_actions(state))
        state, _events = apply_logged(state, action)
        actions.append(action)
    return setup, actions, state


def _table(state) -> dict:
    seen = json.loads(state.to_json())
    del seen["setup"], seen["draws"]
    return seen


@pytest.mark.parametrize("seed", range(12))
def test_a_transcript_replays_to_the_same_table_on_another_seed(seed):
    setup, actions, state = _played(seed, 120)
    seen, logged = transcript(setup, actions)

    assert "seed" not in seen and seen["start_rolls"] == state.start_rolls
    assert all(ROLLED in a for a in logged if a["type"] in ("roll", "reroll"))
    again = replay(with_seed(seen, logged, 2**64 - 1), logged)
    assert _table(again) == _table(state)
    assert again.draws == 0 and again.seed == 2**64 - 1


def test_the_transcript_of_a_transcript_is_itself():
    setup, actions, _state = _played(3, 80)
    seen, logged = transcript(setup, actions)
    seen2, logged2 = transcript(with_seed(seen, logged, 99), logged)
    assert (seen2, logged2) == (seen, logged)


def test_start_rolls_made_before_are_replayed_not_drawn():
    setup = edition_setup("classic", NAMES, 0, first_player="roll")
    setup["start_rolls"] = [[9, 9, 4], [7, 11, None]]
    state = new_game(setup)
    assert state.active == 1 and state.start_rolls == [[9, 9, 4], [7, 11, None]]
    assert state.draws == 0


@pytest.mark.parametrize(
    "rounds",
    [
        [[9, 9, 4], [7, 11, 3]],  # the third seat was out of the second round
        [[13, 2, 2]],  # no two dice make 13
        [[9, 2, 2], [7, 11, None]],  # a round after the start player was found
        [[9, 2]],  # a seat short
        "9,2,2",
        [[True, 2, 2]],
    ],
)
def test_start_rolls_that_cannot_have_been_made_are_refused(rounds):
    setup = edition_setup("classic", NAMES, 0, first_player="roll")
    setup["start_rolls"] = rounds
    with pytest.raises(IllegalAction):
        new_game(setup)


def test_a_tie_the_rounds_made_leave_is_rolled_again_from_the_seed():
    setup = edition_setup("classic", NAMES, 0, first_player="roll")
    setup["start_rolls"] = [[9, 9, 4]]
    state = new_game(setup)
    assert state.start_rolls[0] == [9, 9, 4] and len(state.start_rolls) >= 2 and state.draws > 0


def test_a_transcript_without_a_rolls_dice_has_no_seed_to_go_on_with():
    setup, actions, _state = _played(4, 30)
    seen, logged = transcript(setup, actions)
    next(a for a in logged if a["type"] == "roll").pop(ROLLED)
    with pytest.raises(ValueError):
        with_seed(seen, logged, 1)


def test_a_random_market_has_no_transcript():
    setup, actions, _state = _played(5, 10, variants=("random_market",))
    with pytest.raises(ValueError):
        transcript(setup, actions)
