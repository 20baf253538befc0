"""Card data is validated as it is read, with the card and field named."""

import pytest

from play.engine import ContentError
from play.engine.cards import parse_card, parse_landmark, parse_project
from play.engine.catalog import _edition

WHEAT = {
    "id": "wheat_field",
    "name": {"en": "Wheat Field", "de": "Weizenfeld", "nl": "Graanveld"},
    "colour": "blue",
    "icon": "wheat",
    "cost": 1,
    "numbers": [1],
    "effect": {"kind": "bank", "amount": 1},
}


def test_a_good_card_round_trips_through_its_dict():
    card = parse_card(WHEAT)
    assert parse_card(card.to_dict()) == card


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"id": "Wheat Field"}, "ids are snake_case"),
        ({"name": {"en": "Wheat"}}, "name lacks a translation for de, nl"),
        ({"colour": "pink"}, "unknown colour 'pink'"),
        ({"icon": "unicorn"}, "unknown icon 'unicorn'"),
        ({"cost": -1}, "cost must be a whole number from 0 to 999"),
        ({"cost": 1000}, "cost must be a whole number from 0 to 999"),
        ({"numbers": [3, 3]}, "each number is named once"),
        ({"colour": "special"}, "a special card is never rolled for"),
        ({"colour": "red"}, "a red card cannot have the effect 'bank'"),
        ({"colour": "purple"}, "a purple card cannot have the effect 'bank'"),
        ({"cost": "1"}, "field 'cost' must be int"),
        ({"numbers": [0]}, "numbers must be whole numbers from 1 to 12"),
        ({"numbers": []}, "needs at least one number"),
        ({"effect": {"kind": "teleport"}}, "unknown effect kind 'teleport'"),
        ({"effect": {"kind": "bank"}}, "effect 'bank' needs 'amount'"),
        ({"effect": {"kind": "bank", "amount": 1, "bonus": 2}}, "takes no bonus"),
        ({"effect": {"kind": "per_icon", "amount": 1, "icon": "moon"}}, "unknown icon 'moon'"),
        ({"effect": "bank"}, "effect must be a table"),
    ],
)
def test_a_bad_card_names_the_card_and_what_is_wrong(change, message):
    with pytest.raises(ContentError, match=message):
        parse_card({**WHEAT, **change})


def test_landmarks_and_projects_take_only_their_own_effect_kinds():
    landmark = {"id": "tower", "name": WHEAT["name"], "cost": 5, "effect": {"kind": "bank"}}
    with pytest.raises(ContentError, match="landmark 'tower': unknown effect kind 'bank'"):
        parse_landmark(landmark)
    project = {"id": "moon", "name": WHEAT["name"], "cost": 5, "effect": {"kind": "reroll"}}
    with pytest.raises(ContentError, match="community project 'moon': unknown effect kind"):
        parse_project(project)


CLASSIC = {
    "name": {"en": "Classic"},
    "min_players": 2,
    "max_players": 4,
    "coins": 3,
    "start_city": {"wheat_field": 1, "bakery": 1},
    "landmarks": ["train_station"],
    "market": {"wheat_field": 6},
}


@pytest.mark.parametrize(
    ("market", "message"),
    [
        ({"kosmos_shop": 1}, "the market holds 'kosmos_shop', which is no establishment"),
        ({"wheat_field": 100}, "the market's 'wheat_field' pile is not 0 to 99 copies"),
        ({"wheat_field": -1}, "pile is not 0 to 99 copies"),
        ({"wheat_field": 2.0}, "pile is not 0 to 99 copies"),
        ({"wheat_field": True}, "pile is not 0 to 99 copies"),
    ],
)
def test_an_editions_market_is_checked_as_the_edition_is_read(market, message):
    # new_game trusts an edition's own market (a setup given whole is checked in setup.start)
    assert _edition("classic", CLASSIC).market == {"wheat_field": 6}
    with pytest.raises(ContentError, match=message):
        _edition("classic", {**CLASSIC, "market": market})
