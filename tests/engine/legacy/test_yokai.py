"""Rules yokai_flip and yokai_coins: on every roll of doubles, after all income."""

import pytest

from play.engine import GameState, IllegalAction, legal_actions, new_game


def _setup(make_setup, rules, coins, cities, players=None):
    players = players or len(coins)
    return make_setup(
        players,
        rules=rules,
        coins=coins,
        cities=cities,
        built=[["hochofen"] for _ in range(players)],  # everyone may roll two dice
    )


def _of(events, kind):
    return [e for e in events if e["type"] == kind]


# --- yokai_flip --------------------------------------------------------------------------------

RICH_CITY = {"wheat_field": 2, "forest": 1, "mine": 1, "apple_orchard": 1, "furniture_factory": 1}


def test_doubles_turn_the_richest_others_most_expensive_card_face_down(make_setup, act):
    state = new_game(_setup(make_setup, ["yokai_flip"], [0, 3, 5], [{}, RICH_CITY, RICH_CITY]))
    after, events = act(state, {"type": "roll", "dice": 2}, dice=(3, 3))
    assert _of(events, "face_down") == [
        {"type": "face_down", "player": 2, "card": "mine", "roller": 0}
    ]
    assert after.players[2].face_down == {"mine": 1}
    assert after.players[2].city["mine"] == 1  # still in the city, only face down
    assert state.players[2].face_down == {}  # the state passed in is unchanged
    assert after.phase == "build"


def test_no_flip_without_doubles(make_setup, act):
    state = new_game(_setup(make_setup, ["yokai_flip"], [0, 3, 5], [{}, RICH_CITY, RICH_CITY]))
    after, events = act(state, {"type": "roll", "dice": 2}, dice=(3, 4))
    assert not _of(events, "face_down") and after.players[2].face_down == {}
    after, events = act(state, {"type": "roll", "dice": 1}, dice=(3,))
    assert not _of(events, "face_down")


def test_no_flip_without_the_rule(make_setup, act):
    state = new_game(_setup(make_setup, [], [0, 3, 5], [{}, RICH_CITY, RICH_CITY]))
    _after, events = act(state, {"type": "roll", "dice": 2}, dice=(3, 3))
    assert not _of(events, "face_down")


@pytest.mark.parametrize(
    ("roller", "coins", "target"),
    [
        (0, [0, 5, 5, 5], 1),  # a tie: the first of them clockwise from the roller
        (2, [5, 0, 9, 5], 3),  # the roller's own coins do not count
        (3, [4, 1, 4, 9], 0),  # clockwise from seat 3: seat 0 comes before seat 2
        (1, [2, 7, 1, 2], 3),  # from seat 1 the order is 2, 3, 0; 3 and 0 tie with 2 coins
    ],
)
def test_the_richest_other_player_is_flipped_ties_clockwise(make_setup, act, roller, coins, target):
    setup = _setup(make_setup, ["yokai_flip"], coins, [dict(RICH_CITY) for _ in coins])
    setup["first_player"] = roller
    _after, events = act(new_game(setup), {"type": "roll", "dice": 2}, dice=(6, 6))
    assert [e["player"] for e in _of(events, "face_down")] == [target]


def test_the_richest_is_found_after_all_income(make_setup, act):
    # Ann rolls 1+1: Ben's two Ranches pay him 2 (3 -> 5), passing Cem's 4.
    cities = [{}, {"ranch": 2, "forest": 1}, {"forest": 1}]
    state = new_game(_setup(make_setup, ["yokai_flip"], [0, 3, 4], cities))
    after, events = act(state, {"type": "roll", "dice": 2}, dice=(1, 1))
    assert _of(events, "face_down")[0]["player"] == 1
    assert events.index(_of(events, "face_down")[0]) > events.index(_of(events, "transfer")[-1])
    assert after.players[1].face_down == {"forest": 1}


@pytest.mark.parametrize(
    ("city", "card"),
    [
        ({"mine": 1, "forest": 3}, "mine"),  # highest cost
        ({"apple_orchard": 1, "furniture_factory": 2, "forest": 1}, "apple_orchard"),  # number
        ({"zeta_mill": 1, "alpha_mill": 1}, "alpha_mill"),  # then the first id
        ({"kosmos_shop": 1, "wheat_field": 1}, "wheat_field"),  # only establishments
    ],
)
def test_the_most_expensive_establishment_goes_face_down(make_setup, act, city, card):
    mill = {
        "name": {"en": "Mill", "de": "Mühle", "nl": "Molen"},
        "colour": "blue",
        "icon": "wheat",
        "cost": 4,
        "numbers": [7],
        "effect": {"kind": "bank", "amount": 2},
    }
    setup = _setup(make_setup, ["yokai_flip"], [0, 9, 0], [{}, city, {}])
    setup["card_defs"] = [{**mill, "id": "zeta_mill"}, {**mill, "id": "alpha_mill"}]
    _after, events = act(new_game(setup), {"type": "roll", "dice": 2}, dice=(6, 6))
    assert _of(events, "face_down")[0]["card"] == card


def test_a_player_with_no_establishment_to_flip_is_passed_over(make_setup, act):
    state = new_game(_setup(make_setup, ["yokai_flip"], [0, 9, 0], [{}, {"kosmos_shop": 1}, {}]))
    _after, events = act(state, {"type": "roll", "dice": 2}, dice=(6, 6))
    assert not _of(events, "face_down")


def test_a_face_down_copy_does_not_activate_until_its_owners_next_turn(make_setup, act):
    cities = [{}, {}, {"wheat_field": 3}]
    state = new_game(_setup(make_setup, ["yokai_flip"], [0, 0, 9], cities))
    state, _ = act(state, {"type": "roll", "dice": 2}, dice=(4, 4))  # Ann: doubles
    assert state.players[2].face_down == {"wheat_field": 1}
    state, _ = act(state, {"type": "pass"})
    state, events = act(state, {"type": "roll", "dice": 1}, dice=(1,))  # Ben rolls 1
    paid = [e for e in events if e["type"] == "transfer" and e["card"] == "wheat_field"]
    assert [(e["payee"], e["count"], e["amount"]) for e in paid] == [(2, 2, 2)]
    assert state.players[2].face_down == {"wheat_field": 1}  # still down on Ben's turn
    state, events = act(state, {"type": "pass"})  # Cem's turn begins
    assert events[-2:] == [
        {"type": "turn", "player": 2, "extra": False},
        {"type": "face_up", "player": 2, "cards": {"wheat_field": 1}},
    ]
    assert state.players[2].face_down == {}
    state, events = act(state, {"type": "roll", "dice": 1}, dice=(1,))
    paid = [e for e in events if e["type"] == "transfer" and e["card"] == "wheat_field"]
    assert [(e["payee"], e["count"], e["amount"]) for e in paid] == [(2, 3, 3)]


def test_a_face_down_card_cannot_be_traded(make_setup, act):
    cities = [{"business_center": 1}, {"mine": 1}, {}]
    setup = _setup(make_setup, ["yokai_flip"], [0, 9, 0], cities)
    state = new_game(setup)
    state.players[1].face_down = {"mine": 1}
    state, _ = act(state, {"type": "roll", "dice": 2}, dice=(3, 3))  # Ben's Mine is face down
    assert state.phase == "trade"
    assert legal_actions(state) == [{"type": "skip"}]  # Ann has nothing to give anyway
    with pytest.raises(IllegalAction):
        act(state, {"type": "trade", "give": "business_center", "player": 1, "take": "mine"})


def test_face_down_cards_round_trip_through_json(make_setup, act):
    state = new_game(_setup(make_setup, ["yokai_flip"], [0, 3, 5], [{}, RICH_CITY, RICH_CITY]))
    state, _ = act(state, {"type": "roll", "dice": 2}, dice=(3, 3))
    assert state.to_dict()["players"][2]["face_down"] == {"mine": 1}
    assert GameState.from_json(state.to_json()) == state


def test_a_save_with_more_face_down_than_owned_is_refused(make_setup):
    data = new_game(make_setup()).to_dict()
    data["players"][0]["face_down"] = {"wheat_field": 2}
    with pytest.raises(IllegalAction, match="contradicts itself: players.0..face_down"):
        GameState.from_dict(data)


# --- yokai_coins -------------------------------------------------------------------------------


def test_doubles_give_each_poorest_player_two_coins(make_setup, act):
    state = new_game(_setup(make_setup, ["yokai_coins"], [1, 4, 1, 2], [{}, {}, {}, {}]))
    after, events = act(state, {"type": "roll", "dice": 2}, dice=(5, 5))
    assert _of(events, "transfer") == [
        {
            "type": "transfer",
            "card": "yokai",
            "count": 1,
            "payer": None,
            "payee": seat,
            "amount": 2,
            "shortfall": 0,
        }
        for seat in (0, 2)
    ]
    assert [p.coins for p in after.players] == [3, 4, 3, 2]


def test_the_poorest_are_counted_after_income(make_setup, act):
    # Ann rolls 1+1 with a Ranch: 0 -> 1; Ben (1) and Ann (1) tie for fewest, Cem has 2.
    cities = [{"ranch": 1}, {}, {}]
    state = new_game(_setup(make_setup, ["yokai_coins"], [0, 1, 2], cities))
    after, events = act(state, {"type": "roll", "dice": 2}, dice=(1, 1))
    yokai = [e["payee"] for e in events if e["type"] == "transfer" and e["card"] == "yokai"]
    assert yokai == [0, 1]
    assert [p.coins for p in after.players] == [3, 3, 2]


def test_no_yokai_coins_without_doubles_or_the_rule(make_setup, act):
    state = new_game(_setup(make_setup, ["yokai_coins"], [0, 0, 0], [{}, {}, {}]))
    _after, events = act(state, {"type": "roll", "dice": 2}, dice=(5, 6))
    assert not _of(events, "transfer")
    state = new_game(_setup(make_setup, [], [0, 0, 0], [{}, {}, {}]))
    _after, events = act(state, {"type": "roll", "dice": 2}, dice=(5, 5))
    assert not _of(events, "transfer")


def test_the_yokai_waits_for_a_reroll_decision(make_setup, act):
    # A reroll landmark: the roll that counts is the one after the decision.
    setup = _setup(make_setup, ["yokai_coins"], [0, 0, 0], [{}, {}, {}])
    setup["landmarks"][0] = [*setup["landmarks"][0][:2], {"id": "radio_tower", "cost": 25}]
    setup["built"][0] = ["hochofen", "radio_tower"]
    state = new_game(setup)
    state, events = act(state, {"type": "roll", "dice": 2}, dice=(2, 2))
    assert state.phase == "reroll" and not _of(events, "transfer")
    _after, events = act(state, {"type": "reroll"}, dice=(2, 3))
    assert not _of(events, "transfer")
    _after, events = act(state, {"type": "keep"})
    assert len(_of(events, "transfer")) == 3
