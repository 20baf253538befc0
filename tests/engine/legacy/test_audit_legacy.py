"""Legacy tables under RULES.md §6: extra turns never chain, whatever gives them; setups are
checked (project costs, the two Yōkai variants)."""

import pytest

from play.engine import IllegalAction, new_game

ANN, BEN = 0, 1


def _pass_turn(state, act, dice):
    state, _ = act(state, {"type": "roll", "dice": len(dice)}, dice)
    return act(state, {"type": "pass"})


@pytest.mark.parametrize("source", ["springbrunnen", "island", "both"])
def test_an_extra_turn_never_gives_another_one(expedition_setup, act, source):
    setup = expedition_setup(2, coins=[0, 0])
    # springbrunnen: a 7 gives another turn; the island, claimed beforehand, does the same.
    setup["island_defs"][0]["effect"] = {"kind": "extra_turn_on_total", "total": 7}
    if source in ("springbrunnen", "both"):
        setup["built"] = [["hochofen", "springbrunnen"], []]
    else:
        setup["built"] = [["hochofen"], []]
    state = new_game(setup)
    if source in ("island", "both"):
        state.players[ANN].islands = ("gull_rock",)
    expected = "gull_rock" if source == "island" else "springbrunnen"

    state, events = _pass_turn(state, act, (3, 4))
    assert {"type": "extra_turn", "player": ANN, "landmark": expected} in events
    assert state.active == ANN and state.extra_turn

    state, events = _pass_turn(state, act, (3, 4))
    assert "extra_turn" not in [e["type"] for e in events]
    assert state.active == BEN and not state.extra_turn


@pytest.mark.parametrize("cost", [-1, "20", 2.5, None, True])
def test_a_community_project_cost_must_be_a_whole_number(make_setup, cost):
    setup = make_setup(community_project={"id": "sternwarte", "cost": cost})
    with pytest.raises(IllegalAction) as caught:
        new_game(setup)
    assert caught.value.code == "project_cost"
    assert caught.value.params["project"] == "sternwarte"


def test_the_two_yokai_rules_are_never_in_force_together(make_setup):
    with pytest.raises(IllegalAction) as caught:
        new_game(make_setup(rules=["yokai_flip", "yokai_coins"]))
    assert caught.value.code == "both_yokai"
    new_game(make_setup(rules=["yokai_flip"]))
    new_game(make_setup(rules=["yokai_coins"]))
