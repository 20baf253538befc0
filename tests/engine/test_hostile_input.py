"""Random and malformed setups, actions and saves: the engine answers with IllegalAction (a
ValueError with a known message id) or plays on; never TypeError, KeyError, IndexError or
RecursionError, and a setup it accepts plays without a crash."""

import copy
import json
import random

from helpers import NAMES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import GameState, IllegalAction, apply_action, legal_actions, new_game
from play.engine.errors import MESSAGES
from play.engine.rules import action_types
from tests.json_places import places

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["wheat_field", "stadium", "train_station", "kosmos_shop", "roll"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def _base_setups():
    classic = new_game("classic", players=NAMES[:3], seed=3, variants=["random_market"]).setup
    kosmos = new_game("kosmos", players=NAMES[:2], seed=4, variants=["two_copies_max"]).setup
    return [classic, kosmos]


BASES = _base_setups()


def _mutated(document, chooser, replacement):
    """The document with one place replaced, removed or given a new key."""
    document = copy.deepcopy(document)
    paths = [p for p in places(document) if p]
    path = chooser.choice(paths)
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    how = chooser.randrange(3)
    if how == 0 or not isinstance(parent, dict):
        parent[path[-1]] = replacement
    elif how == 1:
        del parent[path[-1]]
    else:
        parent[str(replacement)[:8]] = replacement
    return document


def _only_refusals(call, *args, **keywords):
    try:
        return call(*args, **keywords)
    except IllegalAction as error:
        assert error.code in MESSAGES, error.code
        assert str(error)
        return None


def _play_a_little(state, chooser, steps=60):
    for _ in range(steps):
        if state.winner is not None:
            return state
        state, _events = apply_action(state, chooser.choice(legal_actions(state)))
        assert GameState.from_json(state.to_json()) == state
    return state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), json_values, st.integers(1, 3))
def test_a_malformed_setup_is_refused_or_plays(seed, replacement, mutations):
    chooser = random.Random(seed)
    setup = chooser.choice(BASES)
    for _ in range(mutations):
        setup = _mutated(setup, chooser, replacement)
    state = _only_refusals(new_game, setup)
    if state is not None:
        _play_a_little(state, chooser)


@settings(max_examples=150, deadline=None)
@given(
    json_values,
    st.sampled_from(["classic", "kosmos", "monopoly", 5, None]),
    st.integers(0, 5),
)
def test_edition_keywords_of_any_type_are_refused_or_play(value, edition, which):
    keywords = {"players": NAMES[:2], "seed": 1}
    key = ["coins", "cities", "built", "variants", "first_player", "players"][which]
    keywords[key] = value
    _only_refusals(new_game, edition, **keywords)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(sorted(action_types())),
    st.dictionaries(
        st.sampled_from(["dice", "player", "give", "take", "card", "landmark", "spaces", "x"]),
        json_values,
        max_size=3,
    ),
    st.one_of(st.none(), json_values),
    st.one_of(st.none(), json_values),
)
def test_any_action_is_refused_or_applied(seed, kind, fields, dice, seat):
    chooser = random.Random(seed)
    state = new_game(
        "classic",
        players=NAMES[:3],
        seed=seed,
        coins=[30, 30, 30],
        cities=[{"tv_station": 1, "business_center": 1, "wheat_field": 2}, {"ranch": 1}, {}],
        built=[["train_station", "radio_tower"], [], []],
    )
    # 30 coins buy the two missing landmarks: the game may be won within these steps
    state = _play_a_little(state, chooser, chooser.randrange(12))
    action = {"type": kind, **fields}
    result = _only_refusals(apply_action, state, action, dice=dice, seat=seat)
    if result is not None:
        _play_a_little(result[0], chooser, 20)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), json_values)
def test_a_malformed_save_is_refused_or_plays_on(seed, replacement):
    chooser = random.Random(seed)
    state = new_game(chooser.choice(BASES))
    state = _play_a_little(state, chooser, chooser.randrange(30))
    document = _mutated(state.to_dict(), chooser, replacement)
    loaded = _only_refusals(GameState.from_json, json.dumps(document))
    if loaded is not None:
        _play_a_little(loaded, chooser, 30)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=50) | st.binary(max_size=50))
def test_any_text_as_a_save_is_refused(text):
    _only_refusals(GameState.from_json, text)


def test_deeply_nested_input_is_refused_not_a_recursion_error():
    deep = {"a": []}
    inner = deep["a"]
    for _ in range(5000):
        inner.append([])
        inner = inner[0]
    setup = {**BASES[0], "card_defs": [deep]}
    _only_refusals(new_game, setup)
    _only_refusals(GameState.from_json, "[" * 50_000 + "]" * 50_000)
