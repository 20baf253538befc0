"""The board's summary of the Expedition says what the rule card and card 7B say: an island is
claimed until the game ends (RULES.md §6), not for good, in every language."""

import pytest
from django.utils import translation

from legacy_deck.loader import read_deck
from play.describe import rules_in_force

# the rule card's own words, in each language
UNTIL_THE_END = {
    "en": "until the game ends",
    "de": "bis zum Ende der",
    "nl": "tot het einde van de",
}
FOR_GOOD = {"en": "for good", "de": "für immer", "nl": "voorgoed"}


@pytest.mark.parametrize("language", sorted(UNTIL_THE_END))
def test_the_expedition_summary_claims_an_island_until_the_game_ends(language):
    deck, _problems = read_deck()
    card = deck.components["rule_expedition"].text[language]
    assert UNTIL_THE_END[language] in card

    with translation.override(language):
        (summary,) = rules_in_force(["expedition"])

    assert UNTIL_THE_END[language] in summary["text"]
    assert FOR_GOOD[language] not in summary["text"]
