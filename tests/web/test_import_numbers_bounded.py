"""Every whole number of a game import's setup and card table is checked against its bound
(play/engine/bounds.py) before anything is stored: the bound is imported, the bound + 1 and
10**18 are refused with a sentence, in the visitor's language, that names the field and the range
(issue 35, item 1). An anonymous import of a card paying 10**18 once hung its watch page."""

import copy
import importlib.util
import json
from pathlib import Path

import pytest
from django.urls import reverse

from play.engine import bounds
from play.models import Game

# the Legacy rule tests' table (tests/engine/legacy/conftest.py), loaded by its path: every
# test folder has a conftest of its own
_spec = importlib.util.spec_from_file_location(
    "legacy_table", Path(__file__).resolve().parents[1] / "engine" / "legacy" / "conftest.py"
)
legacy_table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(legacy_table)
EXPEDITION, ISLAND_DEFS, base_setup = (
    legacy_table.EXPEDITION,
    legacy_table.ISLAND_DEFS,
    legacy_table.base_setup,
)

pytestmark = pytest.mark.django_db

CARD = {
    "id": "salt_pans",
    "name": {"en": "Salt Pans", "de": "Salzgärten", "nl": "Zoutpannen"},
    "colour": "blue",
    "icon": "wheat",
    "cost": 2,
    "numbers": [4],
    "effect": {"kind": "bank", "amount": 1},
}


def _setup() -> dict:
    setup = copy.deepcopy(base_setup(2))  # its definitions share their nested dicts
    setup["card_defs"] = [copy.deepcopy(CARD)]
    setup["market"]["salt_pans"] = 5
    setup["rules"] = ["expedition"]
    setup["expedition"] = {**copy.deepcopy(EXPEDITION), "length": bounds.TRACK.high}
    setup["island_defs"] = copy.deepcopy(ISLAND_DEFS)
    setup["stickers"] = [{"card": "bakery", "change": {"cost": 1, "amount": 1}}]
    setup["landmarks"][0][0]["cost"] = 5
    return setup


def _set(path: tuple):
    def put(setup: dict, value) -> None:
        target = setup
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return put


# (the field, where it lies in the setup, its bound, the field's words in the refusal)
FIELDS = [
    ("coins", ("coins", 0), bounds.COINS, "coins"),
    ("city copies", ("cities", 0, "wheat_field"), bounds.Bound(1, bounds.PILE.high), "copies"),
    ("market copies", ("market", "salt_pans"), bounds.PILE, "pile"),
    ("card cost", ("card_defs", 0, "cost"), bounds.COST, "cost"),
    ("card numbers", ("card_defs", 0, "numbers", 0), bounds.DIE_NUMBER, "numbers"),
    ("card amount", ("card_defs", 0, "effect", "amount"), bounds.AMOUNT, "effect.amount"),
    ("landmark cost", ("landmark_defs", 0, "cost"), bounds.COST, "cost"),
    ("landmark amount", ("landmark_defs", 1, "effect", "amount"), bounds.AMOUNT, "amount"),
    ("landmark total", ("landmark_defs", 2, "effect", "total"), bounds.DICE_TOTAL, "total"),
    ("seat's landmark cost", ("landmarks", 0, 0, "cost"), bounds.COST, "cost"),
    ("project cost", ("project_defs", 0, "cost"), bounds.COST, "cost"),
    ("project amount", ("project_defs", 0, "effect", "amount"), bounds.AMOUNT, "amount"),
    ("island amount", ("island_defs", 0, "effect", "amount"), bounds.AMOUNT, "amount"),
    ("track length", ("expedition", "length"), bounds.TRACK, "track"),
    ("island space", ("expedition", "islands", 2, "space"), bounds.TRACK, "space"),
    ("sticker cost", ("stickers", 0, "change", "cost"), bounds.COST, "cost"),
    ("sticker amount", ("stickers", 0, "change", "amount"), bounds.AMOUNT, "amount"),
    ("seed", ("seed",), bounds.SEED, "seed"),
]


def _import(client, setup: dict, lang: str = "en"):
    doc = {"format": 1, "setup": setup, "actions": []}
    return client.post(reverse("play:import"), {"text": json.dumps(doc)}, HTTP_ACCEPT_LANGUAGE=lang)


@pytest.mark.parametrize(("what", "path", "bound", "words"), FIELDS, ids=[f[0] for f in FIELDS])
def test_an_import_number_at_its_bound_is_taken_and_past_it_refused(
    client, what, path, bound, words
):
    setup = _setup()
    _set(path)(setup, bound.high)
    taken = _import(client, setup)
    assert taken.status_code == 302, _refusal(taken)

    for value in (bound.high + 1, max(10**18, bound.high * 10)):
        setup = _setup()
        _set(path)(setup, value)
        refused = _import(client, setup)
        assert refused.status_code == 400, (what, value)
        page = refused.content.decode()
        assert "This game does not replay" in page, (what, value)
    assert Game.objects.count() == 1


def test_a_card_paying_ten_to_the_eighteen_is_refused_naming_field_and_range(client):
    setup = _setup()
    setup["card_defs"][0]["effect"]["amount"] = 10**18

    english = _import(client, setup).content.decode()
    german = _import(client, setup, "de").content.decode()

    assert (
        "card_defs, card &#x27;salt_pans&#x27;, effect.amount must be a whole number from 0 to "
        "999, not 1000000000000000000." in english
    )
    assert "effect.amount muss eine ganze Zahl von 0 bis 999 sein" in german
    assert not Game.objects.exists()


def _refusal(response) -> str:
    page = response.content.decode()
    start = page.find("This game does not replay")
    return page[start : start + 400] if start >= 0 else page[-400:]
