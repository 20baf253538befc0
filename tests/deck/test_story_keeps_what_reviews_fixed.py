"""Every shipped deck's story keeps what the language reviews fixed once: the Comet brought back
mistakes Seven Winds Bay had lost (issue 36 item 3), so the story of each deck is held to them,
with the read-aloud test of a sentence whose subject an inserted clause pushes to its end."""

import re

import pytest
from shipped_decks import SHIPPED, shipped_deck

# each a mistake of review 2 or 3, with the words the story says instead
AGAIN = {
    "de": [
        r"als Erstes",  # zuerst
        r"Heute ist die Nacht",  # Heute Nacht ist es so weit
        r"Gebt eurer Stadt",  # one city each: euren Städten
        r"Schelm-Tanuki",  # der schelmische Tanuki
        r"in den Regelstapel",  # auf den Regelstapel
        r"unterschreibt im Goldenen Buch",  # trägt sich ins Goldene Buch ein
        r"würfelt ihr jetzt mit zwei Würfeln",  # a choice: dürft … werfen
        r"\bwann immer\b",  # "Bis zum Morgen gilt: Würfelt jemand …"
    ],
    "nl": [
        r"jullie stad\b",  # ieder zijn eigen stad
        r"draai haar\b",  # de kaart: draai hem
        r"als zijn stad",  # voor zich neer: dat is zijn stad
        r"wordt er \w+ het\b",  # existential er with a definite subject
        r"gooien jullie voortaan",  # a choice: mogen
        r"tussen de kolen\b",  # koolkoppen
        r"draait, telkens als",  # "Tot de ochtend geldt: …"
        r"een stapel klapstoelen",  # stapel is the deck's word
        r"De eerste burgemeester drukt",  # wie de vlag heeft gezet
    ],
}


@pytest.mark.parametrize("deck_id", SHIPPED)
@pytest.mark.parametrize("lang", sorted(AGAIN))
def test_no_story_side_repeats_a_fixed_mistake(deck_id, lang):
    deck = shipped_deck(deck_id)
    found = [
        (side.label, pattern)
        for side in deck.sides()
        for pattern in AGAIN[lang]
        if side.story and re.search(pattern, side.story.get(lang, ""))
    ]
    assert found == []


@pytest.mark.parametrize("deck_id", SHIPPED)
def test_a_rule_card_the_story_quotes_is_quoted_by_its_full_name(deck_id):
    """The story names a rule card as its card and the read page's line under it do."""
    deck = shipped_deck(deck_id)
    rule_names = {
        lang: [c.name[lang] for c in deck.components.values() if c.kind == "rule" and c.name]
        for lang in ("de", "nl")
    }
    quotes = {"de": re.compile(r"Regelkarte „([^“]+)“"), "nl": re.compile(r"regelkaart ‘([^’]+)’")}
    for side in deck.sides():
        for lang, quote in quotes.items():
            for name in quote.findall((side.story or {}).get(lang, "")):
                assert name in rule_names[lang], (side.label, lang, name)
