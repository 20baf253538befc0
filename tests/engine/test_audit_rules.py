"""The rules the audit of issue 9 found broken, each as RULES.md §6 decides it."""

import json

import pytest
from helpers import ANN, BEN, NAMES, game, refused, roll

from play.engine import GameState, IllegalAction, apply_action, legal_actions, new_game
from play.engine.cards import ContentError, parse_card


def _trade_phase(variants=(), ann=None, ben=None):
    """Ann rolls 6 with a Business Center: the trade decision is hers."""
    state = game(
        coins=[0, 0],
        cities=[ann or {}, ben or {}],
        variants=list(variants),
    )
    state, _ = roll(state, 6)
    assert state.phase == "trade"
    return state


def _trades(state):
    return [
        (a["give"], a["player"], a["take"]) for a in legal_actions(state) if a["type"] == "trade"
    ]


# --- Business Center under the two-copy limit -------------------------------------------------

ANN_CITY = {"business_center": 1, "wheat_field": 2, "cafe": 1, "ranch": 1}
BEN_CITY = {"wheat_field": 1, "ranch": 2, "forest": 1}


def test_a_trade_that_gives_either_player_a_third_copy_is_not_offered():
    state = _trade_phase(["two_copies_max"], ANN_CITY, BEN_CITY)
    trades = _trades(state)
    assert ("cafe", BEN, "wheat_field") not in trades  # Ann would own 3 Wheat Fields
    assert ("ranch", BEN, "forest") not in trades  # Ben would own 3 Ranches
    assert ("cafe", BEN, "forest") in trades
    assert ("wheat_field", BEN, "forest") in trades  # Ben's second Wheat Field is fine


def test_a_trade_that_gives_a_third_copy_is_refused():
    state = _trade_phase(["two_copies_max"], ANN_CITY, BEN_CITY)
    trade = {"type": "trade", "give": "cafe", "player": BEN, "take": "wheat_field"}
    with refused("trade_over_limit", player="Ann", card="wheat_field"):
        apply_action(state, trade)
    trade = {"type": "trade", "give": "ranch", "player": BEN, "take": "forest"}
    with refused("trade_over_limit", player="Ben", card="ranch"):
        apply_action(state, trade)


def test_without_the_variant_a_trade_may_give_a_third_copy():
    state = _trade_phase((), ANN_CITY, BEN_CITY)
    state, _ = apply_action(
        state, {"type": "trade", "give": "cafe", "player": BEN, "take": "wheat_field"}
    )
    assert state.players[ANN].city["wheat_field"] == 3


def test_no_legal_action_ever_breaks_the_limit_in_random_games():
    import random

    for seed in range(15):
        state = game(players=3, seed=seed, variants=["two_copies_max"], coins=[30, 30, 30])
        chooser = random.Random(seed)
        while state.winner is None and state.turn < 150:
            state, _ = apply_action(state, chooser.choice(legal_actions(state)))
            for player in state.players:
                assert all(copies <= 2 for copies in player.city.values()), player.city


# --- no empty choices ---------------------------------------------------------------------------


def test_a_swap_of_a_card_for_the_same_card_is_not_offered_and_is_refused():
    state = _trade_phase((), ANN_CITY, BEN_CITY)
    trades = _trades(state)
    assert all(give != take for give, _seat, take in trades)
    assert ("cafe", BEN, "ranch") in trades
    same = {"type": "trade", "give": "wheat_field", "player": BEN, "take": "wheat_field"}
    with refused("trade_same_card", card="wheat_field"):
        apply_action(state, same)


def test_with_nothing_to_swap_only_skip_is_offered():
    state = _trade_phase((), {"business_center": 1, "ranch": 1}, {"ranch": 1})
    assert legal_actions(state) == [{"type": "skip"}]


# --- a card's colour must fit its effect -------------------------------------------------------

BANK = {"kind": "bank", "amount": 1}
CHOOSER = {
    "id": "green_thief",
    "name": {"en": "Green Thief", "de": "Grüner Dieb", "nl": "Groene dief"},
    "colour": "green",
    "icon": "bread",
    "cost": 1,
    "numbers": [3],
    "effect": {"kind": "take_from_chosen", "amount": 2},
}


@pytest.mark.parametrize(
    ("colour", "effect"),
    [
        ("green", {"kind": "take_from_chosen", "amount": 2}),
        ("blue", {"kind": "swap"}),
        ("blue", {"kind": "take_from_active", "amount": 1}),
        ("red", {"kind": "bank", "amount": 1}),
        ("purple", {"kind": "bank", "amount": 1}),
        ("green", {"kind": "coin_if_broke_after_build", "amount": 1}),
    ],
)
def test_a_card_whose_colour_does_not_fit_its_effect_is_refused_when_read(colour, effect):
    card = {**CHOOSER, "colour": colour, "effect": effect}
    with pytest.raises(ContentError, match=f"a {colour} card cannot have the effect"):
        parse_card(card)
    setup = game().setup
    with refused("card_defs_invalid", field="card_defs"):
        new_game({**setup, "card_defs": [card], "market": {**setup["market"], "green_thief": 1}})


def test_every_card_that_loads_can_be_rolled_for():
    """A card that passes the parser never crashes a roll: each colour's effects resolve."""
    from play.engine.cards import COLOUR_EFFECTS

    for colour, kinds in COLOUR_EFFECTS.items():
        if colour == "special":
            continue
        for kind in kinds:
            effect = {"kind": kind} if kind == "swap" else {"kind": kind, "amount": 1}
            if kind == "per_icon":
                effect["icon"] = "bread"
            card = {**CHOOSER, "id": "probe", "colour": colour, "effect": effect}
            setup = game(players=3).setup
            city = {"probe": 1, "wheat_field": 1}
            state = new_game({**setup, "card_defs": [card], "cities": [city, city, city]})
            for _turn in range(3):  # each seat rolls 3 once: the card activates for all
                state, _ = roll(state, 3)
                while state.phase != "roll":
                    state, _ = apply_action(state, legal_actions(state)[0])


# --- saves that contradict themselves -----------------------------------------------------------


def _saved(**keywords):
    return game(**keywords).to_dict()


def _broken(change):
    data = _saved(cities=[{"business_center": 1}, {"ranch": 1}])
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(phase="trade", dice=[6]), "save_contradiction"),
        (
            lambda d: d.update(phase="choose_player", dice=[6], queue=["business_center"]),
            "save_contradiction",
        ),
        (lambda d: d.update(phase="trade", dice=[6], queue=["business_center"]), None),
        (lambda d: d.update(phase="build", dice=[]), "save_contradiction"),
        (lambda d: d.update(queue=["business_center"]), "save_contradiction"),
        (lambda d: d.update(queue=["stadium"]), "save_contradiction"),
        (lambda d: d.update(winner=7, phase="over"), "save_invalid"),
        (lambda d: d.update(winner=1), "save_contradiction"),
        (lambda d: d.update(phase="over"), "save_contradiction"),
        (lambda d: d.update(active=2), "save_invalid"),
        (lambda d: d.update(active=-1), "save_invalid"),
        (lambda d: d.update(active=True), "save_invalid"),
        (lambda d: d.update(dice=[7]), "save_invalid"),
        (lambda d: d.update(dice=[1, 2, 3], phase="build"), "save_invalid"),
        (lambda d: d.update(turn=0), "save_invalid"),
        (lambda d: d.update(rerolled="no"), "save_invalid"),
        (lambda d: d.update(players=d["players"][:1]), "save_contradiction"),
        (lambda d: d.update(market=[]), "save_invalid"),
        (lambda d: d.update(market_deck=["dragon"]), "save_invalid"),
        (lambda d: d.update(start_rolls=[[13, 2]]), "save_invalid"),
        (lambda d: d.pop("queue"), "save_invalid"),
        (lambda d: d["players"][0].update(coins=-1), "save_invalid"),
        (lambda d: d["players"][0].update(coins=2.5), "save_invalid"),
        (lambda d: d["players"][0].update(city={"ranch": 0}), "save_invalid"),
        (lambda d: d["players"][0].update(city={"stadium": 1, "tv_station": 1}), None),
        (lambda d: d["players"][0].update(city={"stadium": 2}), "save_contradiction"),
        (lambda d: d["players"][0].update(landmarks={"castle": True}), "save_invalid"),
        (lambda d: d["players"][0]["landmarks"].update(radio_tower=1), "save_invalid"),
        (lambda d: d["players"][0].update(fresh=["radio_tower"]), "save_contradiction"),
        (lambda d: d["players"][0].update(name="Eve"), "save_invalid"),
        # cards lie face down only under yokai_flip, and there turn up at their owner's turn
        (lambda d: d["players"][1].update(face_down={"ranch": 1}), "save_contradiction"),
        (
            lambda d: (
                d["setup"].update(rules=["yokai_flip"]),
                d["players"][1].update(face_down={"ranch": 1}),
            ),
            None,
        ),
        (lambda d: d["players"][0].update(flag="yes"), "save_invalid"),
        (lambda d: d["setup"].update(players=["A", "B", "C", "D", "E"]), "save_invalid"),
        (lambda d: d["setup"].update(rules=["yokai_flip", "yokai_coins"]), "both_yokai"),
    ],
)
def test_a_save_that_contradicts_itself_is_refused_with_a_clear_error(change, code):
    data = _broken(change)
    if code is None:  # a sound variation: loads, and plays on
        state = GameState.from_dict(data)
        apply_action(state, legal_actions(state)[0])
        return
    with refused(code):
        GameState.from_json(json.dumps(data))


def test_a_sound_save_in_every_phase_loads_and_plays_on():
    state = game(
        coins=[5, 5],
        cities=[{"tv_station": 1, "business_center": 1, "cafe": 1}, {"ranch": 1}],
        built=[["radio_tower"], []],
    )
    seen = set()
    for _ in range(40):
        seen.add(state.phase)
        twin = GameState.from_json(state.to_json())
        assert twin == state
        state, _ = apply_action(twin, legal_actions(twin)[0], **_dice_for(twin))
    assert {"roll", "reroll", "choose_player", "trade", "build"} <= seen


def _dice_for(state):
    return {"dice": (6,)} if state.phase in ("roll", "reroll") else {}


# --- setups are checked ------------------------------------------------------------------------


def _full_setup(**changes):
    setup = game().setup
    setup.update(changes)
    return setup


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"players": NAMES + ["Eve"], "coins": [3] * 5}, "player_count"),
        ({"players": ["Ann"]}, "player_count"),
        ({"players": "Ann, Ben"}, "player_count"),
        ({"players": ["Ann", "x" * 41]}, "player_name"),
        ({"players": ["Ann", "x" * 1_000_000]}, "player_name"),
        ({"cities": [{"stadium": 2}, {}]}, "city_purple_twice"),
        ({"cities": [{"wheat_field": 3}, {}], "variants": ["two_copies_max"]}, "city_over_limit"),
        ({"rules": ["yokai_flip", "yokai_coins"]}, "both_yokai"),
        ({"edition": "monopoly"}, "unknown_edition"),
        ({"edition": 5}, "unknown_edition"),
        ({"coins": [1.5, 3]}, "coins_not_whole"),
        ({"coins": ["3", 3]}, "coins_not_whole"),
        ({"coins": [None, 3]}, "coins_not_whole"),
        ({"coins": [-3, 3]}, "coins_not_whole"),
        ({"coins": [False, 3]}, "coins_not_whole"),
        ({"landmarks": [[{"id": "train_station", "cost": "4"}], []]}, "landmark_cost"),
        ({"landmarks": [[{"id": "train_station", "cost": None}], []]}, "landmark_cost"),
        ({"landmarks": [[{"id": "train_station", "cost": 4.5}], []]}, "landmark_cost"),
        ({"landmarks": [[{"id": "train_station", "cost": -4}], []]}, "landmark_cost"),
        ({"landmarks": [[{"id": "train_station", "cost": True}], []]}, "landmark_cost"),
        ({"landmarks": [["train_station"], []]}, "landmark_entry"),
        ({"landmarks": [5, []]}, "landmark_entry"),
        ({"community_project": {"id": "observatory", "cost": -1}}, None),
        ({"built": [5, []]}, "setup_field"),
        ({"built": [{"a": 1}, []]}, "setup_field"),
        ({"market": {"wheat_field": 100}}, "market_copies"),
        ({"market": {"wheat_field": 1_000_000}, "variants": ["random_market"]}, "market_copies"),
        ({"market": {"wheat_field": 2.0}}, "market_copies"),
        ({"market": {"kosmos_shop": 1}}, "market_card"),
        ({"market": []}, "setup_market"),
        ({"rules": "rest_day"}, "setup_list"),
        ({"rules": [["rest_day"]]}, "setup_list"),
        ({"seed": 1.5}, "seed_not_whole"),
    ],
)
def test_a_setup_that_breaks_the_rules_is_refused(changes, code):
    setup = _full_setup(**changes)
    if code is None:
        with pytest.raises(IllegalAction):  # no such project in a classic game
            new_game(setup)
        return
    with refused(code):
        new_game(setup)


def test_card_costs_in_card_defs_are_whole_numbers_from_0():
    for cost in (-1, "1", 1.5, None, True, 10**6):
        with pytest.raises(ContentError):
            parse_card({**CHOOSER, "colour": "green", "effect": BANK, "cost": cost})


def test_the_edition_keywords_check_their_types():
    for keywords in ({"built": [5, []]}, {"cities": [5, {}]}, {"coins": 3}, {"variants": "x"}):
        with pytest.raises(IllegalAction):
            game(**keywords)


def test_the_random_market_still_fills_ten_different_piles():
    state = game(variants=["random_market"])
    assert len(state.market) == 10
    setup = _full_setup(variants=["random_market"], market={"wheat_field": 99, "ranch": 99})
    state = new_game(setup)
    assert state.market.keys() == {"wheat_field", "ranch"}
    assert sum(state.market.values()) + len(state.market_deck) == 198
    assert not state.market_deck  # two kinds only: every card was revealed looking for ten


# --- extra turns never chain -------------------------------------------------------------------


def test_the_amusement_park_extra_turn_never_gives_another_one():
    state = game(coins=[0, 0], built=[["train_station", "amusement_park"], []])
    state, _ = roll(state, 3, 3)
    state, events = apply_action(state, {"type": "pass"})
    assert {"type": "extra_turn", "player": ANN, "landmark": "amusement_park"} in events
    assert state.active == ANN and state.extra_turn
    state, _ = roll(state, 3, 3)
    state, events = apply_action(state, {"type": "pass"})
    assert "extra_turn" not in [e["type"] for e in events]
    assert state.active == BEN and not state.extra_turn
