"""Double-sided establishments: the chosen side is an ordinary card definition in card_defs."""

from play.engine import GameState, legal_actions, new_game

HARBOUR_SIDE = {
    "id": "fish_market",
    "name": {"en": "Fish Market", "de": "Fischmarkt", "nl": "Vismarkt"},
    "colour": "green",
    "icon": "boat",
    "cost": 2,
    "numbers": [4],
    "effect": {"kind": "per_icon", "icon": "wheat", "amount": 2},
}


def test_a_chosen_side_from_card_defs_is_built_and_activates(make_setup, act):
    setup = make_setup(coins=[2, 3, 3], card_defs=[HARBOUR_SIDE])
    setup["market"]["fish_market"] = 5
    state = new_game(setup)
    state, _ = act(state, {"type": "roll", "dice": 1}, dice=(6,))
    assert {"type": "build", "card": "fish_market"} in legal_actions(state)
    state, _ = act(state, {"type": "build", "card": "fish_market"})
    assert state.players[0].city == {"wheat_field": 1, "bakery": 1, "fish_market": 1}
    assert state.market["fish_market"] == 4
    for _ in range(2):  # Ben and Cem
        state, _ = act(state, {"type": "roll", "dice": 1}, dice=(6,))
        state, _ = act(state, {"type": "pass"})
    state, events = act(state, {"type": "roll", "dice": 1}, dice=(4,))
    assert [(e["card"], e["amount"]) for e in events if e["type"] == "transfer"] == [
        ("fish_market", 2)  # 2 coins per wheat establishment: one Wheat Field
    ]
    assert GameState.from_json(state.to_json()) == state


def test_a_card_def_with_an_existing_id_takes_the_new_definition(make_setup, act):
    other_side = {**HARBOUR_SIDE, "id": "bakery", "name": {"en": "Baker", "de": "B", "nl": "B"}}
    other_side["numbers"] = [5]
    other_side["effect"] = {"kind": "bank", "amount": 4}
    state = new_game(make_setup(card_defs=[other_side]))
    assert state.table.cards["bakery"].numbers == (5,)
    _after, events = act(state, {"type": "roll", "dice": 1}, dice=(2,))  # no longer a bakery roll
    assert not [e for e in events if e["type"] == "transfer"]
    _after, events = act(state, {"type": "roll", "dice": 1}, dice=(5,))
    assert [(e["card"], e["amount"]) for e in events if e["type"] == "transfer"] == [("bakery", 4)]
