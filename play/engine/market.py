"""The market's open piles, and the random market's refill from its face-down deck."""

from __future__ import annotations

from .state import GameState
from .table import RANDOM_MARKET_SIZE

Events = list[dict]
PASS = ("pass",)  # the build step's last move (rules.py offers it)
Pile = tuple[tuple[str, str], int, bool]  # its build move, its cost, purple?


class PileSet:
    """A market's open piles as (build move, cost, purple?), in market order, as a game began
    with them (or as the random market's refill left them), shared by every market that opens
    equal piles (`pile_set`), and what any of them that are still open offer.

    A market's piles still open are a bit mask over these (`Piles.open`: bit i for pile i), so a
    pile that empties is one bit cleared, not the market read again. What a number of coins buys
    is the mask of the piles that cost at most that (`costing`: by coins, the last entry for any
    more), a purple card the seat owns clears its pile's bit too, and `offers` keeps, by the mask
    of piles offered, their moves in market order: a build step is a mask, an AND and a look-up,
    and games played one after another reach the same masks again and again."""

    __slots__ = ("piles", "bits", "purple", "purple_mask", "costing", "offers", "parts")

    def __init__(self, piles: tuple[Pile, ...]):
        self.piles = piles
        self.bits = {move[1]: 1 << index for index, (move, _cost, _purple) in enumerate(piles)}
        # (card id, bit) of the purple piles: a seat that owns the card is offered no more
        self.purple = tuple((move[1], 1 << index) for index, (move, _c, p) in enumerate(piles) if p)
        # the purple piles together: a build step that can afford none of them reads no city
        self.purple_mask = sum(bit for _card_id, bit in self.purple)
        dearest = max((cost for _move, cost, _purple in piles), default=0)
        self.costing = [
            sum(1 << index for index, (_move, cost, _purple) in enumerate(piles) if cost <= coins)
            for coins in range(dearest + 1)
        ]
        self.offers: dict[int, tuple[tuple, tuple]] = {}
        # by each eight piles in turn (their first pile's index), the moves of each mask of them:
        # a mask not offered before is a few of these joined, not every pile looked at
        self.parts: tuple[tuple[int, dict[int, tuple]], ...] = tuple(
            (first, {}) for first in range(0, len(piles), _PART)
        )

    @property
    def everything(self) -> int:
        """The mask of all these piles open."""
        return (1 << len(self.piles)) - 1

    def offered(self, mask: int) -> tuple[tuple, tuple]:
        """The moves of the piles in `mask`, in market order, and the same followed by passing
        (a build step that can afford nothing else offers just that)."""
        global _offers_held
        found = self.offers.get(mask)
        if found is None:
            moves = ()
            for first, known in self.parts:
                part = mask >> first & _PART_MASK
                some = known.get(part)
                if some is None:
                    piles = self.piles[first : first + _PART]
                    some = known[part] = tuple(
                        pile[0] for index, pile in enumerate(piles) if part >> index & 1
                    )
                moves += some
            if _offers_held >= _OFFERS_KEPT:
                _forget_offers(self)
            found = self.offers[mask] = (moves, (*moves, PASS))
            _offers_held += 1
        return found


def pile_set(piles: tuple[Pile, ...]) -> PileSet:
    """The shared PileSet of these piles (at most _KEPT are kept; random markets open many)."""
    global _offers_held
    found = _PILE_SETS.get(piles)
    if found is None:
        if len(_PILE_SETS) >= _KEPT:
            _PILE_SETS.clear()
            _offers_held = 0  # the sets let go take their offers with them
        found = _PILE_SETS[piles] = PileSet(piles)
    return found


def _forget_offers(asking: PileSet) -> None:
    """Every kept pile set forgets the offers it knows (the set asking too, kept or not)."""
    global _offers_held
    for kept in (*_PILE_SETS.values(), asking):
        kept.offers.clear()
        for _first, known in kept.parts:
            known.clear()
    _offers_held = 0


_PILE_SETS: dict[tuple, PileSet] = {}
_KEPT = 256
# How many offers the pile sets keep together before every set forgets its own: a few tens of MB
# at most, however many random markets a long-lived process meets.
_OFFERS_KEPT = 65_536
_offers_held = 0  # by the kept pile sets together
_PART = 8  # piles in a part of PileSet.parts
_PART_MASK = (1 << _PART) - 1


class Piles:
    """The open piles of one market dict (`market`): a set of piles and the mask of those still
    open. The market changes at a build, the build step is offered every turn: a build hands the
    same set on to the new market dict, with the bit of a pile it emptied cleared."""

    __slots__ = ("market", "set", "open")

    def __init__(self, market: dict, piles: PileSet, open_mask: int):
        self.market = market
        self.set = piles
        self.open = open_mask

    @classmethod
    def read(cls, state: GameState) -> Piles:
        cards = state.table.cards
        piles = pile_set(
            tuple(
                (("build", card_id), cards[card_id].cost, cards[card_id].colour == "purple")
                for card_id, copies in state.market.items()
                if copies
            )
        )
        return cls(state.market, piles, piles.everything)


def open_piles(state: GameState) -> list[Pile]:
    piles = market_piles(state)
    mask = piles.open
    return [pile for index, pile in enumerate(piles.set.piles) if mask >> index & 1]


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
    state.market = state.own_market = market
    if revealed:
        state.market_deck = deck[revealed:]
