"""How to play an edition, and its cards explained: worked out from the edition's own data.

Nothing here is written per card: names, effects, costs and icons come from the catalogue (with
the edition's theme), so the Kosmos edition's "wheat" cards show up as its Authors.
"""

from __future__ import annotations

from play import describe
from play.board import card_view
from play.engine import new_game
from play.engine.catalog import EDITIONS
from play.narration import language, thing_name

COLOUR_ORDER = ("blue", "green", "red", "purple", "special")


def edition_name(edition_id: str) -> str:
    names = EDITIONS[edition_id].name
    return names.get(language()) or names["en"]


def guide(edition_id: str) -> dict:
    """Everything the how-to-play page shows for one edition. KeyError if there is none."""
    edition = EDITIONS[edition_id]
    state = new_game(edition_id, players=["A", "B"], seed=0)
    table = state.table
    every_card = {**dict.fromkeys(edition.market, 0), **dict.fromkeys(edition.start_city, 0)}
    cards = sorted(
        (card_view(table, card_id, 0) for card_id in every_card),
        key=lambda c: (COLOUR_ORDER.index(c["colour"]), c["first"], c["cost"]),
    )
    icons: dict[str, dict] = {}
    for card in cards:
        icon = table.cards[card["id"]].icon
        entry = icons.setdefault(
            icon,
            {
                "class": describe.icon_class(icon),
                "name": describe.icon_name(icon),
                "on": [],
                "counted_by": [],
            },
        )
        entry["on"].append(card["name"])
    for card_id in every_card:
        effect = table.cards[card_id].effect
        counted = effect.params.get("icon")
        if counted in icons:
            icons[counted]["counted_by"].append(thing_name(table, card_id))
    costs = table.landmark_costs[0]
    return {
        "id": edition_id,
        "name": edition_name(edition_id),
        "coins": edition.coins,
        "landmark_count": len(edition.landmarks),
        "start_city": [
            {**card_view(table, card_id, copies)} for card_id, copies in edition.start_city.items()
        ],
        "landmarks": [
            {
                "name": thing_name(table, lid),
                "cost": costs[lid],
                "effect": describe.effect_text(table.landmarks[lid].effect),
            }
            for lid in edition.landmarks
        ],
        "cards": cards,
        "icons": list(icons.values()),
        "colours": colour_rules(),
    }


def colour_rules() -> list[dict]:
    """Each colour of establishment, and on whose roll it works."""
    return [
        {
            "colour": colour,
            "name": describe.COLOUR_NAMES[colour],
            "when": describe.COLOUR_RULES[colour],
        }
        for colour in ("blue", "green", "red", "purple")
    ]
