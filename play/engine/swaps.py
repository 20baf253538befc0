"""A Business Center's swaps as a read-only sequence that finds one swap by its index.

A Business Center offers every swap of one of the roller's cards for one of another seat's:
a random four-player playout meets some 225 of them at a time, and takes one. `Swaps` stands for
the whole list, in its order, but works out the swap at an index from the cards each seat may
trade, without making the others; iterating it makes the list once and keeps it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

SKIP = ("skip",)
NOBODY_FULL: frozenset[str] = frozenset()


class Swaps(Sequence):
    """("trade", give, seat, take) for each card `give` of `mine`, each seat of `theirs` in order
    (unless that seat may not receive `give`) and each card `take` that seat offers, other than
    `give` itself; then ("skip",).

    `theirs` holds (seat, the cards it offers, the cards it may not receive) per other seat."""

    __slots__ = ("_mine", "_theirs", "_length", "_moves")

    def __init__(self, mine: list[str], theirs: list[tuple[int, list[str], Collection[str]]]):
        self._mine = mine
        self._theirs = theirs
        # per seat: each card it may receive times each card it offers, less a card for itself
        gives = set(mine)
        length = 1  # skip
        for _seat, takes, full in theirs:
            allowed = gives.difference(full) if full else gives
            length += len(allowed) * len(takes) - len(allowed.intersection(takes))
        self._length = length
        self._moves: list[tuple] | None = None

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("swap index out of range")
        for give in self._mine:  # row by row, each (give, seat): skipping rows is cheap
            for seat, takes, full in self._theirs:
                if give in full:
                    continue
                count = len(takes)
                own = takes.index(give) if give in takes else count
                if own < count:
                    count -= 1
                if index < count:
                    return ("trade", give, seat, takes[index + 1 if index >= own else index])
                index -= count
        return SKIP

    def __iter__(self) -> Iterator[tuple]:
        if self._moves is None:
            moves = [
                ("trade", give, seat, take)
                for give in self._mine
                for seat, takes, full in self._theirs
                if give not in full
                for take in takes
                if take != give
            ]
            moves.append(SKIP)
            self._moves = moves
        return iter(self._moves)

    def __repr__(self) -> str:
        return f"Swaps({list(self)!r})"
