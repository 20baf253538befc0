"""A Legacy table for the web tests, built by hand: Hochofen / Blumenladen / Springbrunnen on
tableau slots costing 5 / 15 / 25, the Sternwarte as community project, an expedition track with
three islands, stickers, and the rule cards expedition, yokai_flip and rest_day."""

from __future__ import annotations

from play.engine.legacy import legacy_landmarks


def _name(en: str, de: str, nl: str) -> dict:
    return {"en": en, "de": de, "nl": nl}


LANDMARK_DEFS = [
    {
        "id": "hochofen",
        "name": _name("Blast Furnace", "Hochofen", "Hoogoven"),
        "cost": 10,  # the landmark's own cost: the tableau slot's cost (5) is what counts
        "letter": "A",
        "effect": {"kind": "two_dice"},
    },
    {
        "id": "blumenladen",
        "name": _name("Flower Shop", "Blumenladen", "Bloemenwinkel"),
        "cost": 10,
        "letter": "B",
        "effect": {"kind": "icon_bonus", "icons": ["bread"], "amount": 1},
    },
    {
        "id": "springbrunnen",
        "name": _name("Fountain", "Springbrunnen", "Fontein"),
        "cost": 10,
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


def legacy_setup(players: int = 3, **changes) -> dict:
    setup = {
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
        "rules": ["expedition", "yokai_flip", "rest_day"],
        "first_player": 0,
        "expedition": {
            "length": 6,
            "islands": [
                {"id": "gull_rock", "space": 2},
                {"id": "bread_isle", "space": 4},
                {"id": "twin_isle", "space": 6},
            ],
        },
        "island_defs": [dict(d) for d in ISLAND_DEFS],
        "stickers": [{"card": "bakery", "change": {"cost": 2, "numbers": [2, 3, 4]}}],
    }
    setup.update(changes)
    return setup
