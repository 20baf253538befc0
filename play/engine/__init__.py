"""The shared rules engine: pure Python, no Django, no I/O, no clock, no global random.

state = new_game("classic", players=["Ann", "Ben"], seed=7)
state, events = apply_action(state, legal_actions(state)[0])   # checked, a new state, events
play(state, legal_moves(state)[0])                              # fast: in place, moves as tuples
"""

from . import expert  # noqa: F401  (adds the expert to bots.BOTS)
from .cards import ContentError
from .errors import IllegalAction
from .legacy import expedition, rest_day, turn_order_coins, yokai  # noqa: F401  (each registers its rule)
from .replay import replay, replay_steps
from .rules import (
    apply_action,
    as_action,
    as_move,
    has_won,
    legal_actions,
    legal_moves,
    play,
    pop,
    push,
)
from .setup import new_game
from .state import GameState, Player

__all__ = [
    "ContentError",
    "GameState",
    "IllegalAction",
    "Player",
    "apply_action",
    "as_action",
    "as_move",
    "has_won",
    "legal_actions",
    "legal_moves",
    "play",
    "pop",
    "push",
    "new_game",
    "replay",
    "replay_steps",
]
