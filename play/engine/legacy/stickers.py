"""Stickers: a campaign changes a card for good by sticking a sticker on it.

The setup lists them in the order they were stuck, each naming a card and what it changes:

    "stickers": [{"card": "bakery", "change": {"cost": 2, "numbers": [2, 3, 4]}},
                 {"card": "forest", "change": {"amount": 2, "icon": "wheat"}}]

`cost` is the price to build, `numbers` the rolls that activate the card, `amount` the coins its
effect names (per copy, or per counted establishment), `icon` its symbol. Several stickers on one
card apply in order, so a later one overrides an earlier one on the same field. They change the
card's definition for this game only; the table is rebuilt from the setup every time.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from play.engine.cards import ICONS, CardDef, Effect
from play.engine.errors import IllegalAction

STICKER_FIELDS = ("cost", "numbers", "amount", "icon")


def _whole(value: Any, minimum: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value >= minimum


def _sticker_on(card: CardDef, field: str, value: Any) -> CardDef:
    """The card with one field changed; IllegalAction if the value does not fit."""
    title = f"A sticker on {card.name['en']}"
    if field == "cost":
        if not _whole(value, 0):
            raise IllegalAction(f"{title} must set the cost to a whole number of at least 0.")
        return replace(card, cost=value)
    if field == "numbers":
        if (
            not isinstance(value, list)
            or not value
            or not all(_whole(n, 1) and n <= 12 for n in value)
        ):
            raise IllegalAction(f"{title} must set the numbers to a list of numbers from 1 to 12.")
        return replace(card, numbers=tuple(sorted(set(value))))
    if field == "amount":
        if "amount" not in card.effect.params:
            raise IllegalAction(f"{title} cannot change an amount: its effect names none.")
        if not _whole(value, 0):
            raise IllegalAction(f"{title} must set the amount to a whole number of at least 0.")
        params = {**card.effect.params, "amount": value}
        return replace(card, effect=Effect(card.effect.kind, params))
    if value not in ICONS:
        raise IllegalAction(f"{title} names the unknown icon {value!r}.")
    return replace(card, icon=value)


def apply_stickers(cards: dict[str, CardDef], stickers: Any) -> dict[str, CardDef]:
    """The card definitions with every sticker applied, in order; the given dict is not changed."""
    if not isinstance(stickers, list):
        raise IllegalAction("The setup's stickers must be a list.")
    result = dict(cards)
    for sticker in stickers:
        if not isinstance(sticker, dict) or set(sticker) != {"card", "change"}:
            raise IllegalAction("A sticker is {'card': card id, 'change': {field: value}}.")
        card_id, change = sticker["card"], sticker["change"]
        if not isinstance(card_id, str) or card_id not in result:
            raise IllegalAction(f"A sticker names the card {card_id!r}, which is not in this game.")
        if not isinstance(change, dict) or not change:
            raise IllegalAction(f"The sticker on {card_id!r} changes nothing.")
        unknown = sorted(str(field) for field in change if field not in STICKER_FIELDS)
        if unknown:
            raise IllegalAction(
                f"A sticker cannot change {', '.join(unknown)} of {card_id!r}; "
                f"stickers change only {', '.join(STICKER_FIELDS)}."
            )
        card = result[card_id]
        for field in STICKER_FIELDS:
            if field in change:
                card = _sticker_on(card, field, change[field])
        result[card_id] = card
    return result
