"""Every establishment and landmark of the classic box, on the roll that activates it."""

import pytest
from helpers import ANN, BEN, CY, game, roll, transfers

from play.engine import apply_action, legal_actions
from play.engine.catalog import CARDS, EDITIONS, LANDMARKS

TRAIN = [["train_station"], ["train_station"]]


@pytest.mark.parametrize(
    ("card", "dice", "income"),
    [
        ("wheat_field", (1,), 1),
        ("ranch", (2,), 1),
        ("bakery", (2,), 1),
        ("bakery", (3,), 1),
        ("convenience_store", (4,), 3),
        ("forest", (5,), 1),
        ("mine", (4, 5), 5),
        ("apple_orchard", (4, 6), 3),
    ],
)
def test_bank_cards_pay_their_owner_on_their_own_roll(card, dice, income):
    state = game(coins=[0, 0], cities=[{card: 2}, {}], built=TRAIN)

    state, events = roll(state, *dice)

    assert [(e["card"], e["payee"], e["amount"], e["count"]) for e in transfers(events)] == [
        (card, ANN, 2 * income, 2)
    ]
    assert state.players[ANN].coins == 2 * income


@pytest.mark.parametrize(
    ("card", "dice", "pays"),
    [("wheat_field", (1,), 1), ("ranch", (2,), 1), ("forest", (5,), 1), ("mine", (3, 6), 5)],
)
def test_blue_cards_also_pay_on_other_players_rolls(card, dice, pays):
    state = game(coins=[0, 0], cities=[{}, {card: 1}], built=TRAIN)

    state, _ = roll(state, *dice)

    assert state.players[BEN].coins == pays


@pytest.mark.parametrize(
    ("card", "dice"),
    [("bakery", (2,)), ("convenience_store", (4,)), ("cheese_factory", (3, 4))],
)
def test_green_cards_pay_only_on_their_owners_roll(card, dice):
    cows = {"ranch": 1} if card == "cheese_factory" else {}
    state = game(coins=[0, 0], cities=[{}, {card: 1, **cows}], built=TRAIN)

    state, events = roll(state, *dice)

    assert state.players[BEN].coins == 0
    assert transfers(events) == []


def test_red_cards_pay_only_on_other_players_rolls():
    state = game(coins=[5, 5], cities=[{"cafe": 1}, {}])

    state, events = roll(state, 3)

    assert transfers(events) == []
    assert state.players[ANN].coins == 5


@pytest.mark.parametrize(("dice", "amount"), [((3, 6), 2), ((4, 6), 2)])
def test_family_restaurant_takes_two_from_the_active_player_on_9_and_10(dice, amount):
    state = game(coins=[5, 0], cities=[{}, {"family_restaurant": 1}], built=TRAIN)

    state, events = roll(state, *dice)

    assert [(e["payer"], e["payee"], e["amount"]) for e in transfers(events)] == [
        (ANN, BEN, amount)
    ]


@pytest.mark.parametrize(
    ("factory", "dice", "city", "income"),
    [
        ("cheese_factory", (3, 4), {"ranch": 3}, 9),
        ("furniture_factory", (4, 4), {"forest": 2, "mine": 1}, 9),
        ("fruit_and_vegetable_market", (5, 6), {"wheat_field": 2, "apple_orchard": 1}, 6),
        ("fruit_and_vegetable_market", (6, 6), {"wheat_field": 1}, 2),
    ],
)
def test_factories_and_markets_pay_per_establishment_of_their_icon(factory, dice, city, income):
    state = game(coins=[0, 0], cities=[{factory: 1, **city}, {}], built=TRAIN)

    state, events = roll(state, *dice)

    assert [(e["card"], e["amount"]) for e in transfers(events)] == [(factory, income)]


def test_stadium_takes_two_from_every_other_player_as_far_as_they_can_pay():
    state = game(players=3, coins=[0, 5, 1], cities=[{"stadium": 1}, {}, {}])

    state, events = roll(state, 6)

    assert [(e["payer"], e["amount"], e["shortfall"]) for e in transfers(events)] == [
        (BEN, 2, 0),
        (CY, 1, 1),
    ]
    assert [p.coins for p in state.players] == [3, 3, 0]
    assert state.phase == "build"


def test_tv_station_waits_for_its_owner_to_choose_whom_to_take_five_from():
    state = game(players=3, coins=[0, 7, 3], cities=[{"tv_station": 1}, {}, {}])

    state, _ = roll(state, 6)
    assert state.phase == "choose_player"
    assert legal_actions(state) == [
        {"type": "choose_player", "player": BEN},
        {"type": "choose_player", "player": CY},
    ]

    state, events = apply_action(state, {"type": "choose_player", "player": CY})
    assert [(e["payer"], e["payee"], e["amount"], e["shortfall"]) for e in events] == [
        (CY, ANN, 3, 2)
    ]
    assert state.phase == "build"


def test_business_center_offers_every_swap_of_non_purple_cards_or_skipping_it():
    state = game(
        coins=[0, 0],
        cities=[{"business_center": 1, "wheat_field": 1}, {"ranch": 2, "stadium": 1}],
    )

    state, _ = roll(state, 6)

    assert legal_actions(state) == [
        {"type": "trade", "give": "wheat_field", "player": BEN, "take": "ranch"},
        {"type": "skip"},
    ]
    traded, events = apply_action(
        state, {"type": "trade", "give": "wheat_field", "player": BEN, "take": "ranch"}
    )
    assert traded.players[ANN].city == {"business_center": 1, "ranch": 1}
    assert traded.players[BEN].city == {"ranch": 1, "stadium": 1, "wheat_field": 1}
    assert events[0]["type"] == "trade"
    skipped, events = apply_action(state, {"type": "skip"})
    assert skipped.players[ANN].city == {"business_center": 1, "wheat_field": 1}
    assert skipped.phase == "build"


def test_purple_cards_resolve_stadium_then_tv_station_then_business_center():
    city = {"stadium": 1, "tv_station": 1, "business_center": 1, "wheat_field": 1}
    state = game(coins=[0, 9], cities=[city, {"ranch": 1}])

    state, events = roll(state, 6)
    assert [e["card"] for e in transfers(events)] == ["stadium"]
    assert state.phase == "choose_player"
    state, _ = apply_action(state, {"type": "choose_player", "player": BEN})
    assert state.phase == "trade"
    state, _ = apply_action(state, {"type": "skip"})
    assert state.phase == "build"
    assert [p.coins for p in state.players] == [7, 2]


def test_a_city_holds_at_most_one_of_each_purple_card():
    state = game(coins=[20, 0], cities=[{"stadium": 1}, {}])
    state, _ = roll(state, 1)

    builds = {a.get("card") for a in legal_actions(state) if a["type"] == "build"}

    assert "stadium" not in builds
    assert {"tv_station", "business_center"} <= builds


def test_train_station_allows_two_dice_from_the_next_turn():
    state = game(coins=[4, 0])
    assert legal_actions(state) == [{"type": "roll", "dice": 1}]
    state, _ = roll(state, 5)
    state, _ = apply_action(state, {"type": "build_landmark", "landmark": "train_station"})
    state, _ = roll(state, 5)  # Ben
    state, _ = apply_action(state, {"type": "pass"})

    assert legal_actions(state) == [{"type": "roll", "dice": 1}, {"type": "roll", "dice": 2}]


def test_amusement_park_gives_one_extra_turn_on_doubles_but_not_a_second_one():
    state = game(coins=[0, 0], built=[["train_station", "amusement_park"], []])

    state, _ = roll(state, 3, 3)
    state, events = apply_action(state, {"type": "pass"})
    assert events[-2:] == [
        {"type": "extra_turn", "player": ANN, "landmark": "amusement_park"},
        {"type": "turn", "player": ANN, "extra": True},
    ]
    state, _ = roll(state, 2, 2)
    state, events = apply_action(state, {"type": "pass"})
    assert state.active == BEN
    assert not state.extra_turn


def test_a_landmark_is_not_in_force_on_the_turn_it_is_built():
    state = game(coins=[16, 0], built=[["train_station"], []])

    state, _ = roll(state, 3, 3)
    state, events = apply_action(state, {"type": "build_landmark", "landmark": "amusement_park"})

    assert state.active == BEN
    assert "extra_turn" not in [e["type"] for e in events]


def test_shopping_mall_is_not_in_force_during_the_next_players_turn():
    state = game(coins=[10, 5], cities=[{"cafe": 1}, {}])
    state, _ = roll(state, 1)
    state, _ = apply_action(state, {"type": "build_landmark", "landmark": "shopping_mall"})

    state, events = roll(state, 3)  # Ben rolls 3: Ann's Café, mall not yet in force

    assert transfers(events)[0]["amount"] == 1


def test_radio_tower_offers_one_reroll_with_the_same_dice_before_any_income():
    state = game(coins=[0, 0], cities=[{"bakery": 1}, {}], built=[["radio_tower"], []])

    state, events = roll(state, 1)
    assert state.phase == "reroll"
    assert transfers(events) == []
    assert legal_actions(state) == [{"type": "reroll"}, {"type": "keep"}]

    state, events = apply_action(state, {"type": "reroll"}, dice=(2,))
    assert events[0] == {"type": "roll", "player": ANN, "dice": [2], "total": 2, "reroll": True}
    assert [(e["card"], e["amount"]) for e in transfers(events)] == [("bakery", 1)]
    assert state.phase == "build"


def test_radio_tower_keep_takes_the_first_roll():
    state = game(coins=[0, 0], cities=[{"bakery": 1}, {}], built=[["radio_tower"], []])
    state, _ = roll(state, 2)

    state, events = apply_action(state, {"type": "keep"})

    assert [(e["card"], e["amount"]) for e in transfers(events)] == [("bakery", 1)]


def test_winning_ends_the_game_at_once():
    state = game(coins=[22, 0], built=[["train_station", "shopping_mall", "amusement_park"], []])
    state, _ = roll(state, 1, 1)

    state, events = apply_action(state, {"type": "build_landmark", "landmark": "radio_tower"})

    assert events[-1] == {"type": "game_over", "winner": ANN}
    assert state.winner == ANN
    assert legal_actions(state) == []


def test_every_classic_card_and_landmark_has_three_languages_and_is_covered():
    assert set(EDITIONS["classic"].market) == {cid for cid in CARDS if cid != "kosmos_shop"}
    assert set(EDITIONS["classic"].landmarks) == set(LANDMARKS)
    for item in [*CARDS.values(), *LANDMARKS.values()]:
        assert set(item.name) == {"en", "de", "nl"}
