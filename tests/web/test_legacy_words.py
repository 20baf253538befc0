"""The Legacy rules' words: new events, transfers from things that are no establishment (a
community project, an island, the Yōkai, the rest day), island effects, action labels, the rules
in force and the income chart, in English, German and Dutch."""

import pytest
from django.utils import translation

from play import charts, describe
from play.engine import new_game
from play.narration import Narrator
from tests.web.legacy_setup import legacy_setup


def _transfer(card: str, amount: int = 2) -> dict:
    return {
        "type": "transfer",
        "card": card,
        "count": 1,
        "payer": None,
        "payee": 0,
        "amount": amount,
        "shortfall": 0,
    }


EVENTS = {
    "sail": {"type": "sail", "player": 0, "spaces": 2, "from": 0, "to": 2, "cost": 4},
    "claim_island": {"type": "claim_island", "player": 0, "island": "gull_rock", "space": 2},
    "face_down": {"type": "face_down", "player": 1, "card": "bakery", "roller": 0},
    "face_up": {"type": "face_up", "player": 1, "cards": {"bakery": 1, "cafe": 2}},
    "rest": {"type": "rest", "player": 0},
    "project": _transfer("sternwarte", 3),
    "island": _transfer("gull_rock", 1),
    "yokai": _transfer("yokai"),
    "rest_day": _transfer("rest_day", 1),
}

ENGLISH = {
    "sail": "Ann sails 2 spaces, from 0 to 2, for 4 coins.",
    "claim_island": "Ann claims the island Gull Rock (space 2).",
    "face_down": (
        "The Yōkai haunts Ann's doubles: Ben turns Bakery face down until their next turn."
    ),
    "face_up": "Ben turns Bakery, 2× Café face up again.",
    "rest": "Ann takes a rest day.",
    "project": "Ann's Observatory earns 3 coins.",
    "island": "Ann's Gull Rock earns 1 coin.",
    "yokai": "The Yōkai gives Ann 2 coins.",
    "rest_day": "Ann takes 1 coin for resting.",
}

# A word each translation must use: the island's and the project's own names in that language.
NAMES = {"de": ("Möwenfels", "Sternwarte"), "nl": ("Meeuwenrots", "Sterrenwacht")}


@pytest.fixture
def narrator():
    state = new_game(legacy_setup())
    return Narrator([p.name for p in state.players], state.table)


def test_each_new_event_reads_well_in_english(narrator):
    with translation.override("en"):
        for name, event in EVENTS.items():
            assert narrator.narrate(event) == ENGLISH[name], name


@pytest.mark.parametrize("language", ["de", "nl"])
@pytest.mark.parametrize("name", list(EVENTS))
def test_each_new_event_is_translated(narrator, language, name):
    with translation.override(language):
        text = narrator.narrate(EVENTS[name])

    assert text and "%(" not in text and "Something happened" not in text
    assert text != ENGLISH[name]
    if name == "claim_island":
        assert NAMES[language][0] in text
    if name == "project":
        assert NAMES[language][1] in text
    assert "yokai" not in text and "rest_day" not in text and "gull_rock" not in text


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_island_effects_and_new_actions_have_words(language):
    state = new_game(legacy_setup())
    table = state.table
    with translation.override("en"):
        english = [
            describe.effect_text(table.islands["gull_rock"].effect),
            describe.action_label({"type": "sail", "spaces": 2}, table, [], {}),
            describe.action_label({"type": "sail", "spaces": 1}, table, [], {}),
            describe.action_label({"type": "rest"}, table, [], {}),
        ]
    assert english == [
        "At the start of each of your turns, take 1 coin from the bank.",
        "Sail 2 spaces (4 coins)",
        "Sail 1 space (2 coins)",
        "Rest: take 1 coin, build nothing",
    ]
    with translation.override(language):
        texts = [
            describe.effect_text(table.islands["gull_rock"].effect),
            describe.action_label({"type": "sail", "spaces": 2}, table, [], {}),
            describe.action_label({"type": "sail", "spaces": 1}, table, [], {}),
            describe.action_label({"type": "rest"}, table, [], {}),
        ]
        rules = describe.rules_in_force(["expedition", "yokai_flip", "yokai_coins", "rest_day"])
        sticker = describe.sticker_text({"cost": 2, "numbers": [4, 2, 3], "icon": "cow"})
    for text in texts:
        assert text and "%(" not in text
    assert len(rules) == 4 and all(rule["name"] and rule["text"] for rule in rules)
    if language != "en":
        assert all(a != b for a, b in zip(texts, english, strict=True))
        assert "cost" not in sticker and "numbers" not in sticker
    else:
        assert sticker == "sticker: cost 2, numbers 2–4, icon cow"


def test_every_rule_the_engine_knows_is_explained():
    from play.engine.table import KNOWN_RULES

    assert set(KNOWN_RULES) <= set(describe.RULES)


def test_income_from_no_card_counts_as_other():
    setup = legacy_setup(coins=[20, 3, 3])
    actions = [{"type": "roll", "dice": 1}, {"type": "contribute"}]
    actions += [{"type": "roll", "dice": 1}, {"type": "rest"}]

    figures = charts.game_figures(setup, actions)

    assert figures["income"][1]["other"] == 1  # Ben's rest day
    assert figures["income"][0]["other"] >= 1  # the Observatory: a coin for each wheat card
    with translation.override("en"):
        names = [item["name"] for item in charts.colour_legend(figures["income"])]
        plain = [item["name"] for item in charts.colour_legend()]
    assert "projects, islands & other" in names
    assert "projects, islands & other" not in plain
    svg = charts.income_chart(["Ann", "Ben", "Cem"], figures["income"])
    assert charts.CARD_COLOURS["other"] in svg


def test_the_income_legend_names_the_kosmos_shop_only_when_it_paid():
    row = dict.fromkeys(charts.CARD_COLOURS, 0)
    quiet = [item["colour"] for item in charts.colour_legend([row])]
    paid = [item["colour"] for item in charts.colour_legend([{**row, "special": 1}])]

    assert charts.CARD_COLOURS["special"] not in quiet
    assert charts.CARD_COLOURS["special"] in paid
    assert len(quiet) == 4
