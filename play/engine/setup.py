"""Starting a game: from an edition and a few keywords, or from a full setup.

A setup is plain JSON data and is kept inside the state, so a game is reproduced by its setup
(which holds the seed) and its list of actions.

    {
      "edition": "classic",            # whose names and theme the cards carry
      "players": ["Ann", "Ben"],
      "seed": 7,
      "coins": [3, 3],
      "cities": [{"wheat_field": 1, "bakery": 1}, ...],        # each seat's whole city
      "landmarks": [[{"id": "train_station", "cost": 4}, ...], ...],   # each seat's, in order
      "built": [["train_station"], []],                        # in force from the first turn
      "community_project": {"id": "observatory", "cost": 20} or None,
      "market": {"wheat_field": 6, ...},                       # open piles, or the random deck
      "rules": [], "variants": ["random_market"],
      "first_player": 0 or "roll",
      "start_rolls": [[7, 9], [None, 4]],  # a restored game's start rolls, made before (replay.py)
      "card_defs": [...], "landmark_defs": [...], "project_defs": [...]   # cards of this game
      "stickers": [{"card": "bakery", "change": {"cost": 2}}, ...],   # in the order stuck
      "expedition": {"length": 8, "islands": [{"id": ..., "space": 3}]},  # rule "expedition"
      "island_defs": [...],                                    # the islands' definitions
    }

The Legacy rule ids (rules.py's hooks, play/engine/legacy/) are "expedition", "yokai_flip",
"yokai_coins" and "rest_day"; play/engine/legacy/README.md describes each.
"""

from __future__ import annotations

import copy
from typing import Any

from . import bounds, dice
from .catalog import EDITIONS, MAX_PILE
from .errors import IllegalAction, shown
from .market import refill_market
from .rules import start_turn
from .state import GameState, Player
from .table import Table

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # RULES.md §6: every edition is for 2 to 4 players
MAX_NAME = 40  # characters in a player's name
MAX_COINS = bounds.COINS.high  # a seat's coins at the start
SEED_LIMIT = bounds.SEED.high  # the dice use the seed modulo 2**64; larger ones only bloat it
MAX_DEPTH = 12  # lists and dicts in a setup nest 5 deep; anything far deeper is refused

# Hooks later rules add, each called as hook(state) on the new state once the first player is
# known (state.active) and before anyone acts. A hook checks that its rule is in the setup.
START_OF_GAME: list = []


def new_game(
    edition_or_setup: str | dict,
    players: list[str] | None = None,
    seed: int = 0,
    variants: list[str] = (),
    coins: list[int] | None = None,
    cities: list[dict] | None = None,
    built: list[list[str]] | None = None,
    first_player: int | str = 0,
) -> GameState:
    """A new game of an edition ("classic", "kosmos"), or from a full setup dict."""
    if isinstance(edition_or_setup, dict):
        setup = _copied(edition_or_setup, 1)
    else:
        setup = edition_setup(
            edition_or_setup, players, seed, variants, coins, cities, built, first_player
        )
        # All that a table is derived from in such a setup: playouts start thousands of games
        # of one edition, and a table, never changed once built, serves them all.
        return start(setup, (edition_or_setup, len(setup["players"]), frozenset(variants)))
    return start(setup)


_PLAIN = (str, int, float, bool, type(None))


def _copied(value: Any, depth: int) -> Any:
    """A deep copy of a setup's value at this depth of lists and dicts (the setup itself is at 1),
    refused beyond MAX_DEPTH before any deeper value is read (so no recursion runs away).

    A setup is plain JSON data, copied here as such, its values left as they are and its lists
    and dicts made anew (copy.deepcopy took a third of a campaign game's start); anything else
    in it is deep-copied."""
    if isinstance(value, dict):
        if depth > MAX_DEPTH:
            raise IllegalAction("setup_nested", most=MAX_DEPTH)
        return {
            key: item if isinstance(item, _PLAIN) else _copied(item, depth + 1)
            for key, item in value.items()
        }
    if isinstance(value, list | tuple):
        if depth > MAX_DEPTH:
            raise IllegalAction("setup_nested", most=MAX_DEPTH)
        items = [item if isinstance(item, _PLAIN) else _copied(item, depth + 1) for item in value]
        return items if isinstance(value, list) else tuple(items)
    if isinstance(value, _PLAIN):
        return value
    return copy.deepcopy(value)


def edition_setup(
    edition_id, players, seed=0, variants=(), coins=None, cities=None, built=None, first_player=0
) -> dict:
    if not isinstance(edition_id, str):
        raise IllegalAction("setup_not_edition")
    edition = EDITIONS.get(edition_id)
    if edition is None:
        raise IllegalAction("unknown_edition", edition=shown(edition_id), known=", ".join(EDITIONS))
    if not isinstance(players, list | tuple) or not (
        edition.min_players <= len(players) <= edition.max_players
    ):
        raise IllegalAction(
            "edition_players",
            edition=edition_id,
            fewest=edition.min_players,
            most=edition.max_players,
        )
    count = len(players)
    if not isinstance(variants, list | tuple) or not all(isinstance(v, str) for v in variants):
        raise IllegalAction("setup_list", field="variants")
    market = dict(edition.market)
    if "random_market" in variants:
        # The book: with 3 players remove 1 copy of each purple card, with 2 players 2 copies.
        removed = {2: 2, 3: 1}.get(count, 0)
        for card_id in market:
            if card_id in ("stadium", "tv_station", "business_center"):
                market[card_id] -= removed
    landmarks = [{"id": lid} for lid in edition.landmarks]
    for key, value in (("coins", coins), ("cities", cities), ("built", built)):
        if value is not None and not isinstance(value, list | tuple):
            raise IllegalAction("setup_per_seat", field=key, count=count)
    return {
        "edition": edition_id,
        "players": list(players),
        "seed": seed,
        "coins": list(coins) if coins is not None else [edition.coins] * count,
        "cities": [dict(c) if isinstance(c, dict) else c for c in cities]
        if cities is not None
        else [dict(edition.start_city) for _ in range(count)],
        "landmarks": [list(landmarks) for _ in range(count)],
        "built": [list(b) if isinstance(b, list | tuple) else b for b in built]
        if built is not None
        else [[] for _ in range(count)],
        "community_project": None,
        "market": market,
        "rules": [],
        "variants": list(variants),
        "first_player": first_player,
    }


def _per_seat(setup: dict, key: str, count: int) -> list:
    value = setup.get(key)
    if not isinstance(value, list) or len(value) != count:
        raise IllegalAction("setup_per_seat", field=key, count=count)
    return value


def _whole(value: Any, most: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value <= most


def _names(setup: dict) -> list[str]:
    names = setup.get("players")
    if not isinstance(names, list) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction("player_count", fewest=MIN_PLAYERS, most=MAX_PLAYERS)
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise IllegalAction("player_name", most=MAX_NAME)
    return names


def _check_city(table, name: str, city: Any) -> dict[str, int]:
    """A seat's start city: known cards, whole copies, and no more than the rules allow."""
    if not isinstance(city, dict):
        raise IllegalAction("city_not_dict", player=name)
    limited = "two_copies_max" in table.variants
    for card_id, copies in city.items():
        card = table.card(card_id)
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
            raise IllegalAction("city_copies", player=name, card=card_id, value=shown(copies))
        if copies > MAX_PILE:
            raise IllegalAction("city_too_many", player=name, card=card_id, most=MAX_PILE)
        if card.colour == "purple" and copies > 1:
            raise IllegalAction("city_purple_twice", player=name, card=card_id, copies=copies)
        if limited and copies > 2:
            raise IllegalAction("city_over_limit", player=name, card=card_id, copies=copies)
    return dict(city)


# Tables of edition setups, by what they are derived from (new_game's key): at most a few per
# edition, since unknown variants are refused before a table is kept.
_EDITION_TABLES: dict[tuple, Table] = {}


def start(setup: dict, table_key: tuple | None = None) -> GameState:
    """Check a full setup (RULES.md §6: setups are checked) and lay out the table.

    Every check runs here, once per game; the actions trust what was checked. `table_key` names
    everything the setup's table is derived from, for an edition's setups, which share their
    table and take the edition's market (checked as the catalog read it)."""
    if not isinstance(setup, dict):
        raise IllegalAction("setup_not_dict")
    names = _names(setup)
    seed = setup.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT <= seed <= SEED_LIMIT:
        raise IllegalAction("seed_not_whole", value=shown(seed))
    setup["seed"] = seed
    count = len(names)
    coins = _per_seat(setup, "coins", count)
    cities = _per_seat(setup, "cities", count)
    seat_landmarks = _per_seat(setup, "landmarks", count)
    built = setup.setdefault("built", [[] for _ in range(count)])
    _per_seat(setup, "built", count)
    if not isinstance(setup.get("market"), dict):
        raise IllegalAction("setup_market")
    for key in ("rules", "variants"):
        if not isinstance(setup.setdefault(key, []), list):
            raise IllegalAction("setup_list", field=key)
    try:
        state = GameState(setup, _EDITION_TABLES.get(table_key) if table_key else None)
    except (KeyError, TypeError, AttributeError) as error:
        raise IllegalAction("setup_field", field="landmarks", value=shown(error)) from error
    table = state.table
    if table_key:
        _EDITION_TABLES[table_key] = table

    for seat, name in enumerate(names):
        city = _check_city(table, name, cities[seat])
        order = [entry["id"] for entry in seat_landmarks[seat]]
        if len(set(order)) != len(order):
            raise IllegalAction("landmark_twice", player=name)
        if not isinstance(built[seat], list):
            raise IllegalAction("setup_field", field="built", value=shown(built[seat]))
        for lid in built[seat]:
            if not isinstance(lid, str) or lid not in order:
                raise IllegalAction("built_not_owned", player=name, landmark=lid)
        if not _whole(coins[seat], MAX_COINS):
            raise IllegalAction(
                "coins_not_whole", player=name, most=MAX_COINS, value=shown(coins[seat])
            )
        state.players.append(
            Player(
                name=name,
                coins=coins[seat],
                city=city,
                landmarks={lid: lid in built[seat] for lid in order},
            )
        )

    if not table_key:  # an edition's market was checked with the edition (catalog._edition)
        for card_id, copies in setup["market"].items():
            card = table.card(card_id)
            if not card.is_establishment:
                raise IllegalAction("market_card", card=card_id)
            if not _whole(copies, MAX_PILE):
                raise IllegalAction(
                    "market_copies", card=card_id, most=MAX_PILE, value=shown(copies)
                )
    if "random_market" in table.variants:
        deck = [card_id for card_id, copies in setup["market"].items() for _ in range(copies)]
        state.market_deck, state.draws = dice.shuffled(deck, seed, state.draws)
        state.market_deck = tuple(state.market_deck)
        refill_market(state, None)
    else:
        state.market = state.own_market = dict(setup["market"])

    first = _first_player(state, setup.get("first_player", 0))
    start_turn(state, first, extra=False, events=None, opening=True)
    for hook in START_OF_GAME:
        hook(state)
    return state


MAX_START_ROUNDS = 100  # rounds of a start roll a restored game brings (ties rolled again)


def _start_rolls_made(made: Any, count: int):
    """The rounds of a start roll a restored game made before it was saved (play.engine.replay's
    transcript keeps the rolls a game has shown instead of its seed): each a list of one sum or
    None per seat, at most one round per seat and three more, as a tie leaves fewer rolling."""
    if made is None:
        return iter(())
    if not (
        isinstance(made, list)
        and len(made) <= MAX_START_ROUNDS
        and all(isinstance(rolls, list) and len(rolls) == count for rolls in made)
    ):
        raise IllegalAction("setup_field", field="start_rolls", value=shown(made))
    return iter(made)


def _two_dice_sum(value: Any) -> bool:
    return type(value) is int and 2 <= value <= 12


def _first_player(state: GameState, choice: Any) -> int:
    count = len(state.players)
    if choice == "roll":
        # Everyone rolls two dice; the highest sum starts, ties roll again among themselves.
        made = _start_rolls_made(state.setup.get("start_rolls"), count)
        contenders = list(range(count))
        while True:
            given = next(made, None)
            if given is None:
                rolls: list[int | None] = [None] * count
                for seat in contenders:
                    rolls[seat] = sum(1 + dice.draw(state.seed, state.draws + i, 6) for i in (0, 1))
                    state.draws += 2
            elif all(
                _two_dice_sum(given[s]) if s in contenders else given[s] is None
                for s in range(count)
            ):
                rolls = list(given)
            else:
                raise IllegalAction("setup_field", field="start_rolls", value=shown(given))
            state.start_rolls.append(rolls)
            best = max(r for r in rolls if r is not None)
            contenders = [seat for seat in contenders if rolls[seat] == best]
            if len(contenders) == 1:
                if next(made, None) is not None:  # rounds after the start player was found
                    raise IllegalAction("setup_field", field="start_rolls", value="…")
                return contenders[0]
    if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < count:
        raise IllegalAction("first_player", last=count - 1)
    return choice
