"""The short campaign that ships beside Seven Winds Bay, The Comet over Millbrook: three chapters
for one evening, sound, using the format's features, every chapter playable, its words the
glossary's, and its public card written in all three languages."""

import random
import re
import tomllib

import pytest
from shipped_decks import COMET_OVER_MILLBROOK, SEVEN_WINDS_BAY, folder_of, shipped_deck
from test_our_campaign import TICKS_SAID, all_texts

from legacy_deck.format import LANGUAGES
from legacy_deck.setup import chapter_setup, plausible_carry_over
from legacy_deck.timeline import replay
from legacy_deck.validate import validate
from play.engine import new_game
from play.engine.simulation import play_out


@pytest.fixture(scope="module")
def deck():
    return shipped_deck(COMET_OVER_MILLBROOK)


def test_the_short_deck_is_sound_and_short(deck):
    assert [str(p) for p in validate(deck)] == []
    assert deck.shape.games == 3
    assert deck.id == COMET_OVER_MILLBROOK


def test_it_uses_the_formats_features(deck):
    stops = [side.stop for side in deck.sides() if side.stop]
    used = {i.do for side in deck.sides() for i in side.instructions}
    kinds = {c.kind for c in deck.components.values()}

    assert {stop.moment for stop in stops} == {
        "before_campaign",
        "before_game",
        "event",
        "after_game",
    }
    assert [(s.game, s.event) for s in stops if s.moment == "event"] == [
        (1, "flag_planted"),
        (2, "doubles"),
    ]
    assert {"open_box", "add_rule", "sticker", "double_sided", "new_landmark"} <= used
    assert {"community_project", "marketplace_cards", "tick_circles"} <= used
    assert {"rule", "sticker", "double_sided", "landmark", "project"} <= kinds
    assert len(deck.boxes) == 1


def test_its_landmarks_projects_and_piles_are_its_own(deck):
    seven_winds_bay = shipped_deck(SEVEN_WINDS_BAY).components
    own = [
        cid
        for cid, c in deck.components.items()
        if c.kind in ("landmark", "project", "double_sided", "rule", "sticker")
    ]
    assert len(own) == 5 + 3 + 2 + 3 + 2
    assert [cid for cid in own if cid in seven_winds_bay] == []


@pytest.mark.parametrize("chapter", [1, 2, 3])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_chapter_sets_up_a_game_the_engine_plays_to_the_end(deck, chapter, players):
    setup = chapter_setup(deck, chapter, players, plausible_carry_over(deck, chapter, players), 3)
    result = play_out(new_game(setup), ["greedy"] * players, random.Random(chapter))

    assert result.winner is not None


def test_each_chapter_has_one_two_dice_landmark_and_its_project(deck):
    projects = []
    for chapter in (1, 2, 3):
        setup = chapter_setup(deck, chapter, 2, plausible_carry_over(deck, chapter, 2))
        kinds = [lm["effect"]["kind"] for lm in setup["landmark_defs"]]
        assert kinds.count("two_dice") == 1, chapter
        projects.append(setup["community_project"]["id"])
    assert projects == ["great_telescope", "midnight_bell", "sunrise_picnic"]


def test_the_archive_ends_with_what_free_play_needs(deck):
    ledger, _ = replay(deck)
    archive = ledger.at("archive")

    assert {c for c in archive if deck.components[c].kind == "landmark"} == {
        cid for cid, c in deck.components.items() if c.kind == "landmark"
    }
    assert {deck.components[c].rule for c in archive if deck.components[c].kind == "rule"} == {
        "yokai_flip",
        "yokai_coins",
    }
    assert [deck.components[c].rule for c in ledger.rules] == ["turn_order_coins"]
    assert ledger.market[-2:] == ["ds_night_treats", "ds_sky_trades"]
    for colour in deck.shape.colours:  # free play picks four of them
        assert len(ledger.at(f"bag:{colour}")) == 5


def test_every_stop_has_a_story_in_three_languages_and_chapters_are_titled(deck):
    stops = [side for side in deck.sides() if side.stop is not None]
    assert len(stops) == 1 + 2 * 3 + 2
    for side in stops:
        assert len({side.story[lang] for lang in LANGUAGES}) == 3, side.label
        if side.stop.moment == "before_game":
            game = side.stop.game
            assert side.story["en"].startswith(f"Chapter {game} – ")
            assert side.story["de"].startswith(f"Kapitel {game} – ")
            assert side.story["nl"].startswith(f"Hoofdstuk {game} – ")


def test_every_circle_tick_is_announced_in_the_story(deck):
    ticking = [
        (side, instruction)
        for side in deck.sides()
        for instruction in side.instructions
        if instruction.do == "tick_circles"
    ]
    assert len(ticking) == 2
    for side, instruction in ticking:
        for lang, words in zip(LANGUAGES, TICKS_SAID[instruction["who"]], strict=True):
            assert words in side.story[lang], (side.label, lang)


# The glossary's words (/work/shared/GLOSSARY.md as the lead settled it for issue 29: German
# "Beutel", Dutch "Gouden Boek"); these are the words it replaces.
NOT_THE_GLOSSARYS_WORD = {
    "de": ["Tüte", "Betrieb", "Wahrzeichen", "Marktkarte", "Fahne", "Aufkleber", "von der Bank"],
    "nl": ["Gulden Boek", "bedrijf", "stadstableau", "marktkaart", "claim", "vlag plant"],
}


def test_every_text_uses_the_glossarys_words(deck):
    found = [
        (where, word)
        for where, text in all_texts(deck)
        for lang, words in NOT_THE_GLOSSARYS_WORD.items()
        for word in words
        if re.search(rf"\b{word}", text[lang], re.IGNORECASE)
    ]
    assert found == []
    stories = " ".join(side.story["de"] for side in deck.sides() if side.story)
    assert "Beutel" in stories and "Goldene" in stories
    assert "Gouden Boek" in " ".join(side.story["nl"] for side in deck.sides() if side.story)


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


def test_its_public_card_is_written_in_its_three_languages():
    """The box's back (issue 29): shown before anything of the deck is read, so it names no
    component the campaign reveals later."""
    text = (folder_of(COMET_OVER_MILLBROOK) / "deck.toml").read_text(encoding="utf-8")
    card = tomllib.loads(text)["campaign"]
    deck = shipped_deck(COMET_OVER_MILLBROOK)
    revealed_later = {
        word
        for cid, c in deck.components.items()
        if not c.start
        for word in (c.name or {}).values()
    }

    assert card["languages"] == list(LANGUAGES)
    assert card["author"]
    for lang in LANGUAGES:
        assert card["title"][lang] and 200 < len(card["blurb"][lang]) < 700, lang
        assert [w for w in revealed_later if w in card["blurb"][lang]] == [], lang
