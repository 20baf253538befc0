"""A deck's problems in the page's language, for the host who adds a deck.

The loader and validator stay free of Django and say each problem in English, as check_deck
prints it, often quoting the deck's own ids. Here each message an author is likely to meet has
a pattern and a translatable sentence with the same named parts; the parts (ids, numbers, the
format's vocabulary) are kept as written. A message without a pattern reads as check_deck says
it. tests/deck/test_problem_words.py checks that the patterns meet the messages they are for.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

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
        rf"(?P<id>{_ID}) is a (?P<kind>\w+), not a (?P<kinds>.+)",
        gettext_lazy("%(id)s is a %(kind)s, not a %(kinds)s"),
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
        rf"(?P<where>.+): unknown effect kind (?P<kind>{_ID}) \(known: (?P<known>.+)\)",
        gettext_lazy("%(where)s: unknown effect kind %(kind)s (known: %(known)s)"),
    ),
    (
        rf"(?P<where>.+): unknown icon (?P<icon>{_ID})",
        gettext_lazy("%(where)s: unknown icon %(icon)s"),
    ),
    (
        r"(?P<where>.+): numbers must be whole numbers from 1 to 12",
        gettext_lazy("%(where)s: numbers must be whole numbers from 1 to 12"),
    ),
    (
        rf"(?P<where>.+): missing field (?P<key>{_ID})",
        gettext_lazy("%(where)s: missing field %(key)s"),
    ),
    (
        r"(?P<where>.+): name lacks a translation for (?P<languages>.+)",
        gettext_lazy("%(where)s: name lacks a translation for %(languages)s"),
    ),
    (
        rf"a sticker cannot change (?P<key>{_ID}) \(only (?P<known>.+)\)",
        gettext_lazy("a sticker cannot change %(key)s (only %(known)s)"),
    ),
    (
        r"game (?P<game>\d+) needs (?P<wanted>\d+) new landmark\(s\), "
        r"the deck gives (?P<given>\d+)",
        gettext_lazy("game %(game)s needs %(wanted)s new landmark(s), the deck gives %(given)s"),
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
        r"(?P<where>.+): (?P<field>[\w.]+) must be a whole number from (?P<low>-?\d+) to "
        r"(?P<high>-?\d+)",
        gettext_lazy("%(where)s: %(field)s must be a whole number from %(low)s to %(high)s"),
    ),
    (
        r"(?P<field>cost|amount) must be a whole number from (?P<low>\d+) to (?P<high>\d+)",
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
    (
        r"more than (?P<limit>\d+) (?P<what>cards|boxes|components)",
        gettext_lazy("more than %(limit)s %(what)s"),
    ),
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
]
_COMPILED = [(re.compile(pattern, re.DOTALL), sentence) for pattern, sentence in PATTERNS]


def message_words(message: str) -> str:
    """A checker's message in the active language, where a pattern knows it."""
    for pattern, sentence in _COMPILED:
        found = pattern.fullmatch(message)
        if found:
            return str(sentence) % found.groupdict() if found.groupdict() else str(sentence)
    return message


def problem_words(problem: Problem) -> str:
    """One problem of the deck as a line: where (file, card, field) and what."""
    message = message_words(problem.message)
    if problem.card is not None and problem.field:
        return _("%(file)s, card %(card)s, %(field)s: %(message)s") % {
            "file": problem.file,
            "card": problem.card,
            "field": problem.field,
            "message": message,
        }
    if problem.card is not None:
        return _("%(file)s, card %(card)s: %(message)s") % {
            "file": problem.file,
            "card": problem.card,
            "message": message,
        }
    if problem.field:
        return f"{problem.file}, {problem.field}: {message}"
    return f"{problem.file}: {message}"
