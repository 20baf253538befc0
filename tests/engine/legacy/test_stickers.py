"""Stickers change a card for the game: cost, numbers, amount or icon, applied in order."""

import pytest

from play.engine import IllegalAction, legal_actions, new_game


def _table(make_setup, stickers):
    return new_game(make_setup(stickers=stickers)).table


def test_a_sticker_changes_cost_numbers_amount_and_icon(make_setup):
    table = _table(
        make_setup,
        [
            {
                "card": "forest",
                "change": {"cost": 2, "numbers": [4, 5], "amount": 2, "icon": "wheat"},
            }
        ],
    )
    forest = table.cards["forest"]
    assert (forest.cost, forest.numbers, forest.effect["amount"], forest.icon) == (
        2,
        (4, 5),
        2,
        "wheat",
    )
    assert forest in table.rolled[4].blue


def test_several_stickers_on_one_card_apply_in_order(make_setup):
    table = _table(
        make_setup,
        [
            {"card": "bakery", "change": {"cost": 3}},
            {"card": "bakery", "change": {"numbers": [2, 3, 4]}},
            {"card": "bakery", "change": {"cost": 2}},
        ],
    )
    assert table.cards["bakery"].cost == 2
    assert table.cards["bakery"].numbers == (2, 3, 4)


def test_a_sticker_changes_only_this_game(make_setup):
    _table(make_setup, [{"card": "bakery", "change": {"cost": 9}}])
    assert new_game(make_setup()).table.cards["bakery"].cost == 1


def test_stickered_cards_play_as_changed(make_setup, act):
    setup = make_setup(
        coins=[2, 0, 0],
        stickers=[
            {"card": "wheat_field", "change": {"amount": 3, "numbers": [1, 6]}},
            {"card": "forest", "change": {"cost": 2}},
        ],
    )
    state = new_game(setup)
    state, events = act(state, {"type": "roll", "dice": 1}, dice=(6,))
    paid = [(e["card"], e["payee"], e["amount"]) for e in events if e["type"] == "transfer"]
    assert paid == [("wheat_field", 0, 3), ("wheat_field", 1, 3), ("wheat_field", 2, 3)]
    assert {"type": "build", "card": "forest"} in legal_actions(state)  # 5 coins, costs 2 now
    state, events = act(state, {"type": "build", "card": "forest"})
    assert events[0]["cost"] == 2 and state.players[0].coins == 3


def test_a_per_icon_cards_amount_is_stickered(make_setup):
    table = _table(make_setup, [{"card": "furniture_factory", "change": {"amount": 4}}])
    assert table.cards["furniture_factory"].effect.params == {
        "amount": 4,
        "icon": "gear",
        "distinct": False,
    }


@pytest.mark.parametrize(
    ("stickers", "message"),
    [
        ([{"card": "dragon", "change": {"cost": 1}}], "names the card 'dragon', which is not in"),
        ([{"card": "bakery", "change": {"colour": "red"}}], "cannot change 'colour' of Bakery"),
        ([{"card": "bakery", "change": {}}], "changes nothing"),
        ([{"card": "bakery", "change": {"cost": -1}}], "Bakery must set the cost to a whole"),
        ([{"card": "bakery", "change": {"cost": "2"}}], "set the cost to a whole number"),
        ([{"card": "bakery", "change": {"numbers": [13]}}], "numbers from 1 to 12"),
        ([{"card": "bakery", "change": {"numbers": []}}], "numbers from 1 to 12"),
        ([{"card": "bakery", "change": {"amount": True}}], "amount to a whole number"),
        ([{"card": "bakery", "change": {"icon": "dragon"}}], "unknown icon 'dragon'"),
        ([{"card": "business_center", "change": {"amount": 2}}], "its effect names none"),
        ([{"card": "bakery"}], "A sticker is"),
        ({"card": "bakery"}, "stickers must be a list"),
    ],
)
def test_a_bad_sticker_is_refused_with_a_clear_message(make_setup, stickers, message):
    with pytest.raises(IllegalAction, match=message):
        new_game(make_setup(stickers=stickers))


def test_a_sticker_may_change_a_card_the_setup_defines(make_setup):
    card = {
        "id": "fox_meadow",
        "name": {"en": "Fox Meadow", "de": "Fuchswiese", "nl": "Vossenweide"},
        "colour": "green",
        "icon": "wheat",
        "cost": 3,
        "numbers": [6],
        "effect": {"kind": "bank", "amount": 3},
    }
    setup = make_setup(card_defs=[card], stickers=[{"card": "fox_meadow", "change": {"cost": 1}}])
    assert new_game(setup).table.cards["fox_meadow"].cost == 1
