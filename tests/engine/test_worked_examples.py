"""The worked examples of the rulebooks (RULES.md §1)."""

from helpers import ANN, BEN, CY, DI, game, roll, transfers

from play.engine import apply_action


def test_a_player_with_no_coins_pays_nothing_then_takes_bakery_income():
    state = game(coins=[0, 0], cities=[{"bakery": 2}, {"cafe": 1}])

    state, events = roll(state, 3)

    cafe, bakery = transfers(events)
    assert cafe == {
        "type": "transfer",
        "card": "cafe",
        "count": 1,
        "payer": ANN,
        "payee": BEN,
        "amount": 0,
        "shortfall": 1,
    }
    assert (bakery["card"], bakery["payee"], bakery["amount"]) == ("bakery", ANN, 2)
    assert [p.coins for p in state.players] == [2, 0]


def test_reds_are_paid_counter_clockwise_in_full_until_the_money_runs_out():
    state = game(
        players=4,
        coins=[3, 0, 0, 0],
        cities=[{"wheat_field": 1}, {"cafe": 3}, {"cafe": 2}, {"wheat_field": 1}],
    )

    state, events = roll(state, 3)

    paid = [(e["payee"], e["amount"], e["shortfall"]) for e in transfers(events)]
    assert paid == [(CY, 2, 0), (BEN, 1, 2)]
    assert [p.coins for p in state.players] == [0, 1, 2, 0]
    assert DI == 3


def test_shopping_mall_adds_one_per_bakery_and_per_family_restaurant():
    state = game(
        coins=[0, 5],
        cities=[{"bakery": 2, "family_restaurant": 1}, {"wheat_field": 1}],
        built=[["shopping_mall"], ["train_station"]],
    )

    state, events = roll(state, 2)
    assert transfers(events)[0]["amount"] == 4

    state, _ = apply_action(state, {"type": "pass"})
    state, events = roll(state, 4, 5)  # Ben rolls 9; Ann's Family Restaurant takes 3
    assert [(e["card"], e["amount"]) for e in transfers(events)] == [("family_restaurant", 3)]
