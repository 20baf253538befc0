"""Property-based probes of the move endpoint, the game import (issue 10) and adding a deck
(issue 29): malformed, truncated, oversized and hostile data never get a 5xx, and a refused
request writes no row.

Example counts are modest so the suite stays fast; `bench/hostile_inputs.py` runs the same
strategies many more times and prints the figures (requests, 5xx, rows, time per answer)."""

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import apply_action, new_game
from play.engine.bots import choose_action
from play.models import Game, GameAction

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
PROBE = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=20),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
ACTION_NAMES = ["roll", "reroll", "keep", "build", "build_landmark", "pass", "trade", "undo", ""]
KEYS = ["type", "dice", "card", "landmark", "player", "give", "take", "spaces"]
near_actions = st.dictionaries(
    st.sampled_from(KEYS),
    st.one_of(st.sampled_from(ACTION_NAMES), scalars, json_values),
    max_size=5,
)


def hostile_text(valid: str):
    """Text near `valid`: cut short, spliced with junk, nested deep, or repeated past a limit."""
    return st.one_of(
        st.integers(0, len(valid)).map(lambda n: valid[:n]),
        st.tuples(st.integers(0, len(valid)), st.text(max_size=30)).map(
            lambda cut: valid[: cut[0]] + cut[1] + valid[cut[0] :]
        ),
        st.integers(1, 30_000).map(lambda n: "[" * n + valid + "]" * n),
        st.integers(1, 60).map(lambda n: valid * n),
        st.sampled_from(["NaN", "-Infinity", "1e999", "\x00", "9" * 5000, "{}" * 9999]),
        st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    )


def rows():
    games = Game.objects.order_by("pk").values_list("pk", "version", "state")
    return list(games), GameAction.objects.count()


def assert_answered_without_harm(response, before, accepted: tuple[int, ...]):
    assert response.status_code < 500
    if response.status_code not in accepted:
        assert rows() == before, f"a refused request ({response.status_code}) wrote rows"


@PROBE
@given(
    action=st.one_of(
        json_values.map(json.dumps),
        near_actions.map(json.dumps),
        hostile_text('{"type": "roll", "dice": 1}'),
    ),
    version=st.one_of(st.just("0"), st.text(max_size=12), st.integers().map(str)),
)
def test_the_move_endpoint_takes_anything_without_harm(client, action, version):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)
    before = rows()

    response = client.post(
        f"/g/{game.code}/{game.host_secret}/move/",
        {"version": version, "action": action},
        headers=HTMX,
    )

    assert_answered_without_harm(response, before, accepted=(200,))
    if response.status_code == 200:
        assert GameAction.objects.filter(game=game).count() == 1
        game.refresh_from_db()
        assert game.replays_to_stored_state()


def make_export_text() -> str:
    """A real export of 40 moves between two greedy bots, as the import page gets it."""
    state = new_game("classic", players=["Ann", "Ben"], seed=9)
    setup, rng, actions = state.setup, random.Random(9), []
    while len(actions) < 40 and state.winner is None:
        actions.append(choose_action("greedy", state, rng))
        state, _events = apply_action(state, actions[-1])
    seats = [{"name": name, "kind": "human"} for name in ("Ann", "Ben")]
    return json.dumps({"format": 1, "setup": setup, "seats": seats, "actions": actions})


@pytest.fixture(scope="module")
def export_text() -> str:
    return make_export_text()


def mutated_export(text: str):
    """The export with one value somewhere inside it replaced by a small JSON value."""

    def replace(path_and_value):
        path, value = path_and_value
        doc = json.loads(text)
        node = doc
        for step in path[:-1]:
            if isinstance(node, dict) and node:
                node = node[sorted(node)[step % len(node)]]
            elif isinstance(node, list) and node:
                node = node[step % len(node)]
        if isinstance(node, dict) and node:
            node[sorted(node)[path[-1] % len(node)]] = value
        elif isinstance(node, list) and node:
            node[path[-1] % len(node)] = value
        return json.dumps(doc)

    # Small numbers: a pile of a million cards is the engine's to bound (its setup checks).
    small = st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=12)),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
        max_leaves=6,
    )
    return st.tuples(st.lists(st.integers(0, 50), min_size=1, max_size=5), small).map(replace)


@PROBE
@given(data=st.data())
def test_the_import_takes_anything_without_harm(client, export_text, data):
    text = data.draw(
        st.one_of(
            mutated_export(export_text),
            hostile_text(export_text),
            json_values.map(json.dumps),
        )
    )
    before = rows()

    response = client.post("/import/", {"text": text})

    assert_answered_without_harm(response, before, accepted=(302,))
    if response.status_code == 302:
        game = Game.objects.order_by("-pk").first()
        assert game.replays_to_stored_state()


# --- a deck a host adds (issue 29) ---------------------------------------------------------

TUTORIAL_DECK = Path(__file__).resolve().parents[1] / "deck" / "tutorial_deck"
DECK_FILES = ("components.toml", "deck.toml", "boxes.toml")
TOML_VALUES = [
    "0",
    "-1",
    "1000000",
    "9" * 400,
    "3.5",
    "nan",
    "true",
    '""',
    '"<script>alert(1)</script>"',
    '"' + "x" * 5000 + '"',
    "[]",
    "[1, 2, 3]",
    '["wheat_field", "nowhere"]',
    "{}",
    '{ kind = "teleport" }',
    '{ en = "" }',
    "[" * 70 + "]" * 70,
    "1979-05-27T07:32:00Z",
]


def hostile_deck_file(text: str):
    """A deck file with one value swapped for another kind, or cut, spliced, nested, repeated."""
    lines = text.splitlines()
    assigned = [index for index, line in enumerate(lines) if " = " in line]

    def swap(choice):
        index, value = choice
        line = lines[assigned[index % len(assigned)]]
        changed = list(lines)
        changed[assigned[index % len(assigned)]] = line.split(" = ", 1)[0] + " = " + value
        return "\n".join(changed)

    return st.one_of(
        st.tuples(st.integers(0, 10_000), st.sampled_from(TOML_VALUES)).map(swap),
        hostile_text(text),
    )


@pytest.fixture
def deck_host(client, django_user_model):
    user, _new = django_user_model.objects.get_or_create(username="deck-host")
    client.force_login(user)
    return user


@PROBE
@given(data=st.data())
def test_adding_a_deck_takes_anything_without_harm(client, deck_host, data):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from legacy_deck.models import UploadedDeck

    texts = {name: (TUTORIAL_DECK / name).read_text(encoding="utf-8") for name in DECK_FILES}
    broken = data.draw(st.sampled_from(DECK_FILES))
    texts[broken] = data.draw(hostile_deck_file(texts[broken]))
    UploadedDeck.objects.all().delete()
    files = [
        SimpleUploadedFile(name, text.encode("utf-8", "surrogatepass") or b"\n")
        for name, text in texts.items()
    ]

    response = client.post("/campaigns/decks/", {"files": files})

    assert response.status_code < 500
    if response.status_code == 302:
        from campaign.decks import uploaded_deck

        assert uploaded_deck(UploadedDeck.objects.get()).id == "lighthouse_keepers"
    else:
        assert response.status_code == 400
        assert not UploadedDeck.objects.exists()
