"""Issue 36 item 4: every message the deck checker has for a group's deck is said in German and
Dutch, with its counts through ngettext and its place named once.

EXAMPLES holds one message of every kind the checker says (legacy_deck/loader.py and
validate.py, and play/engine/cards.py for a deck's own cards), as check_deck prints it; a test
reads those files and fails when a message is added there that no example stands for, so a new
message cannot stay English unnoticed."""

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from legacy_deck import loader, validate
from legacy_deck.format import Problem
from legacy_deck.problem_words import message_words, problem_words
from play.engine import cards

EXAMPLES = [
    # validate.py: the campaign as a whole
    "landmarks or projects given after the last game are never played",
    "plays the expedition without islands on the table",
    "double-sided 'lantern_stall' is never presented by a double_sided instruction, so no side "
    "is ever chosen for free play",
    "the archive must end with a community project allowed in free play",
    "two islands on the table share a space",
    "card id 'bakery' is defined twice, differently",
    "free play keeps rest_day but the turn-overview card in play does not show 'rest'",
    "the teal bag ends with 1 marketplace cards; free play picks 4",
    "game 2 needs 1 community project, the deck gives 0",
    "game 1 needs 3 new landmarks, the deck gives 2",
    "game 2 needs 1 new landmark, the deck gives 0",
    "island 'gull_rock' must end in the archive for free play",
    "island 'gull_rock' lies beyond the track's 12 spaces",
    "the archive must end with 3 landmarks for free play, it has 2",
    "missing STOP: the deck never says after game 2",
    "missing STOP: before game 2 comes before this one",
    "plays the expedition with 2 tracks on the table, not 1",
    "plays the expedition without boats for teal, pink",
    "plays rest_day but the turn-overview card in play does not show 'rest'",
    "rule id 'moon_dance' is not implemented by the engine",
    "the campaign has 6 mystery boxes numbered from 1, not 1, 3",
    "the rule card for 'yokai_flip' must end in the archive for free play",
    "unknown component id 'kraken'",
    "unknown establishment 'kraken'",
    "unreachable STOP: when doubles happens in game 4 is not inside game 4",
    "unreachable STOP: before game 3 is out of order or repeated",
    "after game 1: needs 1 double-sided establishment (one pile), it gives 2",
    "after game 1: needs 1 double_sided instruction, the deck has 0",
    "after game 1: needs 1 marketplace_cards instruction, the deck has 2",
    "after game 1: needs 4 marketplace cards, one per colour; missing teal",
    "after game 1: 'lantern_stall' needs 5 copies (one pile), it has 3",
    "'bakery' is a start card, it cannot be in a box",
    "'owl_tavern' is in box 1 already",
    "'cocoa_cart' must be in the market or archive at the end (free play removes it)",
    "'purple' is not a player colour (yellow, orange, pink, teal)",
    "landmark 'old_watchtower' ends in the reserve; free play needs it in the archive",
    "marketplace 'mp_bakery_teal' ends in the yellow bag; free play needs it in its colour's bag "
    "or in the archive",
    "starts with 2 landmarks on the tableau, not 3",
    "starts without a community project",
    "starts with an empty market",
    "the deck never opens this box",
    "the first side must be a STOP (before_campaign)",
    "'bakery' is in mystery box 2, which is not open yet",
    "'bakery' is a landmark, not a project",
    "'wheat_field' is a start card, not drawn yet (draw_start_cards first)",
    "'whirlpool' was taken out of the game",
    # loader.py: reading the three files
    "a double-sided establishment needs both sides",
    "a landmark needs a letter (its place on the tableau)",
    "a marketplace card names the establishment it is",
    "a rule card needs the engine's rule id",
    "a side must be a table",
    "a track needs a length of 1 to 999 spaces",
    "an island needs its space on the track (1 to 999)",
    "box number used twice",
    "cards are not in order of their numbers",
    "each side needs its own card id",
    "every box needs a number from 1 to 999",
    "every card needs a number from 1 to 999",
    "every component needs a snake_case id",
    "file not found",
    "id used twice (ids are unique across all kinds)",
    "must be a list of component ids",
    "must be a list of instructions",
    "must be a table",
    "must be a text: who wrote the deck",
    "must be a whole number from 0 to 999",
    "must be an array of tables",
    "must name the deck with a snake_case id of at most 40 characters",
    "needs the player colour it belongs to",
    "number used twice",
    "numbering gap: there is no such card",
    "numbers must be a list of whole numbers from 1 to 12",
    "the card has no side B",
    "the deck has no cards",
    "the pile needs 1 to 999 copies",
    "unknown field on a box (number, name, contents)",
    "unknown field on a card (a card has number, a and b)",
    "unknown field on a side (story, stop, instructions)",
    "unknown field",
    "unknown setting",
    "a STOP needs a moment, one of: before_campaign, before_game, event, after_game",
    "a STOP after_game needs the game number (1 to 999)",
    "a sticker cannot change 'colour' (only cost, numbers, amount, icon)",
    "a sticker changes exactly one of: cost, numbers, amount, icon",
    "missing translation: de",
    "more than 2000 boxes",
    "more than 2000 cards",
    "more than 2000 components",
    "must be a list of action types (build, flag, rest)",
    "must be a list of ids",
    "must be a list of whole numbers from 0 to 999",
    "must be a table of translations {en, de, nl}",
    "must list the languages the deck is written in, from: en, de, nl",
    "name in a language the deck is not written in: fr",
    "not one of the deck's languages: fr",
    "unknown event 'earthquake' (known: doubles, landmark_built)",
    "unknown icon 'anchor'",
    "unknown instruction (known: move, open_box)",
    "unknown kind of component (known: establishment, landmark)",
    "move needs 'to'",
    "move takes no 'colour'",
    "cost must be a whole number from 0 to 999",
    "must be one of: all, winner",
    "must be a whole number from -999 to 999",
    "too large: more than 200,000 bytes",
    "not UTF-8 text (byte 12)",
    "nested too deeply: more than 20 levels",
    "not valid TOML: Invalid value (at line 3, column 8)",
    "text longer than 2000 characters",
    "list longer than 200 entries",
    "card 'anchor_inn': unknown icon 'anchor'",
    "landmark 'whirlpool': unknown effect kind 'teleport' (known: two_dice, reroll)",
    "card 'anchor_inn': numbers must be whole numbers from 1 to 12",
    "card 'anchor_inn': missing field 'cost'",
    "card 'anchor_inn': name lacks a translation for de",
    # play/engine/cards.py: a card, landmark, project or island the deck defines
    "card 'anchor_inn': field 'cost' must be int, not '2'",
    "card 'anchor_inn': a name is at most 40 characters",
    "landmark 'whirlpool': effect must be a table with a 'kind'",
    "landmark 'whirlpool': effect 'reroll' takes no amount",
    "card 'anchor_inn': effect 'take_from_active' needs 'amount'",
    "card 'anchor_inn': unknown colour 'gold'",
    "a community project must be a table, not 3",
    "island 'Gull Rock': ids are snake_case",
    "card 'anchor_inn': numbers must be whole numbers from 1 to 12",
    "card 'anchor_inn': each number is named once",
    "card 'anchor_inn': an establishment needs at least one number",
    "card 'anchor_inn': a special card is never rolled for, so it has no numbers",
    "card 'anchor_inn': a red card cannot have the effect 'take_from_bank' (a red card's effect "
    "is one of: take_from_active)",
    "landmark 'whirlpool': letter must be text",
    "card 'anchor_inn': effect.amount must be a whole number from 0 to 999",
    "card 'anchor_inn': cost must be a whole number from 0 to 999",
]
# English left in a translation: the sentence's own words, not the file's names
ENGLISH = re.compile(r"\b(the|needs|must|never|with|without|from|and|card|cards|ends|not|field)\b")


def _shown(text: str) -> str:
    """A message without what the author wrote (quoted ids, lists after a colon or brackets)."""
    text = re.sub(r"'[^']*'|“[^”]*”|„[^“]*“|‘[^’]*’", "", text)
    text = re.sub(r"\([^)]*\)|\{[^}]*\}", "", text)
    text = re.sub(r"(known|bekannt|bekend|verwacht|erwartet wird|only|nur|alleen)\W.*", "", text)
    text = re.sub(r"\b[a-z]+_[a-z_]+\b", "", text)  # instructions, settings: the format's words
    return re.sub(r": [a-z, ]+$", "", text)


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("message", EXAMPLES)
def test_every_message_is_said_in_the_pages_language(lang, message):
    with translation.override(lang):
        words = message_words(message)
    assert words != message
    assert ENGLISH.findall(_shown(words)) == [], words


def _templates(source: Path) -> list[str]:
    """Every message a checker's file passes to say(), report() or Problem(), as a regex."""

    def regex(node) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return re.escape(node.value)
        if isinstance(node, ast.JoinedStr):
            return "".join(
                re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in node.values
            )
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = regex(node.left), regex(node.right)
            return (left or ".+") + (right or ".+")
        return None

    found = []
    for node in ast.walk(ast.parse(source.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        position = {"say": 0, "report": 1, "Problem": 1, "ContentError": 0}.get(name)
        if position is None or len(node.args) <= position:
            continue
        pattern = regex(node.args[position])
        if pattern and pattern != ".+":
            found.append(pattern)
    return found


@pytest.mark.parametrize("module", [loader, validate, cards], ids=["loader", "validate", "cards"])
def test_every_message_of_the_checker_has_an_example(module):
    templates = _templates(Path(module.__file__))
    assert len(templates) > 20
    alone = [t for t in templates if not any(re.fullmatch(t, e, re.DOTALL) for e in EXAMPLES)]
    assert alone == []


@pytest.mark.parametrize(
    "lang, wanted, expected",
    [
        ("de", 1, "Partie 2 braucht 1 neues Großprojekt, der Stapel bringt 0"),
        ("de", 3, "Partie 1 braucht 3 neue Großprojekte, der Stapel bringt 2"),
        ("nl", 1, "partij 2 heeft 1 nieuwe bezienswaardigheid nodig, de stapel geeft er 0"),
        ("nl", 3, "partij 1 heeft 3 nieuwe bezienswaardigheden nodig, de stapel geeft er 2"),
    ],
)
def test_a_count_of_landmarks_takes_its_plural_from_the_count(lang, wanted, expected):
    game, given = (2, 0) if wanted == 1 else (1, 2)
    landmarks = "new landmark" if wanted == 1 else "new landmarks"
    with translation.override(lang):
        words = message_words(f"game {game} needs {wanted} {landmarks}, the deck gives {given}")
    assert words == expected


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("de", "components.toml, establishment 'anchor_inn': unbekanntes Symbol 'anchor'"),
        ("nl", "components.toml, establishment 'anchor_inn': onbekend symbool 'anchor'"),
    ],
)
def test_the_place_is_named_once(lang, expected):
    problem = Problem(
        "components.toml",
        "card 'anchor_inn': unknown icon 'anchor'",
        None,
        "establishment 'anchor_inn'",
    )
    with translation.override(lang):
        assert problem_words(problem) == expected


@pytest.mark.parametrize(
    "field, de, nl",
    [
        ("chapter 1", "Kapitel 1", "hoofdstuk 1"),
        ("game 2", "Partie 2", "partij 2"),
        ("end", "Ende der Kampagne", "einde van de campagne"),
        ("box 1.colour", "Box 1.colour", "doos 1.colour"),
    ],
)
def test_the_checkers_places_are_worded(field, de, nl):
    problem = Problem("deck.toml", "starts with an empty market", None, field)
    for lang, place in (("de", de), ("nl", nl)):
        with translation.override(lang):
            assert problem_words(problem).startswith(f"deck.toml, {place}: ")
