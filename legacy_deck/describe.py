"""Every deck instruction in words, for the screens, in the active Django language.

    describe(deck, instruction)  # "Open mystery box 2."
    describe_side(deck, side)    # one sentence per instruction on a side, in order

A sentence says what the instruction names and nothing more: the components by their names in
the deck's name tables (in the active language), never what a later card will do with them.
"""

from __future__ import annotations

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from play.engine.catalog import CARDS

from .format import LANGUAGES, Deck, Instruction, Side

# The player colours of our deck; a group's own colour is shown as it is written.
COLOUR_NAMES = {
    "yellow": gettext_lazy("yellow"),
    "orange": gettext_lazy("orange"),
    "pink": gettext_lazy("pink"),
    "teal": gettext_lazy("teal"),
}


def language() -> str:
    code = (get_language() or "en")[:2]
    return code if code in LANGUAGES else "en"


def colour_name(colour: str) -> str:
    return str(COLOUR_NAMES.get(colour, colour))


def name_of(deck: Deck, ident: str) -> str:
    """A component's or card's name in the active language; the id itself if the deck has none."""
    lang = language()
    component = deck.components.get(ident)
    if component is not None:
        if component.kind == "marketplace" and not component.name:
            return name_of(deck, component.establishment)
        if component.name:
            return component.name[lang]
    for component in deck.components.values():
        for card in component.sides or ():
            if card.id == ident:
                return card.name[lang]
    if ident in CARDS:
        return CARDS[ident].name[lang]
    return ident


def _names(deck: Deck, idents) -> str:
    return ", ".join(name_of(deck, ident) for ident in idents)


def describe(deck: Deck, instruction: Instruction) -> str:
    """One instruction in words."""
    return _SENTENCES[instruction.do](deck, instruction)  # the loader admits no other kind


def describe_side(deck: Deck, side: Side) -> list[str]:
    """Every instruction of a side in words, in the order they are carried out."""
    return [describe(deck, instruction) for instruction in side.instructions]


def _draw_start_cards(deck: Deck, instruction: Instruction) -> str:
    return _(
        "Draw the start cards: the marketplace cards go into their colour's bag, "
        "everything else into the reserve."
    )


def _add_to_market(deck: Deck, instruction: Instruction) -> str:
    return _("Add to the market: %(names)s.") % {"names": _names(deck, instruction["cards"])}


def _move(deck: Deck, instruction: Instruction) -> str:
    names = _names(deck, instruction["components"])
    to = instruction["to"]
    if to == "bag":
        return _("Put in the %(colour)s bag: %(names)s.") % {
            "colour": colour_name(instruction.get("colour", "")),
            "names": names,
        }
    sentence = {
        "reserve": _("Put in the reserve: %(names)s."),
        "archive": _("Put in the archive: %(names)s."),
        "table": _("Set out on the table, from now on at every game: %(names)s."),
        "out": _("Take out of the game for good: %(names)s."),
    }[to]  # the loader admits no other place
    return sentence % {"names": names}


def _open_box(deck: Deck, instruction: Instruction) -> str:
    return _("Open mystery box %(number)s.") % {"number": instruction["box"]}


def _add_rule(deck: Deck, instruction: Instruction) -> str:
    # quoted: a rule's name may begin with an article ("The Expedition")
    return _("Add the rule card “%(name)s” to the rule stack.") % {
        "name": name_of(deck, instruction["rule"])
    }


def _replace_turn_overview(deck: Deck, instruction: Instruction) -> str:
    values = {"name": name_of(deck, instruction["card"])}
    if instruction is _first_turn_overview(deck):  # there is none before it to put away
        return _("Turn overview card from now on: %(name)s.") % values
    return _("Turn overview card from now on: %(name)s (the previous one goes to the archive).") % (
        values
    )


def _first_turn_overview(deck: Deck) -> Instruction | None:
    for side in deck.sides():
        for instruction in side.instructions:
            if instruction.do == "replace_turn_overview":
                return instruction
    return None


def _marketplace_cards(deck: Deck, instruction: Instruction) -> str:
    cards = instruction["cards"]
    names = {colour: name_of(deck, ident) for colour, ident in cards.items()}
    if len(set(names.values())) == 1:
        return _("A new marketplace card into each colour's bag: %(name)s.") % {
            "name": next(iter(names.values()))
        }
    given = ", ".join(
        _("%(name)s into the %(colour)s bag") % {"name": name, "colour": colour_name(colour)}
        for colour, name in names.items()
    )
    return _("New marketplace cards: %(given)s.") % {"given": given}


def _double_sided(deck: Deck, instruction: Instruction) -> str:
    sentences = []
    for ident in instruction["cards"]:
        component = deck.components.get(ident)
        copies = component.copies if component is not None else 1
        sentences.append(
            ngettext(
                "A new market pile: %(count)d copy of the double-sided establishment %(name)s. "
                "The winner chooses its side, for good.",
                "A new market pile: %(count)d copies of the double-sided establishment "
                "%(name)s. The winner chooses one side for all of them, for good.",
                copies,
            )
            % {"count": copies, "name": name_of(deck, ident)}
        )
    return " ".join(sentences)


def _new_landmark(deck: Deck, instruction: Instruction) -> str:
    return _("New landmark: %(name)s.") % {"name": name_of(deck, instruction["landmark"])}


def _community_project(deck: Deck, instruction: Instruction) -> str:
    # a colon, not "is": German and Dutch names need an article of their own gender
    return _("This game's community project: %(name)s.") % {
        "name": name_of(deck, instruction["project"])
    }


def _sticker(deck: Deck, instruction: Instruction) -> str:
    # quoted: a sticker's name reads like words of the sentence ("Fresh Paint")
    return _("Stick the sticker “%(sticker)s” on %(card)s.") % {
        "sticker": name_of(deck, instruction["sticker"]),
        "card": name_of(deck, instruction["card"]),
    }


def _tick_circles(deck: Deck, instruction: Instruction) -> str:
    count = instruction.get("count", 1)
    sentence = {
        "all": ngettext("Everyone ticks a circle.", "Everyone ticks %(count)d circles.", count),
        "winner": ngettext(
            "The winner ticks a circle.", "The winner ticks %(count)d circles.", count
        ),
        "all_but_winner": ngettext(
            "Everyone but the winner ticks a circle.",
            "Everyone but the winner ticks %(count)d circles.",
            count,
        ),
        "with_flag": ngettext(
            "Everyone with a flag on the community project ticks a circle.",
            "Everyone with a flag on the community project ticks %(count)d circles.",
            count,
        ),
        "without_flag": ngettext(
            "Everyone without a flag on the community project ticks a circle.",
            "Everyone without a flag on the community project ticks %(count)d circles.",
            count,
        ),
    }[instruction["who"]]
    return sentence % {"count": count}


_SENTENCES = {
    "draw_start_cards": _draw_start_cards,
    "add_to_market": _add_to_market,
    "move": _move,
    "open_box": _open_box,
    "add_rule": _add_rule,
    "replace_turn_overview": _replace_turn_overview,
    "marketplace_cards": _marketplace_cards,
    "double_sided": _double_sided,
    "new_landmark": _new_landmark,
    "community_project": _community_project,
    "sticker": _sticker,
    "tick_circles": _tick_circles,
}
