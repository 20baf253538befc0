"""What a bot mayor decides between games (in a game the engine's bots play).

Picks: `legacy_deck.setup.default_picks` (the start cards, then the cards that pay on the lowest
numbers, which one die reaches). Sides: the side whose card earns more per coin it costs,
counting the numbers it activates on and the coins it pays; side a when they are level.
"""

from __future__ import annotations

from play.engine.cards import CardDef


def earning_per_coin(card: CardDef) -> float:
    amount = card.effect.params.get("amount", 1)
    return len(card.numbers) * amount / max(card.cost, 1)


def bot_side(sides: tuple[CardDef, CardDef]) -> str:
    """The side a bot winner turns up for a double-sided establishment."""
    a, b = sides
    return "b" if earning_per_coin(b) > earning_per_coin(a) else "a"


def bot_pile_side(piles: list[dict]) -> str | None:
    """The side a bot winner turns up for the new pile (flow.new_pile: one side for all its
    piles, chosen by the first), or None when the game's end brought no new pile."""
    return bot_side(piles[0]["sides"]) if piles else None
