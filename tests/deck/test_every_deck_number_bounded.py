"""Every whole number of the deck format is checked against its bound (play/engine/bounds.py):
the bound is read, the bound + 1 and 10**18 are refused with a problem that names the field and
the range, in the page's language too (issue 35, item 1)."""

import re

import pytest
from django.utils import translation
from planted_faults import TUTORIAL

from legacy_deck.loader import read_deck_text
from legacy_deck.problem_words import problem_words
from legacy_deck.validate import validate
from play.engine import bounds

NAMES = ("components", "deck", "boxes")
EXTRA = """
[[track]]
id = "bound_track"
name.en = "Track"
length = 10

[[island]]
id = "bound_island"
name.en = "Island"
space = 4
effect = { kind = "income_each_turn", amount = 1 }

[[landmark]]
id = "bound_lighthouse"
name.en = "Lighthouse"
letter = "Z"
cost = 9
effect = { kind = "extra_turn_on_total", total = 11 }

[[sticker]]
id = "bound_sticker"
name.en = "Sticker"
card = "bakery"
change = { amount = 2 }
"""
PILE = bounds.Bound(1, bounds.PILE.high)

# (what, file, a pattern whose group 1 comes just before the number, the field's name in the
# problem, its bound)
FIELDS = [
    ("card cost", "components", r'(id = "wheat_field"[^[]*?cost = )1', "cost", bounds.COST),
    (
        "card number",
        "components",
        r'(id = "wheat_field"[^[]*?numbers = \[)1',
        "numbers",
        bounds.DIE_NUMBER,
    ),
    (
        "effect amount",
        "components",
        r'(id = "wheat_field"[\s\S]*?amount = )1',
        "amount",
        bounds.AMOUNT,
    ),
    ("pile copies", "components", r'(id = "wheat_field"[\s\S]*?copies = )5', "copies", PILE),
    ("landmark cost", "components", r"(\[\[landmark\]\][^[]*?cost = )5", "cost", bounds.COST),
    ("landmark amount", "components", r'(icons = \["boat"\], amount = )1', "amount", bounds.AMOUNT),
    ("landmark total", "components", r"(total = )11", "total", bounds.DICE_TOTAL),
    ("project cost", "components", r"(\[\[project\]\][^[]*?cost = )16", "cost", bounds.COST),
    (
        "project amount",
        "components",
        r'(cost = 18\neffect = \{ kind = "bank", amount = )6',
        "amount",
        bounds.AMOUNT,
    ),
    (
        "double-sided copies",
        "components",
        r"(\[\[double_sided\]\][\s\S]*?copies = )5",
        "copies",
        PILE,
    ),
    ("sticker cost", "components", r"(change = \{ cost = )1", "cost", bounds.COST),
    ("sticker amount", "components", r"(change = \{ amount = )2", "amount", bounds.AMOUNT),
    ("track length", "components", r"(length = )10", "length", bounds.TRACK),
    ("island space", "components", r"(space = )4", "space", bounds.TRACK),
    (
        "island amount",
        "components",
        r'(kind = "income_each_turn", amount = )1',
        "amount",
        bounds.AMOUNT,
    ),
    ("start coins", "deck", r"(start_coins = )3", "start_coins", bounds.Bound(0, 999)),
    ("start circles", "deck", r"(start_circles = )2", "start_circles", bounds.CIRCLES),
    ("free-play picks", "deck", r"(free_play_picks = )3", "free_play_picks", bounds.PICKS),
    ("landmark costs", "deck", r"(landmark_costs = \[)5", "landmark_costs", bounds.COST),
    ("games", "deck", r"(games = )2", "games", bounds.Bound(0, 999)),
    ("deck card number", "deck", r"(number = )1", "number", bounds.Bound(1, 999)),
    ("STOP game", "deck", r'(moment = "before_game", game = )1', "game", bounds.Bound(1, 999)),
    ("box number", "boxes", r"(number = )1", "number", bounds.Bound(1, 999)),
]


def _texts(file: str, pattern: str, value: int, *, extra: bool = True) -> dict[str, str]:
    """The tutorial deck with one number changed; `extra`: with a track, an island, a landmark
    and a sticker more, for the fields the tutorial lacks (which makes the deck invalid)."""
    texts = {name: (TUTORIAL / f"{name}.toml").read_text(encoding="utf-8") for name in NAMES}
    if extra:
        texts["components"] += EXTRA
    changed, count = re.subn(pattern, lambda m: m.group(1) + str(value), texts[file], count=1)
    assert count == 1, pattern
    texts[file] = changed
    return texts


def _problems(texts: dict[str, str]) -> list:
    deck, problems = read_deck_text(texts)
    return problems + (validate(deck) if deck is not None else [])


def _about(problems, field: str, bound: bounds.Bound) -> list:
    """The problems that refuse `field` for its range."""
    return [
        p
        for p in problems
        if field in f"{p.field or ''} {p.message}"
        and (str(bound) in p.message or f"({bound})" in p.message)
    ]


@pytest.mark.parametrize(
    ("what", "file", "pattern", "field", "bound"), FIELDS, ids=[f[0] for f in FIELDS]
)
def test_a_deck_number_at_its_bound_is_read_and_past_it_refused(what, file, pattern, field, bound):
    assert _about(_problems(_texts(file, pattern, bound.high)), field, bound) == []
    for value in (bound.high + 1, 10**18):
        problems = _about(_problems(_texts(file, pattern, value)), field, bound)
        assert problems, (what, value)
    with translation.override("de"):
        worded = problem_words(problems[0])
    assert f"{bound.low} bis {bound.high}" in worded, worded


def test_a_deck_card_paying_ten_to_the_eighteen_is_refused_by_name():
    texts = _texts("components", FIELDS[2][2], 10**18)

    problems = _about(_problems(texts), "amount", bounds.AMOUNT)

    assert [p.message for p in problems] == [
        "card 'wheat_field': effect.amount must be a whole number from 0 to 999"
    ]
