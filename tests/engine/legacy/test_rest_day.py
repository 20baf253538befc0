"""Rule rest_day: {"type": "rest"} takes 1 coin from the bank instead of building."""

import pytest

from play.engine import GameState, IllegalAction, apply_action, legal_actions, new_game


def _at_build_step(setup, act, coins=3):
    setup["coins"] = [coins] * len(setup["players"])
    state = new_game(setup)
    state, _ = act(state, {"type": "roll", "dice": 1}, dice=(6,))  # nobody owns a 6
    assert state.phase == "build"
    return state


def test_rest_is_offered_only_with_the_rule(make_setup, act):
    with_rule = _at_build_step(make_setup(rules=["rest_day"]), act)
    without = _at_build_step(make_setup(), act)
    assert {"type": "rest"} in legal_actions(with_rule)
    assert {"type": "rest"} not in legal_actions(without)


def test_rest_is_refused_without_the_rule(make_setup, act):
    state = _at_build_step(make_setup(), act)
    with pytest.raises(IllegalAction, match="does not use the rest_day rule"):
        act(state, {"type": "rest"})


def test_rest_takes_one_coin_and_ends_the_turn(make_setup, act):
    state = _at_build_step(make_setup(rules=["rest_day"]), act, coins=0)
    after, events = act(state, {"type": "rest"})
    assert after.players[0].coins == 1
    assert state.players[0].coins == 0  # the state passed in is not changed
    assert events[:2] == [
        {"type": "rest", "player": 0},
        {
            "type": "transfer",
            "card": "rest_day",
            "count": 1,
            "payer": None,
            "payee": 0,
            "amount": 1,
            "shortfall": 0,
        },
    ]
    assert after.active == 1 and after.phase == "roll"
    assert GameState.from_json(after.to_json()) == after


def test_rest_is_offered_even_when_nothing_can_be_built(make_setup, act):
    state = _at_build_step(make_setup(rules=["rest_day"]), act, coins=0)
    assert legal_actions(state) == [{"type": "rest"}, {"type": "pass"}]


def test_rest_only_in_the_build_step(make_setup):
    state = new_game(make_setup(rules=["rest_day"]))
    with pytest.raises(IllegalAction, match="must roll the dice now, not rest"):
        apply_action(state, {"type": "rest"})


def test_rest_takes_no_fields(make_setup, act):
    state = _at_build_step(make_setup(rules=["rest_day"]), act)
    with pytest.raises(IllegalAction, match="exactly the fields type"):
        act(state, {"type": "rest", "coins": 5})
