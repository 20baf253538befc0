"""The game log in words: one function per event type, in the reader's language.

A new event type is one small function registered in NARRATORS; an event nobody narrates yet is
still shown, by its type, so a newer engine never breaks an older page.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from machikoro.names import isolated
from play.engine.table import Table


def language() -> str:
    return (get_language() or "en")[:2]


def thing_name(table: Table, ident: str | None) -> str:
    """The display name of a card, landmark, community project or island, in the current
    language; the Yōkai and the rest day (sources of coins that are no card) by their names."""
    if ident is None:
        return ""
    lang = language()
    for defs in (table.cards, table.landmarks, table.islands):
        if ident in defs:
            return defs[ident].name.get(lang) or defs[ident].name["en"]
    if table.project is not None and table.project.id == ident:
        return table.project.name.get(lang) or table.project.name["en"]
    if ident == "yokai":
        return _("the Yōkai")
    if ident == "rest_day":
        return _("the rest day")
    return ident.replace("_", " ")


class Narrator:
    """What every narration function needs: the seat names and the table."""

    def __init__(self, names: list[str], table: Table):
        self.names = names
        self.table = table

    def who(self, seat: int | None) -> str:
        if seat is None:
            return _("the bank")
        if 0 <= seat < len(self.names):
            return isolated(self.names[seat])
        return str(seat)

    def thing(self, ident: str | None) -> str:
        return thing_name(self.table, ident)

    def narrate(self, event: dict) -> str:
        narrator = NARRATORS.get(event.get("type"))
        if narrator is None:
            return _("Something happened: %(type)s.") % {"type": event.get("type", "?")}
        try:
            return narrator(self, event)
        except (KeyError, TypeError, ValueError):
            return _("Something happened: %(type)s.") % {"type": event.get("type", "?")}


def _turn(n: Narrator, event: dict) -> str:
    if event.get("extra"):
        return _("%(player)s takes an extra turn.") % {"player": n.who(event["player"])}
    return _("It is %(player)s's turn.") % {"player": n.who(event["player"])}


def _roll(n: Narrator, event: dict) -> str:
    values = {
        "player": n.who(event["player"]),
        "dice": " + ".join(str(d) for d in event["dice"]),
        "total": event["total"],
    }
    if event.get("reroll"):
        if len(event["dice"]) > 1:
            return _("%(player)s rolls again: %(dice)s = %(total)s.") % values
        return _("%(player)s rolls again: %(total)s.") % values
    if len(event["dice"]) > 1:
        return _("%(player)s rolls %(dice)s = %(total)s.") % values
    return _("%(player)s rolls %(total)s.") % values


def _keep(n: Narrator, event: dict) -> str:
    return _("%(player)s keeps the roll.") % {"player": n.who(event["player"])}


def _transfer(n: Narrator, event: dict) -> str:
    amount = event["amount"]
    if event["card"] == "yokai":
        return ngettext(
            "The Yōkai gives %(payee)s %(amount)s coin.",
            "The Yōkai gives %(payee)s %(amount)s coins.",
            amount,
        ) % {"payee": n.who(event["payee"]), "amount": amount}
    if event["card"] == "rest_day":
        return ngettext(
            "%(payee)s takes %(amount)s coin for resting.",
            "%(payee)s takes %(amount)s coins for resting.",
            amount,
        ) % {"payee": n.who(event["payee"]), "amount": amount}
    count = event.get("count", 1)
    card = n.thing(event["card"])
    if count > 1:
        card = _("%(count)s× %(card)s") % {"count": count, "card": card}
    values = {
        "payer": n.who(event["payer"]),
        "payee": n.who(event["payee"]),
        "card": card,
        "amount": amount,
        "shortfall": event.get("shortfall", 0),
    }
    if amount == 0 and values["shortfall"] and event["payer"] is not None:
        return (
            ngettext(
                "%(payee)s's %(card)s would take %(shortfall)s coin from %(payer)s; "
                "%(payer)s had none.",
                "%(payee)s's %(card)s would take %(shortfall)s coins from %(payer)s; "
                "%(payer)s had none.",
                values["shortfall"],
            )
            % values
        )
    if event["payer"] is None:
        return (
            ngettext(
                "%(payee)s's %(card)s earns %(amount)s coin.",
                "%(payee)s's %(card)s earns %(amount)s coins.",
                amount,
            )
            % values
        )
    text = (
        ngettext(
            "%(payee)s's %(card)s takes %(amount)s coin from %(payer)s",
            "%(payee)s's %(card)s takes %(amount)s coins from %(payer)s",
            amount,
        )
        % values
    )
    if values["shortfall"]:
        return (
            text
            + ngettext(
                "; %(payer)s was %(shortfall)s coin short.",
                "; %(payer)s was %(shortfall)s coins short.",
                values["shortfall"],
            )
            % values
        )
    return text + "."


def _build(n: Narrator, event: dict) -> str:
    return ngettext(
        "%(player)s builds %(card)s for %(cost)s coin.",
        "%(player)s builds %(card)s for %(cost)s coins.",
        event["cost"],
    ) % {"player": n.who(event["player"]), "card": n.thing(event["card"]), "cost": event["cost"]}


def _landmark(n: Narrator, event: dict) -> str:
    return ngettext(
        "%(player)s builds the landmark %(landmark)s for %(cost)s coin.",
        "%(player)s builds the landmark %(landmark)s for %(cost)s coins.",
        event["cost"],
    ) % {
        "player": n.who(event["player"]),
        "landmark": n.thing(event["landmark"]),
        "cost": event["cost"],
    }


def _contribute(n: Narrator, event: dict) -> str:
    return ngettext(
        "%(player)s puts a flag on the community project %(project)s for %(cost)s coin.",
        "%(player)s puts a flag on the community project %(project)s for %(cost)s coins.",
        event["cost"],
    ) % {
        "player": n.who(event["player"]),
        "project": n.thing(event["project"]),
        "cost": event["cost"],
    }


def _trade(n: Narrator, event: dict) -> str:
    return _("%(player)s trades %(give)s for %(target)s's %(take)s.") % {
        "player": n.who(event["player"]),
        "give": n.thing(event["give"]),
        "target": n.who(event["target"]),
        "take": n.thing(event["take"]),
    }


def _skip(n: Narrator, event: dict) -> str:
    return _("%(player)s does not trade with %(card)s.") % {
        "player": n.who(event["player"]),
        "card": n.thing(event["card"]),
    }


def _pass(n: Narrator, event: dict) -> str:
    return _("%(player)s builds nothing.") % {"player": n.who(event["player"])}


def _reveal(n: Narrator, event: dict) -> str:
    return _("%(card)s is revealed in the market.") % {"card": n.thing(event["card"])}


def _extra_turn(n: Narrator, event: dict) -> str:
    return _("%(player)s earns an extra turn with %(landmark)s.") % {
        "player": n.who(event["player"]),
        "landmark": n.thing(event["landmark"]),
    }


def _game_over(n: Narrator, event: dict) -> str:
    return _("%(player)s wins the game!") % {"player": n.who(event["winner"])}


def _undo(n: Narrator, event: dict) -> str:
    """What was taken back, named (an undo logged before it was named says only that)."""
    undone = event.get("undone") if isinstance(event.get("undone"), dict) else {}
    kind = undone.get("type")
    values = {"player": n.who(event["player"])}
    if kind == "build":
        values["card"] = n.thing(undone.get("card"))
        return _("%(player)s takes back building %(card)s.") % values
    if kind == "build_landmark":
        values["landmark"] = n.thing(undone.get("landmark"))
        return _("%(player)s takes back building the landmark %(landmark)s.") % values
    if kind == "contribute":
        return _("%(player)s takes back their flag on the community project.") % values
    if kind == "sail":
        return _("%(player)s takes back their voyage.") % values
    if kind == "rest":
        return _("%(player)s takes back their day of rest.") % values
    return _("%(player)s takes the last action back.") % values


def _sail(n: Narrator, event: dict) -> str:
    return ngettext(
        "%(player)s sails %(spaces)s space, from %(from)s to %(to)s, for %(cost)s coins.",
        "%(player)s sails %(spaces)s spaces, from %(from)s to %(to)s, for %(cost)s coins.",
        event["spaces"],
    ) % {
        "player": n.who(event["player"]),
        "spaces": event["spaces"],
        "from": event["from"],
        "to": event["to"],
        "cost": event["cost"],
    }


def _claim_island(n: Narrator, event: dict) -> str:
    return _("%(player)s claims the island %(island)s (space %(space)s).") % {
        "player": n.who(event["player"]),
        "island": n.thing(event["island"]),
        "space": event["space"],
    }


def _face_down(n: Narrator, event: dict) -> str:
    return _(
        "The Yōkai haunts %(roller)s's doubles: %(player)s turns %(card)s face down "
        "until their next turn."
    ) % {
        "roller": n.who(event["roller"]),
        "player": n.who(event["player"]),
        "card": n.thing(event["card"]),
    }


def _face_up(n: Narrator, event: dict) -> str:
    cards = ", ".join(
        n.thing(card)
        if copies == 1
        else _("%(count)s× %(card)s") % {"count": copies, "card": n.thing(card)}
        for card, copies in event["cards"].items()
    )
    return _("%(player)s turns %(cards)s face up again.") % {
        "player": n.who(event["player"]),
        "cards": cards,
    }


def _rest(n: Narrator, event: dict) -> str:
    return _("%(player)s takes a rest day.") % {"player": n.who(event["player"])}


def start_rolls(names: list[str], rounds: list[list[int | None]]) -> list[str]:
    """Rolling for the first player: one sentence per round of rolls (ties roll again)."""
    sentences = []
    for rolls in rounds:
        # one part a person, in words the language joins: "Bot 1 3" reads as one number too many
        shown = ", ".join(
            _("%(name)s: %(roll)s") % {"name": isolated(names[seat]), "roll": roll}
            for seat, roll in enumerate(rolls)
            if roll
        )
        sentences.append(_("Rolling two dice for who starts: %(rolls)s.") % {"rolls": shown})
    return sentences


def _only_choice(n: Narrator, event: dict) -> str:
    return _("%(player)s had only one choice, so it was made at once:") % {
        "player": n.who(event["player"])
    }


NARRATORS: dict[str, Callable[[Narrator, dict], str]] = {
    "only_choice": _only_choice,
    "turn": _turn,
    "roll": _roll,
    "keep": _keep,
    "transfer": _transfer,
    "build": _build,
    "landmark": _landmark,
    "contribute": _contribute,
    "trade": _trade,
    "skip": _skip,
    "pass": _pass,
    "reveal": _reveal,
    "extra_turn": _extra_turn,
    "game_over": _game_over,
    "undo": _undo,
    "sail": _sail,
    "claim_island": _claim_island,
    "face_down": _face_down,
    "face_up": _face_up,
    "rest": _rest,
}
