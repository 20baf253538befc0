"""Every way an action, a setup or a saved game can be wrong raises IllegalAction, with a message
id and parameters that a front end translates, and a readable English sentence."""

import pytest
from helpers import BEN, NAMES, game, refused, roll

from play.engine import GameState, IllegalAction, apply_action, new_game


def build_phase(**keywords):
    state = game(**keywords)
    state, _ = roll(state, 5)
    return state


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("pass", "action_not_a_dict"),
        ({}, "action_not_a_dict"),
        ({"type": 3}, "action_not_a_dict"),
        ({"type": "fly"}, "unknown_action"),
        ({"type": "pass"}, "wrong_phase_roll"),
        ({"type": "roll", "dice": 3}, "dice_count"),
        ({"type": "roll", "dice": True}, "dice_count"),
        ({"type": "roll", "dice": 2}, "two_dice_not_allowed"),
        ({"type": "roll"}, "action_fields"),
        ({"type": "roll", "dice": 1, "extra": 1}, "action_fields"),
        ({"type": "reroll"}, "wrong_phase_roll"),
        ({"type": "choose_player", "player": 1}, "wrong_phase_roll"),
    ],
)
def test_actions_that_do_not_fit_the_moment_are_refused(action, code):
    state = game()

    with refused(code):
        apply_action(state, action)


def test_a_refusal_reads_as_an_english_sentence():
    with pytest.raises(IllegalAction, match="^Ann must roll the dice now, not pass.$"):
        apply_action(game(), {"type": "pass"})
    with pytest.raises(IllegalAction, match="^Ann has 3 coins; Mine costs 6.$") as caught:
        apply_action(build_phase(), {"type": "build", "card": "mine"})
    assert caught.value.params == {"player": "Ann", "coins": 3, "card": "mine", "cost": 6}


@pytest.mark.parametrize(
    ("action", "code", "params"),
    [
        ({"type": "build", "card": "dragon"}, "not_in_market", {"card": "dragon"}),
        ({"type": "build", "card": ["cafe"]}, "not_in_market", {}),
        ({"type": "build", "card": "mine"}, "not_enough_coins", {"coins": 3, "cost": 6}),
        (
            {"type": "build_landmark", "landmark": "castle"},
            "no_such_landmark_to_build",
            {"landmark": "castle"},
        ),
        (
            {"type": "build_landmark", "landmark": "radio_tower"},
            "not_enough_coins_landmark",
            {"landmark": "radio_tower", "cost": 22},
        ),
        ({"type": "contribute"}, "no_project", {}),
        ({"type": "pass", "now": True}, "action_fields", {}),
    ],
)
def test_builds_that_the_rules_do_not_allow_are_refused(action, code, params):
    state = build_phase()

    with refused(code, **params):
        apply_action(state, action)


def test_a_sold_out_pile_a_second_purple_and_a_third_copy_are_refused():
    state = build_phase(
        coins=[20, 0], cities=[{"stadium": 1, "cafe": 2}, {}], variants=["two_copies_max"]
    )
    state = new_game({**state.setup, "market": {**state.market, "ranch": 0}})
    state, _ = roll(state, 5)
    with refused("pile_sold_out", card="ranch") as caught:
        apply_action(state, {"type": "build", "card": "ranch"})
    assert str(caught.value) == "The Ranch pile is sold out."
    with refused("one_purple_only", player="Ann", card="stadium"):
        apply_action(state, {"type": "build", "card": "stadium"})
    with refused("two_copies_only", player="Ann", card="cafe"):
        apply_action(state, {"type": "build", "card": "cafe"})


def test_a_landmark_cannot_be_built_twice():
    state = build_phase(coins=[10, 0], built=[["train_station"], []])

    with refused("landmark_built_already", landmark="train_station"):
        apply_action(state, {"type": "build_landmark", "landmark": "train_station"})


def test_the_wrong_seat_is_refused():
    with refused("not_your_turn", player="Ann", claimed="Ben"):
        apply_action(game(), {"type": "roll", "dice": 1}, seat=BEN)
    with refused("no_such_seat", seat="7"):
        apply_action(game(), {"type": "roll", "dice": 1}, seat=7)


@pytest.mark.parametrize("dice", [(7,), (1, 2), ("3",), 3])
def test_forced_dice_must_fit_the_roll(dice):
    with refused("forced_dice_invalid", count=1):
        apply_action(game(), {"type": "roll", "dice": 1}, dice=dice)


def test_dice_can_only_be_forced_for_rolls():
    with refused("dice_forced_wrongly"):
        apply_action(build_phase(), {"type": "pass"}, dice=(3,))


def test_choices_of_tv_station_and_business_center_must_be_real():
    state = game(
        players=3,
        cities=[{"tv_station": 1, "business_center": 1, "cafe": 1}, {"ranch": 1, "mine": 1}, {}],
    )
    state, _ = roll(state, 6)
    for target, code in [
        (0, "take_from_self"),
        (5, "no_such_seat"),
        (True, "no_such_seat"),
        ("1", "no_such_seat"),
    ]:
        with refused(code):
            apply_action(state, {"type": "choose_player", "player": target})
    state, _ = apply_action(state, {"type": "choose_player", "player": 1})

    trades = [
        ({"give": "mine", "player": 1, "take": "ranch"}, "trade_give_missing", {"give": "mine"}),
        ({"give": "tv_station", "player": 1, "take": "ranch"}, "trade_give_missing", {}),
        ({"give": "cafe", "player": 1, "take": "stadium"}, "trade_take_missing", {"player": "Ben"}),
        ({"give": "cafe", "player": 0, "take": "cafe"}, "trade_with_self", {}),
        ({"give": "cafe", "player": 2, "take": "ranch"}, "trade_take_missing", {"player": "Cy"}),
        ({"give": ["cafe"], "player": 1, "take": "ranch"}, "trade_give_missing", {}),
    ]
    for trade, code, params in trades:
        with refused(code, **params):
            apply_action(state, {"type": "trade", **trade})


def test_nothing_can_be_played_after_the_game_is_won():
    state = build_phase(
        coins=[22, 0], built=[["train_station", "shopping_mall", "amusement_park"], []]
    )
    state, _ = apply_action(state, {"type": "build_landmark", "landmark": "radio_tower"})

    with refused("game_over", player="Ann"):
        apply_action(state, {"type": "roll", "dice": 1})


def test_a_refused_action_leaves_the_state_as_it_was():
    state = build_phase()
    before = state.to_json()
    with pytest.raises(IllegalAction):
        apply_action(state, {"type": "build", "card": "mine"})
    assert state.to_json() == before


CLASSIC = {"edition_or_setup": "classic", "players": NAMES[:2]}


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"edition_or_setup": "monopoly", "players": NAMES}, "unknown_edition"),
        ({"edition_or_setup": "classic", "players": ["Ann"]}, "edition_players"),
        ({"edition_or_setup": "classic", "players": NAMES + ["Eve"]}, "edition_players"),
        ({"edition_or_setup": "classic", "players": ["Ann", " "]}, "player_name"),
        ({"edition_or_setup": "classic", "players": ["Ann", "B" * 41]}, "player_name"),
        ({"edition_or_setup": "classic", "players": ["Ann", 7]}, "player_name"),
        ({**CLASSIC, "cities": [{"x": 1}, {}]}, "no_such_card"),
        ({**CLASSIC, "cities": [{"cafe": 0}, {}]}, "city_copies"),
        ({**CLASSIC, "cities": [{"cafe": 1.5}, {}]}, "city_copies"),
        ({**CLASSIC, "cities": [{"cafe": 100}, {}]}, "city_too_many"),
        ({**CLASSIC, "cities": [[], {}]}, "city_not_dict"),
        ({**CLASSIC, "coins": [-1, 0]}, "coins_not_whole"),
        ({**CLASSIC, "coins": [1.5, 0]}, "coins_not_whole"),
        ({**CLASSIC, "coins": ["3", 0]}, "coins_not_whole"),
        ({**CLASSIC, "coins": [None, 0]}, "coins_not_whole"),
        ({**CLASSIC, "coins": [True, 0]}, "coins_not_whole"),
        ({**CLASSIC, "coins": [1]}, "setup_per_seat"),
        ({**CLASSIC, "built": [["castle"], []]}, "built_not_owned"),
        ({**CLASSIC, "built": [5, []]}, "setup_field"),
        ({**CLASSIC, "built": [[5], []]}, "built_not_owned"),
        ({**CLASSIC, "variants": ["chaos"]}, "unknown_variants"),
        ({**CLASSIC, "variants": "two_copies_max"}, "setup_list"),
        ({**CLASSIC, "first_player": 2}, "first_player"),
        ({**CLASSIC, "seed": "x"}, "seed_not_whole"),
        ({**CLASSIC, "seed": 2**65}, "seed_not_whole"),
    ],
)
def test_bad_game_setups_are_refused(arguments, code):
    with refused(code):
        new_game(**arguments)


def test_a_setup_with_unknown_rules_or_definitions_is_refused():
    setup = game().setup
    with refused("unknown_rules", rules="time_travel"):
        new_game({**setup, "rules": ["time_travel"]})
    with refused("card_defs_invalid", field="card_defs"):
        new_game({**setup, "card_defs": [{"id": "x", "colour": "pink"}]})
    with refused("no_such_project", project="moon"):
        new_game({**setup, "community_project": {"id": "moon"}})
    with refused("setup_not_edition"):
        new_game(["classic"])


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "save_not_json"),
        ("[" * 100_000, "save_not_json"),
        ("[]", "save_invalid"),
        ('{"format": 99}', "save_format"),
    ],
)
def test_broken_saved_games_are_refused(text, code):
    with refused(code):
        GameState.from_json(text)


def test_a_saved_game_with_an_unknown_card_or_negative_coins_is_refused():
    good = game().to_dict()
    with refused("save_invalid", where="market['dragon']") as caught:
        GameState.from_dict({**good, "market": {"dragon": 1}})
    assert str(caught.value) == "This is not a valid saved game: market['dragon'] is wrong."
    players = [dict(good["players"][0], coins=-2), good["players"][1]]
    with refused("save_invalid", where="players[0].coins"):
        GameState.from_dict({**good, "players": players})
