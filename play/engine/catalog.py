"""The built-in content: the classic box's cards and landmarks and the editions that use them.

Read once from the TOML files in content/ and validated as they are read; a bad file fails at
import with the file and the card named.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from . import bounds
from .cards import (
    CardDef,
    ContentError,
    LandmarkDef,
    ProjectDef,
    parse_card,
    parse_landmark,
    parse_project,
)


@dataclass(frozen=True, slots=True)
class Edition:
    id: str
    name: dict
    min_players: int
    max_players: int
    coins: int
    start_city: dict
    landmarks: tuple[str, ...]
    market: dict
    theme: dict


def _read(filename: str) -> dict:
    text = resources.files(__package__).joinpath("content", filename).read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"content/{filename}: {error}") from error


def _index(items: list, parse, filename: str) -> dict:
    result = {}
    for data in items:
        try:
            item = parse(data)
        except ContentError as error:
            raise ContentError(f"content/{filename}: {error}") from error
        if item.id in result:
            raise ContentError(f"content/{filename}: {item.id!r} is defined twice")
        result[item.id] = item
    return result


CARDS: dict[str, CardDef] = _index(_read("cards.toml").get("card", []), parse_card, "cards.toml")
_landmark_file = _read("landmarks.toml")
LANDMARKS: dict[str, LandmarkDef] = _index(
    _landmark_file.get("landmark", []), parse_landmark, "landmarks.toml"
)
PROJECTS: dict[str, ProjectDef] = _index(
    _landmark_file.get("project", []), parse_project, "landmarks.toml"
)


MAX_PILE = bounds.PILE.high  # copies of one card in a market pile or a start city


def _edition(ident: str, data: dict) -> Edition:
    where = f"content/editions.toml: edition {ident!r}"
    for card in [*data["start_city"], *data["market"]]:
        if card not in CARDS:
            raise ContentError(f"{where}: unknown card {card!r}")
    for card, copies in data["market"].items():
        if not CARDS[card].is_establishment:
            raise ContentError(f"{where}: the market holds {card!r}, which is no establishment")
        if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= MAX_PILE:
            raise ContentError(f"{where}: the market's {card!r} pile is not 0 to {MAX_PILE} copies")
    for landmark in data["landmarks"]:
        if landmark not in LANDMARKS:
            raise ContentError(f"{where}: unknown landmark {landmark!r}")
    for themed in data.get("theme", {}):
        if themed not in CARDS and themed not in LANDMARKS:
            raise ContentError(f"{where}: theme names unknown card {themed!r}")
    return Edition(
        id=ident,
        name=data["name"],
        min_players=data["min_players"],
        max_players=data["max_players"],
        coins=data["coins"],
        start_city=dict(data["start_city"]),
        landmarks=tuple(data["landmarks"]),
        market=dict(data["market"]),
        theme=dict(data.get("theme", {})),
    )


EDITIONS: dict[str, Edition] = {
    ident: _edition(ident, data) for ident, data in _read("editions.toml").items()
}
