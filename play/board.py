"""What the board template shows, worked out from a state: plain dicts, already in words.

The buttons are exactly `legal_actions(state)` for a viewer who may act; nothing here or in the
template decides what is legal.
"""

from __future__ import annotations

import hashlib
import json

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from machikoro.names import isolated
from play import describe
from play.engine import GameState, legal_actions
from play.engine.legacy.expedition import COST_PER_SPACE, claimed_islands
from play.narration import Narrator, language, start_rolls, thing_name
from play.player_colours import own_colours
from play.recent import Recent


def stickers_by_card(setup: dict) -> dict[str, str]:
    """Card id -> what its stickers changed, in words (later stickers override earlier ones)."""
    changes: dict[str, dict] = {}
    for sticker in setup.get("stickers", []):
        changes.setdefault(sticker["card"], {}).update(sticker["change"])
    return {card_id: describe.sticker_text(change) for card_id, change in changes.items()}


# Card views already worked out in this process, by table, card, count and language: a board
# shows the same market and city cards move after move, and their words (a name, an effect, in
# the page's language) cost more than the rest of its context. An entry holds its table, so the
# table's id in its key is never another table's.
_card_views = Recent(20_000)


def card_view(table, card_id: str, copies: int, stickers=None, face_down: int = 0) -> dict:
    sticker = (stickers or {}).get(card_id, "")
    key = (id(table), card_id, copies, sticker, face_down, language())
    found = _card_views.get(key) or _card_views.put(
        key, (table, _card_view(table, card_id, copies, sticker, face_down))
    )
    return dict(found[1])  # callers add their own keys (a market card's build)


def _card_view(table, card_id: str, copies: int, sticker: str, face_down: int) -> dict:
    card = table.cards[card_id]
    return {
        "id": card_id,
        "name": thing_name(table, card_id),
        "colour": card.colour,
        "colour_name": describe.COLOUR_NAMES.get(card.colour, card.colour),
        "when": describe.COLOUR_RULES.get(card.colour, ""),
        "icon": describe.icon_class(card.icon),
        "icon_name": describe.icon_name(card.icon),
        "cost": card.cost,
        "numbers": describe.numbers_text(card.numbers),
        "first": card.numbers[0] if card.numbers else 99,
        "effect": describe.effect_text(card.effect),
        "copies": copies,
        "sticker": sticker,
        "face_down": face_down,
        "face_up": copies - face_down,
    }


def _sorted_cards(table, piles: dict[str, int], stickers=None, face_down=None) -> list[dict]:
    face_down = face_down or {}
    cards = [
        card_view(table, card_id, copies, stickers, face_down.get(card_id, 0))
        for card_id, copies in piles.items()
    ]
    return sorted(cards, key=lambda c: (c["first"], c["cost"], c["name"]))


def island_view(table, island_id: str) -> dict:
    return {
        "id": island_id,
        "name": thing_name(table, island_id),
        "effect": describe.effect_text(table.islands[island_id].effect),
    }


def _landmark_views(state: GameState, index: int) -> list[dict]:
    table, player = state.table, state.players[index]
    costs = table.landmark_costs[index]
    return [
        {
            "id": lid,
            "name": thing_name(table, lid),
            "cost": costs[lid],
            "built": built,
            # Once the game is won, no card waits for a next turn.
            "fresh": lid in player.fresh and state.winner is None,
            "effect": describe.effect_text(table.landmarks[lid].effect),
            "letter": table.landmarks[lid].letter,
        }
        for lid, built in player.landmarks.items()
    ]


def _island_views(state: GameState, index: int) -> list[dict]:
    player = state.players[index]
    in_play = state.winner is None
    return [
        {**island_view(state.table, island), "fresh": island in player.fresh and in_play}
        for island in player.islands
    ]


def setup_digest(state: GameState) -> str:
    """Names the game's table (its edition, stickers, rules): part of the keys under which
    pieces of its board are cached."""
    return hashlib.md5(json.dumps(state.setup, sort_keys=True).encode()).hexdigest()


def seat_views(state: GameState, seats: list[dict], you: int | None, setup: str) -> list[dict]:
    """Each seat's city. What it holds (cards, landmarks, islands) is worked out only if the
    template asks, which it does only when its cache has no rendering of `holds` yet."""
    table = state.table
    stickers = stickers_by_card(state.setup)
    views = []
    for index, player in enumerate(state.players):
        holds = (
            setup,
            index,
            sorted(player.city.items()),
            sorted((player.face_down or {}).items()),
            sorted(player.landmarks.items()),
            sorted(player.fresh),
            list(player.islands),
            player.flag,
            state.winner is None,
        )
        views.append(
            {
                "index": index,
                "name": player.name,
                "kind": seats[index]["kind"] if index < len(seats) else "human",
                "bot_name": describe.bot_name(seats[index]["kind"]) if index < len(seats) else "",
                "coins": player.coins,
                "holds": repr(holds),
                "city": Lazy(_sorted_cards, table, player.city, stickers, player.face_down),
                "islands": Lazy(_island_views, state, index),
                "boat": player.boat,
                "landmarks": Lazy(_landmark_views, state, index),
                "active": index == state.active and state.winner is None,
                "winner": index == state.winner,
                "you": index == you,
                "flag": player.flag,
            }
        )
    return views


BUTTON_ICONS = {
    "roll": "bi-dice-5",
    "reroll": "bi-dice-5",
    "build_landmark": "bi-star-fill",
    "contribute": "bi-flag-fill",
    "sail": "bi-water",
    "rest": "bi-cup-hot",
}


ORDER = {
    # Deciding not to trade comes first: it is the answer most often given.
    "skip": -1,
    "build_landmark": 0,
    "contribute": 1,
    "sail": 2,
    "rest": 3,
    "build": 4,
    "pass": 5,
}
STYLES = {
    "build_landmark": "btn-warning",
    "roll": "btn-primary",
    "reroll": "btn-primary",
    "pass": "btn-light border-dark-subtle",
    "skip": "btn-light border-dark-subtle",
    "keep": "btn-outline-primary",
    "contribute": "btn-outline-success",
    "sail": "btn-outline-dark",  # info (light blue) on white is 1.95:1, too faint to read
    "rest": "btn-light border-dark-subtle",
    "give": "btn-outline-dark",
    "back": "btn-link",
}


def action_value(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def action_buttons(state: GameState, give: str | None = None) -> list[dict]:
    """Every legal action as a button: its label, its JSON value and a style.

    A Business Center trade takes two steps, so a phone never lists every pair: first the card
    to give (links that only show the next step), then, for that card, what to take from whom.
    """
    table = state.table
    names = [p.name for p in state.players]
    coins = [p.coins for p in state.players]
    costs = table.landmark_costs[state.active]
    actions = legal_actions(state)
    trades = [a for a in actions if a.get("type") == "trade"]
    gives = list(dict.fromkeys(a["give"] for a in trades))
    if trades and give not in gives:
        return [
            *[_button(a, table, names, costs, coins) for a in actions if a["type"] != "trade"],
            *[_give_button(table, card) for card in gives],
        ]
    buttons = []
    for action in actions:
        if action.get("type") == "trade" and action["give"] != give:
            continue
        buttons.append(_button(action, table, names, costs, coins))
    buttons.sort(key=lambda b: (b["order"], b["group"]))
    if trades:
        buttons.append(
            {
                "label": _("Give another card"),
                "kind": "back",
                "link": "?",
                "style": STYLES["back"],
                "icon": "bi-arrow-left",
                "order": 9,
                "group": "",
            }
        )
    return buttons


def _button(action: dict, table, names, costs, coins) -> dict:
    kind = action.get("type")
    card = table.cards.get(action.get("card")) if kind == "build" else None
    button = {
        "label": describe.action_label(action, table, names, costs, coins),
        "value": action_value(action),
        "kind": kind,
        "cost": _cost(action, table, costs),
        "colour": card.colour if card else None,
        "numbers": describe.numbers_text(card.numbers) if card else "",
        "effect": describe.effect_text(card.effect) if card else "",
        "style": STYLES.get(kind, "btn-outline-dark"),
        "icon": BUTTON_ICONS.get(kind, ""),
        "order": ORDER.get(kind, 6),
        "group": "",
    }
    if kind == "build_landmark":
        button["effect"] = describe.effect_text(table.landmarks[action["landmark"]].effect)
    if kind == "trade":
        player = action["player"]
        button["label"] = _("Take %(card)s") % {"card": thing_name(table, action["take"])}
        button["group"] = ngettext(
            "From %(player)s (%(n)s coin):", "From %(player)s (%(n)s coins):", coins[player]
        ) % {"player": isolated(names[player]), "n": coins[player]}
        taken = table.cards[action["take"]]
        button["colour"] = taken.colour
        button["numbers"] = describe.numbers_text(taken.numbers)
    return button


def _give_button(table, card_id: str) -> dict:
    card = table.cards[card_id]
    return {
        "label": _("Give %(card)s…") % {"card": thing_name(table, card_id)},
        "kind": "give",
        "link": f"?give={card_id}",
        "colour": card.colour,
        "numbers": describe.numbers_text(card.numbers),
        "style": STYLES["give"],
        "icon": "",
        "order": 7,
        "group": "",
    }


def _cost(action: dict, table, costs: dict[str, int]) -> int | None:
    if action.get("type") == "build" and action.get("card") in table.cards:
        return table.cards[action["card"]].cost
    if action.get("type") == "build_landmark":
        return costs.get(action.get("landmark"))
    if action.get("type") == "contribute" and table.project:
        return table.project.cost
    if action.get("type") == "sail":
        return COST_PER_SPACE * action.get("spaces", 0)
    return None


def _last_roll(state: GameState, entries) -> str | None:
    """The most recent roll in words, for the start of a turn (the dice are cleared by then)."""
    for _index, _seat, _action, events in reversed(entries):
        for event in reversed(events):
            if event.get("type") == "roll":
                narrator = Narrator([p.name for p in state.players], state.table)
                return narrator.narrate(event)
    return None


def log_lines(state: GameState, entries) -> list[dict]:
    """The log, newest first: one item per action that did more than end a turn, each with its
    events in words (worked out only if a template asks: a line once shown is cached by its
    index, which the append-only log never gives another action).

    entries are (index, seat, action, events) tuples, oldest first.
    """
    narrator = Narrator([p.name for p in state.players], state.table)
    lines = []
    for index, _seat, _action, events in reversed(entries):
        told = [event for event in events if event.get("type") != "turn"]
        if told:
            lines.append(
                {
                    "index": index,
                    "sentences": Lazy(_narrated, narrator, told),
                    "turn": len(told) < len(events),
                }
            )
    return lines


def _narrated(narrator: Narrator, events: list[dict]) -> list[str]:
    return [narrator.narrate(event) for event in events]


DICE_ICONS = {face: f"bi-dice-{face}-fill" for face in range(1, 7)}


def dice_icons(state: GameState) -> list[dict]:
    return [{"value": d, "icon": DICE_ICONS[d]} for d in state.dice]


def _landmark_reference(state: GameState) -> list[dict]:
    """Each landmark in the game once, with its effect (a seat's own cost is on its city)."""
    table = state.table
    seen = {}
    for seat, player in enumerate(state.players):
        for lid in player.landmarks:
            seen.setdefault(lid, table.landmark_costs[seat][lid])
    return [
        {
            "name": thing_name(table, lid),
            "cost": cost,
            "effect": describe.effect_text(table.landmarks[lid].effect),
            "letter": table.landmarks[lid].letter,
        }
        for lid, cost in seen.items()
    ]


def standings(state: GameState) -> list[dict]:
    """The final table: the winner first, then by landmarks built, then by coins."""
    rows = [
        {
            "seat": seat,
            "name": player.name,
            "winner": seat == state.winner,
            "landmarks": sum(1 for built in player.landmarks.values() if built),
            "landmarks_total": len(player.landmarks),
            "establishments": sum(player.city.values()),
            "coins": player.coins,
        }
        for seat, player in enumerate(state.players)
    ]
    rows.sort(key=lambda r: (not r["winner"], -r["landmarks"], -r["coins"], r["seat"]))
    for place, row in enumerate(rows, start=1):
        row["place"] = place
    return rows


class Lazy:
    """A value worked out only if a template asks for it, and then only once.

    The table part of the board is cached per game version; when the cache has it, the cities,
    the market and the log are never worked out at all.
    """

    def __init__(self, function, *args):
        self.function = function
        self.args = args
        self.done = False
        self.value = None

    def __call__(self):
        if not self.done:
            self.value = self.function(*self.args)
            self.done = True
        return self.value


def _other_cards(state: GameState) -> list[dict]:
    return _sorted_cards(
        state.table,
        {c: 0 for p in state.players for c in p.city if c not in state.market},
        stickers_by_card(state.setup),
    )


def _market(state: GameState, builds: dict[str, str], setup: str) -> list[dict]:
    """The market's cards; those the viewer may build now carry the build's action value, and
    each card what its rendering is cached under (`setup` names the table's cards)."""
    cards = _sorted_cards(state.table, state.market, stickers_by_card(state.setup))
    for card in cards:
        card["build"] = builds.get(card["id"], "")
        card["holds"] = repr((setup, card["id"], card["copies"], card["build"]))
    return cards


def seat_colour_classes(seats: list[dict], count: int) -> list[str]:
    """Each seat's colour class: the player's own colour where they have one (a campaign's
    mayor), else the seat's place at the table, as the end-of-game charts draw them."""
    own = own_colours(seats)
    return [
        f"mayor-{own[seat]}" if seat < len(own) and own[seat] else f"seat-{seat}"
        for seat in range(count)
    ]


def expedition_track(state: GameState, seats: list[dict] = ()) -> dict | None:
    """The expedition track: each space 0..length with its island (and owner) and the boats on it.

    Space 0 is the harbour where every boat starts; islands lie on spaces 1..length.
    """
    table = state.table
    if not table.track_length:
        return None
    owners = claimed_islands(state)
    colours = seat_colour_classes(list(seats), len(state.players))
    spaces = []
    for space in range(table.track_length + 1):
        island_id = table.island_spaces.get(space)
        island = None
        if island_id is not None:
            owner = owners.get(island_id)
            island = {
                **island_view(table, island_id),
                "owner": state.players[owner].name if owner is not None else None,
                "owner_seat": owner,
                "owner_colour": colours[owner] if owner is not None else "",
            }
        spaces.append(
            {
                "space": space,
                "island": island,
                "boats": [
                    {
                        "seat": seat,
                        "name": p.name,
                        "initial": p.name[:1].upper(),
                        "colour": colours[seat],
                    }
                    for seat, p in enumerate(state.players)
                    if p.boat == space
                ],
            }
        )
    return {"length": table.track_length, "spaces": spaces}


def board_context(
    state: GameState,
    seats: list[dict],
    entries,
    *,
    you=None,
    may_act=False,
    give=None,
    seed_shown=False,
    seed_chosen=False,
):
    """What the board template shows. The seed only with `seed_shown` (`Game.seed_shown`): until
    the game has ended every coming roll follows from it."""
    table = table_context(state, seats, entries, seed_shown=seed_shown, seed_chosen=seed_chosen)
    return {**table, **turn_context(state, table["setup_key"], you=you, may_act=may_act, give=give)}


def table_context(state: GameState, seats: list[dict], entries, *, seed_shown, seed_chosen):
    """What the board shows every viewer of a version alike: made once for all of them."""
    table = state.table
    active = state.players[state.active]
    project = None
    if table.project is not None:
        project = {
            "name": thing_name(table, table.project.id),
            "cost": table.project.cost,
            "effect": describe.effect_text(table.project.effect),
            "flags": [p.name for p in state.players if p.flag],
        }
    setup = setup_digest(state)
    return {
        "state": state,
        "setup_key": setup,
        "summary": describe.game_summary(
            state.setup, seed_shown=seed_shown, seed_chosen=seed_chosen
        ),
        "seat_views": Lazy(seat_views, state, seats, None, setup),
        "reference_holds": repr(
            (
                setup,
                sorted({c for p in state.players for c in p.city if c not in state.market}),
                [list(p.landmarks) for p in state.players],
            )
        ),
        "track": Lazy(expedition_track, state, seats),
        "rules": describe.rules_in_force(table.rules, state.setup.get("rule_defs")),
        "other_cards": Lazy(_other_cards, state),
        "landmark_reference": Lazy(_landmark_reference, state),
        "market_deck": len(state.market_deck),
        "project": project,
        "prompt": describe.prompt(state.phase, active.name),
        "active_name": active.name,
        "dice": dice_icons(state),
        "total": sum(state.dice) if state.dice else None,
        "log": Lazy(log_lines, state, entries),
        "start_rolls": start_rolls([p.name for p in state.players], state.start_rolls),
        "latest": log_lines(state, entries[-1:]),
        "last_roll": _last_roll(state, entries) if not state.dice else None,
        "winner_name": state.players[state.winner].name if state.winner is not None else None,
    }


def turn_context(state: GameState, setup_key: str, *, you, may_act, give) -> dict:
    """What the board shows one viewer: the actions they may take, and the market whose cards
    they may build (`setup_key`: the table's `setup_digest`)."""
    buttons = action_buttons(state, give) if may_act and state.winner is None else []
    # Establishments are built by tapping their market card, which shows number and effect.
    builds = {json.loads(b["value"])["card"]: b["value"] for b in buttons if b["kind"] == "build"}
    buttons = [b for b in buttons if b["kind"] != "build"]
    trading = any(b["kind"] == "trade" for b in buttons)
    return {
        "you": you,
        "can_build": len(builds),
        "giving": thing_name(state.table, give) if trading else "",
        "buttons": buttons,
        "market": Lazy(_market, state, builds, setup_key),
        "market_holds": repr((setup_key, sorted(state.market.items()), sorted(builds.items()))),
    }
