"""Stickers: a campaign changes a card for good by sticking a sticker on it.

The setup lists them in the order they were stuck, each naming a card and what it changes:

    "stickers": [{"card": "bakery", "change": {"cost": 2, "numbers": [2, 3, 4]}},
                 {"card": "forest", "change": {"amount": 2, "icon": "wheat"}}]

`cost` is the price to build, `numbers` the rolls that activate the card, `amount` the coins its
effect names (per copy, or per counted establishment), `icon` its symbol. Several stickers on one
card apply in order, so a later one overrides an earlier one on the same field. They change the
card's definition for this game only; the table is rebuilt from the setup every time.
Stickers are the Legacy campaign's, but every table applies them (`table.build_table`), so they
live beside the card definitions rather than with the Legacy rules.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import bounds
from .cards import ICONS, CardDef, Effect
from .errors import IllegalAction, shown

STICKER_FIELDS = ("cost", "numbers", "amount", "icon")


def _english(card: CardDef):
    return lambda _kind, _ident: card.name["en"]


def _sticker_on(card: CardDef, field: str, value: Any) -> CardDef:
    """The card with one field changed; IllegalAction if the value does not fit."""
    if field == "cost":
        if not bounds.COST.holds(value):
            raise IllegalAction(
                "sticker_cost", card=card.id, low=bounds.COST.low, high=bounds.COST.high
            ).named_by(_english(card))
        return replace(card, cost=value)
    if field == "numbers":
        if (
            not isinstance(value, list)
            or not value
            or not all(bounds.DIE_NUMBER.holds(n) for n in value)
        ):
            raise IllegalAction("sticker_numbers", card=card.id).named_by(_english(card))
        return replace(card, numbers=tuple(sorted(set(value))))
    if field == "amount":
        if "amount" not in card.effect.params:
            raise IllegalAction("sticker_no_amount", card=card.id).named_by(_english(card))
        if not bounds.AMOUNT.holds(value):
            raise IllegalAction(
                "sticker_amount", card=card.id, low=bounds.AMOUNT.low, high=bounds.AMOUNT.high
            ).named_by(_english(card))
        params = {**card.effect.params, "amount": value}
        return replace(card, effect=Effect(card.effect.kind, params))
    if value not in ICONS:
        raise IllegalAction("sticker_icon", card=card.id, value=shown(value)).named_by(
            _english(card)
        )
    return replace(card, icon=value)


def apply_stickers(cards: dict[str, CardDef], stickers: Any) -> dict[str, CardDef]:
    """The card definitions with every sticker applied, in order; the given dict is not changed."""
    if not isinstance(stickers, list):
        raise IllegalAction("stickers_not_list")
    result = dict(cards)
    for sticker in stickers:
        if not isinstance(sticker, dict) or set(sticker) != {"card", "change"}:
            raise IllegalAction("sticker_shape")
        card_id, change = sticker["card"], sticker["change"]
        if not isinstance(card_id, str) or card_id not in result:
            raise IllegalAction("sticker_card", value=shown(card_id))
        if not isinstance(change, dict) or not change:
            raise IllegalAction("sticker_empty", card=card_id).named_by(_english(result[card_id]))
        unknown = sorted(str(field) for field in change if field not in STICKER_FIELDS)
        if unknown:
            raise IllegalAction(
                "sticker_fields",
                card=card_id,
                fields=shown(", ".join(unknown)),
                allowed=", ".join(STICKER_FIELDS),
            ).named_by(_english(result[card_id]))
        card = result[card_id]
        for field in STICKER_FIELDS:
            if field in change:
                card = _sticker_on(card, field, change[field])
        result[card_id] = card
    return result
