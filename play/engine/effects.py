"""What an activated card does, one function per effect kind.

Each resolver changes the coins of the state it is given (a copy owned by apply_action) and
reports every coin that moves as a "transfer" event: payer and payee are seats, None is the bank.
"""

from __future__ import annotations

from .cards import CardDef, LandmarkDef
from .state import GameState, Player


class InForce:
    """What a player's landmarks and islands in force give them, derived once: play asks it at
    every roll, income and end of turn, and it changes only when a landmark is built, a new turn
    makes fresh ones count, or an island is claimed. A player keeps it in `in_force_cache`, valid
    while its landmarks, fresh and islands are the very objects it was derived from (the engine
    replaces them, never changes them in place)."""

    __slots__ = (
        "table",
        "landmarks",
        "fresh",
        "islands",
        "built",
        "sources",
        "first",
        "icon_bonus",
        "extra_turns",
        "two_dice",
        "reroll",
    )

    def __init__(self, table, player: Player):
        self.table = table
        self.landmarks = player.landmarks
        self.fresh = player.fresh
        self.islands = player.islands
        # whether each landmark is built, in slot order: what the build step's landmark moves are
        # kept by (rules._legal_build), right while `landmarks` is the player's
        self.built = tuple(player.landmarks.values())
        fresh = player.fresh
        working = tuple(lid for lid, on in player.landmarks.items() if on and lid not in fresh)
        # What the landmarks and islands give is the same for every player of the game with the
        # same ones in force: worked out once per table (a landmark built is new twice, when it
        # is built and when it starts to work, for each player).
        key = (working, player.islands)
        given = table.powers.get(key)
        if given is None:
            given = table.powers[key] = _powers(table, working, player.islands)
        (
            self.sources,
            self.first,
            self.icon_bonus,
            self.two_dice,
            self.reroll,
            self.extra_turns,
        ) = given


def _powers(table, working: tuple[str, ...], islands: tuple[str, ...]) -> tuple:
    """InForce's derived fields for these landmarks in force and islands claimed; shared by the
    players who have them, so read only."""
    defs = table.landmarks
    sources: tuple[LandmarkDef, ...] = (
        *(defs[lid] for lid in working),
        *(table.islands[island] for island in islands),
    )
    first: dict[str, LandmarkDef] = {}  # effect kind -> the first source of that kind
    icon_bonus: dict[str, int] = {}  # icon -> extra coins per activated copy
    for source in sources:
        effect = source.effect
        first.setdefault(effect.kind, source)
        if effect.kind == "icon_bonus":
            amount = effect.params["amount"]
            for icon in dict.fromkeys(effect.params["icons"]):  # named twice, counted once
                icon_bonus[icon] = icon_bonus.get(icon, 0) + amount
    # what every turn asks: may the player roll two dice, roll again, earn an extra turn
    return (
        sources,
        first,
        icon_bonus,
        "two_dice" in first,
        "reroll" in first,
        "extra_turn_on_doubles" in first or "extra_turn_on_total" in first,
    )


def in_force(state: GameState, player: Player) -> InForce:
    cache = player.in_force_cache
    if (
        cache is None
        or cache.landmarks is not player.landmarks
        or cache.fresh is not player.fresh
        or cache.islands is not player.islands
        or cache.table is not state.table
    ):
        cache = player.in_force_cache = InForce(state.table, player)
    return cache


def effects_in_force(state: GameState, player: Player) -> list[LandmarkDef]:
    """Every lasting effect a player enjoys now: landmarks in force (from the turn after the one
    they were built in: in Legacy games whoever's it is, in classic and Kosmos games their
    owner's), then claimed islands (the expedition rule: from the moment they
    are claimed)."""
    return list(in_force(state, player).sources)


def landmark_effect(state: GameState, player: Player, kind: str) -> LandmarkDef | None:
    """The first landmark or island in force with this kind of effect."""
    return in_force(state, player).first.get(kind)


def icon_bonus(state: GameState, player: Player, card: CardDef) -> int:
    """Extra coins per activated copy from landmarks such as the Shopping Mall (or islands)."""
    return in_force(state, player).icon_bonus.get(card.icon, 0)


def face_up(player: Player, card_id: str) -> int:
    """Copies of a card in a city that lie face up (yokai_flip turns some face down)."""
    copies = player.city.get(card_id, 0)
    return copies - player.face_down.get(card_id, 0) if player.face_down else copies


def count_icon(state: GameState, player: Player, icon: str, distinct: bool = False) -> int:
    return icons_in(state.table.cards, player.city, icon, distinct)


def icons_in(cards: dict[str, CardDef], city: dict[str, int], icon: str, distinct: bool) -> int:
    """`count_icon` for a city of these cards (greedy weighs cities no player holds yet)."""
    return sum(
        (1 if distinct else copies)
        for card_id, copies in city.items()
        if cards[card_id].icon == icon
    )


def transfer(state, events, card_id, payer, payee, amount, count=1) -> None:
    """Move up to `amount` coins; a payer who has fewer pays what they have and the rest is lost.
    Reported as a "transfer" event unless `events` is None."""
    paid = amount
    # state.changing(seat), without the call for a player this state already owns: a roll's
    # transfers often pay the same seat again
    owned = state.owned
    if payer is not None:
        paying = state.players[payer] if owned is None or owned[payer] else state.changing(payer)
        paid = min(amount, paying.coins)
        paying.coins -= paid
    if payee is not None:
        paid_to = state.players[payee] if owned is None or owned[payee] else state.changing(payee)
        paid_to.coins += paid
    if events is not None:
        events.append(
            {
                "type": "transfer",
                "card": card_id,
                "count": count,
                "payer": payer,
                "payee": payee,
                "amount": paid,
                "shortfall": amount - paid,
            }
        )


def _bank(state, seat, card, copies, events):
    amount = card.effect.params["amount"]
    bonus = in_force(state, state.players[seat]).icon_bonus
    if bonus:
        amount += bonus.get(card.icon, 0)
    transfer(state, events, card.id, None, seat, amount * copies, copies)


def _per_icon(state, seat, card, copies, events):
    player = state.players[seat]
    params = card.effect.params
    count = icons_in(state.table.cards, player.city, params["icon"], params["distinct"])
    amount = (params["amount"] * count + icon_bonus(state, player, card)) * copies
    transfer(state, events, card.id, None, seat, amount, copies)


def _take_from_active(state, seat, card, copies, events):
    player = state.players[seat]
    amount = (card.effect.params["amount"] + icon_bonus(state, player, card)) * copies
    transfer(state, events, card.id, state.active, seat, amount, copies)


def _take_from_each(state, seat, card, copies, events):
    count = len(state.players)
    for step in range(1, count):
        other = (seat + step) % count
        transfer(state, events, card.id, other, seat, card.effect.params["amount"] * copies, copies)


# Resolvers for effects that need no decision; take_from_chosen and swap are resolved by the
# actions that carry the decision (rules.py).
RESOLVERS = {
    "bank": _bank,
    "per_icon": _per_icon,
    "take_from_active": _take_from_active,
    "take_from_each": _take_from_each,
}


def resolve(state: GameState, seat: int, card: CardDef, copies: int, events: list) -> None:
    RESOLVERS[card.effect.kind](state, seat, card, copies, events)
