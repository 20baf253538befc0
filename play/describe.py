"""Words for the things on the table: card effects, landmark effects, icons and action buttons.

Everything a player reads about a card comes from here, in the current language, so a new effect
kind or action type is one entry. Unknown kinds fall back to a plain, honest label.
"""

from __future__ import annotations

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from machikoro.names import isolated
from machikoro.word_lists import or_list
from play.engine.cards import Effect
from play.engine.legacy.expedition import COST_PER_SPACE
from play.engine.legacy.rest_day import REST_COINS
from play.engine.table import Table
from play.narration import thing_name

# Our icons (bootstrap-icons) for the cards' symbols; the real cards' artwork is not copied.
ICONS = {
    "wheat": "flower2",
    "cow": "piggy-bank",
    "bread": "basket",
    "cup": "cup-hot",
    "gear": "gear",
    "factory": "building-gear",
    "fruit": "apple",
    "tower": "broadcast-pin",
    "shop": "shop",
    "boat": "tsunami",
    "flower": "flower1",
}
UNKNOWN_ICON = "question-circle"  # a symbol of a newer deck that has no icon here yet

ICON_NAMES = {
    "wheat": gettext_lazy("wheat"),
    "cow": gettext_lazy("cow"),
    "bread": gettext_lazy("bread"),
    "cup": gettext_lazy("cup"),
    "gear": gettext_lazy("gear"),
    "factory": gettext_lazy("factory"),
    "fruit": gettext_lazy("fruit"),
    "tower": gettext_lazy("tower"),
    "shop": gettext_lazy("shop"),
    "boat": gettext_lazy("boat"),
    "flower": gettext_lazy("flower"),
}

COLOUR_NAMES = {
    "blue": gettext_lazy("blue"),
    "green": gettext_lazy("green"),
    "red": gettext_lazy("red"),
    "purple": gettext_lazy("purple"),
    "special": gettext_lazy("special"),
}

# Each bot named by how hard it is to beat; stored seats keep the engine's names.
BOT_NAMES = {
    "random": gettext_lazy("easy"),
    "greedy": gettext_lazy("normal"),
    "expert": gettext_lazy("hard"),
}


def bot_name(kind: str) -> str:
    return str(BOT_NAMES.get(kind, kind))


# When a colour's cards activate, as the rulebook says it.
COLOUR_RULES = {
    "blue": gettext_lazy("on anyone's roll"),
    "green": gettext_lazy("on your own roll"),
    "red": gettext_lazy("on another player's roll"),
    "purple": gettext_lazy("on your own roll"),
    "special": "",
}


def icon_class(icon: str) -> str:
    return "bi-" + ICONS.get(icon, UNKNOWN_ICON)


def icon_name(icon: str) -> str:
    return str(ICON_NAMES.get(icon, icon))


def _coins(amount: int) -> str:
    return ngettext("%(amount)s coin", "%(amount)s coins", amount) % {"amount": amount}


def effect_text(effect: Effect) -> str:
    """What an establishment, landmark or community project does, in one sentence."""
    p = effect.params
    kind = effect.kind
    if kind == "bank":
        return _("Take %(coins)s from the bank.") % {"coins": _coins(p["amount"])}
    if kind == "per_icon":
        values = {"coins": _coins(p["amount"]), "icon": icon_name(p["icon"])}
        if p.get("distinct"):
            return _("Take %(coins)s for each different %(icon)s establishment you own.") % values
        return _("Take %(coins)s for each %(icon)s establishment you own.") % values
    if kind == "take_from_active":
        return _("Take %(coins)s from the player who rolled.") % {"coins": _coins(p["amount"])}
    if kind == "take_from_each":
        return _("Take %(coins)s from every other player.") % {"coins": _coins(p["amount"])}
    if kind == "take_from_chosen":
        return _("Take %(coins)s from a player of your choice.") % {"coins": _coins(p["amount"])}
    if kind == "swap":
        return _(
            "You may swap one of your establishments (not purple) for one of another player's."
        )
    if kind == "coin_if_broke_after_build":
        return _("If you have no coins after your build step, take %(coins)s.") % {
            "coins": _coins(p["amount"])
        }
    if kind == "two_dice":
        return _("You may roll 1 or 2 dice.")
    if kind == "icon_bonus":
        icons = or_list([str(icon_name(icon)) for icon in p["icons"]])
        return _("Each of your %(icons)s establishments earns %(coins)s more.") % {
            "icons": icons,
            "coins": _coins(p.get("amount", 1)),
        }
    if kind == "extra_turn_on_doubles":
        return _("Roll doubles and you take another turn after this one.")
    if kind == "extra_turn_on_total":
        return _("Roll a %(total)s and you take another turn after this one.") % {
            "total": p["total"]
        }
    if kind == "reroll":
        return _("Once a turn you may roll again.")
    if kind == "income_each_turn":
        return _("At the start of each of your turns, take %(coins)s from the bank.") % {
            "coins": _coins(p["amount"])
        }
    return kind.replace("_", " ")


def numbers_text(numbers: tuple[int, ...]) -> str:
    if not numbers:
        return ""
    if len(numbers) > 1 and list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


def action_label(
    action: dict, table: Table, names: list[str], costs: dict[str, int], coins=None
) -> str:
    """The text on the button for one legal action (`coins`: each seat's, to show targets')."""
    kind = action.get("type")
    if kind == "roll":
        return ngettext("Roll %(n)s die", "Roll %(n)s dice", action["dice"]) % {"n": action["dice"]}
    if kind == "reroll":
        return _("Roll again")
    if kind == "keep":
        return _("Keep this roll")
    if kind == "choose_player":
        if coins is None:
            return _("Take coins from %(player)s") % {"player": isolated(names[action["player"]])}
        has = coins[action["player"]]
        return ngettext(
            "Take coins from %(player)s (%(n)s coin)",
            "Take coins from %(player)s (%(n)s coins)",
            has,
        ) % {"player": isolated(names[action["player"]]), "n": has}
    if kind == "trade":
        return _("Give %(give)s, take %(player)s's %(take)s") % {
            "give": thing_name(table, action["give"]),
            "player": isolated(names[action["player"]]),
            "take": thing_name(table, action["take"]),
        }
    if kind == "skip":
        return _("Don't trade")
    if kind == "build":
        card = table.cards[action["card"]]
        return _("Build %(card)s (%(cost)s)") % {
            "card": thing_name(table, card.id),
            "cost": card.cost,
        }
    if kind == "build_landmark":
        return _("Build %(landmark)s (%(cost)s)") % {
            "landmark": thing_name(table, action["landmark"]),
            "cost": costs.get(action["landmark"], "?"),
        }
    if kind == "contribute":
        project = table.project
        return _("Put your flag on %(project)s (%(cost)s)") % {
            "project": thing_name(table, project.id) if project else "?",
            "cost": project.cost if project else "?",
        }
    if kind == "sail":
        spaces = action["spaces"]
        return ngettext(
            "Sail %(n)s space (%(cost)s coins)", "Sail %(n)s spaces (%(cost)s coins)", spaces
        ) % {"n": spaces, "cost": COST_PER_SPACE * spaces}
    if kind == "rest":
        return _("Rest: take %(coins)s, build nothing") % {"coins": _coins(REST_COINS)}
    if kind == "pass":
        return _("Build nothing")
    return str(kind).replace("_", " ").capitalize()


EDITION_NAMES = {
    "classic": gettext_lazy("Classic"),
    "kosmos": gettext_lazy("200 Jahre Kosmos"),
    "legacy": gettext_lazy("Machi Koro Legacy"),
}
VARIANT_NAMES = {
    "two_copies_max": gettext_lazy("Beginners' limit"),
    "random_market": gettext_lazy("Random market"),
}


def game_summary(setup: dict, *, seed_shown: bool = False, seed_chosen: bool = False) -> dict:
    """The edition, the variants and, once it may be shown (`Game.seed_shown`), the seed of a
    game, in words; whether the players chose the seed."""
    edition = setup.get("edition", "")
    return {
        "edition": EDITION_NAMES.get(edition, edition.replace("_", " ").capitalize()),
        "variants": [VARIANT_NAMES.get(v, v.replace("_", " ")) for v in setup.get("variants", [])],
        "seed": setup.get("seed") if seed_shown else None,
        "seed_chosen": seed_chosen,
        "guide": edition if edition in ("classic", "kosmos", "legacy") else "",
    }


# The rule cards a game may have in force: a name and what the rule does, in one line each.
# The rules in force on the board, named as the legacy deck's rule cards name them (one rule, one
# name on a campaign's pages).
RULES = {
    "expedition": (
        gettext_lazy("The Expedition"),
        gettext_lazy(
            "Instead of building, sail your boat 1 to 3 spaces for 2 coins a space; "
            "the first boat to stop on an island claims it until the game ends."
        ),
    ),
    "yokai_flip": (
        gettext_lazy("The Night Fox (Yōkai)"),
        gettext_lazy(
            "When someone rolls doubles, the richest other player turns their most expensive "
            "establishment face down until their next turn; face-down cards earn nothing."
        ),
    ),
    "yokai_coins": (
        gettext_lazy("The Kind Fox (Yōkai)"),
        gettext_lazy(
            "When someone rolls doubles, every player with the fewest coins takes 2 coins "
            "from the bank."
        ),
    ),
    "rest_day": (
        gettext_lazy("Rest Day"),
        gettext_lazy("Instead of building, you may rest and take 1 coin from the bank."),
    ),
    "turn_order_coins": (
        gettext_lazy("Good Neighbours"),
        gettext_lazy(
            "At setup, every player took 1 coin for each place they sit after the start player."
        ),
    ),
}


def rules_in_force(rule_ids, rule_defs=()) -> list[dict]:
    """Each active rule id with its name and one line of explanation: as the game's setup names
    it (a Legacy deck's own rule card, `rule_defs`), else as Seven Winds Bay does (RULES), else
    by its id. A deck's words are data: the template escapes them."""
    named = {d["rule"]: d for d in rule_defs or () if isinstance(d, dict) and "rule" in d}
    lang = (get_language() or "en")[:2]
    rules = []
    for rule_id in sorted(rule_ids):
        if rule_id in named:
            name, text = (_in_language(named[rule_id].get(key), lang) for key in ("name", "text"))
        else:
            name, text = RULES.get(rule_id, (rule_id.replace("_", " "), ""))
        rules.append(
            {"id": rule_id, "name": str(name), "text": str(text), "yokai": "yokai" in rule_id}
        )
    return rules


def _in_language(words, lang: str) -> str:
    if not isinstance(words, dict) or not words:
        return ""
    return str(words.get(lang) or words.get("en") or next(iter(words.values())))


STICKER_FIELD_NAMES = {
    "cost": gettext_lazy("cost"),
    "numbers": gettext_lazy("numbers"),
    "amount": gettext_lazy("coins"),
    "icon": gettext_lazy("icon"),
}


def sticker_text(change: dict) -> str:
    """What the stickers on one card changed, e.g. 'sticker: cost 2, numbers 2–4'."""
    parts = []
    for field in ("cost", "numbers", "amount", "icon"):
        if field not in change:
            continue
        value = change[field]
        if field == "numbers":
            value = numbers_text(tuple(sorted(set(value))))
        elif field == "icon":
            value = icon_name(value)
        parts.append(f"{STICKER_FIELD_NAMES[field]} {value}")
    return _("sticker: %(changes)s") % {"changes": ", ".join(parts)}


PHASE_PROMPTS = {
    "roll": gettext_lazy("%(player)s rolls the dice."),
    "reroll": gettext_lazy("%(player)s may roll again or keep the roll."),
    "choose_player": gettext_lazy("%(player)s chooses whom to take coins from."),
    "trade": gettext_lazy("%(player)s may trade an establishment."),
    "build": gettext_lazy("%(player)s may build one thing."),
}


def prompt(phase: str, player: str) -> str:
    template = PHASE_PROMPTS.get(phase, gettext_lazy("%(player)s decides."))
    return str(template) % {"player": isolated(player)}
