"""A small deck (two games, one mystery box) as plain data, for tests to break one thing at a time.

`small_deck()` returns fresh dicts for components.toml, deck.toml and boxes.toml; `build(data)`
turns them into a Deck and the loader's problems; `check(data)` adds the validator's problems.
"""

from __future__ import annotations

from legacy_deck.loader import parse_deck
from legacy_deck.validate import validate

SMALL_RULES = {"rest_day"}


def text(word: str) -> dict:
    return {"en": word, "de": f"{word} (de)", "nl": f"{word} (nl)"}


def card(ident, cost=1, numbers=(3,), effect=None, colour="blue", icon="wheat"):
    return {
        "id": ident,
        "name": text(ident),
        "colour": colour,
        "icon": icon,
        "cost": cost,
        "numbers": list(numbers),
        "effect": effect or {"kind": "bank", "amount": 1},
    }


def small_deck() -> dict:
    components = {
        "establishment": [
            {**card("wheat_field", numbers=[1]), "start": True},
            {**card("plum_tree", cost=2), "copies": 1},
        ],
        "marketplace": [
            {"id": "mp_wf_red", "colour": "red", "card": "wheat_field", "start": True},
            {"id": "mp_wf_blue", "colour": "blue", "card": "wheat_field", "start": True},
            {"id": "mp_plum_red", "colour": "red", "card": "plum_tree"},
            {"id": "mp_plum_blue", "colour": "blue", "card": "plum_tree"},
        ],
        "landmark": [
            {
                "id": "lm_a",
                "name": text("A"),
                "letter": "A",
                "cost": 5,
                "effect": {"kind": "two_dice"},
                "start": True,
            },
            {
                "id": "lm_b",
                "name": text("B"),
                "letter": "B",
                "cost": 15,
                "effect": {"kind": "reroll"},
                "start": True,
            },
            {
                "id": "lm_c",
                "name": text("C"),
                "letter": "C",
                "cost": 25,
                "effect": {"kind": "extra_turn_on_doubles"},
                "start": True,
            },
            {
                "id": "lm_d",
                "name": text("D"),
                "letter": "D",
                "cost": 25,
                "effect": {"kind": "two_dice"},
            },
        ],
        "project": [
            {
                "id": "p1",
                "name": text("P1"),
                "cost": 10,
                "effect": {"kind": "bank", "amount": 2},
                "start": True,
            },
            {
                "id": "p2",
                "name": text("P2"),
                "cost": 12,
                "effect": {"kind": "per_icon", "amount": 1, "icon": "wheat"},
            },
        ],
        "double_sided": [
            {
                "id": "ds_one",
                "a": card("sunny_side", numbers=[4]),
                "b": card("shady_side", numbers=[5]),
            },
        ],
        "rule": [
            {"id": "rule_rest", "rule": "rest_day", "name": text("Rest"), "text": text("Rest.")}
        ],
        "turn_overview": [
            {
                "id": "ov1",
                "name": text("Overview"),
                "actions": ["roll", "build"],
                "text": text("Roll."),
                "start": True,
            },
            {
                "id": "ov2",
                "name": text("Overview 2"),
                "actions": ["roll", "build", "rest"],
                "text": text("Roll or rest."),
            },
        ],
        "sticker": [{"id": "st1", "name": text("Cheap"), "change": {"cost": 0}}],
        "island": [
            {
                "id": "isle",
                "name": text("Isle"),
                "space": 2,
                "effect": {"kind": "income_each_turn", "amount": 1},
            }
        ],
        "track": [{"id": "trk", "name": text("Track"), "length": 4}],
        "boat": [{"id": "boat_red", "name": text("Red boat"), "colour": "red"}],
    }
    deck = {
        "campaign": {
            "id": "small_test_deck",
            "games": 2,
            "boxes": 1,
            "colours": ["red", "blue"],
            "marketplace_per_game": 2,
            "double_sided_per_game": 5,  # copies of the one pile after a game
            "free_play_landmarks": 1,
            "free_play_picks": 2,
            "never_in_free_play": ["lm_a"],
            "free_play_rules": [],
            "free_play_removes": ["wheat_field"],
        },
        "card": [
            {
                "number": 1,
                "a": {
                    "stop": {"moment": "before_campaign"},
                    "story": text("Welcome"),
                    "instructions": [{"do": "draw_start_cards"}],
                },
                "b": {"story": text("Name your cities")},
            },
            {
                "number": 2,
                "a": {
                    "stop": {"moment": "before_game", "game": 1},
                    "story": text("Chapter one"),
                    "instructions": [
                        {"do": "add_to_market", "cards": ["wheat_field"]},
                        {"do": "new_landmark", "landmark": "lm_a"},
                        {"do": "new_landmark", "landmark": "lm_b"},
                        {"do": "new_landmark", "landmark": "lm_c"},
                        {"do": "community_project", "project": "p1"},
                        {"do": "replace_turn_overview", "card": "ov1"},
                    ],
                },
                "b": {"story": text("Play")},
            },
            {
                "number": 3,
                "a": {
                    "stop": {"moment": "event", "game": 1, "event": "doubles"},
                    "story": text("Doubles!"),
                },
                "b": {},
            },
            {
                "number": 4,
                "a": {
                    "stop": {"moment": "after_game", "game": 1},
                    "story": text("Well played"),
                    "instructions": [{"do": "open_box", "box": 1}],
                },
                "b": {
                    "instructions": [
                        {"do": "add_rule", "rule": "rule_rest"},
                        {"do": "replace_turn_overview", "card": "ov2"},
                        {"do": "sticker", "sticker": "st1", "card": "wheat_field"},
                        {
                            "do": "marketplace_cards",
                            "cards": {"red": "mp_plum_red", "blue": "mp_plum_blue"},
                        },
                        {"do": "double_sided", "cards": ["ds_one"]},
                        {"do": "tick_circles", "who": "all_but_winner"},
                        {"do": "move", "components": ["trk", "isle"], "to": "table"},
                        {"do": "move", "components": ["boat_red"], "to": "bag", "colour": "red"},
                    ]
                },
            },
            {
                "number": 5,
                "a": {
                    "stop": {"moment": "before_game", "game": 2},
                    "story": text("Chapter two"),
                    "instructions": [
                        {"do": "new_landmark", "landmark": "lm_d"},
                        {"do": "community_project", "project": "p2"},
                    ],
                },
                "b": {},
            },
            {
                "number": 6,
                "a": {"stop": {"moment": "after_game", "game": 2}, "story": text("The end")},
                "b": {
                    "instructions": [
                        {"do": "move", "components": ["isle", "lm_c", "lm_d"], "to": "archive"},
                        {"do": "move", "components": ["boat_red"], "to": "table"},
                    ]
                },
            },
        ],
    }
    boxes = {
        "box": [
            {
                "number": 1,
                "name": text("Box"),
                "contents": ["rule_rest", "ov2", "st1", "isle", "trk", "boat_red"],
            }
        ]
    }
    return {"components": components, "deck": deck, "boxes": boxes}


def build(data: dict):
    problems = []
    deck = parse_deck(data["components"], data["deck"], data["boxes"], problems)
    return deck, problems


def check(data: dict, known_rules=SMALL_RULES) -> list[str]:
    deck, problems = build(data)
    problems += validate(deck, known_rules=known_rules)
    return [str(problem) for problem in problems]


def side(data: dict, number: int, letter: str) -> dict:
    return next(c for c in data["deck"]["card"] if c["number"] == number)[letter]


def instruction(data: dict, number: int, letter: str, do: str, nth: int = 0) -> dict:
    """The nth instruction of that kind on a side (so tests do not count positions)."""
    return [i for i in side(data, number, letter)["instructions"] if i["do"] == do][nth]
