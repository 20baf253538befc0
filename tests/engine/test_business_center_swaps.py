"""A Business Center's swaps (`swaps.Swaps`) are the list the rules allow, whether they are read by
index, one by one or all at once, with and without the copy limits."""

import random

import pytest
from helpers import NAMES

from play.engine import IllegalAction, apply_action, as_action, legal_moves, new_game, play
from play.engine.rules import _trade_refusal
from play.engine.swaps import NOBODY_FULL, Swaps


def _every_allowed_swap(state):
    """The swaps the rules allow, found the slow way: every pair of cards checked on its own."""
    tradeable = state.table.tradeable
    active = state.active
    count = len(state.players)
    mine = [card for card in state.players[active].city if card in tradeable]
    found = []
    for give in mine:
        for step in range(1, count):
            seat = (active + step) % count
            for take in state.players[seat].city:
                if (
                    take in tradeable
                    and take != give
                    and not _trade_refusal(state, give, seat, take)
                ):
                    found.append(("trade", give, seat, take))
    return [*found, ("skip",)]


def _swap_steps(variants, players, seeds):
    for seed in seeds:
        state = new_game("classic", players=NAMES[:players], seed=seed, variants=variants)
        chooser = random.Random(seed)
        while state.winner is None:
            moves = legal_moves(state)
            if state.phase == "trade":
                yield state, moves
            play(state, moves[chooser.randrange(len(moves))])


@pytest.mark.parametrize("variants", [[], ["two_copies_max"]])
@pytest.mark.parametrize("players", [2, 4])
def test_swaps_by_index_one_by_one_and_at_once_are_the_allowed_swaps(variants, players):
    seen = 0
    for state, swaps in _swap_steps(variants, players, range(40)):
        allowed = _every_allowed_swap(state)
        assert len(swaps) == len(allowed)
        assert [swaps[index] for index in range(len(swaps))] == allowed
        assert [swaps[index - len(swaps)] for index in range(len(swaps))] == allowed
        assert list(swaps) == allowed and list(swaps) == allowed  # made once, then kept
        assert swaps[1:3] == allowed[1:3]
        seen += 1
    assert seen > 40


def test_a_swap_read_by_index_is_accepted_by_the_checked_contract():
    for state, swaps in _swap_steps([], 4, range(10)):
        for index in (0, len(swaps) // 2, len(swaps) - 2, len(swaps) - 1):
            apply_action(state, as_action(swaps[index]))  # refuses any swap not allowed


def test_an_index_outside_the_swaps_is_refused_as_for_a_list():
    swaps = Swaps(["bakery"], [(1, ["bakery", "ranch"], NOBODY_FULL)])
    assert list(swaps) == [("trade", "bakery", 1, "ranch"), ("skip",)]
    for index in (2, -3):
        with pytest.raises(IndexError):
            swaps[index]
    assert ("trade", "bakery", 1, "bakery") not in swaps


def test_a_seat_that_may_not_receive_a_card_offers_no_swap_for_it():
    swaps = Swaps(
        ["bakery", "ranch"],
        [(1, ["cafe"], {"bakery"}), (2, ["bakery", "cafe"], NOBODY_FULL)],
    )
    assert list(swaps) == [
        ("trade", "bakery", 2, "cafe"),
        ("trade", "ranch", 1, "cafe"),
        ("trade", "ranch", 2, "bakery"),
        ("trade", "ranch", 2, "cafe"),
        ("skip",),
    ]
    assert [swaps[index] for index in range(len(swaps))] == list(swaps)
    with pytest.raises(IllegalAction):
        apply_action(new_game("classic", players=NAMES, seed=1), as_action(swaps[0]))
