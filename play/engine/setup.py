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

from . import dice
from .catalog import EDITIONS
from .errors import IllegalAction
from .rules import _refill_market, start_turn
from .state import GameState, Player

MIN_PLAYERS, MAX_PLAYERS = 2, 5

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
        setup = copy.deepcopy(edition_or_setup)
    else:
        setup = edition_setup(
            edition_or_setup, players, seed, variants, coins, cities, built, first_player
        )
    return start(setup)


def edition_setup(
    edition_id, players, seed=0, variants=(), coins=None, cities=None, built=None, first_player=0
) -> dict:
    if not isinstance(edition_id, str):
        raise IllegalAction("A game starts from an edition name or from a setup dict.")
    edition = EDITIONS.get(edition_id)
    if edition is None:
        raise IllegalAction(f"There is no edition {edition_id!r} (known: {', '.join(EDITIONS)}).")
    if not isinstance(players, list | tuple) or not (
        edition.min_players <= len(players) <= edition.max_players
    ):
        raise IllegalAction(
            f"{edition_id} is played by {edition.min_players} to {edition.max_players} players."
        )
    count = len(players)
    market = dict(edition.market)
    if "random_market" in variants:
        # The book: with 3 players remove 1 copy of each purple card, with 2 players 2 copies.
        removed = {2: 2, 3: 1}.get(count, 0)
        for card_id in market:
            if card_id in ("stadium", "tv_station", "business_center"):
                market[card_id] -= removed
    landmarks = [{"id": lid} for lid in edition.landmarks]
    return {
        "edition": edition_id,
        "players": list(players),
        "seed": seed,
        "coins": list(coins) if coins is not None else [edition.coins] * count,
        "cities": [dict(c) for c in cities]
        if cities is not None
        else [dict(edition.start_city) for _ in range(count)],
        "landmarks": [list(landmarks) for _ in range(count)],
        "built": [list(b) for b in built] if built is not None else [[] for _ in range(count)],
        "community_project": None,
        "market": market,
        "rules": [],
        "variants": list(variants),
        "first_player": first_player,
    }


def _per_seat(setup: dict, key: str, count: int) -> list:
    value = setup.get(key)
    if not isinstance(value, list) or len(value) != count:
        raise IllegalAction(f"The setup needs {key!r} for each of the {count} seats.")
    return value


def _coin_count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise IllegalAction(f"{what} must be a whole number of at least 0, not {value!r}.")
    return value


def start(setup: dict) -> GameState:
    """Check a full setup and lay out the table."""
    if not isinstance(setup, dict):
        raise IllegalAction("A setup is a dict.")
    names = setup.get("players")
    if not isinstance(names, list) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    if not all(isinstance(name, str) and name.strip() for name in names):
        raise IllegalAction("Every player needs a name.")
    seed = setup.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction(f"The seed must be a whole number, not {seed!r}.")
    setup["seed"] = seed
    count = len(names)
    coins = _per_seat(setup, "coins", count)
    cities = _per_seat(setup, "cities", count)
    seat_landmarks = _per_seat(setup, "landmarks", count)
    built = setup.setdefault("built", [[] for _ in range(count)])
    _per_seat(setup, "built", count)
    if not isinstance(setup.get("market"), dict):
        raise IllegalAction("The setup needs a market: {card id: copies}.")
    for key in ("rules", "variants"):
        if not isinstance(setup.setdefault(key, []), list):
            raise IllegalAction(f"The setup's {key} must be a list.")
    try:
        state = GameState(setup)
    except (KeyError, TypeError) as error:
        raise IllegalAction(f"The setup is not complete: {error!r}") from error
    table = state.table

    for seat, name in enumerate(names):
        city = cities[seat]
        if not isinstance(city, dict):
            raise IllegalAction(f"{name}'s city must be {{card id: copies}}.")
        for card_id, copies in city.items():
            table.card(card_id)
            if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
                raise IllegalAction(f"{name}'s city has {copies!r} copies of {card_id!r}.")
        order = [entry["id"] for entry in seat_landmarks[seat]]
        if len(set(order)) != len(order):
            raise IllegalAction(f"{name} has the same landmark twice.")
        for lid in built[seat]:
            if lid not in order:
                raise IllegalAction(f"{name} has no landmark {lid!r} to start with built.")
        state.players.append(
            Player(
                name=name,
                coins=_coin_count(coins[seat], f"{name}'s coins"),
                city=dict(city),
                landmarks={lid: lid in built[seat] for lid in order},
            )
        )

    for card_id, copies in setup["market"].items():
        table.card(card_id)
        _coin_count(copies, f"The number of {card_id!r} cards")
    if "random_market" in table.variants:
        deck = [card_id for card_id, copies in setup["market"].items() for _ in range(copies)]
        state.market_deck, state.draws = dice.shuffled(deck, seed, state.draws)
        state.market_deck = tuple(state.market_deck)
        _refill_market(state, [])
    else:
        state.market = dict(setup["market"])

    start_turn(state, _first_player(state, setup.get("first_player", 0)), extra=False, events=None)
    for hook in START_OF_GAME:
        hook(state)
    return state


def _first_player(state: GameState, choice: Any) -> int:
    count = len(state.players)
    if choice == "roll":
        # Everyone rolls two dice; the highest sum starts, ties roll again among themselves.
        contenders = list(range(count))
        while True:
            rolls: list[int | None] = [None] * count
            for seat in contenders:
                rolls[seat] = sum(1 + dice.draw(state.seed, state.draws + i, 6) for i in (0, 1))
                state.draws += 2
            state.start_rolls.append(rolls)
            best = max(r for r in rolls if r is not None)
            contenders = [seat for seat in contenders if rolls[seat] == best]
            if len(contenders) == 1:
                return contenders[0]
    if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < count:
        raise IllegalAction(f"The first player must be a seat from 0 to {count - 1} or 'roll'.")
    return choice
