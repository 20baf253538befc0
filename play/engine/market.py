"""The market's open piles, and the random market's refill from its face-down deck."""

from __future__ import annotations

from .state import GameState
from .table import RANDOM_MARKET_SIZE

Events = list[dict]


class Piles:
    """The market's open piles as (its build move, cost, purple?), in market order, for the market
    dict they were read from: the market changes at a build, the build step is offered every
    turn. The move ("build", card id) is shared by every build step that offers the pile."""

    __slots__ = ("market", "piles")

    def __init__(self, market: dict, piles: tuple[tuple[tuple[str, str], int, bool], ...]):
        self.market = market
        self.piles = piles

    @classmethod
    def read(cls, state: GameState) -> Piles:
        cards = state.table.cards
        piles = tuple(
            (("build", card_id), cards[card_id].cost, cards[card_id].colour == "purple")
            for card_id, copies in state.market.items()
            if copies
        )
        return cls(state.market, piles)


def open_piles(state: GameState) -> tuple[tuple[tuple[str, str], int, bool], ...]:
    cache = state.piles_cache
    if cache is None or cache.market is not state.market:
        cache = state.piles_cache = Piles.read(state)
    return cache.piles


def refill_market(state: GameState, events: Events | None) -> None:
    """Keep 10 different piles open while the face-down deck lasts."""
    market = {card: copies for card, copies in state.market.items() if copies}
    deck = state.market_deck
    revealed = 0  # cards are taken from the top by counting, never by popping: linear time
    while len(market) < RANDOM_MARKET_SIZE and revealed < len(deck):
        card_id = deck[revealed]
        revealed += 1
        market[card_id] = market.get(card_id, 0) + 1
        if events is not None:
            events.append({"type": "reveal", "card": card_id})
    state.market = market
    if revealed:
        state.market_deck = deck[revealed:]
