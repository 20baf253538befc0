"""A deck's problems in the page's language, for the host who adds a deck.

The loader and validator stay free of Django and say each problem in English, as check_deck
prints it, often quoting the deck's own ids. Here each message an author is likely to meet has
a pattern and a translatable sentence with the same named parts; the parts (ids, numbers, the
format's vocabulary) are kept as written. A message without a pattern reads as check_deck says
it. tests/deck/test_problem_words.py checks that the patterns meet the messages they are for,
and tests/deck/test_checker_speaks_every_message.py that every message the checker has is met.

The place (file, card, the field's path) is said once: where a message names its component
again (an effect's "card 'anchor_inn': …"), the line already names it and the message does not.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from .format import Problem

_ID = r"'[^']*'"

PATTERNS = [
    (
        rf"(?P<id>{_ID}) is in mystery box (?P<box>\d+), which is not open yet",
        gettext_lazy("%(id)s is in mystery box %(box)s, which is not open yet"),
    ),
    (
        rf"(?P<id>{_ID}) is a start card, not drawn yet \(draw_start_cards first\)",
        gettext_lazy("%(id)s is a start card, not drawn yet (draw_start_cards first)"),
    ),
    (rf"(?P<id>{_ID}) was taken out of the game", gettext_lazy("%(id)s was taken out of the game")),
    (
        rf"(?P<id>{_ID}) is an? (?P<kind>\w+), not an? (?P<kinds>.+)",
        gettext_lazy("%(id)s is of the kind %(kind)s; expected: %(kinds)s"),
    ),
    (rf"unknown component id (?P<id>{_ID})", gettext_lazy("unknown component id %(id)s")),
    (r"missing translation: (?P<languages>.+)", gettext_lazy("missing translation: %(languages)s")),
    (
        r"not one of the deck's languages: (?P<languages>.+)",
        gettext_lazy("not one of the deck's languages: %(languages)s"),
    ),
    (
        r"must be a table of translations (?P<languages>\{.*\})",
        gettext_lazy("must be a table of translations %(languages)s"),
    ),
    (
        r"must list the languages the deck is written in, from: (?P<known>.+)",
        gettext_lazy("must list the languages the deck is written in, from: %(known)s"),
    ),
    (
        r"unknown instruction \(known: (?P<known>.+)\)",
        gettext_lazy("unknown instruction (known: %(known)s)"),
    ),
    (
        r"unknown kind of component \(known: (?P<known>.+)\)",
        gettext_lazy("unknown kind of component (known: %(known)s)"),
    ),
    (
        r"unknown field on a side \(story, stop, instructions\)",
        gettext_lazy("unknown field on a side (story, stop, instructions)"),
    ),
    (
        r"unknown field on a card \(a card has number, a and b\)",
        gettext_lazy("unknown field on a card (a card has number, a and b)"),
    ),
    (
        r"unknown field on a box \(number, name, contents\)",
        gettext_lazy("unknown field on a box (number, name, contents)"),
    ),
    (rf"(?P<do>\w+) takes no (?P<key>{_ID})", gettext_lazy("%(do)s takes no %(key)s")),
    (rf"(?P<do>\w+) needs (?P<key>{_ID})", gettext_lazy("%(do)s needs %(key)s")),
    (r"must be one of: (?P<known>.+)", gettext_lazy("must be one of: %(known)s")),
    (
        r"must be a whole number from -999 to 999",
        gettext_lazy("must be a whole number from -999 to 999"),
    ),
    (
        rf"unknown event (?P<event>{_ID}) \(known: (?P<known>.+)\)",
        gettext_lazy("unknown event %(event)s (known: %(known)s)"),
    ),
    (
        r"a STOP needs a moment, one of: (?P<known>.+)",
        gettext_lazy("a STOP needs a moment, one of: %(known)s"),
    ),
    (
        rf"(?:(?P<where>.+): )?unknown effect kind (?P<kind>{_ID}) \(known: (?P<known>.+)\)",
        gettext_lazy("unknown effect kind %(kind)s (known: %(known)s)"),
    ),
    (
        rf"(?:(?P<where>.+): )?unknown icon (?P<icon>{_ID})",
        gettext_lazy("unknown icon %(icon)s"),
    ),
    (
        r"(?:(?P<where>.+): )?numbers must be whole numbers from 1 to 12",
        gettext_lazy("numbers must be whole numbers from 1 to 12"),
    ),
    (
        rf"(?:(?P<where>.+): )?missing field (?P<key>{_ID})",
        gettext_lazy("missing field %(key)s"),
    ),
    (
        r"(?:(?P<where>.+): )?name lacks a translation for (?P<languages>.+)",
        gettext_lazy("name lacks a translation for %(languages)s"),
    ),
    (
        rf"a sticker cannot change (?P<key>{_ID}) \(only (?P<known>.+)\)",
        gettext_lazy("a sticker cannot change %(key)s (only %(known)s)"),
    ),
    (
        r"game (?P<game>\d+) needs (?P<wanted>\d+) new landmarks?, the deck gives (?P<given>\d+)",
        ngettext_lazy(
            "game %(game)s needs %(wanted)s new landmark, the deck gives %(given)s",
            "game %(game)s needs %(wanted)s new landmarks, the deck gives %(given)s",
            "wanted",
        ),
    ),
    (
        r"game (?P<game>\d+) needs 1 community project, the deck gives (?P<given>\d+)",
        gettext_lazy("game %(game)s needs 1 community project, the deck gives %(given)s"),
    ),
    (
        r"the archive must end with (?P<wanted>\d+) landmarks for free play, it has (?P<count>\d+)",
        gettext_lazy(
            "the archive must end with %(wanted)s landmarks for free play, it has %(count)s"
        ),
    ),
    (r"the deck never opens this box", gettext_lazy("the deck never opens this box")),
    (
        r"the pile needs (?P<low>\d+) to (?P<high>\d+) copies",
        gettext_lazy("the pile needs %(low)s to %(high)s copies"),
    ),
    (
        r"an island needs its space on the track \((?P<low>\d+) to (?P<high>\d+)\)",
        gettext_lazy("an island needs its space on the track (%(low)s to %(high)s)"),
    ),
    (
        r"a track needs a length of (?P<low>\d+) to (?P<high>\d+) spaces",
        gettext_lazy("a track needs a length of %(low)s to %(high)s spaces"),
    ),
    (
        r"(?:(?P<where>.+): )?(?P<field>[\w.]+) must be a whole number from (?P<low>-?\d+) to "
        r"(?P<high>-?\d+)",
        gettext_lazy("%(field)s must be a whole number from %(low)s to %(high)s"),
    ),
    (
        r"every box needs a number from (?P<low>\d+) to (?P<high>\d+)",
        gettext_lazy("every box needs a number from %(low)s to %(high)s"),
    ),
    (
        r"a STOP (?P<moment>\w+) needs the game number \((?P<low>\d+) to (?P<high>\d+)\)",
        gettext_lazy("a STOP %(moment)s needs the game number (%(low)s to %(high)s)"),
    ),
    (
        r"must be a whole number from (?P<low>-?\d+) to (?P<high>-?\d+)",
        gettext_lazy("must be a whole number from %(low)s to %(high)s"),
    ),
    (r"starts with an empty market", gettext_lazy("starts with an empty market")),
    (r"starts without a community project", gettext_lazy("starts without a community project")),
    (
        r"the first side must be a STOP \(before_campaign\)",
        gettext_lazy("the first side must be a STOP (before_campaign)"),
    ),
    (
        r"too large: more than (?P<limit>[\d,]+) bytes",
        gettext_lazy("too large: more than %(limit)s bytes"),
    ),
    (r"not UTF-8 text \(byte (?P<byte>\d+)\)", gettext_lazy("not UTF-8 text (byte %(byte)s)")),
    (
        r"nested too deeply: more than (?P<limit>\d+) levels",
        gettext_lazy("nested too deeply: more than %(limit)s levels"),
    ),
    (r"not valid TOML: (?P<error>.+)", gettext_lazy("not valid TOML: %(error)s")),
    (
        r"a dotted key or table name of more than (?P<limit>\d+) parts",
        gettext_lazy("a dotted key or table name of more than %(limit)s parts"),
    ),
    (
        r"more than (?P<limit>\d+) keys, tables and lists in one file",
        gettext_lazy("more than %(limit)s keys, tables and lists in one file"),
    ),
    (r"more than (?P<limit>\d+) cards", gettext_lazy("more than %(limit)s cards")),
    (r"more than (?P<limit>\d+) boxes", gettext_lazy("more than %(limit)s boxes")),
    (r"more than (?P<limit>\d+) components", gettext_lazy("more than %(limit)s components")),
    (
        r"text longer than (?P<limit>\d+) characters",
        gettext_lazy("text longer than %(limit)s characters"),
    ),
    (
        r"list longer than (?P<limit>\d+) entries",
        gettext_lazy("list longer than %(limit)s entries"),
    ),
    (r"file not found", gettext_lazy("file not found")),
    (r"unknown field", gettext_lazy("unknown field")),
    (r"unknown setting", gettext_lazy("unknown setting")),
    (r"must be a table", gettext_lazy("must be a table")),
    (r"must be an array of tables", gettext_lazy("must be an array of tables")),
    (
        r"every component needs a snake_case id",
        gettext_lazy("every component needs a snake_case id"),
    ),
    (
        r"id used twice \(ids are unique across all kinds\)",
        gettext_lazy("id used twice (ids are unique across all kinds)"),
    ),
    (r"the deck has no cards", gettext_lazy("the deck has no cards")),
    (
        r"every card needs a number from 1 to 999",
        gettext_lazy("every card needs a number from 1 to 999"),
    ),
    (r"number used twice", gettext_lazy("number used twice")),
    (
        r"cards are not in order of their numbers",
        gettext_lazy("cards are not in order of their numbers"),
    ),
    (r"numbering gap: there is no such card", gettext_lazy("numbering gap: there is no such card")),
    (r"must be a list of component ids", gettext_lazy("must be a list of component ids")),
    (r"must be a list of ids", gettext_lazy("must be a list of ids")),
    (
        r"must be a list of whole numbers from 0 to 999",
        gettext_lazy("must be a list of whole numbers from 0 to 999"),
    ),
    (r"must be a whole number from 0 to 999", gettext_lazy("must be a whole number from 0 to 999")),
    (
        r"a rule card needs the engine's rule id",
        gettext_lazy("a rule card needs the engine's rule id"),
    ),
    (
        r"must name the deck with a snake_case id of at most 40 characters",
        gettext_lazy("must name the deck with a snake_case id of at most 40 characters"),
    ),
    # the checks of the whole campaign (validate.py): what a group's own deck meets first
    (
        r"starts with (?P<count>\d+) landmarks on the tableau, not (?P<slots>\d+)",
        ngettext_lazy(
            "starts with %(count)s landmark on the tableau instead of %(slots)s",
            "starts with %(count)s landmarks on the tableau instead of %(slots)s",
            "count",
        ),
    ),
    (
        rf"(?P<kind>\w+) (?P<id>{_ID}) ends (?P<place>.+); free play needs it (?P<needs>.+)",
        gettext_lazy("%(kind)s %(id)s ends %(place)s; free play needs it %(needs)s"),
        {"place": "place", "needs": "place"},
    ),
    (
        rf"double-sided (?P<id>{_ID}) is never presented by a double_sided instruction, "
        r"so no side is ever chosen for free play",
        gettext_lazy(
            "double-sided %(id)s is never presented by a double_sided instruction, so no side "
            "is ever chosen for free play"
        ),
    ),
    (
        r"the (?P<colour>\w+) bag ends with (?P<held>\d+) marketplace cards; "
        r"free play picks (?P<picks>\d+)",
        ngettext_lazy(
            "the %(colour)s bag ends with %(held)s marketplace card; free play picks %(picks)s",
            "the %(colour)s bag ends with %(held)s marketplace cards; free play picks %(picks)s",
            "held",
        ),
    ),
    (
        rf"free play keeps (?P<rule>\w+) but the turn-overview card in play does not show "
        rf"(?P<action>{_ID})",
        gettext_lazy(
            "free play keeps %(rule)s, but the turn-overview card in play does not show %(action)s"
        ),
    ),
    (
        rf"plays (?P<rule>\w+) but the turn-overview card in play does not show (?P<action>{_ID})",
        gettext_lazy("plays %(rule)s, but the turn-overview card in play does not show %(action)s"),
    ),
    (
        r"landmarks or projects given after the last game are never played",
        gettext_lazy("landmarks or projects given after the last game are never played"),
    ),
    (
        r"plays the expedition without islands on the table",
        gettext_lazy("plays the expedition without islands on the table"),
    ),
    (
        r"plays the expedition with (?P<count>\d+) tracks on the table, not 1",
        gettext_lazy("plays the expedition with %(count)s tracks on the table instead of 1"),
    ),
    (
        r"plays the expedition without boats for (?P<colours>.+)",
        gettext_lazy("plays the expedition without boats for %(colours)s"),
    ),
    (
        r"the archive must end with a community project allowed in free play",
        gettext_lazy("the archive must end with a community project allowed in free play"),
    ),
    (
        r"two islands on the table share a space",
        gettext_lazy("two islands on the table share a space"),
    ),
    (
        rf"card id (?P<id>{_ID}) is defined twice, differently",
        gettext_lazy("card id %(id)s is defined twice, differently"),
    ),
    (
        rf"island (?P<id>{_ID}) must end in the archive for free play",
        gettext_lazy("island %(id)s must end in the archive for free play"),
    ),
    (
        rf"island (?P<id>{_ID}) lies beyond the track's (?P<length>\d+) spaces",
        gettext_lazy("island %(id)s lies beyond the end of the track (%(length)s spaces)"),
    ),
    (
        r"missing STOP: the deck never says (?P<stop>.+)",
        gettext_lazy("missing STOP: the deck never says “%(stop)s”"),
        {"stop": "stop"},
    ),
    (
        r"missing STOP: (?P<stop>.+) comes before this one",
        gettext_lazy("missing STOP: “%(stop)s” comes before this one"),
        {"stop": "stop"},
    ),
    (
        rf"rule id (?P<id>{_ID}) is not implemented by the engine",
        gettext_lazy("rule id %(id)s is not implemented by the engine"),
    ),
    (
        r"the campaign has (?P<boxes>\d+) mystery boxes numbered from 1, not (?P<numbers>.+)",
        gettext_lazy("the campaign has %(boxes)s mystery boxes numbered from 1, not %(numbers)s"),
    ),
    (
        rf"the rule card for (?P<rule>{_ID}) must end in the archive for free play",
        gettext_lazy("the rule card for %(rule)s must end in the archive for free play"),
    ),
    (rf"unknown establishment (?P<id>{_ID})", gettext_lazy("unknown establishment %(id)s")),
    (
        r"unreachable STOP: (?P<stop>.+) is not inside game (?P<game>\d+)",
        gettext_lazy("unreachable STOP: “%(stop)s” is not inside game %(game)s"),
        {"stop": "stop"},
    ),
    (
        r"unreachable STOP: (?P<stop>.+) is out of order or repeated",
        gettext_lazy("unreachable STOP: “%(stop)s” is out of order or repeated"),
        {"stop": "stop"},
    ),
    (
        r"after game (?P<game>\d+): needs 1 double-sided establishment \(one pile\), "
        r"it gives (?P<given>\d+)",
        gettext_lazy(
            "after game %(game)s: needs 1 double-sided establishment (one pile), it gives %(given)s"
        ),
    ),
    (
        r"after game (?P<game>\d+): needs 1 (?P<do>double_sided|marketplace_cards) instruction, "
        r"the deck has (?P<count>\d+)",
        gettext_lazy("after game %(game)s: needs 1 %(do)s instruction, the deck has %(count)s"),
    ),
    (
        r"after game (?P<game>\d+): needs (?P<wanted>\d+) marketplace cards, one per colour; "
        r"missing (?P<missing>.+)",
        gettext_lazy(
            "after game %(game)s: needs %(wanted)s marketplace cards, one per colour; "
            "missing: %(missing)s"
        ),
    ),
    (
        rf"after game (?P<game>\d+): (?P<id>{_ID}) needs (?P<wanted>\d+) copies \(one pile\), "
        r"it has (?P<copies>\d+)",
        gettext_lazy(
            "after game %(game)s: %(id)s needs %(wanted)s copies (one pile), it has %(copies)s"
        ),
    ),
    (
        rf"(?P<id>{_ID}) is a start card, it cannot be in a box",
        gettext_lazy("%(id)s is a start card, it cannot be in a box"),
    ),
    (
        rf"(?P<id>{_ID}) is in box (?P<box>\d+) already",
        gettext_lazy("%(id)s is in box %(box)s already"),
    ),
    (
        rf"(?P<id>{_ID}) must be in the market or archive at the end \(free play removes it\)",
        gettext_lazy("%(id)s must end in the market or the archive (free play removes it)"),
    ),
    (
        rf"(?P<colour>{_ID}) is not a player colour \((?P<known>.+)\)",
        gettext_lazy("%(colour)s is not a player colour (%(known)s)"),
    ),
    # a card, landmark, project or island of the deck's own (play/engine/cards.py)
    (
        rf"(?:(?P<where>.+): )?field (?P<key>{_ID}) must be (?P<type>int|str|list|dict), "
        r"not (?P<value>.+)",
        gettext_lazy("field %(key)s must be %(type)s, not %(value)s"),
        {"type": "type"},
    ),
    (
        r"(?:(?P<where>.+): )?a name is at most (?P<limit>\d+) characters",
        gettext_lazy("a name is at most %(limit)s characters"),
    ),
    (
        r"(?:(?P<where>.+): )?effect must be a table with a 'kind'",
        gettext_lazy("effect must be a table with a 'kind'"),
    ),
    (
        rf"(?:(?P<where>.+): )?effect (?P<kind>{_ID}) takes no (?P<keys>.+)",
        gettext_lazy("effect %(kind)s takes no %(keys)s"),
    ),
    (
        rf"(?:(?P<where>.+): )?effect (?P<kind>{_ID}) needs (?P<key>{_ID})",
        gettext_lazy("effect %(kind)s needs %(key)s"),
    ),
    (
        rf"(?:(?P<where>.+): )?unknown colour (?P<colour>{_ID})",
        gettext_lazy("unknown colour %(colour)s"),
    ),
    (
        r"a (?P<what>card|landmark|community project|island) must be a table, not (?P<value>.+)",
        gettext_lazy("a %(what)s must be a table, not %(value)s"),
        {"what": "kind"},
    ),
    (
        rf"(?P<what>card|landmark|community project|island) (?P<id>{_ID}): ids are snake_case",
        gettext_lazy("%(what)s %(id)s: ids are snake_case"),
        {"what": "kind"},
    ),
    (
        r"(?:(?P<where>.+): )?each number is named once",
        gettext_lazy("each number is named once"),
    ),
    (
        r"(?:(?P<where>.+): )?an establishment needs at least one number",
        gettext_lazy("an establishment needs at least one number"),
    ),
    (
        r"(?:(?P<where>.+): )?a special card is never rolled for, so it has no numbers",
        gettext_lazy("a special card is never rolled for, so it has no numbers"),
    ),
    (
        rf"(?:(?P<where>.+): )?a (?P<colour>\w+) card cannot have the effect (?P<effect>{_ID}) "
        r"\(a \w+ card's effect is one of: (?P<fitting>.+)\)",
        gettext_lazy(
            "a %(colour)s card cannot have the effect %(effect)s (its effect is one of: "
            "%(fitting)s)"
        ),
    ),
    (r"(?:(?P<where>.+): )?letter must be text", gettext_lazy("letter must be text")),
    # the reading of the three files (loader.py)
    (
        r"a double-sided establishment needs both sides",
        gettext_lazy("a double-sided establishment needs both sides"),
    ),
    (
        r"a landmark needs a letter \(its place on the tableau\)",
        gettext_lazy("a landmark needs a letter (its place on the tableau)"),
    ),
    (
        r"a marketplace card names the establishment it is",
        gettext_lazy("a marketplace card names the establishment it is"),
    ),
    (r"a side must be a table", gettext_lazy("a side must be a table")),
    (r"box number used twice", gettext_lazy("box number used twice")),
    (r"each side needs its own card id", gettext_lazy("each side needs its own card id")),
    (r"must be a list of instructions", gettext_lazy("must be a list of instructions")),
    (r"must be a text: who wrote the deck", gettext_lazy("must be a text: who wrote the deck")),
    (
        r"needs the player colour it belongs to",
        gettext_lazy("needs the player colour it belongs to"),
    ),
    (
        r"numbers must be a list of whole numbers from 1 to 12",
        gettext_lazy("numbers must be a list of whole numbers from 1 to 12"),
    ),
    (r"the card has no side (?P<side>[AB])", gettext_lazy("the card has no side %(side)s")),
    (
        r"a sticker changes exactly one of: (?P<known>.+)",
        gettext_lazy("a sticker changes exactly one of: %(known)s"),
    ),
    (
        r"must be a list of action types \((?P<known>.+)\)",
        gettext_lazy("must be a list of action types (%(known)s)"),
    ),
    (
        r"name in a language the deck is not written in: (?P<languages>.+)",
        gettext_lazy("name in a language the deck is not written in: %(languages)s"),
    ),
]

# The phrases the checker puts inside its sentences: where a component lies, when a STOP is.
PLACES = {
    "among the start cards, never drawn": gettext_lazy("among the start cards, never drawn"),
    "never given by the deck": gettext_lazy("never given by the deck"),
    "in the reserve": gettext_lazy("in the reserve"),
    "on the tableau": gettext_lazy("on the tableau"),
    "the community project": gettext_lazy("as the community project"),
    "in the rule stack": gettext_lazy("in the rule stack"),
    "stuck on a card": gettext_lazy("stuck on a card"),
    "in the market": gettext_lazy("in the market"),
    "in the archive": gettext_lazy("in the archive"),
    "on the table": gettext_lazy("on the table"),
    "in its colour's bag": gettext_lazy("in its colour's bag"),
}
_BAG = re.compile(r"in the (?P<colour>\w+) bag")
_STOPS = [
    (re.compile(r"before the campaign"), gettext_lazy("before the campaign")),
    (
        re.compile(r"when (?P<event>\w+) happens in game (?P<game>\d+)"),
        gettext_lazy("when %(event)s happens in game %(game)s"),
    ),
    (re.compile(r"before game (?P<game>\d+)"), gettext_lazy("before game %(game)s")),
    (re.compile(r"after game (?P<game>\d+)"), gettext_lazy("after game %(game)s")),
]
# The field's first step, where it is a place and not a name from the file
_FIELD_PLACES = [
    (re.compile(r"chapter (?P<number>\d+)"), gettext_lazy("chapter %(number)s")),
    (re.compile(r"game (?P<number>\d+)"), gettext_lazy("game %(number)s")),
    (re.compile(r"box (?P<number>\d+)"), gettext_lazy("box %(number)s")),
    (re.compile(r"end"), gettext_lazy("end of the campaign")),
]
_FIELD_HEAD = re.compile(
    r"(?P<head>chapter \d+|game \d+|box \d+|end)(?P<rest>(?:\..*)?)", re.DOTALL
)
_NAMED = re.compile(r"(?P<kind>card|landmark|community project|island) (?P<id>'[^']*')")


def _place(words: str) -> str:
    parts = []
    for part in words.split(" or "):
        bag = _BAG.fullmatch(part)
        if bag:
            parts.append(_("in the %(colour)s bag") % bag.groupdict())
        else:
            parts.append(str(PLACES[part]) if part in PLACES else part)
    return _(" or ").join(parts) if len(parts) > 1 else parts[0]


def _stop(words: str) -> str:
    for pattern, sentence in _STOPS:
        found = pattern.fullmatch(words)
        if found:
            return str(sentence) % found.groupdict() if found.groupdict() else str(sentence)
    return words


TYPES = {
    "int": gettext_lazy("a whole number"),
    "str": gettext_lazy("a text"),
    "list": gettext_lazy("a list"),
    "dict": gettext_lazy("a table"),
}
KINDS = {
    "card": gettext_lazy("card"),
    "landmark": gettext_lazy("landmark"),
    "community project": gettext_lazy("community project"),
    "island": gettext_lazy("island"),
}


def _type(words: str) -> str:
    return str(TYPES.get(words, words))


def _kind(words: str) -> str:
    return str(KINDS.get(words, words))


_PHRASES = {"place": _place, "stop": _stop, "type": _type, "kind": _kind}
_COMPILED = [
    (re.compile(entry[0], re.DOTALL), entry[1], entry[2] if len(entry) > 2 else {})
    for entry in PATTERNS
]


def _number(value: str | None) -> int | str | None:
    return int(value) if value and value.isdigit() else value


def message_words(message: str, place: str = "") -> str:
    """A checker's message in the active language, where a pattern knows it; without the
    component it names first when `place` (the line's field) names that one already."""
    for pattern, sentence, phrases in _COMPILED:
        found = pattern.fullmatch(message)
        if not found:
            continue
        parts = {key: _number(value) for key, value in found.groupdict().items()}
        where = parts.pop("where", None)
        for key, kind in phrases.items():
            parts[key] = _PHRASES[kind](parts[key])
        words = str(sentence % parts) if parts else str(sentence)
        if where is None or _names_it(place, where):
            return words
        named = _NAMED.fullmatch(where)
        if named:
            where = f"{_kind(named['kind'])} {named['id']}"
        return f"{where}: {words}"
    return message


def _names_it(place: str, where: str) -> bool:
    """Whether the line's place names the component a message names first."""
    named = re.search(r"'[^']*'", where)
    return bool(place) and named is not None and named.group(0) in place


def field_words(field: str) -> str:
    """A field's path, its first step worded where it is a place (a chapter, a game, a box, the
    campaign's end); the rest is the file's own names, kept as written."""
    found = _FIELD_HEAD.fullmatch(field)
    if not found:
        return field
    for pattern, words in _FIELD_PLACES:
        head = pattern.fullmatch(found["head"])
        if head:
            worded = str(words) % head.groupdict() if head.groupdict() else str(words)
            return worded + found["rest"]
    return field


def problem_words(problem: Problem) -> str:
    """One problem of the deck as a line: where (file, card, field) and what, the place once."""
    message = message_words(problem.message, problem.field or "")
    field = field_words(problem.field) if problem.field else ""
    if problem.card is not None and field:
        return _("%(file)s, card %(card)s, %(field)s: %(message)s") % {
            "file": problem.file,
            "card": problem.card,
            "field": field,
            "message": message,
        }
    if problem.card is not None:
        return _("%(file)s, card %(card)s: %(message)s") % {
            "file": problem.file,
            "card": problem.card,
            "message": message,
        }
    if field:
        return f"{problem.file}, {field}: {message}"
    return f"{problem.file}: {message}"
