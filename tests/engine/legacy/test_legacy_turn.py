"""The Legacy turn and win: three landmarks on tableau slots costing 5 / 15 / 25, the community
project as an action, win = three landmarks and a flag, first player by roll or a given seat."""

import pytest

from play.engine import IllegalAction, has_won, legal_actions, new_game
from play.engine.legacy import legacy_landmarks


def _build_step(state, act):
    state, _ = act(state, {"type": "roll", "dice": 1}, dice=(6,))
    assert state.phase == "build"
    return state


def test_legacy_landmarks_gives_the_slot_costs():
    assert legacy_landmarks(["hochofen", "blumenladen", "springbrunnen"]) == [
        {"id": "hochofen", "cost": 5},
        {"id": "blumenladen", "cost": 15},
        {"id": "springbrunnen", "cost": 25},
    ]
    assert legacy_landmarks(["blumenladen"]) == [{"id": "blumenladen", "cost": 5}]


def test_legacy_landmarks_refuses_a_fourth_slot_or_a_repeat():
    with pytest.raises(IllegalAction, match="3 landmark slots, not 4"):
        legacy_landmarks(["a", "b", "c", "d"])
    with pytest.raises(IllegalAction, match="same landmark twice"):
        legacy_landmarks(["a", "a"])


def test_the_slots_cost_5_15_25_whatever_the_landmark(make_setup, act):
    state = new_game(make_setup(coins=[15, 3, 3]))
    assert state.table.landmark_costs[0] == {"hochofen": 5, "blumenladen": 15, "springbrunnen": 25}
    state = _build_step(state, act)
    offered = [a["landmark"] for a in legal_actions(state) if a["type"] == "build_landmark"]
    assert offered == ["hochofen", "blumenladen"]
    after, events = act(state, {"type": "build_landmark", "landmark": "blumenladen"})
    assert events[0] == {"type": "landmark", "player": 0, "landmark": "blumenladen", "cost": 15}
    assert after.players[0].coins == 0


def test_contributing_plants_the_flag_and_pays_the_benefit_at_once(make_setup, act):
    state = new_game(make_setup(coins=[20, 3, 3], cities=[{"wheat_field": 3}, {}, {}]))
    state = _build_step(state, act)
    assert {"type": "contribute"} in legal_actions(state)  # before any landmark is built
    after, events = act(state, {"type": "contribute"})
    assert events[:2] == [
        {"type": "contribute", "player": 0, "project": "sternwarte", "cost": 20},
        {
            "type": "transfer",
            "card": "sternwarte",
            "count": 1,
            "payer": None,
            "payee": 0,
            "amount": 3,  # 1 coin per wheat establishment: three Wheat Fields
            "shortfall": 0,
        },
    ]
    assert after.players[0].flag and after.players[0].coins == 3
    assert after.active == 1  # it was the turn's one action


def test_contributing_is_once_per_game(make_setup, act):
    setup = make_setup(coins=[40, 0, 0])
    state = new_game(setup)
    state.players[0].flag = True
    state = _build_step(state, act)
    assert {"type": "contribute"} not in legal_actions(state)
    with pytest.raises(IllegalAction, match="flag is on the community project already"):
        act(state, {"type": "contribute"})


def test_contributing_needs_the_cost(make_setup, act):
    state = _build_step(new_game(make_setup(coins=[19, 0, 0])), act)
    assert {"type": "contribute"} not in legal_actions(state)
    with pytest.raises(IllegalAction, match="Ann has 19 coins; the project costs 20"):
        act(state, {"type": "contribute"})


def test_three_landmarks_without_a_flag_do_not_win(make_setup, act):
    setup = make_setup(coins=[25, 0, 0], built=[["hochofen", "blumenladen"], [], []])
    state = _build_step(new_game(setup), act)
    state, events = act(state, {"type": "build_landmark", "landmark": "springbrunnen"})
    assert all(state.players[0].landmarks.values())
    assert state.winner is None and not has_won(state, 0)
    assert not [e for e in events if e["type"] == "game_over"]
    assert state.active == 1


def test_the_flag_then_wins_at_once(make_setup, act):
    setup = make_setup(
        coins=[20, 0, 0], built=[["hochofen", "blumenladen", "springbrunnen"], [], []]
    )
    state = _build_step(new_game(setup), act)
    state, events = act(state, {"type": "contribute"})
    assert events[-1] == {"type": "game_over", "winner": 0}
    assert state.winner == 0 and state.phase == "over" and legal_actions(state) == []


def test_the_last_landmark_after_the_flag_wins_at_once(make_setup, act):
    setup = make_setup(coins=[25, 0, 0], built=[["hochofen", "blumenladen"], [], []])
    state = new_game(setup)
    state.players[0].flag = True
    state = _build_step(state, act)
    state, events = act(state, {"type": "build_landmark", "landmark": "springbrunnen"})
    assert events[-1] == {"type": "game_over", "winner": 0}


def test_the_legacy_landmarks_work(make_setup, act):
    built = [["hochofen", "blumenladen", "springbrunnen"], [], []]
    state = new_game(make_setup(coins=[0, 0, 0], built=built, cities=[{"bakery": 2}, {}, {}]))
    assert {"type": "roll", "dice": 2} in legal_actions(state)  # Hochofen
    state, events = act(state, {"type": "roll", "dice": 1}, dice=(2,))
    assert [e["amount"] for e in events if e["type"] == "transfer"] == [4]  # Blumenladen: +1 each
    state, _ = act(state, {"type": "pass"})
    assert state.active == 1
    state = new_game(make_setup(coins=[0, 0, 0], built=built))
    state, _ = act(state, {"type": "roll", "dice": 2}, dice=(3, 4))
    state, events = act(state, {"type": "pass"})
    assert {"type": "extra_turn", "player": 0, "landmark": "springbrunnen"} in events
    assert state.active == 0


GRANARY = {
    "id": "granary",
    "name": {"en": "Granary", "de": "Kornspeicher", "nl": "Graanschuur"},
    "cost": 25,
    "letter": "I",
    "effect": {"kind": "icon_bonus", "icons": ["wheat", "cow"], "amount": 1},
}


def _granary_built_on_anns_turn(make_setup, act, **edition):
    """Ann (two Wheat Fields) builds a Granary on her turn; then Ben rolls a 1."""
    setup = make_setup(
        players=2,
        coins=[5, 0],
        cities=[{"wheat_field": 2}, {}],
        landmarks=[legacy_landmarks(["granary", "hochofen"]) for _ in range(2)],
        landmark_defs=[*make_setup()["landmark_defs"], GRANARY],
        **edition,
    )
    state = _build_step(new_game(setup), act)
    state, _ = act(state, {"type": "build_landmark", "landmark": "granary"})
    assert state.active == 1
    _state, events = act(state, {"type": "roll", "dice": 1}, dice=(1,))
    return [(e["card"], e["payee"], e["amount"]) for e in events if e["type"] == "transfer"]


def test_a_legacy_landmark_works_from_the_next_turn_whoever_rolls(make_setup, act):
    # The Legacy book (p. 8): a landmark works "in all future turns", Ben's next one included.
    assert _granary_built_on_anns_turn(make_setup, act) == [("wheat_field", 0, 4)]


@pytest.mark.parametrize("edition", ["classic", "kosmos"])
def test_a_classic_or_kosmos_landmark_waits_for_its_owners_next_turn(make_setup, act, edition):
    paid = _granary_built_on_anns_turn(make_setup, act, edition=edition)
    assert paid == [("wheat_field", 0, 2)]


def test_a_legacy_landmark_is_not_in_force_on_the_turn_it_is_built(make_setup, act):
    # Springbrunnen built on a roll of 7 gives no extra turn for that roll.
    built = [["hochofen", "blumenladen"], [], []]
    state = new_game(make_setup(coins=[25, 0, 0], built=built))
    state, _ = act(state, {"type": "roll", "dice": 2}, dice=(3, 4))
    state, events = act(state, {"type": "build_landmark", "landmark": "springbrunnen"})
    assert "extra_turn" not in [event["type"] for event in events]
    assert state.active == 1
    assert state.players[0].fresh == ()


def _rolls_with_a_tie(make_setup):
    for seed in range(200):
        state = new_game(make_setup(seed=seed, first_player="roll"))
        if len(state.start_rolls) > 1:
            return state
    raise AssertionError("no seed below 200 gives a tie")


def test_first_player_by_roll_the_highest_two_dice_sum_starts(make_setup):
    for seed in range(20):
        state = new_game(make_setup(seed=seed, first_player="roll"))
        last = state.start_rolls[-1]
        best = max(r for r in last if r is not None)
        assert last[state.active] == best
        assert [r for r in last if r == best] == [best]
        assert all(2 <= r <= 12 for rolls in state.start_rolls for r in rolls if r is not None)


def test_first_player_by_roll_ties_roll_again_among_themselves(make_setup):
    state = _rolls_with_a_tie(make_setup)
    first, second = state.start_rolls[0], state.start_rolls[1]
    best = max(r for r in first if r is not None)
    tied = [seat for seat, r in enumerate(first) if r == best]
    assert len(tied) > 1
    assert [seat for seat, r in enumerate(second) if r is not None] == tied


def test_first_player_by_roll_replays_the_same(make_setup):
    one = new_game(make_setup(seed=5, first_player="roll"))
    two = new_game(make_setup(seed=5, first_player="roll"))
    assert one == two


def test_a_later_game_starts_with_the_given_seat(make_setup):
    state = new_game(make_setup(first_player=2))
    assert state.active == 2 and state.start_rolls == []
