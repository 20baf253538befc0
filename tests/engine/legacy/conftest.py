"""A Legacy game-1 table for the rule tests: three seats, Hochofen / Blumenladen / Springbrunnen
on tableau slots costing 5 / 15 / 25, the Sternwarte as community project, no rule cards yet.

`make_setup(**changes)` returns a fresh setup dict with the given keys replaced; `act(state,
action, dice=None)` applies one action and returns (state, events).
"""

from __future__ import annotations

import pytest

from play.engine import apply_action
from play.engine.legacy import legacy_landmarks


def _name(en: str, de: str, nl: str) -> dict:
    return {"en": en, "de": de, "nl": nl}


LANDMARK_DEFS = [
    {
        "id": "hochofen",
        "name": _name("Blast Furnace", "Hochofen", "Hoogoven"),
        "cost": 5,
        "letter": "A",
        "effect": {"kind": "two_dice"},
    },
    {
        "id": "blumenladen",
        "name": _name("Flower Shop", "Blumenladen", "Bloemenwinkel"),
        "cost": 15,
        "letter": "B",
        "effect": {"kind": "icon_bonus", "icons": ["bread"], "amount": 1},
    },
    {
        "id": "springbrunnen",
        "name": _name("Fountain", "Springbrunnen", "Fontein"),
        "cost": 25,
        "letter": "C",
        "effect": {"kind": "extra_turn_on_total", "total": 7},
    },
]
PROJECT_DEFS = [
    {
        "id": "sternwarte",
        "name": _name("Observatory", "Sternwarte", "Sterrenwacht"),
        "cost": 20,
        "effect": {"kind": "per_icon", "icon": "wheat", "amount": 1},
    }
]
ISLAND_DEFS = [
    {
        "id": "gull_rock",
        "name": _name("Gull Rock", "Möwenfels", "Meeuwenrots"),
        "effect": {"kind": "income_each_turn", "amount": 1},
    },
    {
        "id": "bread_isle",
        "name": _name("Bread Isle", "Brotinsel", "Broodeiland"),
        "effect": {"kind": "icon_bonus", "icons": ["wheat"], "amount": 2},
    },
    {
        "id": "twin_isle",
        "name": _name("Twin Isle", "Zwillingsinsel", "Tweelingeiland"),
        "effect": {"kind": "two_dice"},
    },
]
EXPEDITION = {
    "length": 6,
    "islands": [
        {"id": "gull_rock", "space": 2},
        {"id": "bread_isle", "space": 4},
        {"id": "twin_isle", "space": 6},
    ],
}


def base_setup(players: int = 3) -> dict:
    return {
        "players": ["Ann", "Ben", "Cem", "Dora"][:players],
        "seed": 11,
        "coins": [3] * players,
        "cities": [{"wheat_field": 1, "bakery": 1} for _ in range(players)],
        "landmarks": [
            legacy_landmarks(["hochofen", "blumenladen", "springbrunnen"]) for _ in range(players)
        ],
        "landmark_defs": [dict(d) for d in LANDMARK_DEFS],
        "project_defs": [dict(d) for d in PROJECT_DEFS],
        "community_project": {"id": "sternwarte"},
        "market": {
            "wheat_field": 5,
            "bakery": 5,
            "forest": 5,
            "furniture_factory": 5,
            "apple_orchard": 5,
            "fruit_and_vegetable_market": 5,
            "mine": 5,
            "cafe": 5,
        },
        "rules": [],
        "first_player": 0,
    }


@pytest.fixture
def make_setup():
    def make(players: int = 3, **changes) -> dict:
        setup = base_setup(players)
        setup.update(changes)
        return setup

    return make


@pytest.fixture
def expedition_setup(make_setup):
    def make(players: int = 3, **changes) -> dict:
        changes.setdefault("rules", ["expedition"])
        changes.setdefault("expedition", {**EXPEDITION, "islands": list(EXPEDITION["islands"])})
        changes.setdefault("island_defs", [dict(d) for d in ISLAND_DEFS])
        return make_setup(players, **changes)

    return make


@pytest.fixture
def act():
    def apply(state, action, dice=None):
        return apply_action(state, action, dice=dice)

    return apply
