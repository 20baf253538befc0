"""Whole games of random legal moves: the invariants that must hold at every step."""

import random

from helpers import NAMES, coin_changes
from hypothesis import given, settings
from hypothesis import strategies as st

from play.engine import GameState, IllegalAction, apply_action, legal_actions, new_game, replay
from play.engine.rules import action_types

MAX_DECISIONS = 5000

games = st.fixed_dictionaries(
    {
        "edition": st.sampled_from(["classic", "kosmos"]),
        "players": st.integers(2, 4),
        "seed": st.integers(0, 2**63),
        "variants": st.lists(
            st.sampled_from(["random_market", "two_copies_max"]), unique=True, max_size=2
        ),
        "first_player": st.sampled_from([0, 1, "roll"]),
        "choices": st.integers(0, 2**32),
    }
)


def play(settings_):
    state = new_game(
        settings_["edition"],
        players=NAMES[: settings_["players"]],
        seed=settings_["seed"],
        variants=settings_["variants"],
        first_player=settings_["first_player"],
    )
    chooser = random.Random(settings_["choices"])
    return state, chooser


@settings(max_examples=60, deadline=None)
@given(games)
def test_random_games_end_with_a_winner_and_keep_every_invariant(game_settings):
    state, chooser = play(game_settings)
    actions = []
    while state.winner is None:
        assert len(actions) < MAX_DECISIONS
        legal = legal_actions(state)
        assert legal
        action = chooser.choice(legal)
        before = state.to_json()

        following, events = apply_action(state, action)

        assert state.to_json() == before, "the state passed in must not change"
        changes = coin_changes(events, len(state.players))
        for seat, player in enumerate(following.players):
            assert player.coins >= 0
            assert player.coins - state.players[seat].coins == changes[seat]
        assert GameState.from_json(following.to_json()) == following
        assert GameState.from_json(following.to_json()).to_json() == following.to_json()
        actions.append(action)
        state = following

    assert legal_actions(state) == []
    assert replay(state.setup, actions) == state


@settings(max_examples=25, deadline=None)
@given(games, st.data())
def test_apply_action_accepts_exactly_the_legal_actions(game_settings, data):
    state, chooser = play(game_settings)
    names = list(action_types())
    for _ in range(60):
        if state.winner is not None:
            break
        legal = legal_actions(state)
        player = state.players[state.active]
        candidate = data.draw(
            st.fixed_dictionaries(
                {"type": st.sampled_from(names)},
                optional={
                    "dice": st.integers(0, 3),
                    "player": st.integers(-1, len(state.players)),
                    "card": st.sampled_from([*state.table.cards, "dragon"]),
                    "landmark": st.sampled_from([*player.landmarks, "castle"]),
                    "give": st.sampled_from(list(state.table.cards)),
                    "take": st.sampled_from(list(state.table.cards)),
                },
            )
        )
        try:
            apply_action(state, candidate)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (candidate in legal), candidate
        state, _ = apply_action(state, chooser.choice(legal))
