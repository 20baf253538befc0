"""Bot-against-bot games, for the simulate command and the benchmarks."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .bots import MOVE_BOTS
from .rules import legal_moves, play
from .state import GameState

MAX_TURNS = 2000


@dataclass(frozen=True, slots=True)
class Result:
    winner: int | None  # None: stopped after MAX_TURNS without a winner
    turns: int
    rounds: int
    decisions: int


def play_out(state: GameState, bots: list[str], rng: random.Random) -> Result:
    """Let the named bots play every seat until someone wins (on the state itself)."""
    choosers = [MOVE_BOTS[name] for name in bots]
    decisions = 0
    while state.winner is None and state.turn <= MAX_TURNS:
        play(state, choosers[state.active](state, legal_moves(state), rng))
        decisions += 1
    return Result(state.winner, state.turn, state.round, decisions)
