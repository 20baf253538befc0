"""Machi Koro Legacy: the rules its rule cards bring, one module each, and small helpers.

The rule modules (expedition, yokai, rest_day, turn_order_coins) register themselves with the
turn machine and are imported by `play.engine` itself; nothing below this package imports it.
Stickers change card definitions, which every table derives, so they live beside the cards
(`play/engine/stickers.py`).
"""

from __future__ import annotations

from play.engine.errors import IllegalAction

# The printed costs of a city tableau's three landmark slots, left to right (A, B, C).
SLOT_COSTS = (5, 15, 25)


def legacy_landmarks(landmark_ids_sorted_by_letter: list[str]) -> list[dict]:
    """One seat's landmarks for a setup: the tableau's slots cost 5, 15 and 25, whatever stands
    in them.

    >>> legacy_landmarks(["hochofen", "blumenladen", "springbrunnen"])[1]
    {'id': 'blumenladen', 'cost': 15}
    """
    ids = list(landmark_ids_sorted_by_letter)
    if len(ids) > len(SLOT_COSTS):
        raise IllegalAction("tableau_slots", slots=len(SLOT_COSTS), count=len(ids))
    if len(set(ids)) != len(ids):
        raise IllegalAction("tableau_twice")
    return [{"id": lid, "cost": cost} for lid, cost in zip(ids, SLOT_COSTS, strict=False)]
