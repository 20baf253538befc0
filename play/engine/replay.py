"""A game is its setup plus its actions: replaying them gives the same state every time."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .rules import apply_action
from .setup import new_game
from .state import GameState


def replay_steps(setup: dict, actions: Iterable[dict]) -> Iterator[tuple[GameState, list[dict]]]:
    """The start state with no events, then each state after an action with its events."""
    state = new_game(setup)
    yield state, []
    for action in actions:
        state, events = apply_action(state, action)
        yield state, events


def replay(setup: dict, actions: Iterable[dict]) -> GameState:
    """The state a setup reaches after these actions; IllegalAction if one of them is illegal."""
    state = new_game(setup)
    for action in actions:
        state, _events = apply_action(state, action)
    return state
