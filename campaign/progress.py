"""The campaign's rules between games that need no database: who ticks circles, what a game's
end revealed. campaign/flow stores what these say; bench/campaign_balance.py plays campaigns
with them.
"""

from __future__ import annotations

from legacy_deck.format import Deck, Instruction, Side
from legacy_deck.reader import DeckState, read_so_far
from legacy_deck.setup import circles_ticked as ticks_for


def sides_of_game_end(deck: Deck, reader: DeckState, chapter: int) -> list[Side]:
    """The sides read since game `chapter` began: its event cards and its after-game cards."""
    read = read_so_far(deck, reader)
    for index, side in enumerate(read):
        stop = side.stop
        if stop is not None and stop.moment in ("event", "after_game") and stop.game == chapter:
            return read[index:]
    return []


def instructions_of(sides: list[Side], do: str) -> list[Instruction]:
    return [i for side in sides for i in side.instructions if i.do == do]


def circles_ticked(
    instructions: list[Instruction], seats: int, winner: int, flags: set[int]
) -> list[int]:
    """How many circles each seat ticks for these tick_circles instructions."""
    ticks = [0] * seats
    for instruction in instructions:
        ticked = ticks_for(instruction["who"], instruction.get("count", 1), seats, winner, flags)
        ticks = [have + more for have, more in zip(ticks, ticked, strict=True)]
    return ticks


def presented_piles(sides: list[Side]) -> list[str]:
    """The double-sided establishments whose side the winner chooses now."""
    return [cid for i in instructions_of(sides, "double_sided") for cid in i["cards"]]
