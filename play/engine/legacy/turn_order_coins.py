"""Rule `turn_order_coins`: good neighbours make up for sitting late at the table.

When the game is set up and the start player is known, every other player takes 1 coin from the
bank for each place they sit after the start player (clockwise): with four players, +0, +1, +2
and +3. Our campaign brings it after its first game, from when the last winner always starts;
without it the start player's edge between equal players is up to 20 points (docs/balance.md).
"""

from __future__ import annotations

from play.engine.setup import START_OF_GAME
from play.engine.table import KNOWN_RULES

RULE = "turn_order_coins"


def give_coins(state) -> None:
    if RULE not in state.table.rules:
        return
    count = len(state.players)
    for place in range(1, count):
        state.changing((state.active + place) % count).coins += place


KNOWN_RULES.add(RULE)
START_OF_GAME.append(give_coins)
