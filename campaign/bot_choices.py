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
