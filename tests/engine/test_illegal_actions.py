"""Every way an action, a setup or a saved game can be wrong raises IllegalAction."""

import pytest
from helpers import BEN, NAMES, game, roll

from play.engine import GameState, IllegalAction, apply_action, new_game


def build_phase(**keywords):
    state = game(**keywords)
    state, _ = roll(state, 5)
    return state


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("pass", "An action is a dict"),
        ({}, "An action is a dict"),
        ({"type": 3}, "An action is a dict"),
        ({"type": "fly"}, "There is no action 'fly'"),
        ({"type": "pass"}, "Ann must roll the dice now, not pass"),
        ({"type": "roll", "dice": 3}, "You roll 1 or 2 dice"),
        ({"type": "roll", "dice": True}, "You roll 1 or 2 dice"),
        ({"type": "roll", "dice": 2}, "Ann may roll two dice only once"),
        ({"type": "roll"}, "exactly the fields dice, type"),
        ({"type": "roll", "dice": 1, "extra": 1}, "exactly the fields dice, type"),
        ({"type": "reroll"}, "Ann must roll the dice now, not reroll"),
        ({"type": "choose_player", "player": 1}, "must roll the dice now"),
    ],
)
def test_actions_that_do_not_fit_the_moment_are_refused(action, message):
    state = game()

    with pytest.raises(IllegalAction, match=message):
        apply_action(state, action)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "build", "card": "dragon"}, "There is no 'dragon' in the market"),
        ({"type": "build", "card": ["cafe"]}, "There is no"),
        ({"type": "build", "card": "mine"}, "Ann has 3 coins; Mine costs 6"),
        ({"type": "build_landmark", "landmark": "castle"}, "Ann has no landmark 'castle'"),
        ({"type": "build_landmark", "landmark": "radio_tower"}, "that landmark costs 22"),
        ({"type": "contribute"}, "This game has no community project"),
        ({"type": "pass", "now": True}, "exactly the fields type"),
    ],
)
def test_builds_that_the_rules_do_not_allow_are_refused(action, message):
    state = build_phase()

    with pytest.raises(IllegalAction, match=message):
        apply_action(state, action)


def test_a_sold_out_pile_a_second_purple_and_a_third_copy_are_refused():
    state = build_phase(
        coins=[20, 0], cities=[{"stadium": 1, "cafe": 2}, {}], variants=["two_copies_max"]
    )
    state = new_game({**state.setup, "market": {**state.market, "ranch": 0}})
    state, _ = roll(state, 5)
    with pytest.raises(IllegalAction, match="The Ranch pile is sold out"):
        apply_action(state, {"type": "build", "card": "ranch"})
    with pytest.raises(IllegalAction, match="Ann may not own another Stadium"):
        apply_action(state, {"type": "build", "card": "stadium"})
    with pytest.raises(IllegalAction, match="Ann may not own another Café"):
        apply_action(state, {"type": "build", "card": "cafe"})


def test_a_landmark_cannot_be_built_twice():
    state = build_phase(coins=[10, 0], built=[["train_station"], []])

    with pytest.raises(IllegalAction, match="built that landmark already"):
        apply_action(state, {"type": "build_landmark", "landmark": "train_station"})


def test_the_wrong_seat_is_refused():
    with pytest.raises(IllegalAction, match="It is Ann's turn, not Ben's"):
        apply_action(game(), {"type": "roll", "dice": 1}, seat=BEN)
    with pytest.raises(IllegalAction, match="There is no seat 7"):
        apply_action(game(), {"type": "roll", "dice": 1}, seat=7)


@pytest.mark.parametrize(
    ("dice", "message"),
    [((7,), "Forced dice must be 1"), ((1, 2), "Forced dice must be 1"), (("3",), "Forced")],
)
def test_forced_dice_must_fit_the_roll(dice, message):
    with pytest.raises(IllegalAction, match=message):
        apply_action(game(), {"type": "roll", "dice": 1}, dice=dice)


def test_dice_can_only_be_forced_for_rolls():
    with pytest.raises(IllegalAction, match="only be forced for a roll"):
        apply_action(build_phase(), {"type": "pass"}, dice=(3,))


def test_choices_of_tv_station_and_business_center_must_be_real():
    state = game(
        players=3,
        cities=[{"tv_station": 1, "business_center": 1, "cafe": 1}, {"ranch": 1, "mine": 1}, {}],
    )
    state, _ = roll(state, 6)
    for target, message in [
        (0, "cannot take coins from themselves"),
        (5, "no seat 5"),
        (True, "no seat True"),
        ("1", "no seat '1'"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            apply_action(state, {"type": "choose_player", "player": target})
    state, _ = apply_action(state, {"type": "choose_player", "player": 1})

    trades = [
        ({"give": "mine", "player": 1, "take": "ranch"}, "Ann has no 'mine' to give"),
        ({"give": "tv_station", "player": 1, "take": "ranch"}, "Ann has no 'tv_station'"),
        ({"give": "cafe", "player": 1, "take": "stadium"}, "Ben has no 'stadium' to take"),
        ({"give": "cafe", "player": 0, "take": "cafe"}, "A trade is with another player"),
        ({"give": "cafe", "player": 2, "take": "ranch"}, "Cy has no 'ranch'"),
    ]
    for trade, message in trades:
        with pytest.raises(IllegalAction, match=message):
            apply_action(state, {"type": "trade", **trade})


def test_nothing_can_be_played_after_the_game_is_won():
    state = build_phase(
        coins=[22, 0], built=[["train_station", "shopping_mall", "amusement_park"], []]
    )
    state, _ = apply_action(state, {"type": "build_landmark", "landmark": "radio_tower"})

    with pytest.raises(IllegalAction, match="The game is over: Ann has won"):
        apply_action(state, {"type": "roll", "dice": 1})


def test_a_refused_action_leaves_the_state_as_it_was():
    state = build_phase()
    before = state.to_json()
    with pytest.raises(IllegalAction):
        apply_action(state, {"type": "build", "card": "mine"})
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"edition_or_setup": "monopoly", "players": NAMES}, "There is no edition 'monopoly'"),
        ({"edition_or_setup": "classic", "players": ["Ann"]}, "played by 2 to 4 players"),
        ({"edition_or_setup": "classic", "players": NAMES + ["Eve"]}, "played by 2 to 4"),
        ({"edition_or_setup": "classic", "players": ["Ann", " "]}, "Every player needs a name"),
        (
            {"edition_or_setup": "classic", "players": NAMES[:2], "cities": [{"x": 1}, {}]},
            "There is no card 'x'",
        ),
        (
            {"edition_or_setup": "classic", "players": NAMES[:2], "cities": [{"cafe": 0}, {}]},
            "0 copies of 'cafe'",
        ),
        (
            {"edition_or_setup": "classic", "players": NAMES[:2], "coins": [-1, 0]},
            "Ann's coins must be",
        ),
        ({"edition_or_setup": "classic", "players": NAMES[:2], "coins": [1]}, "'coins' for each"),
        (
            {"edition_or_setup": "classic", "players": NAMES[:2], "built": [["castle"], []]},
            "Ann has no landmark 'castle'",
        ),
        (
            {"edition_or_setup": "classic", "players": NAMES[:2], "variants": ["chaos"]},
            "There is no variant chaos",
        ),
        (
            {"edition_or_setup": "classic", "players": NAMES[:2], "first_player": 2},
            "first player must be a seat",
        ),
        (
            {"edition_or_setup": "classic", "players": NAMES[:2], "seed": "x"},
            "The seed must be a whole number",
        ),
    ],
)
def test_bad_game_setups_are_refused(arguments, message):
    with pytest.raises(IllegalAction, match=message):
        new_game(**arguments)


def test_a_setup_with_unknown_rules_or_definitions_is_refused():
    setup = game().setup
    with pytest.raises(IllegalAction, match="does not know the rules time_travel"):
        new_game({**setup, "rules": ["time_travel"]})
    with pytest.raises(IllegalAction, match="card_defs are not valid"):
        new_game({**setup, "card_defs": [{"id": "x", "colour": "pink"}]})
    with pytest.raises(IllegalAction, match="There is no community project 'moon'"):
        new_game({**setup, "community_project": {"id": "moon"}})
    with pytest.raises(IllegalAction, match="from an edition name or from a setup dict"):
        new_game(["classic"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not a valid saved game"),
        ("[]", "not a valid saved game"),
        ('{"format": 99}', "format 99"),
    ],
)
def test_broken_saved_games_are_refused(text, message):
    with pytest.raises(IllegalAction, match=message):
        GameState.from_json(text)


def test_a_saved_game_with_an_unknown_card_or_negative_coins_is_refused():
    good = game().to_dict()
    bad_card = {**good, "market": {"dragon": 1}}
    with pytest.raises(IllegalAction, match="There is no card 'dragon'"):
        GameState.from_dict(bad_card)
    players = [dict(good["players"][0], coins=-2), good["players"][1]]
    with pytest.raises(IllegalAction, match="not a valid saved game"):
        GameState.from_dict({**good, "players": players})
