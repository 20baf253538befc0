"""The deck's words in the page's language: component names, story text, what an instruction says.

Every screen that shows deck content takes its words from here; what an instruction says comes
from the deck's own `legacy_deck/describe.py`. Nothing here decides what may be shown: callers
pass only what the table has read.
"""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from legacy_deck.describe import describe
from legacy_deck.format import LANGUAGES, Deck, Instruction
from play import describe as play_describe
from play.engine.catalog import CARDS, LANDMARKS


def language() -> str:
    code = (get_language() or "en")[:2]
    return code if code in LANGUAGES else "en"


def localised(words: dict | None) -> str:
    """One entry of a {en, de, nl} dict in the page's language (English if it lacks it)."""
    if not words:
        return ""
    return words.get(language()) or words.get("en") or next(iter(words.values()), "")


def colour_name(colour: str) -> str:
    return {
        "yellow": _("yellow"),
        "orange": _("orange"),
        "pink": _("pink"),
        "teal": _("teal"),
    }.get(colour, colour)


def component_name(deck: Deck, cid: str, choices: dict[str, str] | None = None) -> str:
    """What the table calls a component: its name, a marketplace card's establishment, a
    double-sided pile's chosen side (both sides' names before the choice)."""
    component = deck.components.get(cid)
    if component is None:
        card = CARDS.get(cid) or LANDMARKS.get(cid)
        return localised(card.name) if card else cid
    if component.kind == "marketplace":
        return component_name(deck, component.establishment)
    if component.kind == "double_sided" and component.sides:
        side = (choices or {}).get(cid)
        a, b = component.sides
        if side == "a":
            return localised(a.name)
        if side == "b":
            return localised(b.name)
        return f"{localised(a.name)} / {localised(b.name)}"
    if component.name:
        return localised(component.name)
    if component.card is not None:
        return localised(component.card.name)
    return cid


def names(deck: Deck, cids, choices=None) -> str:
    return ", ".join(component_name(deck, cid, choices) for cid in cids)


def card_summary(card) -> dict:
    """One establishment's face (a CardDef) in words: for the side choice and the bag."""
    return {
        "id": card.id,
        "name": localised(card.name),
        "colour": card.colour,
        "colour_name": str(play_describe.COLOUR_NAMES.get(card.colour, card.colour)),
        "icon": play_describe.icon_class(card.icon),
        "cost": card.cost,
        "numbers": play_describe.numbers_text(card.numbers),
        "effect": play_describe.effect_text(card.effect),
    }


def establishment_card(deck: Deck, eid: str):
    component = deck.components.get(eid)
    if component is not None and component.card is not None:
        return component.card
    return CARDS.get(eid)


def chapter_title(story: dict | None) -> str:
    """A chapter's title: the first sentence of the side that opens it ("Chapter 2 - …")."""
    text = localised(story)
    return text.split(". ", 1)[0].strip() if text else ""


def describe_instruction(deck: Deck, instruction: Instruction) -> str:
    """What a read instruction tells the table to do, in one sentence: the deck's own words."""
    return describe(deck, instruction)


def _author(author: str | dict) -> str:
    """A name as written, or words ("the Machi Koro Legacy app") in the page's language."""
    return localised(author) if isinstance(author, dict) else author


def cover_words(box_back: dict, rounds: dict | None = None) -> dict:
    """A deck's card before its campaign begins, in the page's language, from its
    Deck.box_back(): its cover and how large it is, nothing of its content."""
    from django.utils.translation import get_language_info

    median = sorted((rounds or {}).values())
    return {
        "title": localised(box_back["title"]) or box_back["id"],
        "blurb": localised(box_back["blurb"]),
        "author": _author(box_back["author"]),
        "games": box_back["games"],
        "most_mayors": box_back["most_mayors"],
        "languages": [get_language_info(code)["name_translated"] for code in box_back["languages"]],
        "about_rounds": round(median[len(median) // 2]) if median else None,
    }
