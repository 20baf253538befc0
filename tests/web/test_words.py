"""Every event type and every effect kind has words, in English, German and Dutch."""

import pytest
from django.utils import translation

from play import describe
from play.board import action_buttons
from play.engine import new_game
from play.engine.cards import ESTABLISHMENT_EFFECTS, LANDMARK_EFFECTS, Effect
from play.narration import NARRATORS, Narrator

EVENTS = [
    {"type": "turn", "player": 1, "extra": False},
    {"type": "turn", "player": 1, "extra": True},
    {"type": "roll", "player": 0, "dice": [3], "total": 3},
    {"type": "roll", "player": 0, "dice": [3, 4], "total": 7, "reroll": True},
    {"type": "keep", "player": 0},
    {
        "type": "transfer",
        "card": "bakery",
        "count": 2,
        "payer": None,
        "payee": 0,
        "amount": 2,
        "shortfall": 0,
    },
    {
        "type": "transfer",
        "card": "cafe",
        "count": 1,
        "payer": 0,
        "payee": 1,
        "amount": 0,
        "shortfall": 1,
    },
    {
        "type": "transfer",
        "card": "stadium",
        "count": 1,
        "payer": 1,
        "payee": 0,
        "amount": 1,
        "shortfall": 1,
    },
    {"type": "build", "player": 0, "card": "mine", "cost": 6},
    {"type": "landmark", "player": 0, "landmark": "train_station", "cost": 4},
    {"type": "contribute", "player": 0, "project": "observatory", "cost": 20},
    {
        "type": "trade",
        "card": "business_center",
        "player": 0,
        "give": "ranch",
        "target": 1,
        "take": "mine",
    },
    {"type": "skip", "player": 0, "card": "business_center"},
    {"type": "pass", "player": 1},
    {"type": "reveal", "card": "forest"},
    {"type": "extra_turn", "player": 0, "landmark": "amusement_park"},
    {"type": "game_over", "winner": 1},
    {"type": "undo", "player": 0},
    {"type": "undo", "player": 0, "undone": {"type": "build", "card": "mine"}},
    {
        "type": "undo",
        "player": 0,
        "undone": {"type": "build_landmark", "landmark": "train_station"},
    },
    {"type": "undo", "player": 0, "undone": {"type": "contribute"}},
    {"type": "undo", "player": 0, "undone": {"type": "sail", "spaces": 1}},
    {"type": "undo", "player": 0, "undone": {"type": "rest"}},
    {"type": "only_choice", "player": 1},
    {"type": "sail", "player": 0, "spaces": 2, "from": 0, "to": 2, "cost": 4},
    {"type": "claim_island", "player": 0, "island": "gull_rock", "space": 2},
    {"type": "face_down", "player": 1, "card": "bakery", "roller": 0},
    {"type": "face_up", "player": 1, "cards": {"bakery": 1, "cafe": 2}},
    {"type": "rest", "player": 0},
]


@pytest.fixture
def narrator():
    state = new_game("classic", players=["Ann", "Ben"], seed=1)
    return Narrator(["Ann", "Ben"], state.table)


def test_every_event_type_has_a_narrator():
    assert {event["type"] for event in EVENTS} == set(NARRATORS)


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e["type"])
def test_each_event_reads_as_a_sentence(narrator, event, language):
    with translation.override(language):
        text = narrator.narrate(event)

    assert text and "%(" not in text
    assert "Something happened" not in text


def test_the_cafe_story_from_the_issue(narrator):
    event = EVENTS[6]
    with translation.override("en"):
        assert narrator.narrate(event) == "Ben's Café would take 1 coin from Ann; Ann had none."
    with translation.override("de"):
        assert "Café" in narrator.narrate(event)


def test_an_unknown_event_is_still_shown(narrator):
    assert narrator.narrate({"type": "teleport", "player": 0}) == "Something happened: teleport."
    assert "build" in narrator.narrate({"type": "build"})  # a malformed event does not crash


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_every_effect_kind_is_described(language):
    examples = {
        "bank": {"amount": 1},
        "per_icon": {"amount": 3, "icon": "cow", "distinct": False},
        "take_from_active": {"amount": 1},
        "take_from_each": {"amount": 2},
        "take_from_chosen": {"amount": 5},
        "swap": {},
        "coin_if_broke_after_build": {"amount": 1},
        "two_dice": {},
        "icon_bonus": {"icons": ["cup", "bread"], "amount": 1},
        "extra_turn_on_doubles": {},
        "extra_turn_on_total": {"total": 7},
        "reroll": {},
    }
    assert set(examples) == set(ESTABLISHMENT_EFFECTS) | set(LANDMARK_EFFECTS)
    english = {}
    with translation.override("en"):
        for kind, params in examples.items():
            english[kind] = describe.effect_text(Effect(kind, params))
    with translation.override(language):
        for kind, params in examples.items():
            text = describe.effect_text(Effect(kind, params))
            assert text and "%(" not in text
            if language != "en":
                assert text != english[kind], f"{kind} is not translated into {language}"
    distinct = Effect("per_icon", {"amount": 1, "icon": "wheat", "distinct": True})
    with translation.override("en"):
        assert "different" in describe.effect_text(distinct)


def test_every_action_gets_a_label():
    state = new_game("classic", players=["Ann", "Ben"], seed=1, coins=[99, 0])
    table = state.table
    names = ["Ann", "Ben"]
    actions = [
        {"type": "roll", "dice": 1},
        {"type": "roll", "dice": 2},
        {"type": "reroll"},
        {"type": "keep"},
        {"type": "choose_player", "player": 1},
        {"type": "trade", "give": "ranch", "player": 1, "take": "mine"},
        {"type": "skip"},
        {"type": "build", "card": "mine"},
        {"type": "build_landmark", "landmark": "radio_tower"},
        {"type": "contribute"},
        {"type": "pass"},
        {"type": "sail_expedition"},
    ]
    labels = [describe.action_label(a, table, names, {"radio_tower": 22}) for a in actions]

    assert labels[0] == "Roll 1 die" and labels[1] == "Roll 2 dice"
    assert labels[7] == "Build Mine (6)"
    assert labels[8] == "Build Radio Tower (22)"
    assert labels[-1] == "Sail expedition"
    assert action_buttons(state)[0]["label"] == "Roll 1 die"


def test_an_icon_bonus_names_its_icons_as_a_list_of_which_a_card_has_one():
    effect = Effect("icon_bonus", {"icons": ["cup", "bread"], "amount": 1})
    with translation.override("en"):
        assert describe.effect_text(effect) == (
            "Each of your cup or bread establishments earns 1 coin more."
        )
        assert describe.or_list(["a", "b", "c"]) == "a, b or c"
    with translation.override("de"):
        assert describe.effect_text(effect) == (
            "Jedes deiner Unternehmen mit dem Symbol Tasse oder Brot bringt 1 Münze mehr."
        )
    with translation.override("nl"):
        assert describe.or_list(["a", "b"]) == "a of b"
