"""The game log read as the table reads it: real games (classic, Kosmos, and Legacy chapters with
every rule the deck brings) played out by bots, every event narrated in English, German and
Dutch, and every sentence held to docs/translations.md: a count agrees with its noun, a name
follows the word for its kind, a quote, a bracket or a colon, never a bare preposition or verb."""

import random
import re
from collections import Counter

import pytest
from django.utils import translation

from legacy_deck.loader import load_deck
from legacy_deck.setup import chapter_setup, plausible_carry_over
from play.engine import new_game
from play.engine.bots import MOVE_BOTS
from play.engine.rules import legal_moves, play
from play.narration import Narrator

LANGUAGES = ("en", "de", "nl")
PLAYERS = ["Anna", "Ben", "Jonas", "Mia"]
# (chapter, seed): chapter 7 three times, for the Night Fox's turned cards
CHAPTERS = ((1, 1), (3, 3), (5, 5), (7, 7), (7, 17), (7, 27), (9, 9), (10, 10))
MOST_TURNS = 400

# A count of one with a plural noun, or more than one with a singular noun.
WRONG_COUNT = {
    "en": r"\b1 (coins|spaces)\b|\b([02-9]|\d\d+) (coin|space)\b",
    "de": r"\b1 (Münzen|Felder)\b|\b([02-9]|\d\d+) (Münze|Feld)\b|fehlten 1\b|fehlte ([02-9]|\d\d)",
    "nl": r"\b1 (munten|vakken)\b|\b([02-9]|\d\d+) (munt|vak)\b",
}
# What may stand right before a card's, landmark's, project's or island's name.
BEFORE_A_NAME = {
    "de": (
        "das Unternehmen ",
        "des Unternehmens ",
        "das Großprojekt ",
        "des Großprojekts ",
        "das Gemeinschaftsprojekt ",
        "„",
        "(",
        ": ",
        "× ",
        ", ",
    ),
    "nl": (
        "het gebouw ",
        "de bezienswaardigheid ",
        "het gemeenschapsproject ",
        "‘",
        "(",
        ": ",
        "× ",
        ", ",
    ),
}


def _game_events(state, seed: int) -> tuple[list[dict], object]:
    rng = random.Random(seed)
    bots = [MOVE_BOTS["greedy" if seat % 2 else "random"] for seat in range(len(state.players))]
    events: list[dict] = []
    while state.winner is None and state.turn <= MOST_TURNS:
        play(state, bots[state.active](state, legal_moves(state), rng), events)
    return events, state


@pytest.fixture(scope="module")
def games() -> list[tuple[list[str], object, list[dict]]]:
    """(seat names, table, events) of every game played for this module."""
    played = []
    editions = [("classic", 2, ()), ("classic", 4, ("random_market",)), ("kosmos", 3, ())]
    for seed, (edition, players, variants) in enumerate(editions):
        names = PLAYERS[:players]
        state = new_game(edition, players=names, seed=seed, variants=variants)
        events, state = _game_events(state, seed)
        played.append((names, state.table, events))
    deck = load_deck()
    for chapter, seed in CHAPTERS:
        names = PLAYERS[: 2 + chapter % 3]
        carry_over = plausible_carry_over(deck, chapter, len(names), even=True)
        setup = chapter_setup(deck, chapter, names, carry_over, seed=seed)
        events, state = _game_events(new_game(setup), seed)
        played.append((names, state.table, events))
    return played


def _narrated(games, lang: str) -> list[tuple[str, str, list[str]]]:
    """(event type, sentence, the names of the game's things) for every event, in `lang`."""
    sentences = []
    with translation.override(lang):
        for names, table, events in games:
            narrator = Narrator(names, table)
            things = [
                thing.name.get(lang) or thing.name["en"]
                for defs in (table.cards, table.landmarks, table.islands)
                for thing in defs.values()
            ]
            if table.project is not None:
                things.append(table.project.name[lang])
            things.sort(key=len, reverse=True)  # "Familien-Restaurant" before "Restaurant"
            for event in events:
                sentences.append((event["type"], narrator.narrate(event), things))
    return sentences


def test_the_games_tell_every_kind_of_event_the_log_has(games):
    told = Counter(event["type"] for _, _, events in games for event in events)

    for kind in ("turn", "roll", "transfer", "build", "landmark", "pass", "game_over"):
        assert told[kind] > 0, kind
    for kind in ("contribute", "sail", "claim_island", "face_down", "face_up", "rest", "reveal"):
        assert told[kind] > 0, kind  # the Legacy rules and Kosmos' market
    assert told["keep"] > 0  # the Radio Tower's second roll


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_of_the_log_is_whole_and_counts_agree(games, lang):
    sentences = _narrated(games, lang)

    assert len(sentences) > 1000
    for kind, sentence, _ in sentences:
        assert sentence[-1] in ".!:" and "%(" not in sentence, (kind, sentence)
        assert "Something happened" not in sentence, (kind, sentence)
        assert "_" not in sentence, (kind, sentence)  # no raw id
        assert not re.search(WRONG_COUNT[lang], sentence), (kind, sentence)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_name_in_the_log_follows_its_kind_a_quote_a_bracket_or_a_colon(games, lang):
    bare = set()
    for kind, sentence, things in _narrated(games, lang):
        marked = sentence
        for name in things:
            marked = marked.replace(name, "\0")
        for at in (i for i, char in enumerate(marked) if char == "\0"):
            before = marked[:at]
            if before and not before.endswith(BEFORE_A_NAME[lang]) and not before.endswith("\0"):
                bare.add((kind, sentence))
    assert sorted(bare)[:5] == []


def test_a_dutch_roll_names_the_number_thrown(games):
    for kind, sentence, _ in _narrated(games, "nl"):
        if kind == "roll":
            assert not re.search(r"gooit( opnieuw:)? \d+\.", sentence), sentence


@pytest.mark.parametrize(
    ("event", "sentences"),
    [
        (
            {
                "type": "transfer",
                "card": "bakery",
                "count": 1,
                "payer": None,
                "payee": 0,
                "amount": 1,
                "shortfall": 0,
            },
            (
                "Anna's Bakery earns 1 coin.",
                "Anna bekommt 1 Münze aus der Bank (Bäckerei).",
                "Anna krijgt 1 munt van de bank (Bakkerij).",
            ),
        ),
        (
            {"type": "roll", "player": 1, "dice": [4], "total": 4},
            ("Ben rolls 4.", "Ben würfelt eine 4.", "Ben gooit een 4."),
        ),
        (
            {"type": "build", "player": 0, "card": "bakery", "cost": 1},
            (
                "Anna builds Bakery for 1 coin.",
                "Anna baut das Unternehmen Bäckerei für 1 Münze.",
                "Anna bouwt het gebouw Bakkerij voor 1 munt.",
            ),
        ),
        (
            {
                "type": "trade",
                "card": "business_center",
                "player": 0,
                "give": "wheat_field",
                "target": 1,
                "take": "bakery",
            },
            (
                "Anna trades Wheat Field for Ben's Bakery.",
                "Anna tauscht mit Ben: „Weizenfeld“ gegen „Bäckerei“.",
                "Anna ruilt met Ben: ‘Graanveld’ tegen ‘Bakkerij’.",
            ),
        ),
        (
            {"type": "sail", "player": 0, "spaces": 1, "from": 0, "to": 1, "cost": 2},
            (
                "Anna sails 1 space, from 0 to 1, for 2 coins.",
                "Anna segelt von Feld 0 auf Feld 1 (1 Feld, 2 Münzen).",
                "Anna zeilt van vak 0 naar vak 1 (1 vak, 2 munten).",
            ),
        ),
        (
            {"type": "skip", "player": 0, "card": "business_center"},
            (
                "Anna does not trade with Business Center.",
                "Anna verzichtet auf den Tausch (Bürohaus).",
                "Anna ziet af van de ruil (Kantoorgebouw).",
            ),
        ),
        (
            {"type": "extra_turn", "player": 1, "landmark": "amusement_park"},
            (
                "Ben earns an extra turn with Amusement Park.",
                "Ben ist noch einmal dran (Freizeitpark).",
                "Ben krijgt een extra beurt (Pretpark).",
            ),
        ),
        (
            {"type": "face_up", "player": 0, "cards": {"bakery": 1, "cafe": 2}},
            (
                "Anna turns Bakery, 2× Café face up again.",
                "Anna deckt wieder auf: Bäckerei, 2× Café.",
                "Anna legt weer open: Bakkerij, 2× Café.",
            ),
        ),
    ],
)
def test_the_reviewed_sentences_read_as_the_review_asked(event, sentences):
    state = new_game("classic", players=["Anna", "Ben"], seed=1)
    narrator = Narrator(["Anna", "Ben"], state.table)
    for lang, sentence in zip(LANGUAGES, sentences, strict=True):
        with translation.override(lang):
            assert narrator.narrate(event) == sentence
