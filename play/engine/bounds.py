"""The range of every number that enters a game: one declaration, read by every door.

A deck's files (legacy_deck.loader), a game import's setup and card table, a campaign backup's
games and the engine's own setup all check their numbers against these, before anything is
stored or played; a value outside is refused with a sentence that names the field and the range
(play/refusals.py's "out_of_bounds", legacy_deck/problem_words.py). docs/deck-format.md lists
them. The ranges are the deck format's documented ones (−999..999 for any whole number it holds)
narrowed to what the game can use: a card that paid 10^18 coins once reached every page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Bound:
    low: int
    high: int

    def holds(self, value: Any) -> bool:
        """Whether `value` is a whole number (not a bool) in the range."""
        return type(value) is int and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.low} to {self.high}"


# Any whole number a deck's files hold (a card's or box's number, copies, costs, settings).
DECK_NUMBER = Bound(-999, 999)
# A card's, landmark's or community project's cost, and a sticker's new cost.
COST = Bound(0, 999)
# The coins an effect names: paid by the bank, taken from others, per icon, per turn.
AMOUNT = Bound(0, 999)
# The rolls that activate a card: one die shows 1 to 6, two show 2 to 12.
DIE_NUMBER = Bound(1, 12)
# A landmark's "another turn on this total".
DICE_TOTAL = Bound(1, 12)
# Copies of one card in a market pile or a start city.
PILE = Bound(0, 99)
# A seat's coins at the start of a game.
COINS = Bound(0, 99_999)
# Spaces on an expedition track (Legacy).
TRACK = Bound(1, 99)
# A game's seed: the dice use it modulo 2**64.
SEED = Bound(-(2**64), 2**64)
# A campaign's, from the deck format's settings to a backup's rows: a mayor's ticked circles (a
# few a chapter at most), and the marketplace cards a mayor picks in free play (four in ours).
CIRCLES = Bound(0, 20)
PICKS = Bound(0, 20)


class OutOfBounds(ValueError):
    """A number outside its bound: `field` names it as the data does (e.g. "effect.amount")."""

    def __init__(self, field: str, bound: Bound, value: Any):
        self.field, self.bound, self.value = field, bound, value
        super().__init__(f"{field} must be a whole number from {bound}")


def checked(field: str, bound: Bound, value: Any) -> int:
    """`value`, or OutOfBounds."""
    if not bound.holds(value):
        raise OutOfBounds(field, bound, value)
    return value
