"""Where every component of the deck lies in one campaign: the deck's bookkeeping (the ledger of
`legacy_deck.timeline`, which knows boxes, rule stack, stickers, market and tableau) seen through
the campaign's players (whose colour a bag is, whose city a picked card lies in).

Pure: no database. campaign/flow writes what this says into ComponentPlace rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from legacy_deck.format import Deck
from legacy_deck.reader import DeckState, last_turned
from legacy_deck.timeline import Ledger, replay, sorted_tableau

from .models import Place

_SIMPLE = {
    "start": Place.START,
    "deck": Place.DECK,
    "reserve": Place.RESERVE,
    "archive": Place.ARCHIVE,
    "table": Place.TABLE,
    "out": Place.OUT,
    "stuck": Place.STUCK,
    "market": Place.MARKET,
    "rules": Place.RULES,
    "tableau": Place.TABLEAU,
    "project": Place.PROJECT,
}


@dataclass(frozen=True, slots=True)
class Spot:
    place: str
    seat: int | None = None  # the mayor whose bag or city it is in
    box: int | None = None
    order: int = 0  # market, rule stack and tableau: left to right


def ledger_now(deck: Deck, reader: DeckState) -> Ledger:
    """The deck's bookkeeping after everything the campaign has read."""
    stop = last_turned(deck, reader)
    if stop is None:
        raise ValueError("A campaign has always read its first STOP.")
    ledger, _reached = replay(deck, until=stop)
    return ledger


def spots(
    deck: Deck,
    ledger: Ledger,
    seat_of_colour: dict[str, int],
    choices: dict[str, str],
    cities: dict[int, list[str]] | None = None,
) -> dict[str, Spot]:
    """Every component's spot. Bags of colours nobody plays lie in the archive (after-game
    step 4); `cities` puts the marketplace cards a mayor picked for this game in their city."""
    in_city = {cid: seat for seat, cids in (cities or {}).items() for cid in cids}
    market_order = {cid: i for i, cid in enumerate(market_sorted(deck, ledger.market, choices))}
    rule_order = {cid: i for i, cid in enumerate(ledger.rules)}
    tableau_order = {cid: i for i, cid in enumerate(sorted_tableau(deck, ledger.tableau))}
    result = {}
    faces = deck.face_only_ids()
    for cid, where in ledger.where.items():
        if cid in faces:
            continue
        if cid in in_city:
            result[cid] = Spot(Place.CITY, seat=in_city[cid])
        elif where.startswith("box:"):
            result[cid] = Spot(Place.BOX, box=int(where[4:]))
        elif where.startswith("bag:"):
            seat = seat_of_colour.get(where[4:])
            result[cid] = Spot(Place.ARCHIVE) if seat is None else Spot(Place.BAG, seat=seat)
        else:
            order = market_order.get(cid, rule_order.get(cid, tableau_order.get(cid, 0)))
            result[cid] = Spot(_SIMPLE[where], order=order)
    return result


def market_sorted(deck: Deck, market: list[str], choices: dict[str, str]) -> list[str]:
    """After-game step 7: market piles by their lowest number (the chosen side's)."""

    def lowest(cid: str) -> tuple[int, str]:
        component = deck.components[cid]
        if component.kind == "double_sided":
            sides = component.sides
            card = sides[1] if choices.get(cid) == "b" else sides[0]
        else:
            card = component.card
        return (min(card.numbers), cid)

    return sorted(market, key=lowest)


def city_cards(deck: Deck, bag: list[str], picks: list[str]) -> list[str]:
    """The marketplace components in a bag that a mayor's picks (establishment ids) take."""
    left = list(bag)
    taken = []
    for card_id in picks:
        for cid in left:
            if deck.components[cid].establishment == card_id:
                taken.append(cid)
                left.remove(cid)
                break
    return taken


def bag_components(deck: Deck, rows, mayor_pk: int) -> list[str]:
    """The marketplace cards in a mayor's bag (component ids), as the campaign's rows say, in
    the deck's order (a bot's picks prefer the newest card among equals: order matters).

    The one definition of a bag: the pick form, the pick step, the game's setup and the mayor's
    page all ask it."""
    index = {cid: number for number, cid in enumerate(deck.components)}
    inside = [
        row.component
        for row in rows
        if row.place == Place.BAG
        and row.mayor_id == mayor_pk
        and getattr(deck.components.get(row.component), "kind", None) == "marketplace"
    ]
    return sorted(inside, key=index.__getitem__)
