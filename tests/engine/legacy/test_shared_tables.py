"""Setups equal in all that a table is derived from share one table (a campaign's chapters, every
load of a saved game): the same table a fresh build gives, never one of a setup that differs."""

import pytest

from play.engine import GameState, IllegalAction, new_game
from play.engine.table import TABLE_FIELDS, build_table

STICKER = {"card": "bakery", "change": {"cost": 2}}


def test_games_of_equal_setups_share_a_table_equal_to_a_fresh_build(make_setup):
    first = new_game(make_setup(seed=1, stickers=[STICKER]))
    other_seats = new_game(make_setup(seed=2, coins=[7, 0, 1], stickers=[dict(STICKER)]))
    assert other_seats.table is first.table
    assert first.table == build_table(make_setup(stickers=[STICKER]))
    assert GameState.from_json(first.to_json()).table is first.table


@pytest.mark.parametrize(
    "change",
    [
        {"stickers": [{"card": "bakery", "change": {"cost": 3}}]},
        {"stickers": []},
        {"rules": ["rest_day"]},
        {"community_project": None},
        {"landmark_defs": None},
    ],
)
def test_a_setup_that_differs_in_what_its_table_is_derived_from_gets_its_own(make_setup, change):
    first = new_game(make_setup(stickers=[STICKER]))
    if change.get("landmark_defs", True) is None:  # the same landmark costing more
        defs = [dict(d) for d in make_setup()["landmark_defs"]]
        defs[0]["cost"] = 6
        change = {"landmark_defs": defs}
    other = new_game(make_setup(**{"stickers": [STICKER], **change}))
    assert other.table is not first.table
    assert other.table == build_table(other.setup)


def test_a_table_is_derived_from_its_fields_alone(make_setup):
    read = []

    class Recording(dict):
        def get(self, key, default=None):
            read.append(key)
            return super().get(key, default)

        def __getitem__(self, key):
            read.append(key)
            return super().__getitem__(key)

    build_table(Recording(make_setup(stickers=[STICKER])))
    assert read and set(read) <= set(TABLE_FIELDS)


def test_a_setup_holding_more_than_plain_data_gets_a_table_of_its_own(make_setup):
    class Variant(str):
        pass

    setup = make_setup(variants=[Variant("two_copies_max")])
    assert (
        new_game(setup).table
        is not new_game(make_setup(variants=[Variant("two_copies_max")])).table
    )
    assert new_game(setup).table == build_table(make_setup(variants=["two_copies_max"]))


def test_a_refused_setup_is_refused_again(make_setup):
    for _ in range(2):
        with pytest.raises(IllegalAction):
            new_game(make_setup(rules=["no_such_rule"]))
