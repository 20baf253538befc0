"""Reading a deck from its TOML files into typed objects, collecting every problem on the way.

    deck = load_deck()                    # Seven Winds Bay, legacy_deck/content/seven_winds_bay/
    deck = load_deck("path/to/my_deck")   # a group's own: components.toml, deck.toml, boxes.toml
    deck, problems = read_deck(path)      # never raises for a bad deck; deck is None if unusable
    deck, problems = read_deck_text({"components": ..., "deck": ..., "boxes": ...})  # an upload

load_deck also runs validate() and raises DeckError with every problem found. Whatever a deck's
files hold, reading them is bounded: each file's bytes and nesting before the TOML parser sees
it, then the counts of cards, components and boxes and the length of every text before a card is
built, so that a hostile upload costs no more than a large honest one.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from play.engine import bounds
from play.engine.cards import (
    ICONS,
    ISLAND_EFFECTS,
    ContentError,
    parse_card,
    parse_effect,
    parse_landmark,
    parse_project,
)

from .format import (
    COVER_FIELDS,
    EVENTS,
    INSTRUCTIONS,
    KIND_FIELDS,
    KINDS,
    LANGUAGES,
    LOCATIONS,
    MOMENTS,
    SIDES,
    STICKER_CHANGES,
    TICK_WHO,
    TURN_ACTIONS,
    Box,
    CampaignShape,
    Component,
    Cover,
    Deck,
    DeckCard,
    DeckError,
    Instruction,
    Problem,
    Side,
    Stop,
)

# The decks this app ships, one folder each, named by the deck's id (legacy_deck/shipped.py).
SHIPPED = Path(__file__).resolve().parent / "content"
DEFAULT_DECK = "seven_winds_bay"
# Seven Winds Bay's folder: the deck a campaign is made of when none is chosen.
CONTENT = SHIPPED / DEFAULT_DECK
FILES = {"components": "components.toml", "deck": "deck.toml", "boxes": "boxes.toml"}
# Ours are 70 KB together (43 KB the largest); a group's own deck has no reason to be ten times
# larger, and a megabyte of TOML parses in well under a second.
MAX_FILE_BYTES = 512 * 1024
MAX_NUMBER = bounds.DECK_NUMBER.high
# tomllib parses nested arrays and tables recursively, and slowly (63 deep: 1.2 s a file).
MAX_NESTING = 16
# Counts and lengths a deck stays within (ours: 24 cards, 118 components, 6 boxes, stories of
# at most 630 characters, 8 instructions a side).
MAX_CARDS = 200
MAX_COMPONENTS = 600
MAX_BOXES = 50
MAX_TEXT = 4000
MAX_LIST = 200
# Bounds on a file's text the parser never sees past (issue 35): tomllib's time and memory grow
# with the square of a dotted key's parts (20,000 parts: 55 s and 2 GB), and it takes about
# 0.1 ms a key and part. Ours: keys and table names of at most 2 parts, nesting 3 deep, at most
# 1,503 keys, tables and lists in a file.
MAX_KEY_PARTS = 4
MAX_KEYS = 10_000
# A text of MAX_TEXT characters written with \uXXXX escapes throughout, and its quotes.
MAX_WRITTEN_TEXT = 6 * MAX_TEXT + 6
_CARD_KEYS = {"id", "name", "colour", "icon", "cost", "numbers", "effect"}


def load_deck(path: str | Path | None = None, *, known_rules=None) -> Deck:
    """Load and validate a deck; raises DeckError listing every problem."""
    deck, problems = read_deck(path)
    return _validated(deck, problems, known_rules)


def load_deck_text(texts: Mapping[str, str | bytes], *, known_rules=None) -> Deck:
    """load_deck for a deck given as its files' text ({"components": ..., "deck": ..., ...})."""
    deck, problems = read_deck_text(texts)
    return _validated(deck, problems, known_rules)


def _validated(deck: Deck | None, problems: list[Problem], known_rules) -> Deck:
    from .validate import validate

    if deck is not None:
        problems += validate(deck, known_rules=known_rules)
    if problems:
        raise DeckError(problems)
    return deck


def read_deck(path: str | Path | None = None) -> tuple[Deck | None, list[Problem]]:
    folder = Path(path) if path is not None else CONTENT
    texts: dict[str, bytes] = {}
    problems: list[Problem] = []
    for role, name in FILES.items():
        try:
            texts[role] = _read_file(folder / name)
        except _Unreadable as problem:
            problems.append(Problem(name, str(problem)))
    return _read_texts(texts, problems)


def read_deck_text(texts: Mapping[str, str | bytes]) -> tuple[Deck | None, list[Problem]]:
    """A deck from its three files' contents (text or bytes, keyed by role: components, deck,
    boxes); never raises for a bad deck, and deck is None if it is unusable."""
    missing = [name for role, name in FILES.items() if role not in texts]
    problems = [Problem(name, "file not found") for name in missing]
    return _read_texts(texts, problems)


def _read_texts(texts: Mapping[str, str | bytes], problems: list[Problem]):
    data = {}
    for role, name in FILES.items():
        if role not in texts:
            continue  # reported
        try:
            data[role] = _parse_toml(texts[role])
        except _Unreadable as problem:
            problems.append(Problem(name, str(problem)))
    if problems:
        return None, problems
    problems += _oversized(data)
    if problems:
        return None, problems
    return parse_deck(data["components"], data["deck"], data["boxes"], problems), problems


class _Unreadable(Exception):
    pass


def _read_file(file: Path) -> bytes:
    try:
        if file.stat().st_size > MAX_FILE_BYTES:
            raise _Unreadable(f"too large: more than {MAX_FILE_BYTES:,} bytes")
        return file.read_bytes()
    except FileNotFoundError:
        raise _Unreadable("file not found") from None
    except OSError as error:
        raise _Unreadable(f"cannot be read: {error.strerror or error}") from None


def _parse_toml(raw: str | bytes) -> dict:
    """A file's TOML, bounded in size and depth before the parser sees it."""
    if len(raw) > MAX_FILE_BYTES:
        raise _Unreadable(f"too large: more than {MAX_FILE_BYTES:,} bytes")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise _Unreadable(f"not UTF-8 text (byte {error.start})") from None
    else:
        text = raw
    problem = _shape_problem(text)
    if problem is not None:
        raise _Unreadable(problem)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _Unreadable(f"not valid TOML: {error}") from None
    except RecursionError:
        raise _Unreadable(f"nested too deeply: more than {MAX_NESTING} levels") from None


class _Shape:
    """What a TOML text asks of the parser, read in one linear pass over its characters
    (strings of all four kinds and comments skipped): how deeply brackets and braces nest, the
    most parts a dotted key or table header has, how many keys it sets, and its longest string
    as written. Each is an upper bound of the real figure, so a text within the bounds is
    parsed in time and memory linear in its size (docs/deck-format.md has the measured worst)."""

    # keys: every key, table name, array and inline table, each a dict or list the parser makes
    __slots__ = ("nesting", "key_parts", "keys", "longest_string")

    def __init__(self, text: str):
        self.nesting = self.key_parts = self.keys = self.longest_string = 0
        depth = dots = 0
        index, end = 0, len(text)
        while index < end:
            char = text[index]
            if char in "\"'":
                index = self._skip_string(text, index)
                continue
            if char == "#":
                newline = text.find("\n", index)
                index = end if newline < 0 else newline
                continue
            if char == ".":
                dots += 1
                self.key_parts = max(self.key_parts, dots + 1)
            elif char in _KEY_ENDS:
                dots = 0
                if char in "[{":
                    self.keys += 1  # a table's name, an array, an inline table
                    depth += 1
                    self.nesting = max(self.nesting, depth)
                elif char in "]}":
                    depth = max(depth - 1, 0)
                elif char == "=":
                    self.keys += 1
            index += 1

    def _skip_string(self, text: str, start: int) -> int:
        """The index just past the string that begins at `start`."""
        quote = text[start]
        triple = text.startswith(quote * 3, start)
        closing = quote * 3 if triple else quote
        index = start + len(closing)
        end = len(text)
        while index < end:
            char = text[index]
            if char == "\\" and quote == '"':
                index += 2
                continue
            if not triple and char == "\n":
                break  # unclosed: the parser will say so
            if text.startswith(closing, index):
                run = len(closing)
                # a closing triple may follow one or two quotes of the string's own ("""a"""")
                while triple and run < 5 and text.startswith(quote, index + run):
                    run += 1
                index += run
                break
            index += 1
        self.longest_string = max(self.longest_string, index - start)
        return index


# What ends a run of dotted key parts: a dot further on belongs to another key or a value.
_KEY_ENDS = frozenset("=,[]{}\n")


def _shape_problem(text: str) -> str | None:
    """Why the parser must not be given `text`, or None."""
    shape = _Shape(text)
    if shape.nesting > MAX_NESTING:
        return f"nested too deeply: more than {MAX_NESTING} levels"
    if shape.key_parts > MAX_KEY_PARTS:
        return f"a dotted key or table name of more than {MAX_KEY_PARTS} parts"
    if shape.keys > MAX_KEYS:
        return f"more than {MAX_KEYS} keys, tables and lists in one file"
    if shape.longest_string > MAX_WRITTEN_TEXT:
        return f"text longer than {MAX_TEXT} characters"
    return None


def _oversized(data: dict) -> list[Problem]:
    """Counts and lengths beyond the bounds, one problem each; the deck is not read further."""
    problems = []
    cards, boxes = data["deck"].get("card"), data["boxes"].get("box")
    if isinstance(cards, list) and len(cards) > MAX_CARDS:
        problems.append(Problem(FILES["deck"], f"more than {MAX_CARDS} cards", None, "card"))
    if isinstance(boxes, list) and len(boxes) > MAX_BOXES:
        problems.append(Problem(FILES["boxes"], f"more than {MAX_BOXES} boxes", None, "box"))
    count = sum(len(v) for v in data["components"].values() if isinstance(v, list))
    if count > MAX_COMPONENTS:
        problems.append(Problem(FILES["components"], f"more than {MAX_COMPONENTS} components"))
    for role, name in FILES.items():
        where = _too_long(data[role], "")
        if where is not None:
            field, what = where
            problems.append(Problem(name, what, None, field))
    return problems


def _too_long(value: Any, field: str) -> tuple[str, str] | None:
    """The first text longer than MAX_TEXT or list longer than MAX_LIST inside value."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            return field, f"text longer than {MAX_TEXT} characters"
    elif isinstance(value, list):
        nested = "." in field or "[" in field  # the top-level lists are counted above
        if nested and len(value) > MAX_LIST:
            return field, f"list longer than {MAX_LIST} entries"
        for index, item in enumerate(value):
            found = _too_long(item, f"{field}[{index}]")
            if found:
                return found
    elif isinstance(value, dict):
        for key, item in value.items():
            found = _too_long(item, f"{field}.{key}" if field else key)
            if found:
                return found
    return None


def parse_deck(components: dict, deck: dict, boxes: dict, problems: list[Problem]) -> Deck:
    """Build a Deck from the three files' parsed data; problems found are appended."""
    campaign = deck.get("campaign", {})
    deck_id = campaign.get("id", "") if isinstance(campaign, dict) else ""
    if not isinstance(deck_id, str) or not _is_id(deck_id):
        problems.append(
            Problem(
                FILES["deck"],
                "must name the deck with a snake_case id of at most 40 characters",
                None,
                "campaign.id",
            )
        )
        deck_id = ""
    cover = Cover()
    if isinstance(campaign, dict):
        cover = _cover(campaign, deck_id, problems)
        campaign = {
            key: value for key, value in campaign.items() if key != "id" and key not in COVER_FIELDS
        }
    languages = cover.languages
    return Deck(
        shape=_shape(campaign, problems),
        components=_components(components, problems, languages),
        cards=_cards(deck.get("card", []), problems, languages),
        boxes=_boxes(boxes.get("box", []), problems, languages),
        files=dict(FILES),
        id=deck_id,
        digest=content_digest(components, deck, boxes),
        cover=cover,
    )


def _is_id(value: str) -> bool:
    return value.isidentifier() and value == value.lower() and value.isascii() and len(value) <= 40


def _cover(campaign: dict, deck_id: str, problems: list[Problem]) -> Cover:
    """What the deck's box says on its back: title, blurb, author, the languages it is in."""
    file = FILES["deck"]
    languages = campaign.get("languages", list(LANGUAGES))
    if (
        not isinstance(languages, list)
        or not languages
        or not all(_one_of(lang, LANGUAGES) for lang in languages)
        or len(set(languages)) != len(languages)
    ):
        problems.append(
            Problem(
                file,
                f"must list the languages the deck is written in, from: {', '.join(LANGUAGES)}",
                None,
                "campaign.languages",
            )
        )
        # read on in the languages it names that are known, so that one wrong name is one problem
        listed = languages if isinstance(languages, list) else []
        languages = list(dict.fromkeys(lang for lang in listed if _one_of(lang, LANGUAGES)))
        languages = languages or list(LANGUAGES)
    report = _Reporter(problems, file, languages=tuple(languages))
    fallback = dict.fromkeys(LANGUAGES, deck_id)
    title = _text(campaign["title"], "campaign.title", report) if "title" in campaign else None
    blurb = _text(campaign["blurb"], "campaign.blurb", report) if "blurb" in campaign else None
    author = campaign.get("author", "")
    if isinstance(author, dict):  # words, not a name: "the Machi Koro Legacy app"
        author = _text(author, "campaign.author", report) or ""
    elif isinstance(author, str):
        author = author.strip()
    else:
        report("campaign.author", "must be a text: who wrote the deck")
        author = ""
    return Cover(title or fallback, blurb or {}, author, tuple(languages))


def content_digest(components: dict, deck: dict, boxes: dict) -> str:
    """A hash of what a campaign's state depends on: ids, order, STOPs, instructions, effects,
    costs, numbers. Every translated text (a table of en, de and nl) counts only as being there,
    so a story's or a name's wording can be corrected under a running campaign; comments and
    layout change nothing either, nor does the box's back (the deck's cover)."""
    campaign = deck.get("campaign")
    if isinstance(campaign, dict):
        campaign = {key: value for key, value in campaign.items() if key not in COVER_FIELDS}
        deck = {**deck, "campaign": campaign}
    text = json.dumps(
        {"components": _unworded(components), "deck": _unworded(deck), "boxes": _unworded(boxes)},
        sort_keys=True,
        ensure_ascii=False,
        default=str,  # TOML dates and times
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _unworded(value: Any) -> Any:
    if isinstance(value, dict):
        texts = all(isinstance(item, str) for item in value.values())
        if value and set(value) <= set(LANGUAGES) and texts:
            return "<words>"
        return {key: _unworded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_unworded(item) for item in value]
    return value


# -- small checks ---------------------------------------------------------------------------------


class _Reporter:
    def __init__(
        self,
        problems: list[Problem],
        file: str,
        card: int | None = None,
        *,
        languages: tuple[str, ...] = LANGUAGES,
    ):
        self.problems, self.file, self.card = problems, file, card
        self.languages = languages

    def __call__(self, field: str, message: str) -> None:
        self.problems.append(Problem(self.file, message, self.card, field))


def _text(value: Any, field: str, report: _Reporter) -> dict | None:
    """A text in the deck's languages, as a table of every language the app speaks: one the deck
    is not written in reads as the deck's first language."""
    languages = report.languages
    if not isinstance(value, dict):
        report(field, f"must be a table of translations {{{', '.join(languages)}}}")
        return None
    missing = [
        lang for lang in languages if not isinstance(value.get(lang), str) or not value[lang]
    ]
    if missing:
        report(field, f"missing translation: {', '.join(missing)}")
    extra = sorted(set(value) - set(languages))
    if extra:
        report(field, f"not one of the deck's languages: {', '.join(map(str, extra))}")
    return _in_every_language(value, languages)


def _in_every_language(value: dict, languages: tuple[str, ...]) -> dict:
    first = value.get(languages[0])
    first = first if isinstance(first, str) else ""
    return {
        lang: value[lang] if lang in languages and isinstance(value.get(lang), str) else first
        for lang in LANGUAGES
    }


def _named(entry: dict, languages: tuple[str, ...]) -> dict:
    """An entry whose name the engine reads (it wants every language): a language the deck is
    not written in reads as its first one."""
    name = entry.get("name")
    if languages == LANGUAGES or not isinstance(name, dict):
        return entry
    extra = set(name) - set(languages)
    if extra:
        raise ContentError(f"name in a language the deck is not written in: {', '.join(extra)}")
    return {**entry, "name": _in_every_language(name, languages)}


def _one_of(value: Any, choices) -> bool:
    """`value in choices`, for a value from a file: a list or table is simply not one."""
    return isinstance(value, str) and value in choices


def _int(value: Any) -> bool:
    """A whole number a deck can mean: card and box numbers, copies, costs and settings stay far
    below it, and a larger one would have the validator count to it."""
    return bounds.DECK_NUMBER.holds(value)


# -- components.toml ------------------------------------------------------------------------------


def _components(
    data: dict, problems: list[Problem], languages: tuple[str, ...]
) -> dict[str, Component]:
    file = FILES["components"]
    result: dict[str, Component] = {}
    for table in sorted(set(data) - set(KINDS)):
        problems.append(
            Problem(file, f"unknown kind of component (known: {', '.join(KINDS)})", None, table)
        )
    for kind in KINDS:
        entries = data.get(kind, [])
        if not isinstance(entries, list):
            problems.append(Problem(file, "must be an array of tables", None, kind))
            continue
        for index, entry in enumerate(entries):
            ident = entry.get("id") if isinstance(entry, dict) else None
            where = f"{kind} {ident!r}" if isinstance(ident, str) else f"{kind}[{index}]"
            report = _Reporter(problems, file, languages=languages)
            component = _component(kind, entry, where, report)
            if component is None:
                continue
            if component.id in result:
                report(where, "id used twice (ids are unique across all kinds)")
                continue
            result[component.id] = component
    return result


def _component(kind: str, entry: Any, where: str, report: _Reporter) -> Component | None:
    if not isinstance(entry, dict):
        report(where, "must be a table")
        return None
    ident = entry.get("id")
    if not isinstance(ident, str) or not ident.isidentifier() or ident != ident.lower():
        report(f"{where}.id", "every component needs a snake_case id")
        return None
    for key in sorted(set(entry) - KIND_FIELDS[kind] - {"start"}):
        report(f"{where}.{key}", "unknown field")
    fields: dict[str, Any] = {"id": ident, "kind": kind, "start": bool(entry.get("start", False))}
    try:
        if kind == "establishment":
            fields["card"] = parse_card(_named(_only(entry, _CARD_KEYS), report.languages))
            fields["name"] = fields["card"].name
            fields["copies"] = _copies(entry, where, report)
        elif kind == "landmark":
            landmark = parse_landmark(
                _named(
                    _only(entry, {"id", "name", "cost", "effect", "letter", "icon"}),
                    report.languages,
                )
            )
            if not landmark.letter:
                report(f"{where}.letter", "a landmark needs a letter (its place on the tableau)")
            fields["landmark"], fields["name"] = landmark, landmark.name
        elif kind == "project":
            project = parse_project(
                _named(_only(entry, {"id", "name", "cost", "effect"}), report.languages)
            )
            fields["project"], fields["name"] = project, project.name
        elif kind == "double_sided":
            sides = []
            for letter in ("a", "b"):
                side = entry.get(letter)
                if not isinstance(side, dict):
                    report(f"{where}.{letter}", "a double-sided establishment needs both sides")
                    return None
                sides.append(parse_card(_named(_only(side, _CARD_KEYS), report.languages)))
            if sides[0].id == sides[1].id:
                report(f"{where}.b.id", "each side needs its own card id")
            fields["sides"] = tuple(sides)
            fields["name"] = {
                lang: f"{sides[0].name[lang]} / {sides[1].name[lang]}" for lang in LANGUAGES
            }
            fields["copies"] = _copies(entry, where, report)
        elif kind == "marketplace" and "name" not in entry:
            fields["name"] = {}  # named by the establishment it is
        else:
            fields["name"] = _text(entry.get("name"), f"{where}.name", report)
    except ContentError as error:
        report(where, str(error))
        return None

    if kind == "rule":
        fields["rule"] = entry.get("rule", "")
        if not isinstance(fields["rule"], str) or not fields["rule"]:
            report(f"{where}.rule", "a rule card needs the engine's rule id")
            fields["rule"] = ""  # reported: the checks after this one look no further at it
        fields["text"] = _text(entry.get("text"), f"{where}.text", report)
    elif kind == "turn_overview":
        actions = entry.get("actions", [])
        if not isinstance(actions, list) or not all(_one_of(a, TURN_ACTIONS) for a in actions):
            report(
                f"{where}.actions", f"must be a list of action types ({', '.join(TURN_ACTIONS)})"
            )
            actions = []
        fields["actions"] = tuple(actions)
        fields["text"] = _text(entry.get("text"), f"{where}.text", report)
    elif kind == "island":
        try:
            fields["effect"] = parse_effect(entry.get("effect"), ISLAND_EFFECTS, where)
        except ContentError as error:
            report(f"{where}.effect", str(error))
        space = entry.get("space")
        if not bounds.TRACK.holds(space):
            report(f"{where}.space", f"an island needs its space on the track ({bounds.TRACK})")
        else:
            fields["space"] = space
    elif kind == "track":
        length = entry.get("length")
        if not bounds.TRACK.holds(length):
            report(f"{where}.length", f"a track needs a length of {bounds.TRACK} spaces")
        else:
            fields["length"] = length
    elif kind in ("boat", "marketplace"):
        colour = entry.get("colour")
        if not isinstance(colour, str) or not colour:
            report(f"{where}.colour", "needs the player colour it belongs to")
        else:
            fields["colour"] = colour
        if kind == "marketplace":
            card = entry.get("card")
            if not isinstance(card, str):
                report(f"{where}.card", "a marketplace card names the establishment it is")
            else:
                fields["establishment"] = card
    elif kind == "sticker":
        fields["change"] = _sticker_change(entry.get("change"), f"{where}.change", report)
    return Component(**fields)


def _only(entry: dict, keys: set[str]) -> dict:
    return {key: value for key, value in entry.items() if key in keys}


def _copies(entry: dict, where: str, report: _Reporter) -> int:
    copies = entry.get("copies", 5)
    if not _PILE.holds(copies):
        report(f"{where}.copies", f"the pile needs {_PILE} copies")
        return 1
    return copies


# A pile of the market holds at least one card and no more than the engine takes.
_PILE = bounds.Bound(1, bounds.PILE.high)
_STICKER_BOUNDS = {"cost": bounds.COST, "amount": bounds.AMOUNT}


def _sticker_change(change: Any, field: str, report: _Reporter) -> dict | None:
    if not isinstance(change, dict) or len(change) != 1:
        report(field, f"a sticker changes exactly one of: {', '.join(STICKER_CHANGES)}")
        return None
    ((key, value),) = change.items()
    if not _one_of(key, STICKER_CHANGES):
        report(field, f"a sticker cannot change {key!r} (only {', '.join(STICKER_CHANGES)})")
    elif key in _STICKER_BOUNDS and not _STICKER_BOUNDS[key].holds(value):
        report(field, f"{key} must be a whole number from {_STICKER_BOUNDS[key]}")
    elif key == "numbers" and (
        not isinstance(value, list)
        or not value
        or not all(bounds.DIE_NUMBER.holds(n) for n in value)
    ):
        report(field, f"numbers must be a list of whole numbers from {bounds.DIE_NUMBER}")
    elif key == "icon" and not _one_of(value, ICONS):
        report(field, f"unknown icon {value!r}")
    return dict(change)


# -- deck.toml ------------------------------------------------------------------------------------


# A campaign setting is a count from 0; those a campaign's rows keep have their own bounds.
_SETTING = bounds.Bound(0, bounds.DECK_NUMBER.high)
_SETTING_BOUNDS = {
    "start_circles": bounds.CIRCLES,
    "free_play_picks": bounds.PICKS,
}


def _shape(data: Any, problems: list[Problem]) -> CampaignShape:
    file = FILES["deck"]
    if not isinstance(data, dict):
        problems.append(Problem(file, "must be a table", None, "campaign"))
        return CampaignShape()
    known = set(CampaignShape.__dataclass_fields__)
    for key in sorted(set(data) - known):
        problems.append(Problem(file, "unknown setting", None, f"campaign.{key}"))
    values = {}
    for key in known & set(data):
        default = getattr(CampaignShape(), key)
        value = data[key]
        if isinstance(default, tuple):
            kind = str if key not in ("landmark_costs",) else int
            if not isinstance(value, list) or not all(
                isinstance(item, str) if kind is str else bounds.COST.holds(item) for item in value
            ):
                what = "ids" if kind is str else f"whole numbers from {bounds.COST}"
                problems.append(Problem(file, f"must be a list of {what}", None, f"campaign.{key}"))
                continue
            value = tuple(value)
        elif not _SETTING_BOUNDS.get(key, _SETTING).holds(value):
            bound = _SETTING_BOUNDS.get(key, _SETTING)
            problems.append(
                Problem(file, f"must be a whole number from {bound}", None, f"campaign.{key}")
            )
            continue
        values[key] = value
    return CampaignShape(**values)


def _cards(
    entries: Any, problems: list[Problem], languages: tuple[str, ...]
) -> tuple[DeckCard, ...]:
    file = FILES["deck"]
    if not isinstance(entries, list) or not entries:
        problems.append(Problem(file, "the deck has no cards", None, "card"))
        return ()
    cards = []
    for index, entry in enumerate(entries):
        number = entry.get("number") if isinstance(entry, dict) else None
        if not _int(number) or number < 1:
            problems.append(
                Problem(
                    file, "every card needs a number from 1 to 999", None, f"card[{index}].number"
                )
            )
            continue
        report = _Reporter(problems, file, number, languages=languages)
        sides = []
        for letter in SIDES:
            sides.append(_side(entry.get(letter), number, letter, report))
        for key in sorted(set(entry) - {"number", *SIDES}):
            report(key, "unknown field on a card (a card has number, a and b)")
        cards.append(DeckCard(number, *sides))
    seen: set[int] = set()
    for card in cards:
        if card.number in seen:
            problems.append(Problem(file, "number used twice", card.number, "number"))
        seen.add(card.number)
    numbers = [card.number for card in cards]
    if numbers != sorted(numbers):
        problems.append(Problem(file, "cards are not in order of their numbers", None, "card"))
    for missing in sorted(set(range(1, max(seen, default=0) + 1)) - seen):
        problems.append(Problem(file, "numbering gap: there is no such card", missing, "number"))
    return tuple(sorted(cards, key=lambda c: c.number))


def _side(data: Any, number: int, letter: str, report: _Reporter) -> Side:
    if data is None:
        report(letter, "the card has no side " + letter.upper())
        return Side(number, letter)
    if not isinstance(data, dict):
        report(letter, "a side must be a table")
        return Side(number, letter)
    for key in sorted(set(data) - {"story", "stop", "instructions"}):
        report(f"{letter}.{key}", "unknown field on a side (story, stop, instructions)")
    story = _text(data["story"], f"{letter}.story", report) if "story" in data else None
    stop = _stop(data["stop"], f"{letter}.stop", report) if "stop" in data else None
    instructions = []
    raw = data.get("instructions", [])
    if not isinstance(raw, list):
        report(f"{letter}.instructions", "must be a list of instructions")
        raw = []
    for index, item in enumerate(raw):
        instruction = _instruction(item, f"{letter}.instructions[{index}]", report)
        if instruction is not None:
            instructions.append(instruction)
    return Side(number, letter, story, stop, tuple(instructions))


def _stop(data: Any, field: str, report: _Reporter) -> Stop | None:
    if not isinstance(data, dict) or not _one_of(data.get("moment"), MOMENTS):
        report(f"{field}.moment", f"a STOP needs a moment, one of: {', '.join(MOMENTS)}")
        return None
    moment = data["moment"]
    game = data.get("game", 0)
    if moment != "before_campaign" and (not _int(game) or game < 1):
        report(f"{field}.game", f"a STOP {moment} needs the game number (1 to 999)")
        return None
    event = data.get("event", "")
    if moment == "event" and not _one_of(event, EVENTS):
        report(f"{field}.event", f"unknown event {event!r} (known: {', '.join(EVENTS)})")
        return None
    return Stop(moment, game if moment != "before_campaign" else 0, event)


def _instruction(data: Any, field: str, report: _Reporter) -> Instruction | None:
    if not isinstance(data, dict) or not _one_of(data.get("do"), INSTRUCTIONS):
        report(f"{field}.do", f"unknown instruction (known: {', '.join(INSTRUCTIONS)})")
        return None
    schema = INSTRUCTIONS[data["do"]]
    allowed = {key.rstrip("?") for key in schema} | {"do"}
    ok = True
    for key in sorted(set(data) - allowed):
        report(f"{field}.{key}", f"{data['do']} takes no {key!r}")
        ok = False
    for key, what in schema.items():
        name = key.rstrip("?")
        if name not in data:
            if not key.endswith("?"):
                report(f"{field}.{name}", f"{data['do']} needs {name!r}")
                ok = False
            continue
        message = _check_param(data[name], what)
        if message:
            report(f"{field}.{name}", message)
            ok = False
    if not ok:
        return None
    params = {key: value for key, value in data.items() if key != "do"}
    return Instruction(data["do"], params)


def _check_param(value: Any, what: str) -> str:
    if what == "id" and not isinstance(value, str):
        return "must be a component id"
    if what == "ids" and (
        not isinstance(value, list) or not all(isinstance(v, str) for v in value)
    ):
        return "must be a list of component ids"
    if what == "int" and not _int(value):
        return "must be a whole number from -999 to 999"
    if what == "location" and not _one_of(value, LOCATIONS):
        return f"must be one of: {', '.join(LOCATIONS)}"
    if what == "who" and not _one_of(value, TICK_WHO):
        return f"must be one of: {', '.join(TICK_WHO)}"
    if what == "colour" and not isinstance(value, str):
        return "must be a player colour"
    if what == "colour_map" and (
        not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values())
    ):
        return "must be a table {player colour = marketplace card id}"
    return ""


# -- boxes.toml -----------------------------------------------------------------------------------


def _boxes(entries: Any, problems: list[Problem], languages: tuple[str, ...]) -> dict[int, Box]:
    file = FILES["boxes"]
    result: dict[int, Box] = {}
    if not isinstance(entries, list):
        problems.append(Problem(file, "must be an array of tables", None, "box"))
        return result
    for index, entry in enumerate(entries):
        number = entry.get("number") if isinstance(entry, dict) else None
        if not _int(number) or number < 1:
            problems.append(
                Problem(
                    file, "every box needs a number from 1 to 999", None, f"box[{index}].number"
                )
            )
            continue
        field = f"box {number}"
        report = _Reporter(problems, file, languages=languages)
        if number in result:
            report(field, "box number used twice")
            continue
        for key in sorted(set(entry) - {"number", "name", "contents"}):
            report(f"{field}.{key}", "unknown field on a box (number, name, contents)")
        name = _text(entry.get("name"), f"{field}.name", report)
        contents = entry.get("contents", [])
        if not isinstance(contents, list) or not all(isinstance(c, str) for c in contents):
            report(f"{field}.contents", "must be a list of component ids")
            contents = []
        result[number] = Box(number, name or {}, tuple(contents))
    return dict(sorted(result.items()))
