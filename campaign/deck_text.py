"""The deck's words in the page's language: component names, story text, what an instruction says.

Every screen that shows deck content takes its words from here, so the day the deck's own
`legacy_deck/describe.py` exists, `describe_instruction` becomes a call to it and nothing else
changes. Nothing here decides what may be shown: callers pass only what the table has read.
"""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from legacy_deck.format import LANGUAGES, Deck, Instruction
from play import describe as play_describe
from play.engine.catalog import CARDS, LANDMARKS

COLOUR_HEX = {"yellow": "#e0b000", "orange": "#f07f16", "pink": "#e0559a", "teal": "#159a9c"}


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


WHO_TICKS = {
    "all": lambda: _("every mayor ticks a circle"),
    "winner": lambda: _("the winner ticks a circle"),
    "all_but_winner": lambda: _("every mayor but the winner ticks a circle"),
    "with_flag": lambda: _("every mayor with a flag on the community project ticks a circle"),
    "without_flag": lambda: _("every mayor without a flag ticks a circle"),
}

PLACES = {
    "reserve": lambda: _("the reserve"),
    "archive": lambda: _("the archive"),
    "bag": lambda: _("a bag"),
    "table": lambda: _("the table"),
    "out": lambda: _("out of the game"),
}


def describe_instruction(deck: Deck, instruction: Instruction, choices=None) -> str:
    """What a read instruction tells the table to do, in one sentence."""
    do = instruction.do
    if do == "draw_start_cards":
        return _("Take the start cards.")
    if do == "add_to_market":
        return _("Into the market: %(cards)s.") % {"cards": names(deck, instruction["cards"])}
    if do == "move":
        where = PLACES.get(instruction["to"], lambda: instruction["to"])()
        return _("%(cards)s go to %(place)s.") % {
            "cards": names(deck, instruction["components"], choices),
            "place": where,
        }
    if do == "open_box":
        return _("Open mystery box %(number)s.") % {"number": instruction["box"]}
    if do == "add_rule":
        return _("The rule card “%(rule)s” goes onto the rule stack.") % {
            "rule": component_name(deck, instruction["rule"])
        }
    if do == "replace_turn_overview":
        return _("Use the turn overview card “%(card)s” from now on.") % {
            "card": component_name(deck, instruction["card"])
        }
    if do == "marketplace_cards":
        cards = instruction["cards"]
        first = next(iter(cards.values()), "")
        return _("New marketplace cards, one in each colour: %(card)s.") % {
            "card": component_name(deck, first)
        }
    if do == "double_sided":
        return _("New double-sided establishments: %(cards)s; the winner chooses the side.") % {
            "cards": names(deck, instruction["cards"], choices)
        }
    if do == "new_landmark":
        return _("New landmark: %(landmark)s.") % {
            "landmark": component_name(deck, instruction["landmark"])
        }
    if do == "community_project":
        return _("Community project: %(project)s.") % {
            "project": component_name(deck, instruction["project"])
        }
    if do == "sticker":
        sticker = deck.components.get(instruction["sticker"])
        change = play_describe.sticker_text(sticker.change) if sticker and sticker.change else ""
        return _("Stick “%(sticker)s” onto %(card)s (%(change)s).") % {
            "sticker": component_name(deck, instruction["sticker"]),
            "card": component_name(deck, instruction["card"]),
            "change": change,
        }
    if do == "tick_circles":
        who = WHO_TICKS.get(instruction["who"], lambda: instruction["who"])()
        count = instruction.get("count", 1)
        if count > 1:
            return _("Tick circles: %(who)s (%(count)s each).") % {"who": who, "count": count}
        return _("Tick circles: %(who)s.") % {"who": who}
    return do.replace("_", " ")
