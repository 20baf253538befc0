"""A deck's problems in the page's language: the patterns meet the messages they are for."""

from collections import defaultdict

import pytest
from django.utils import translation
from planted_faults import planted

from legacy_deck.format import Problem
from legacy_deck.loader import read_deck_text
from legacy_deck.problem_words import PATTERNS, message_words, problem_words
from legacy_deck.validate import validate


def planted_problems() -> list[Problem]:
    texts = planted()
    deck, problems = read_deck_text({name.split(".")[0]: text for name, text in texts.items()})
    return problems + validate(deck)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_planted_fault_is_told_in_the_pages_language(lang):
    problems = planted_problems()
    with translation.override(lang):
        untranslated = [p for p in problems if message_words(p.message) == p.message]
    assert untranslated == []


def test_a_message_without_a_pattern_reads_as_check_deck_says_it():
    with translation.override("de"):
        assert message_words("something new and odd") == "something new and odd"


def test_the_place_is_worded_and_the_parts_kept_as_written():
    problem = Problem("deck.toml", "unknown component id 'kraken'", 4, "a.instructions[0].cards[1]")
    with translation.override("nl"):
        assert problem_words(problem) == (
            "deck.toml, kaart 4, a.instructions[0].cards[1]: onbekende onderdeel-id 'kraken'"
        )


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_pattern_has_its_translation(lang):
    every_part = defaultdict(lambda: 2)  # a count too, for the sentences that have one
    with translation.override("en"):
        english = [str(sentence % every_part) for _pattern, sentence, *_phrases in PATTERNS]
    with translation.override(lang):
        translated = [str(sentence % every_part) for _pattern, sentence, *_phrases in PATTERNS]
    assert [e for e, t in zip(english, translated, strict=True) if e == t] == []
