"""Rules `yokai_flip` and `yokai_coins`: a Yōkai haunts every roll of doubles.

Both act when a player rolls doubles (two dice showing the same; the roll that counts, i.e. after
a reroll), after all income of that roll, purple cards and their decisions included, before the
build step. Free play uses one of the two, never both (RULES.md §6: a setup with both is refused).

`yokai_flip`: the richest player other than the roller (ties: the first of them clockwise from the
roller) turns one copy of their most expensive establishment face down: highest cost, then highest
number, then the alphabetically first id. A player without face-up establishments is passed over
(nothing happens). A face-down copy does not activate and cannot be traded away; it still counts
as owned (for icons, copy limits and the city's display). All of a player's face-down cards turn
face up at the start of that player's next turn.
    {"type": "face_down", "player": seat, "card": card_id, "roller": seat}
    {"type": "face_up", "player": seat, "cards": {card_id: copies}}
State: `Player.face_down` {card id: copies face down}.

`yokai_coins`: each player with the fewest coins (the roller included; several on a tie, reported
clockwise from the roller) takes 2 coins from the bank:
    {"type": "transfer", "card": "yokai", "count": 1, "payer": None, "payee": seat, "amount": 2,
     "shortfall": 0}
"""

from __future__ import annotations

from play.engine.effects import face_up, transfer
from play.engine.rules import add_hook
from play.engine.table import AFTER_INCOME, FACE_DOWN_RULES, KNOWN_RULES, START_OF_TURN

FLIP = "yokai_flip"
COINS = "yokai_coins"
YOKAI_COINS = 2


def rolled_doubles(state) -> bool:
    return len(state.dice) == 2 and state.dice[0] == state.dice[1]


def _clockwise_from(state, seat: int) -> list[int]:
    count = len(state.players)
    return [(seat + step) % count for step in range(count)]


def flip_target(state) -> int:
    """The richest other player; ties go to the first of them clockwise from the roller."""
    others = _clockwise_from(state, state.active)[1:]
    return max(others, key=lambda seat: (state.players[seat].coins, -others.index(seat)))


def most_expensive(state, seat: int) -> str | None:
    """The seat's face-up establishment with the highest cost, then number, then first id."""
    player = state.players[seat]
    cards = state.table.cards
    candidates = [
        cards[card_id]
        for card_id in player.city
        if cards[card_id].is_establishment and face_up(player, card_id)
    ]
    if not candidates:
        return None
    best = min(candidates, key=lambda card: (-card.cost, -max(card.numbers), card.id))
    return best.id


def yokai_flip(state, events: list | None) -> None:
    if FLIP not in state.table.rules or not rolled_doubles(state):
        return
    target = flip_target(state)
    card_id = most_expensive(state, target)
    if card_id is None:
        return
    player = state.changing(target)
    player.face_down = {**player.face_down, card_id: player.face_down.get(card_id, 0) + 1}
    if events is not None:
        events.append(
            {"type": "face_down", "player": target, "card": card_id, "roller": state.active}
        )


def yokai_coins(state, events: list | None) -> None:
    if COINS not in state.table.rules or not rolled_doubles(state):
        return
    fewest = min(player.coins for player in state.players)
    for seat in _clockwise_from(state, state.active):
        if state.players[seat].coins == fewest:
            transfer(state, events, "yokai", None, seat, YOKAI_COINS)


def turn_face_up(state, events: list | None) -> None:
    """At the start of a player's turn, all their face-down cards turn face up."""
    if state.players[state.active].face_down:
        player = state.changing(state.active)
        if events is not None:
            events.append(
                {"type": "face_up", "player": state.active, "cards": dict(player.face_down)}
            )
        player.face_down = {}


KNOWN_RULES.update({FLIP, COINS})
FACE_DOWN_RULES.add(FLIP)
add_hook(AFTER_INCOME, yokai_flip, FLIP)
add_hook(AFTER_INCOME, yokai_coins, COINS)
add_hook(START_OF_TURN, turn_face_up, FLIP)
