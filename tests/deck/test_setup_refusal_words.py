"""A setup refused by legacy_deck/setup.py is told in the page's language: every code it raises
has a sentence in legacy_deck/setup_refusals.py, in English, German and Dutch, with the parameters
the code is raised with; `str(error)` stays the English sentence for logs and tests."""

import ast
import pickle
import string
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from legacy_deck import setup
from legacy_deck.loader import read_deck
from legacy_deck.setup import MESSAGES, SetupError, chapter_setup
from legacy_deck.setup_refusals import LEFT_OUT, SETUP_REFUSALS, setup_refusal_text

SETUP_PY = Path(settings.BASE_DIR) / "legacy_deck" / "setup.py"


@pytest.fixture(scope="module")
def deck():
    deck, problems = read_deck()
    assert problems == []
    return deck


def raised() -> dict[str, set[str]]:
    """Each code setup.py raises -> the names of the parameters it is raised with."""
    codes: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(SETUP_PY.read_text())):
        call = node.exc if isinstance(node, ast.Raise) else None
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "SetupError":
            code = call.args[0]
            assert isinstance(code, ast.Constant), ast.unparse(call)  # a literal code, always
            names = {keyword.arg for keyword in call.keywords}
            assert codes.setdefault(code.value, names) == names, code.value
    return codes


class Recorder(dict):
    """Formatting parameters that note which ones a template asks for."""

    def __init__(self, number: int):
        super().__init__()
        self.number = number
        self.asked: set[str] = set()

    def __missing__(self, key):
        self.asked.add(key)
        return self.number


def placeholders(code: str, lang: str) -> set[str]:
    """The parameters a code's sentence uses in `lang`, in its singular and its plural."""
    asked = set()
    with translation.override(lang):
        for number in (1, 2):
            values = Recorder(number)
            SETUP_REFUSALS[code] % values
            asked |= values.asked
    return asked


def english_placeholders(code: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(MESSAGES[code]) if field}


def test_setup_raises_only_codes_it_has_an_english_sentence_for():
    codes = raised()

    assert len(codes) >= 20
    assert set(codes) == set(MESSAGES)
    for code, names in codes.items():
        assert english_placeholders(code) <= names, code


def test_every_code_has_a_sentence_for_the_screens():
    assert set(SETUP_REFUSALS) == set(MESSAGES)
    assert set(LEFT_OUT) <= set(MESSAGES)


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_sentence_uses_the_parameters_its_code_is_raised_with(lang):
    for code, names in raised().items():
        assert placeholders(code, lang) == names - LEFT_OUT.get(code, set()), code


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_sentence_is_translated(lang):
    for code in SETUP_REFUSALS:
        with translation.override("en"):
            english = SETUP_REFUSALS[code] % Recorder(2)
        with translation.override(lang):
            assert SETUP_REFUSALS[code] % Recorder(2) != english, code


def test_str_stays_the_english_sentence_and_the_error_survives_a_pickle():
    error = SetupError("pick_not_in_bag", player="Ann", card="ferry")
    rules = SetupError("free_play_rule", rules=["yokai_flip", "yokai_coins"])

    assert str(error) == "Ann has no marketplace card 'ferry'."
    assert str(rules) == "Free play chooses one of yokai_flip, yokai_coins."
    again = pickle.loads(pickle.dumps(error))
    assert (again.code, again.params, str(again)) == (error.code, error.params, str(error))
    assert str(SetupError("no_project")) == MESSAGES["no_project"]  # a parameter missing
    assert str(SetupError("not_a_code")) == "not_a_code"


@pytest.mark.parametrize(
    "lang, error, sentence",
    [
        (
            "de",
            SetupError("pick_not_in_bag", player="Ann", card="ferry"),
            "Die Marktplatzkarte Fähre liegt nicht im Beutel von Ann.",
        ),
        (
            "nl",
            SetupError("no_side_chosen", card="ds_pottery"),
            "Voor het dubbelzijdige gebouw Pottenbakkerij / Krakelingkraam is geen kant gekozen.",
        ),
        (
            "de",
            SetupError("free_play_rule", rules=["yokai_flip", "yokai_coins"]),
            "Das freie Spiel wird mit einer dieser Regelkarten gespielt: "
            "Der Nachtfuchs (Yōkai) oder Der gütige Fuchs (Yōkai).",
        ),
        (
            "nl",
            SetupError("unknown_colour", colour="teal"),
            "De kleur turquoise hoort niet bij de kleuren van de campagne.",
        ),
        (
            "de",
            SetupError("picks_count", player="Ben", count=3, wanted=1, circles=1, bag=4),
            "Ben muss genau 1 Marktplatzkarte wählen, nicht 3.",
        ),
        (
            "nl",
            SetupError("picks_count", player="Ben", count=1, wanted=2, circles=2, bag=4),
            "Ben moet precies 2 marktplaatskaarten kiezen, niet 1.",
        ),
    ],
)
def test_cards_rules_and_colours_are_named_in_the_pages_language(deck, lang, error, sentence):
    with translation.override(lang):
        assert setup_refusal_text(error, deck) == sentence


@pytest.mark.parametrize(
    "lang, sentence",
    [
        (
            "en",
            "The legacy deck cannot be carried out as it is written "
            "(the deck as a whole, not one card).",
        ),
        (
            "de",
            "Der Legacy-Stapel lässt sich nicht so ausführen, wie er geschrieben ist "
            "(der Stapel als Ganzes, nicht eine einzelne Karte).",
        ),
        (
            "nl",
            "De legacystapel kan niet worden uitgevoerd zoals hij geschreven is "
            "(de stapel als geheel, niet één kaart).",
        ),
    ],
)
def test_a_misfit_of_the_deck_as_a_whole_is_told_without_a_card(deck, monkeypatch, lang, sentence):
    def replay_with_a_misfit_of_no_side(deck, until, report):
        report(None, "box 3", "the deck never opens this box")
        raise AssertionError("chapter_setup stops at the first misfit")

    monkeypatch.setattr(setup, "replay", replay_with_a_misfit_of_no_side)
    with pytest.raises(SetupError) as refused:
        chapter_setup(deck, 1, ["Ann", "Ben"], {})

    assert "(box 3): the deck never opens this box" in str(refused.value)
    with translation.override(lang):
        assert setup_refusal_text(refused.value, deck) == sentence


def test_a_misfit_on_a_card_still_names_its_side(deck, monkeypatch):
    side = deck.sides()[2]

    def replay_with_a_misfit_on_a_side(deck, until, report):
        report(side, "instructions[0].rule", "'yokai_flip' is in the rule stack already")
        raise AssertionError("chapter_setup stops at the first misfit")

    monkeypatch.setattr(setup, "replay", replay_with_a_misfit_on_a_side)
    with pytest.raises(SetupError) as refused:
        chapter_setup(deck, 1, ["Ann", "Ben"], {})

    with translation.override("de"):
        assert setup_refusal_text(refused.value, deck).endswith(f"(Karte {side.label}).")


def test_an_error_without_a_known_code_or_its_parameters_still_reads_as_a_sentence(deck):
    with translation.override("de"):
        unknown = setup_refusal_text(SetupError("no_project"), deck)
        broken = setup_refusal_text(ValueError("not a setup error"), deck)

    assert unknown == broken
    assert unknown.startswith("Der Legacy-Stapel")


def test_the_setup_module_imports_no_django():
    imported = subprocess.run(
        [sys.executable, "-c", "import sys, legacy_deck.setup; print(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
        cwd=settings.BASE_DIR,
    ).stdout

    assert "'django" not in imported
