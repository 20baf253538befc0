"""What a game is played with, derived once from its setup: card definitions, each seat's
landmarks and their costs, the community project, the rule ids and variants in force.

A Table is never stored: it is rebuilt from the setup whenever a state is loaded, and shared by
every state of the same game, so it must never be changed after it is built.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import NamedTuple

from . import bounds
from .cards import (
    CardDef,
    ContentError,
    ContentOutOfBounds,
    LandmarkDef,
    ProjectDef,
    parse_card,
    parse_island,
    parse_landmark,
    parse_project,
)
from .catalog import CARDS, EDITIONS, LANDMARKS, PROJECTS
from .errors import IllegalAction, shown
from .stickers import apply_stickers

# Rule ids the engine implements; a setup naming any other is refused. Later rules register here.
KNOWN_RULES: set[str] = set()
# Of those, the rules under which cards may lie face down: a save of a game without one holds none.
FACE_DOWN_RULES: set[str] = set()
# What later rules add to a turn (rules.add_hook, rules.register_build_step_action), each with the
# rule id it comes with (None: every game): hooks called as hook(state, events) on the state being
# played, START_OF_TURN's when a seat's turn (or extra turn) has just begun, before its roll, and
# AFTER_INCOME's when a roll's activation, purple decisions included, is over, before the build
# step; and actions of the build step. A table takes those of its game's rules when it is built,
# so a rule registers them when its module is imported, before any table is (`registering`).
START_OF_TURN: list[tuple[str | None, Callable]] = []
AFTER_INCOME: list[tuple[str | None, Callable]] = []
BUILD_STEP_EXTRAS: list = []  # rules.BuildStepExtra, each with its `rule`
_built_any = False  # set by the first table built: registering is over
KNOWN_VARIANTS = frozenset({"random_market", "two_copies_max"})
RANDOM_MARKET_SIZE = 10
# Edition ids a setup may name: the boxes in the catalog, and "legacy" for a campaign's game
# (whose cards the setup itself defines); a setup that names none is a legacy one.
LEGACY_EDITION = "legacy"
KNOWN_EDITIONS = (*EDITIONS, LEGACY_EDITION)
# Rules of which at most one may be in force (RULES.md §6: the two Yōkai variants).
EXCLUSIVE_RULES = frozenset({"yokai_flip", "yokai_coins"})
# Bounds on what a setup may ask for, so that no setup makes a game slow or its state huge.
MAX_COST = bounds.COST.high
MAX_TRACK = bounds.TRACK.high
MAX_DEFINITIONS = 200


class Rolled(NamedTuple):
    """The cards a dice total activates, by colour, in the order they resolve."""

    red: tuple[CardDef, ...]
    blue: tuple[CardDef, ...]
    green: tuple[CardDef, ...]
    purple: tuple[CardDef, ...]


_ROLLED_COLOURS = {"red": 0, "blue": 1, "green": 2, "purple": 3}


class Payout(NamedTuple):
    """One seat's card that a total activates, as the activation reads it: the seat, the card's
    id, the coins a copy takes from the bank (`bank`) or from the roller (`take_from_active`) if
    that is its effect (else both None: a resolver pays), whether a landmark or island of the game
    adds to what its icon earns, and the card."""

    seat: int
    card_id: str
    bank: int | None
    take: int | None
    may_earn_more: bool
    card: CardDef


class Activation(NamedTuple):
    """What a total rolled by one seat activates: every seat's red, blue and green cards in the
    order they pay out (red for the others counter-clockwise from the roller's right, then blue
    for everyone clockwise from the roller, then green for the roller), and the purple cards."""

    payouts: tuple[tuple, ...]  # each a Payout's fields as a plain tuple
    purple: tuple[str, ...]  # the ids of the purple cards, in the order they resolve


def activation(table: Table, active: int, total: int) -> Activation | None:
    """What a total rolled by the seat `active` activates (None: nothing), laid out on the first
    such roll of the game and kept in `table.activations`."""
    found = table.activations[active]
    if total in found:
        return found[total]
    rolled = table.rolled.get(total)
    if rolled is None:
        found[total] = None
        return None
    seats = len(table.landmark_costs)
    orders = (
        [(active - step) % seats for step in range(1, seats)],  # red
        [(active + step) % seats for step in range(seats)],  # blue
        [active],  # green
    )
    payouts = []
    for colour, cards in enumerate(rolled[:3]):
        for seat in orders[colour]:
            for card in cards:
                kind = card.effect.kind
                amount = card.effect.params.get("amount")
                payout = Payout(
                    seat,
                    card.id,
                    amount if kind == "bank" else None,
                    amount if kind == "take_from_active" else None,
                    card.icon in table.bonus_icons,
                    card,
                )
                payouts.append(tuple(payout))  # a plain tuple unpacks faster than a NamedTuple
    found[total] = Activation(tuple(payouts), tuple(card.id for card in rolled.purple))
    return found[total]


# What a number of coins pays for of a seat's landmarks: the landmarks, in slot order, as (slot, the
# move that builds it), and the tail of the build step's moves by which of the seat's landmarks
# are built (by slot): the moves of those paid for and not built, then passing (kept on first use)
LandmarksWithin = tuple[tuple[tuple[int, tuple[str, str]], ...], dict[tuple[bool, ...], tuple]]


def _landmarks_by_coins(costs: dict[str, int]) -> tuple[LandmarksWithin, ...]:
    """A seat's landmarks that each number of coins pays for, up to its dearest landmark's cost
    (Table.landmark_moves)."""
    moves = [
        (slot, cost, ("build_landmark", lid)) for slot, (lid, cost) in enumerate(costs.items())
    ]
    by_coins: list[LandmarksWithin] = []
    within: LandmarksWithin = ((), {})
    for coins in range(max(costs.values(), default=0) + 1):
        paid_for = tuple((slot, move) for slot, cost, move in moves if cost <= coins)
        if paid_for != within[0]:  # one entry for all the coins that pay for the same landmarks
            within = (paid_for, {})
        by_coins.append(within)
    return tuple(by_coins)


@dataclass(frozen=True, slots=True)
class Table:
    cards: dict[str, CardDef]
    landmarks: dict[str, LandmarkDef]
    landmark_costs: tuple[dict[str, int], ...]  # per seat, in slot order
    project: ProjectDef | None
    rules: frozenset[str]
    variants: frozenset[str]
    # expedition: island definitions, the track's last space and which island lies on which space
    islands: dict[str, LandmarkDef] = field(default_factory=dict)
    track_length: int = 0
    island_spaces: dict[int, str] = field(default_factory=dict)
    # what each dice total activates, by colour, holding the definitions: a roll looks up one entry
    rolled: dict[int, Rolled] = field(default_factory=dict)
    # per seat that rolls, what each total activates, as the activation reads it: laid out by
    # `activation` on the first such roll (the only part of a table filled in after it is built)
    activations: tuple[dict[int, Activation | None], ...] = field(default=(), compare=False)
    # what landmarks in force and islands claimed give a player (effects.InForce), by their ids:
    # worked out on first use, a cache like `activations`
    powers: dict[tuple, tuple] = field(default_factory=dict, compare=False)
    # the icons a landmark or island of the game earns extra coins for
    bonus_icons: frozenset[str] = frozenset()
    # whether a landmark or island of the game gives an extra turn on some total: if none does,
    # only doubles can earn one
    extra_turn_totals: bool = False
    # per seat, by coins (the last entry for any more): its landmarks those coins pay for, and the
    # build step's last moves by the landmarks built (LandmarksWithin: a cache, as `activations`)
    landmark_moves: tuple[tuple[LandmarksWithin, ...], ...] = field(default=(), compare=False)
    # the cards a Business Center may swap: establishments, not purple (the Kosmos Shop is none)
    tradeable: frozenset[str] = frozenset()
    # the cards that pay after the build step (coin_if_broke_after_build): most games have none
    after_build: frozenset[str] = frozenset()
    # what the game's rules add to a turn: START_OF_TURN's hooks, AFTER_INCOME's, and the build
    # step's extra actions
    start_of_turn: tuple[Callable, ...] = ()
    after_income: tuple[Callable, ...] = ()
    build_step_extras: tuple = ()
    # When a landmark starts to work: from its owner's next turn (the classic and Kosmos books),
    # or in Legacy games from the next turn, whoever's it is (the Legacy book, p. 8: "in all
    # future turns").
    landmarks_wait_for_owner: bool = False

    def card(self, card_id: str) -> CardDef:
        if isinstance(card_id, str) and card_id in self.cards:
            return self.cards[card_id]
        raise IllegalAction("no_such_card", card=card_id).named_by(self.english_name)

    def english_name(self, kind: str, ident) -> str:
        """The English name of a card, landmark, project or island of this game (for messages)."""
        if isinstance(ident, str):
            for defs in (self.cards, self.landmarks, self.islands):
                if ident in defs:
                    return defs[ident].name["en"]
            if self.project is not None and self.project.id == ident:
                return self.project.name["en"]
        return shown(ident)


def _themed(item, theme: dict):
    names = theme.get(item.id)
    return replace(item, name={**item.name, **names}) if names else item


@cache
def _edition_content(edition_id: str) -> tuple[dict[str, CardDef], dict[str, LandmarkDef]]:
    """The built-in cards and landmarks under an edition's theme, made once per edition (every
    table copies the dicts before adding its own; the definitions are frozen)."""
    edition = EDITIONS.get(edition_id)
    theme = edition.theme if edition else {}
    cards = {cid: _themed(card, theme) for cid, card in CARDS.items()}
    landmarks = {lid: _themed(landmark, theme) for lid, landmark in LANDMARKS.items()}
    return cards, landmarks


def _definitions(setup: dict, key: str, parse, base: dict) -> dict:
    result = dict(base)
    items = setup.get(key, [])
    if not isinstance(items, list) or len(items) > MAX_DEFINITIONS:
        raise IllegalAction("setup_field", field=key, value=shown(items))
    for data in items:
        try:
            item = parse(data)
        except ContentOutOfBounds as error:
            raise IllegalAction(
                "out_of_bounds",
                field=f"{key}, {error.where}, {error.error.field}",
                low=error.error.bound.low,
                high=error.error.bound.high,
                value=shown(error.error.value),
            ) from error
        except ContentError as error:
            raise IllegalAction("card_defs_invalid", field=key, problem=str(error)) from error
        result[item.id] = item
    return result


def _is_cost(cost) -> bool:
    """A cost a setup gives for a landmark slot or the project is a whole number from 0."""
    return not isinstance(cost, bool) and isinstance(cost, int) and 0 <= cost <= MAX_COST


# What `build_table` reads of a setup (and the seats' names, but only to word a refusal): a table
# is derived from these alone, so setups equal in them share one.
TABLE_FIELDS = (
    "edition",
    "card_defs",
    "stickers",
    "landmark_defs",
    "project_defs",
    "landmarks",
    "community_project",
    "rules",
    "variants",
    "island_defs",
    "expedition",
)
# Tables kept by what they are derived from (`table_for`); the oldest goes when it is full.
KEPT_TABLES = 256
_TABLES: dict[bytes, Table] = {}


class _NotPlain(Exception):
    pass


class _PlainPickler(pickle.Pickler):
    """Pickles JSON-like values only (dicts, lists, tuples, strings, numbers, booleans, None,
    which the pickler writes itself without asking): anything else is refused, so equal bytes
    mean equal values."""

    def reducer_override(self, obj):
        raise _NotPlain


def _table_key(setup: dict) -> bytes | None:
    """The bytes of what a setup's table is derived from, or None if they are not plain data
    (such a setup gets a table of its own). Pickled, not dumped to JSON: a chapter's card
    definitions pickle in a quarter of the time. Without the pickler's memo (`fast`), so that
    equal values give equal bytes whether or not they share their strings and dicts (a setup
    loaded from JSON does not); a cycle is refused."""
    out = io.BytesIO()
    pickler = _PlainPickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    try:
        pickler.dump([setup.get(k) for k in TABLE_FIELDS])
    except (_NotPlain, RecursionError, ValueError, pickle.PicklingError, TypeError):
        return None
    return out.getvalue()


def table_for(setup: dict) -> Table:
    """The setup's table: the one built for an earlier setup equal in every field a table is
    derived from, or a new one (never changed once built, a table serves many games; a
    campaign's chapters, and every load of a saved game, would otherwise parse the same card
    definitions again)."""
    key = _table_key(setup)
    if key is None:
        return build_table(setup)
    table = _TABLES.get(key)
    if table is None:
        table = build_table(setup)
        if len(_TABLES) >= KEPT_TABLES:
            del _TABLES[next(iter(_TABLES))]
        _TABLES[key] = table
    return table


def build_table(setup: dict) -> Table:
    edition_id = setup.get("edition", LEGACY_EDITION)
    if edition_id not in KNOWN_EDITIONS:
        known = ", ".join(KNOWN_EDITIONS)
        raise IllegalAction("unknown_edition", edition=shown(edition_id), known=known)
    cards, landmarks = _edition_content(edition_id)
    cards = _definitions(setup, "card_defs", parse_card, cards)
    cards = apply_stickers(cards, setup.get("stickers", []))
    landmarks = _definitions(setup, "landmark_defs", parse_landmark, landmarks)
    projects = _definitions(setup, "project_defs", parse_project, PROJECTS)

    costs = []
    for seat, seat_landmarks in enumerate(setup["landmarks"]):
        seat_costs = {}
        if not isinstance(seat_landmarks, list):
            raise IllegalAction("landmark_entry", player=_seat_name(setup, seat))
        for entry in seat_landmarks:
            if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
                raise IllegalAction("landmark_entry", player=_seat_name(setup, seat))
            if entry["id"] not in landmarks:
                raise IllegalAction("no_such_landmark", landmark=entry["id"])
            landmark = landmarks[entry["id"]]
            cost = entry.get("cost", landmark.cost)
            if not _is_cost(cost):
                raise IllegalAction(
                    "landmark_cost", landmark=landmark.id, most=MAX_COST, value=shown(cost)
                ).named_by(lambda _kind, _ident, name=landmark.name["en"]: name)
            seat_costs[entry["id"]] = cost
        costs.append(seat_costs)

    project = None
    entry = setup.get("community_project")
    if entry is not None:
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise IllegalAction("setup_field", field="community_project", value=shown(entry))
        if entry["id"] not in projects:
            raise IllegalAction("no_such_project", project=entry["id"])
        project = projects[entry["id"]]
        cost = entry.get("cost", project.cost)
        if not _is_cost(cost):
            raise IllegalAction(
                "project_cost", project=project.id, most=MAX_COST, value=shown(cost)
            )
        project = replace(project, cost=cost)

    rules = _ids(setup, "rules")
    unknown_rules = rules - KNOWN_RULES
    if unknown_rules:
        raise IllegalAction("unknown_rules", rules=", ".join(sorted(unknown_rules)))
    if rules >= EXCLUSIVE_RULES:
        raise IllegalAction("both_yokai")
    variants = _ids(setup, "variants")
    unknown_variants = variants - KNOWN_VARIANTS
    if unknown_variants:
        raise IllegalAction("unknown_variants", variants=", ".join(sorted(unknown_variants)))

    islands = _definitions(setup, "island_defs", parse_island, {})
    clash = sorted(set(islands) & set(landmarks))
    if clash:
        raise IllegalAction("islands_are_landmarks", islands=", ".join(clash))
    track_length, island_spaces = _expedition(setup.get("expedition"), islands, rules)

    by_total: dict[int, tuple[list, list, list, list]] = {}  # the lists of a Rolled
    for card in cards.values():
        for number in card.numbers:
            lists = by_total.setdefault(number, ([], [], [], []))
            lists[_ROLLED_COLOURS[card.colour]].append(card)
    rolled = {total: Rolled(*map(tuple, lists)) for total, lists in by_total.items()}
    powers = [source.effect for source in (*landmarks.values(), *islands.values())]
    bonus_icons = frozenset(
        icon for effect in powers if effect.kind == "icon_bonus" for icon in effect["icons"]
    )
    global _built_any
    _built_any = True
    return Table(
        cards=cards,
        landmarks=landmarks,
        landmark_costs=tuple(costs),
        project=project,
        rules=rules,
        variants=variants,
        islands=islands,
        track_length=track_length,
        island_spaces=island_spaces,
        rolled=rolled,
        activations=tuple({} for _seat in costs),
        bonus_icons=bonus_icons,
        extra_turn_totals=any(effect.kind == "extra_turn_on_total" for effect in powers),
        landmark_moves=tuple(_landmarks_by_coins(seat_costs) for seat_costs in costs),
        tradeable=frozenset(
            card.id for card in cards.values() if card.colour != "purple" and card.numbers
        ),
        after_build=frozenset(
            card.id for card in cards.values() if card.effect.kind == "coin_if_broke_after_build"
        ),
        landmarks_wait_for_owner=edition_id != LEGACY_EDITION,
        start_of_turn=_of_rules(START_OF_TURN, rules),
        after_income=_of_rules(AFTER_INCOME, rules),
        build_step_extras=tuple(
            extra for extra in BUILD_STEP_EXTRAS if extra.rule is None or extra.rule in rules
        ),
    )


def _of_rules(hooks: list[tuple[str | None, Callable]], rules: frozenset[str]) -> tuple:
    return tuple(hook for rule, hook in hooks if rule is None or rule in rules)


def registering() -> None:
    """Refuses a hook or action registered once a table has been built: that table, and any
    kept for the games to come, would go on without it."""
    if _built_any:
        raise RuntimeError("a rule registers what it adds when its module is imported")


def _expedition(track, islands: dict, rules: frozenset) -> tuple[int, dict[int, str]]:
    """The expedition track: {"length": N, "islands": [{"id": island, "space": k}, ...]}."""
    if track is None:
        if "expedition" in rules:
            raise IllegalAction("expedition_without_track")
        return 0, {}
    if "expedition" not in rules:
        raise IllegalAction("track_without_rule")
    if not isinstance(track, dict) or set(track) != {"length", "islands"}:
        raise IllegalAction("track_shape")
    length = track["length"]
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_TRACK:
        raise IllegalAction("track_length", most=MAX_TRACK, value=shown(length))
    spaces: dict[int, str] = {}
    for entry in track["islands"] if isinstance(track["islands"], list) else [None]:
        if not isinstance(entry, dict) or set(entry) != {"id", "space"}:
            raise IllegalAction("track_island_shape")
        island, space = entry["id"], entry["space"]
        if not isinstance(island, str) or island not in islands:
            raise IllegalAction("no_such_island", island=island)
        if island in spaces.values():
            raise IllegalAction("island_twice", island=island)
        if isinstance(space, bool) or not isinstance(space, int) or not 1 <= space <= length:
            raise IllegalAction("island_space", island=island, length=length, value=shown(space))
        if space in spaces:
            raise IllegalAction("island_space_taken", space=space)
        spaces[space] = island
    return length, dict(sorted(spaces.items()))


def _seat_name(setup: dict, seat: int) -> str:
    names = setup.get("players")
    return names[seat] if isinstance(names, list) and seat < len(names) else str(seat)


def _ids(setup: dict, key: str) -> frozenset[str]:
    value = setup.get(key, ())
    if not isinstance(value, list | tuple) or not all(isinstance(item, str) for item in value):
        raise IllegalAction("setup_list", field=key)
    return frozenset(value)
