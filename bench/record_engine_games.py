"""Record bot games from the engine as it is now, for tests/engine/test_replay_recorded_games.py.

    .venv/bin/python bench/record_engine_games.py [--games 3000]
    .venv/bin/python bench/record_engine_games.py --legacy-only

Writes tests/engine/data/recorded_games.json.gz: a few thousand games (classic and Kosmos with
their variants, Legacy tables with every rule the engine knows, and our campaign's ten chapters),
2 to 4 seats of random and greedy bots, each game as its setup, its actions and the digests of
tests/engine/recorded_games.py. Run it only to record a new reference, from the commit whose
games the engine must keep playing alike; the fixture names that commit.

`--legacy-only` plays the fixture's Legacy games again (same tables, seeds and bots) after a
change to a Legacy rule, and keeps every classic and Kosmos game exactly as it was recorded; the
fixture then names both commits ("commit" for the classic and Kosmos games, "legacy_commit").
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from recorded_games import digest_game, load, save, setup_of  # noqa: E402

from legacy_deck.loader import read_deck  # noqa: E402
from legacy_deck.setup import chapter_setup, plausible_carry_over  # noqa: E402
from play.engine import apply_action, legal_actions, new_game  # noqa: E402
from play.engine.bots import BOTS  # noqa: E402
from play.engine.legacy import legacy_landmarks  # noqa: E402
from play.engine.table import LEGACY_EDITION  # noqa: E402

NAMES = ["Ann", "Ben", "Cem", "Dora"]
MAX_STEPS = 1500  # random bots in a city-poor game could go on for long; the cap keeps it small


def _name(en: str) -> dict:
    return {"en": en, "de": en, "nl": en}


LANDMARK_DEFS = [
    {
        "id": "hochofen",
        "name": _name("Blast Furnace"),
        "cost": 5,
        "letter": "A",
        "effect": {"kind": "two_dice"},
    },
    {
        "id": "blumenladen",
        "name": _name("Flower Shop"),
        "cost": 15,
        "letter": "B",
        "effect": {"kind": "icon_bonus", "icons": ["bread"], "amount": 1},
    },
    {
        "id": "springbrunnen",
        "name": _name("Fountain"),
        "cost": 25,
        "letter": "C",
        "effect": {"kind": "extra_turn_on_total", "total": 7},
    },
    {
        "id": "funkturm",
        "name": _name("Radio Mast"),
        "cost": 10,
        "letter": "B",
        "effect": {"kind": "reroll"},
    },
    {
        "id": "freizeitpark",
        "name": _name("Fun Park"),
        "cost": 16,
        "letter": "C",
        "effect": {"kind": "extra_turn_on_doubles"},
    },
]
PROJECT_DEFS = [
    {
        "id": "sternwarte",
        "name": _name("Observatory"),
        "cost": 20,
        "effect": {"kind": "per_icon", "icon": "wheat", "amount": 1},
    },
    {
        "id": "rathaus",
        "name": _name("Town Hall"),
        "cost": 12,
        "effect": {"kind": "bank", "amount": 3},
    },
]
ISLAND_DEFS = [
    {
        "id": "gull_rock",
        "name": _name("Gull Rock"),
        "effect": {"kind": "income_each_turn", "amount": 1},
    },
    {
        "id": "bread_isle",
        "name": _name("Bread Isle"),
        "effect": {"kind": "icon_bonus", "icons": ["wheat"], "amount": 2},
    },
    {"id": "twin_isle", "name": _name("Twin Isle"), "effect": {"kind": "two_dice"}},
    {
        "id": "lucky_isle",
        "name": _name("Lucky Isle"),
        "effect": {"kind": "extra_turn_on_total", "total": 8},
    },
    {"id": "echo_isle", "name": _name("Echo Isle"), "effect": {"kind": "reroll"}},
]
RULE_SETS = [
    [],
    ["rest_day"],
    ["turn_order_coins"],
    ["expedition"],
    ["yokai_flip"],
    ["yokai_coins"],
    ["expedition", "rest_day", "yokai_flip", "turn_order_coins"],
    ["expedition", "rest_day", "yokai_coins"],
]
MARKET = (
    "wheat_field",
    "bakery",
    "forest",
    "furniture_factory",
    "apple_orchard",
    "fruit_and_vegetable_market",
    "mine",
    "cafe",
)
PROJECTS = [None, {"id": "sternwarte"}, {"id": "rathaus", "cost": 9}]
EDITION_VARIANTS = [[], ["random_market"], ["two_copies_max"], ["random_market", "two_copies_max"]]


def legacy_setup(players: int, choice: random.Random) -> dict:
    """A Legacy table like the rule tests' (tests/engine/legacy/conftest.py), varied."""
    rules = choice.choice(RULE_SETS)
    tableau = choice.sample(
        ["hochofen", "blumenladen", "springbrunnen", "funkturm", "freizeitpark"], 3
    )
    market = dict.fromkeys(MARKET, 5)
    for purple in choice.sample(["stadium", "tv_station", "business_center"], choice.randint(0, 3)):
        market[purple] = 2
    setup = {
        "players": NAMES[:players],
        "seed": 0,
        "coins": [3] * players,
        "cities": [{"wheat_field": 1, "bakery": 1} for _ in range(players)],
        "landmarks": [legacy_landmarks(sorted(tableau)) for _ in range(players)],
        "landmark_defs": copy.deepcopy(LANDMARK_DEFS),
        "project_defs": copy.deepcopy(PROJECT_DEFS),
        "community_project": choice.choice(
            [None, {"id": "sternwarte"}, {"id": "rathaus", "cost": 9}]
        ),
        "market": market,
        "rules": rules,
        "variants": choice.choice([[], [], ["two_copies_max"], ["random_market"]]),
        "first_player": choice.choice([0, players - 1, "roll"]),
    }
    if choice.random() < 0.5:
        setup["stickers"] = [
            {"card": "forest", "change": {"cost": 2}},
            {"card": "mine", "change": {"numbers": [8, 9], "amount": 4}},
            {"card": "cafe", "change": {"icon": "bread"}},
        ][: choice.randint(1, 3)]
    if "expedition" in rules:
        islands = choice.sample(ISLAND_DEFS, 3)
        setup["island_defs"] = copy.deepcopy(islands)
        setup["expedition"] = {
            "length": 6,
            "islands": [
                {"id": island["id"], "space": 2 * (k + 1)} for k, island in enumerate(islands)
            ],
        }
    return setup


def edition_setup(players: int, choice: random.Random) -> dict:
    # a few games start with landmarks in force, so that rerolls and extra turns come early
    head_start = [["radio_tower", "amusement_park"]] + [[]] * (players - 1)
    state = new_game(
        choice.choice(["classic", "kosmos"]),
        players=NAMES[:players],
        variants=choice.choice(EDITION_VARIANTS),
        first_player=choice.choice([0, "roll"]),
        built=choice.choice([None, None, None, head_start]),
    )
    return state.setup


def game_setups(games: int):
    deck, problems = read_deck()
    assert not problems, problems
    chapters = {}
    for number in range(games):
        choice = random.Random(number)
        players = 2 + number % 3
        kind = number % 10
        if kind < 5:
            setup = edition_setup(players, choice)
        elif kind < 8:
            setup = legacy_setup(players, choice)
        else:
            chapter = 1 + (number // 10) % deck.shape.games
            key = (chapter, players)
            if key not in chapters:
                carry = plausible_carry_over(deck, chapter, players)
                chapters[key] = chapter_setup(deck, chapter, players, carry)
            setup = copy.deepcopy(chapters[key])
        setup["seed"] = number
        yield number, players, setup


def play(number: int, players: int, setup: dict) -> list[dict]:
    rng = random.Random(10_000 + number)
    seats = [BOTS[rng.choice(["random", "random", "greedy"])] for _ in range(players)]
    state = new_game(setup)
    actions = []
    while state.winner is None and len(actions) < MAX_STEPS:
        action = seats[state.active](state, legal_actions(state), rng)
        state, _events = apply_action(state, action)
        actions.append(action)
    return actions


def record_legacy_again(commit: str) -> None:
    """Play the recorded Legacy games again with today's rules; keep the others as they are."""
    started = time.perf_counter()
    recording = load()
    again = 0
    for game in recording["games"]:
        setup = setup_of(recording, game)
        if setup.get("edition", LEGACY_EDITION) != LEGACY_EDITION:
            continue
        number = game["seed"]
        actions = play(number, len(setup["players"]), setup)
        game.update(actions=actions, **digest_game(number, setup, actions))
        again += 1
    recording["legacy_commit"] = commit
    save(recording)
    print(f"{again} Legacy games recorded again, {time.perf_counter() - started:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument(
        "--legacy-only", action="store_true", help="record the Legacy games again, keep the rest"
    )
    options = parser.parse_args()
    games = options.games
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    if options.legacy_only:
        record_legacy_again(commit)
        return
    started = time.perf_counter()
    tables: dict[str, int] = {}  # a setup without its seed -> its index
    setups = []
    recorded = []
    for number, players, setup in game_setups(games):
        actions = play(number, players, setup)
        table = json.dumps({**setup, "seed": 0}, sort_keys=True)
        if table not in tables:
            tables[table] = len(setups)
            setups.append({**setup, "seed": 0})  # key order kept: it is part of the state's JSON
        index = tables[table]
        recorded.append(
            {
                "seed": number,
                "setup": index,
                "actions": actions,
                **digest_game(number, setup, actions),
            }
        )
    save(
        {
            "commit": commit,
            "setups": setups,
            "games": recorded,
        }
    )
    steps = sum(len(game["actions"]) for game in recorded)
    print(
        f"{games} games, {steps} steps, {len(setups)} tables, {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
