"""Engine refusals reach the page in its language: every message id the engine can raise has a
German and a Dutch sentence with the same parameters, and card names follow the language."""

import json
import re

import pytest
from django.utils import translation
from legacy_setup import legacy_setup

from play.engine import IllegalAction
from play.engine.errors import MESSAGES
from play.models import Game
from play.refusals import PLAY_REFUSALS, REFUSALS, refusal_text, setup_table

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


class _Slot(int):
    """A parameter's value that counts as many (2) and is shown as its own placeholder."""

    def __new__(cls, key):
        slot = super().__new__(cls, 2)
        slot.key = key
        return slot

    def __str__(self):
        return f"%({self.key})s"


class _Slots(dict):
    def __missing__(self, key):
        return _Slot(key)


def template_text(sentence) -> str:
    """A refusal's template with its placeholders; one whose words depend on a number (an
    ngettext_lazy with a key) in its plural form."""
    return str(sentence % _Slots())


def test_every_engine_message_id_has_a_sentence_with_its_parameters():
    assert set(REFUSALS) == set(MESSAGES)
    for code, sentence in {**REFUSALS, **PLAY_REFUSALS}.items():
        english = template_text(sentence)
        wanted = set(re.findall(r"{(\w+)}", MESSAGES[code])) if code in MESSAGES else None
        named = set(PLACEHOLDER.findall(english))
        if wanted is not None:
            assert named <= wanted, (code, named - wanted)


@pytest.mark.parametrize("language", ["de", "nl"])
def test_every_refusal_is_translated_with_the_same_placeholders(language):
    for code, sentence in {**REFUSALS, **PLAY_REFUSALS}.items():
        english = template_text(sentence)
        with translation.override(language):
            translated = template_text(sentence)
        assert translated != english, f"{code} has no {language} translation"
        assert set(PLACEHOLDER.findall(translated)) == set(PLACEHOLDER.findall(english)), code


def test_a_refusal_names_cards_in_the_language_of_the_page():
    error = IllegalAction("not_enough_coins", player="Ann", coins=2, card="mine", cost=6)
    with translation.override("de"):
        assert refusal_text(error) == "Ann hat 2 Münzen; Bergwerk kostet 6."
    with translation.override("nl"):
        assert refusal_text(error) == "Ann heeft 2 munten; Mijn kost 6."
    assert refusal_text(error) == str(error) == "Ann has 2 coins; Mine costs 6."


@pytest.mark.parametrize("setup", [{}, {"edition": "no_such_edition"}, {"landmarks": "none"}])
def test_a_setup_too_broken_for_a_table_gives_none_and_its_refusal_still_reads(setup):
    error = IllegalAction("market_card", card="legacy_forest")

    assert setup_table(setup) is None
    assert refusal_text(error, setup_table(setup)) == (
        "legacy_forest is no establishment: it cannot lie in the market."
    )


def test_an_unknown_refusal_says_so_without_english():
    with translation.override("de"):
        assert refusal_text(IllegalAction("Something English.")) == (
            "Die Regeln erlauben das nicht."
        )


def _move(client, game, action, language):
    return client.post(
        f"/g/{game.code}/{game.host_secret}/move/",
        {"version": game.version, "action": json.dumps(action)},
        headers={**HTMX, "Accept-Language": language},
    )


def test_a_refused_move_on_a_german_page_reads_german(client, start):
    game = start(edition="kosmos")
    _move(client, game, {"type": "roll", "dice": 1}, "de")
    game.refresh_from_db()
    coins = game.load().players[0].coins

    response = _move(client, game, {"type": "build", "card": "stadium"}, "de")

    assert response.status_code == 400
    html = response.content.decode()
    # The Kosmos edition's own name for the Stadium, in German.
    assert f"Diese Aktion ist nicht erlaubt: Ann hat {coins} Münzen; Buchhaltung kostet 6." in html
    assert "costs" not in html and "Stadium" not in html


def test_a_refused_move_on_a_dutch_page_reads_dutch(client, start):
    game = start()

    response = _move(client, game, {"type": "pass"}, "nl")

    assert response.status_code == 400
    assert "Ann moet nu gooien." in response.content.decode()


@pytest.mark.parametrize(
    ("text", "german"),
    [
        ("not json", "Das ist keine exportierte Partie: Das ist kein JSON (Zeile 1, Spalte 1)."),
        ('{"format": 1, "setup": {"players": ["A"]}, "actions": []}', "Eine Partie hat 2 bis 4"),
        (
            '{"format": 1, "setup": {"edition": "monopoly"}, "actions": []}',
            "Diese Partie lässt sich nicht nachspielen: Eine Partie hat 2 bis 4 Spieler.",
        ),
    ],
)
def test_an_import_error_says_what_is_wrong_in_the_page_language(client, text, german):
    response = client.post("/import/", {"text": text}, headers={"Accept-Language": "de"})

    assert response.status_code == 400
    html = response.content.decode()
    assert german in html
    assert "Expecting" not in html and "line 1 column" not in html


@pytest.mark.parametrize(
    ("language", "name", "coins"),
    [("en", "Blast Furnace", "coins"), ("de", "Hochofen", "Münzen"), ("nl", "Hoogoven", "munten")],
)
def test_an_import_refused_on_a_legacy_landmark_names_it_in_the_page_language(
    client, language, name, coins
):
    doc = {
        "format": 1,
        "setup": legacy_setup(2),
        "actions": [
            {"type": "roll", "dice": 1},
            {"type": "build_landmark", "landmark": "hochofen"},  # its slot costs 5: too dear
        ],
    }

    response = client.post(
        "/import/", {"text": json.dumps(doc)}, headers={"Accept-Language": language}
    )

    assert response.status_code == 400
    html = response.content.decode()
    assert f"3 {coins}; {name} " in html  # the form shows the text sent, id and all, again
    assert "; hochofen" not in html
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    ("error", "sentences"),
    [
        (
            IllegalAction("not_enough_coins", player="Ann", coins=1, card="mine", cost=6),
            (
                "Ann has 1 coin; Mine costs 6.",
                "Ann hat 1 Münze; Bergwerk kostet 6.",
                "Ann heeft 1 munt; Mijn kost 6.",
            ),
        ),
        (
            IllegalAction("boat_too_far", player="Ann", room=1, spaces=3),
            (
                "Ann's boat is 1 space from the end of the expedition track; it cannot sail 3.",
                "Das Boot von Ann ist 1 Feld vom Ende der Expeditionsleiste entfernt; so weit "
                "(3) kann es nicht segeln.",
                "De boot van Ann is 1 vak van het eind van het expeditiespoor; zo ver (3) kan "
                "hij niet zeilen.",
            ),
        ),
        (
            IllegalAction("not_enough_coins_sail", player="Ann", coins=1, spaces=1, cost=2),
            (
                "Ann has 1 coin; sailing that far costs 2.",
                "Ann hat 1 Münze; so weit zu segeln kostet 2.",
                "Ann heeft 1 munt; zo ver zeilen kost 2.",
            ),
        ),
        (
            IllegalAction("forced_dice_invalid", count=1, dice="[7]"),
            (
                "Set dice must be 1 whole number from 1 to 6, not [7].",
                "Ein festgelegter Wurf braucht 1 ganze Zahl von 1 bis 6, nicht [7].",
                "Een vastgelegde worp heeft 1 heel getal van 1 tot 6 nodig, niet [7].",
            ),
        ),
    ],
)
def test_a_count_in_a_refusal_agrees_with_its_noun(error, sentences):
    for lang, sentence in zip(("en", "de", "nl"), sentences, strict=True):
        with translation.override(lang):
            assert refusal_text(error) == sentence
