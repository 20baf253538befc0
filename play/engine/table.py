"""What a game is played with, derived once from its setup: card definitions, each seat's
landmarks and their costs, the community project, the rule ids and variants in force.

A Table is never stored: it is rebuilt from the setup whenever a state is loaded, and shared by
every state of the same game, so it must never be changed after it is built.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .cards import (
    CardDef,
    LandmarkDef,
    ProjectDef,
    parse_card,
    parse_island,
    parse_landmark,
    parse_project,
)
from .catalog import CARDS, EDITIONS, LANDMARKS, PROJECTS
from .errors import ContentError, IllegalAction
from .legacy.stickers import apply_stickers

# Rule ids the engine implements; a setup naming any other is refused. Later rules register here.
KNOWN_RULES: set[str] = set()
KNOWN_VARIANTS = frozenset({"random_market", "two_copies_max"})
RANDOM_MARKET_SIZE = 10


@dataclass(frozen=True, slots=True)
class Table:
    cards: dict[str, CardDef]
    landmarks: dict[str, LandmarkDef]
    landmark_costs: tuple[dict[str, int], ...]  # per seat, in slot order
    project: ProjectDef | None
    rules: frozenset[str]
    variants: frozenset[str]
    # card ids by colour and by the number that activates them, for a quick roll
    by_number: dict[tuple[str, int], tuple[str, ...]]
    # expedition: island definitions, the track's last space and which island lies on which space
    islands: dict[str, LandmarkDef] = field(default_factory=dict)
    track_length: int = 0
    island_spaces: dict[int, str] = field(default_factory=dict)

    def card(self, card_id: str) -> CardDef:
        try:
            return self.cards[card_id]
        except KeyError:
            raise IllegalAction(f"There is no card {card_id!r} in this game.") from None


def _themed(item, theme: dict):
    names = theme.get(item.id)
    return replace(item, name={**item.name, **names}) if names else item


def _definitions(setup: dict, key: str, parse, base: dict) -> dict:
    result = dict(base)
    for data in setup.get(key, []):
        try:
            item = parse(data)
        except ContentError as error:
            raise IllegalAction(f"The setup's {key} are not valid: {error}") from error
        result[item.id] = item
    return result


def build_table(setup: dict) -> Table:
    edition = EDITIONS.get(setup.get("edition", ""))
    theme = edition.theme if edition else {}
    cards = {cid: _themed(card, theme) for cid, card in CARDS.items()}
    landmarks = {lid: _themed(landmark, theme) for lid, landmark in LANDMARKS.items()}
    cards = _definitions(setup, "card_defs", parse_card, cards)
    cards = apply_stickers(cards, setup.get("stickers", []))
    landmarks = _definitions(setup, "landmark_defs", parse_landmark, landmarks)
    projects = _definitions(setup, "project_defs", parse_project, PROJECTS)

    costs = []
    for seat_landmarks in setup["landmarks"]:
        seat_costs = {}
        for entry in seat_landmarks:
            if entry["id"] not in landmarks:
                raise IllegalAction(f"There is no landmark {entry['id']!r}.")
            seat_costs[entry["id"]] = entry.get("cost", landmarks[entry["id"]].cost)
        costs.append(seat_costs)

    project = None
    if setup.get("community_project"):
        entry = setup["community_project"]
        if entry["id"] not in projects:
            raise IllegalAction(f"There is no community project {entry['id']!r}.")
        project = projects[entry["id"]]
        if "cost" in entry:
            project = replace(project, cost=entry["cost"])

    rules = frozenset(setup.get("rules", ()))
    unknown_rules = rules - KNOWN_RULES
    if unknown_rules:
        raise IllegalAction(
            f"The engine does not know the rules {', '.join(sorted(unknown_rules))}."
        )
    variants = frozenset(setup.get("variants", ()))
    unknown_variants = variants - KNOWN_VARIANTS
    if unknown_variants:
        raise IllegalAction(f"There is no variant {', '.join(sorted(unknown_variants))}.")

    islands = _definitions(setup, "island_defs", parse_island, {})
    clash = sorted(set(islands) & set(landmarks))
    if clash:
        raise IllegalAction(f"The islands {', '.join(clash)} have the ids of landmarks.")
    track_length, island_spaces = _expedition(setup.get("expedition"), islands, rules)

    by_number: dict[tuple[str, int], list[str]] = {}
    for card in cards.values():
        for number in card.numbers:
            by_number.setdefault((card.colour, number), []).append(card.id)
    return Table(
        cards=cards,
        landmarks=landmarks,
        landmark_costs=tuple(costs),
        project=project,
        rules=rules,
        variants=variants,
        by_number={key: tuple(ids) for key, ids in by_number.items()},
        islands=islands,
        track_length=track_length,
        island_spaces=island_spaces,
    )


def _expedition(track, islands: dict, rules: frozenset) -> tuple[int, dict[int, str]]:
    """The expedition track: {"length": N, "islands": [{"id": island, "space": k}, ...]}."""
    if track is None:
        if "expedition" in rules:
            raise IllegalAction("The expedition rule needs the setup's 'expedition' track.")
        return 0, {}
    if "expedition" not in rules:
        raise IllegalAction("The setup has an expedition track but not the expedition rule.")
    if not isinstance(track, dict) or set(track) != {"length", "islands"}:
        raise IllegalAction("The expedition track is {'length': N, 'islands': [...]}.")
    length = track["length"]
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise IllegalAction(f"The expedition track's length must be at least 1, not {length!r}.")
    spaces: dict[int, str] = {}
    for entry in track["islands"] if isinstance(track["islands"], list) else [None]:
        if not isinstance(entry, dict) or set(entry) != {"id", "space"}:
            raise IllegalAction("An island on the track is {'id': island id, 'space': k}.")
        island, space = entry["id"], entry["space"]
        if island not in islands:
            raise IllegalAction(f"There is no island {island!r} in the setup's island_defs.")
        if island in spaces.values():
            raise IllegalAction(f"The island {island!r} lies on the track twice.")
        if isinstance(space, bool) or not isinstance(space, int) or not 1 <= space <= length:
            raise IllegalAction(
                f"The island {island!r} must lie on a space from 1 to {length}, not {space!r}."
            )
        if space in spaces:
            raise IllegalAction(f"Two islands lie on space {space} of the expedition track.")
        spaces[space] = island
    return length, dict(sorted(spaces.items()))
