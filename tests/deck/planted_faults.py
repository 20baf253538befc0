"""The tutorial deck with twenty faults planted, each one a problem check_deck reports once.

Each fault is (file, text found once in the tutorial deck, its replacement, where the problem
is): tests/web/test_add_a_deck.py uploads the result and expects the twenty listed, no more.
"""

from __future__ import annotations

from pathlib import Path

TUTORIAL = Path(__file__).resolve().parent / "tutorial_deck"

# a landmark whose effect the engine does not know, an establishment with an unknown icon
WHIRLPOOL = """[[landmark]]
id = "whirlpool"
name.en = "Whirlpool"
letter = "E"
cost = 10
effect = { kind = "teleport" }

"""
ANCHOR_INN = """[[establishment]]
id = "anchor_inn"
name.en = "Anchor Inn"
colour = "red"
icon = "anchor"
cost = 2
numbers = [5]
effect = { kind = "take_from_active", amount = 1 }

"""

PROJECTS = "# -- community projects: one a game"
PILE = "# -- the double-sided pile after game 1"

FAULTS = [
    ("deck.toml", 'id = "lighthouse_keepers"', 'id = "Lighthouse Keepers"', "campaign.id"),
    ("deck.toml", "start_coins = 3", "start_coins = -3", "campaign.start_coins"),
    ("deck.toml", "games = 2\n", "games = 2\nsecret_bonus = 1\n", "campaign.secret_bonus"),
    ("deck.toml", 'languages = ["en"]', 'languages = ["en", "fr"]', "campaign.languages"),
    (
        "deck.toml",
        '{ do = "draw_start_cards" },',
        '{ do = "draw_start_cards" },\n    { do = "summon_dragon" },',
        "a.instructions[1].do",
    ),
    ("deck.toml", 'event = "doubles"', 'event = "earthquake"', "earthquake"),
    ("deck.toml", 'story.en = "Play on."', 'story.en = "Play on."\nsmell = "salt"', "b.smell"),
    (
        "deck.toml",
        'story.en = "Thank you for playing The Lighthouse Keepers."',
        'story.en = "Thank you for playing The Lighthouse Keepers."\n'
        'instructions = [{ do = "tick_circles", who = "all", count = "two" }]',
        "b.instructions[0].count",
    ),
    ("deck.toml", 'who = "all_but_winner"', 'who = "everyone_nice"', "b.instructions[2].who"),
    (
        "deck.toml",
        "landmark_costs = [5, 15, 25]",
        'landmark_costs = [5, 15, "25"]',
        "campaign.landmark_costs",
    ),
    ("components.toml", PROJECTS, WHIRLPOOL + PROJECTS, "teleport"),
    ("components.toml", PILE, ANCHOR_INN + PILE, "anchor"),
    (
        "components.toml",
        'copies = 5\nstart = true\n\n[[establishment]]\nid = "cliff_orchard"',
        'copies = 0\nstart = true\n\n[[establishment]]\nid = "cliff_orchard"',
        "smokehouse'.copies",
    ),
    ("components.toml", 'id = "smokehouse"', 'id = "smokehouse"\nflavour = "smoky"', "flavour"),
    (
        "components.toml",
        "change = { cost = 1 }",
        'change = { colour = "gold" }',
        "sticker 'sticker_tar'.change",
    ),
    (
        "deck.toml",
        'story.en = "The winner of the last game begins."',
        'story.en = "The winner of the last game begins."\nstory.fr = "Le gagnant commence."',
        "b.story",
    ),
    ("components.toml", 'rule = "rest_day"', 'rule = ""', "rule 'rule_rest_day'.rule"),
    ("components.toml", "[[sticker]]", '[[kraken]]\nid = "kraken"\n\n[[sticker]]', "kraken"),
    ("boxes.toml", 'name.en = "The Sea Chest"', 'name.en = ""', "box 1.name"),
    ("boxes.toml", "number = 1\n", 'number = 1\ncolour = "red"\n', "box 1.colour"),
]


def planted() -> dict[str, str]:
    """The tutorial deck's three files with every fault in FAULTS planted."""
    texts = {
        name: (TUTORIAL / name).read_text(encoding="utf-8")
        for name in ("components.toml", "deck.toml", "boxes.toml")
    }
    for file, old, new, _where in FAULTS:
        assert texts[file].count(old) == 1, (file, old)
        texts[file] = texts[file].replace(old, new)
    return texts
