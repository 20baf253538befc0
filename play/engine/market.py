"""The market's open piles, and the random market's refill from its face-down deck."""

from __future__ import annotations

from .state import GameState
from .table import RANDOM_MARKET_SIZE

Events = list[dict]


class Piles:
    """The market's open piles as (its build move, cost, purple?), in market order, for the market
    dict they were read from: the market changes at a build, the build step is offered every
    turn. The move ("build", card id) is shared by every build step that offers the pile.

    `affordable` keeps, by coins in hand, the piles that many coins buy: (their moves, the ids of
    the purple ones among them). It is shared by every Piles of equal piles (`_AFFORDABLE`): a
    build step's coins vary from turn to turn, and games played one after another open the same
    piles again and again."""

    __slots__ = ("market", "piles", "affordable")

    def __init__(
        self,
        market: dict,
        piles: tuple[tuple[tuple[str, str], int, bool], ...],
        affordable: dict[int, tuple[tuple, frozenset[str]]] | None = None,
    ):
        self.market = market
        self.piles = piles
        self.affordable = {} if affordable is None else affordable

    def within(self, coins: int) -> tuple[tuple, frozenset[str]]:
        """The moves of the piles that cost at most `coins`, in market order, and the ids of the
        purple cards among them."""
        found = self.affordable.get(coins)
        if found is None:
            moves = []
            purple = []
            for move, cost, is_purple in self.piles:
                if cost <= coins:
                    moves.append(move)
                    if is_purple:
                        purple.append(move[1])
            found = self.affordable[coins] = (tuple(moves), frozenset(purple))
        return found

    @classmethod
    def read(cls, state: GameState) -> Piles:
        cards = state.table.cards
        piles = tuple(
            (("build", card_id), cards[card_id].cost, cards[card_id].colour == "purple")
            for card_id, copies in state.market.items()
            if copies
        )
        affordable = _AFFORDABLE.get(piles)
        if affordable is None:
            if len(_AFFORDABLE) >= _AFFORDABLE_KEPT:  # random markets open many: keep the last
                _AFFORDABLE.clear()
            affordable = _AFFORDABLE[piles] = {}
        return cls(state.market, piles, affordable)


# Piles.affordable by the piles it is for (equal piles, equal moves: a move is a pile's id and
# its type), so that a new game finds what an earlier one worked out; cleared when full.
_AFFORDABLE: dict[tuple, dict] = {}
_AFFORDABLE_KEPT = 512


def open_piles(state: GameState) -> tuple[tuple[tuple[str, str], int, bool], ...]:
    return market_piles(state).piles


def market_piles(state: GameState) -> Piles:
    cache = state.piles_cache
    if cache is None or cache.market is not state.market:
        cache = state.piles_cache = Piles.read(state)
    return cache


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
