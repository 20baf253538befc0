"""Our own ten-chapter campaign: sound, chapter 1 exactly the book's first game, every chapter
playable, and the archive ready for free play."""

import random
import re

import pytest

import play.engine.table as engine_table
from legacy_deck.format import INSTRUCTIONS
from legacy_deck.loader import read_deck
from legacy_deck.setup import chapter_setup, plausible_carry_over
from legacy_deck.timeline import replay
from legacy_deck.validate import validate
from play.engine import new_game
from play.engine.simulation import play_out

# The rule ids our deck uses; the engine registers them in play.engine.table.KNOWN_RULES.
NEW_RULES = {"turn_order_coins", "expedition", "yokai_flip", "yokai_coins", "rest_day"}
ENGINE_EFFECTS = {
    "bank",
    "per_icon",
    "take_from_active",
    "take_from_each",
    "take_from_chosen",
    "swap",
}


@pytest.fixture(scope="module")
def deck():
    deck, problems = read_deck()
    assert problems == []
    return deck


def test_our_deck_is_sound(deck):
    assert [str(p) for p in validate(deck)] == []


def test_the_engine_implements_every_rule_our_deck_uses():
    assert NEW_RULES <= engine_table.KNOWN_RULES


def test_our_deck_uses_exactly_the_agreed_rule_ids(deck):
    used = {c.rule for c in deck.components.values() if c.kind == "rule"}
    assert used == NEW_RULES


def test_our_deck_uses_every_instruction_kind(deck):
    used = {i.do for side in deck.sides() for i in side.instructions}
    assert used == set(INSTRUCTIONS)


def test_every_establishment_uses_an_engine_effect_kind(deck):
    cards = [c.card for c in deck.components.values() if c.card]
    cards += [side for c in deck.components.values() for side in c.sides or ()]
    assert len(cards) == 8 + 9 + 2 * 9  # market, marketplace, both sides of nine piles
    assert {card.effect.kind for card in cards} <= ENGINE_EFFECTS


BOOK_MARKET = {
    # id: (numbers, colour, cost, effect) -- RULES.md §4, game 1
    "wheat_field": ([1], "blue", 1, {"kind": "bank", "amount": 1}),
    "bakery": ([2, 3], "green", 1, {"kind": "bank", "amount": 1}),
    "legacy_forest": ([4, 5], "blue", 4, {"kind": "bank", "amount": 1}),
    "fox_meadow": ([6], "green", 3, {"kind": "bank", "amount": 3}),
    "gold_mine": ([7], "blue", 6, {"kind": "bank", "amount": 3}),
    "furniture_factory": (
        [8],
        "green",
        3,
        {"kind": "per_icon", "amount": 3, "icon": "gear", "distinct": False},
    ),
    "legacy_apple_orchard": ([9, 10], "blue", 3, {"kind": "bank", "amount": 2}),
    "fruit_and_vegetable_market": (
        [11, 12],
        "green",
        2,
        {"kind": "per_icon", "amount": 2, "icon": "wheat", "distinct": False},
    ),
}


def test_chapter_one_is_the_books_first_game(deck):
    setup = chapter_setup(deck, 1, ["Ann", "Ben", "Cem", "Dee"], plausible_carry_over(deck, 1, 4))

    assert list(setup["market"]) == list(BOOK_MARKET)  # eight piles sorted by number
    assert set(setup["market"].values()) == {5}
    defs = {card["id"]: card for card in setup["card_defs"]}
    for card_id, (numbers, colour, cost, effect) in BOOK_MARKET.items():
        card = defs[card_id]
        assert (card["numbers"], card["colour"], card["cost"], card["effect"]) == (
            numbers,
            colour,
            cost,
            effect,
        ), card_id
    assert defs["legacy_forest"]["name"]["de"] == "Wald"
    assert defs["fruit_and_vegetable_market"]["name"]["de"] == "Markthalle"
    assert (
        setup["landmarks"]
        == [
            [
                {"id": "blast_furnace", "cost": 5},
                {"id": "flower_shop", "cost": 15},
                {"id": "fountain", "cost": 25},
            ]
        ]
        * 4
    )
    landmarks = {lm["id"]: lm for lm in setup["landmark_defs"]}
    assert landmarks["blast_furnace"]["name"]["de"] == "Hochofen"
    assert landmarks["blast_furnace"]["effect"] == {"kind": "two_dice"}
    assert landmarks["flower_shop"]["effect"] == {
        "kind": "icon_bonus",
        "icons": ["bread"],
        "amount": 1,
    }
    assert landmarks["fountain"]["effect"] == {"kind": "extra_turn_on_total", "total": 7}
    assert setup["community_project"] == {"id": "observatory", "cost": 20}
    assert setup["project_defs"][0]["name"]["de"] == "Sternwarte"
    assert setup["project_defs"][0]["effect"] == {
        "kind": "per_icon",
        "amount": 1,
        "icon": "wheat",
        "distinct": False,
    }
    assert setup["cities"] == [{"wheat_field": 1, "bakery": 1}] * 4
    assert setup["coins"] == [3] * 4
    assert setup["first_player"] == "roll"
    assert setup["rules"] == []


@pytest.mark.parametrize("chapter", range(1, 11))
@pytest.mark.parametrize("players", [2, 4])
def test_every_chapter_sets_up_a_game_the_engine_plays_to_the_end(deck, chapter, players):
    setup = chapter_setup(deck, chapter, players, plausible_carry_over(deck, chapter, players), 3)
    result = play_out(new_game(setup), ["greedy"] * players, random.Random(chapter))

    assert result.winner is not None


def test_the_archive_ends_with_what_free_play_needs(deck):
    ledger, _ = replay(deck)
    archive = ledger.at("archive")
    kinds = {cid: deck.components[cid].kind for cid in archive}

    landmarks = [cid for cid in archive if kinds[cid] == "landmark" and cid != "blast_furnace"]
    projects = [
        c for c in archive if kinds[c] == "project" and c not in ("skyscraper", "waterfall")
    ]
    assert len(landmarks) >= 3
    assert projects
    assert {c for c in archive if kinds[c] == "island"} == {
        c.id for c in deck.components.values() if c.kind == "island"
    }
    assert {deck.components[c].rule for c in archive if kinds[c] == "rule"} == {
        "yokai_flip",
        "yokai_coins",
    }
    assert {"gold_mine", "fox_meadow"} <= set(ledger.market)
    assert ledger.tableau == []  # the last two landmarks join the others in the archive
    assert [deck.components[c].rule for c in ledger.rules] == [
        "turn_order_coins",
        "rest_day",
        "expedition",
    ]


DOUBLE_SIDED = [
    "ds_pottery",
    "ds_teahouse",
    "ds_oysters",
    "ds_ranch",
    "ds_torii",
    "ds_mill",
    "ds_fields",
    "ds_scents",
    "ds_lanterns",
]


def test_after_each_game_one_double_sided_pile_of_five_joins_the_market_and_stays(deck):
    ledger, _ = replay(deck)
    given = [ledger.chapter(game).double_sided for game in range(2, 11)]

    assert given == [[(cid,)] for cid in DOUBLE_SIDED]
    assert {deck.components[cid].copies for cid in DOUBLE_SIDED} == {5}
    for chapter in range(1, 11):
        setup = chapter_setup(deck, chapter, 2, plausible_carry_over(deck, chapter, 2))
        assert len(setup["market"]) == len(BOOK_MARKET) + chapter - 1, chapter
        assert set(setup["market"].values()) == {5}
    assert ledger.market[len(BOOK_MARKET) :] == DOUBLE_SIDED  # into free play


def test_every_chapter_has_a_two_dice_landmark(deck):
    for chapter in range(1, 11):
        setup = chapter_setup(deck, chapter, 2, plausible_carry_over(deck, chapter, 2))
        kinds = [lm["effect"]["kind"] for lm in setup["landmark_defs"]]
        assert kinds.count("two_dice") == 1, chapter


def test_every_stop_of_our_deck_has_a_story_to_read_aloud_in_three_languages(deck):
    stops = [side for side in deck.sides() if side.stop is not None]

    assert len(stops) == 1 + 2 * 10 + 3  # before the campaign, around each game, three events
    for side in stops:
        assert side.story is not None, side.label
        assert len({side.story["en"], side.story["de"], side.story["nl"]}) == 3, side.label


def test_each_chapter_story_is_titled_with_its_chapter(deck):
    for side in deck.sides():
        if side.stop and side.stop.moment == "before_game":
            game = side.stop.game
            assert side.story["en"].startswith(f"Chapter {game} – ")  # an en dash
            assert side.story["de"].startswith(f"Kapitel {game} – ")
            assert side.story["nl"].startswith(f"Hoofdstuk {game} – ")


# Who ticks, as the story must say it (the same words describe.py uses on the screens).
TICKS_SAID = {
    "all": ("Everyone ticks a circle", "Alle kreuzen einen Kreis", "Iedereen kruist een rondje"),
    "winner": (
        "The winner ticks a circle",
        "Wer gewonnen hat, kreuzt einen Kreis",
        "De winnaar kruist een rondje",
    ),
    "all_but_winner": (
        "Everyone but the winner ticks a circle",
        "Alle, die nicht gewonnen haben, kreuzen einen Kreis",
        "Iedereen behalve de winnaar kruist een rondje",
    ),
}


def test_every_circle_tick_is_announced_in_the_story_in_three_languages(deck):
    ticking = [
        (side, instruction)
        for side in deck.sides()
        for instruction in side.instructions
        if instruction.do == "tick_circles"
    ]

    assert len(ticking) == 5
    for side, instruction in ticking:
        for lang, words in zip(("en", "de", "nl"), TICKS_SAID[instruction["who"]], strict=True):
            assert words in side.story[lang], (side.label, lang)


# Words the rulebooks and docs/translations.md replace: one name per thing.
NOT_THE_BOOKS_WORD = {
    "de": [
        "Betrieb",
        "Wahrzeichen",
        "Tüte",
        "Türkises",
        "als Erstes",
        "Marktkarte",
        "Fahne",
        "Startperson",
        "Zugübersicht",
        "Aufkleber",
        "von der Bank",
        "erober",
        "Einnahmen",
        "Sieger",
        "Gewinner",
        "Bürgermeisterin oder",
        "zu den Regelkarten",
    ],
    "nl": [
        "bedrijf",
        "Gulden Boek",
        "veerpont en een geit",
        "draai haar",
        "stadstableau",
        "marktkaart",
        "Beurtoverzicht",
        "claim",
        "vlag plant",
        "varen",
        "vaart",
        "bij de regelkaarten",
        "Goedige",
    ],
}


def all_texts(deck):
    for side in deck.sides():
        if side.story:
            yield side.label, side.story
    for component in deck.components.values():
        for text in (component.name, component.text):
            if text:
                yield component.id, text
    for box in deck.boxes.values():
        yield f"box {box.number}", box.name


def test_every_text_uses_the_books_words(deck):
    found = [
        (where, word)
        for where, text in all_texts(deck)
        for lang, words in NOT_THE_BOOKS_WORD.items()
        for word in words
        if re.search(rf"\b{word}", text[lang], re.IGNORECASE)
    ]
    assert found == []


def test_a_story_that_names_a_component_names_it_in_every_language(deck):
    named = [
        c
        for c in deck.components.values()
        if c.kind in ("establishment", "landmark", "project", "sticker") and c.name
    ]
    missing = [
        (side.label, lang, component.name[lang])
        for side in deck.sides()
        if side.story
        for component in named
        if component.name["en"] in side.story["en"]
        for lang in ("de", "nl")
        if component.name[lang] not in side.story[lang]
    ]
    assert missing == []
