"""Bot-against-bot games, for the simulate command and the benchmarks."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .bots import BOTS
from .rules import apply_action, legal_actions
from .state import GameState

MAX_TURNS = 2000


@dataclass(frozen=True, slots=True)
class Result:
    winner: int | None  # None: stopped after MAX_TURNS without a winner
    turns: int
    rounds: int
    decisions: int


def play_out(state: GameState, bots: list[str], rng: random.Random) -> Result:
    """Let the named bots play every seat until someone wins."""
    choosers = [BOTS[name] for name in bots]
    decisions = 0
    while state.winner is None and state.turn <= MAX_TURNS:
        action = choosers[state.active](state, legal_actions(state), rng)
        state, _events = apply_action(state, action)
        decisions += 1
    return Result(state.winner, state.turn, state.round, decisions)
