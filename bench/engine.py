"""Engine throughput: random legal playouts of the classic game (run by hand, not a test).

    .venv/bin/python bench/engine.py [--games 2000]

Prints games per second for whole playouts (legal_actions + a uniform random choice +
apply_action, events and all), decisions per game, the time of one apply_action and of one
legal_actions call, and the size of the state's JSON. Goal: 250 four-player games per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play.engine import apply_action, legal_actions, new_game  # noqa: E402

NAMES = ["Ann", "Ben", "Cy", "Di"]


def playouts(players: int, games: int) -> dict:
    chooser = random.Random(1)
    decisions = 0
    json_sizes = []
    started = time.perf_counter()
    for number in range(games):
        state = new_game("classic", players=NAMES[:players], seed=number)
        while state.winner is None:
            actions = legal_actions(state)
            state, _events = apply_action(state, actions[chooser.randrange(len(actions))])
            decisions += 1
        json_sizes.append(len(state.to_json().encode()))
    elapsed = time.perf_counter() - started
    return {
        "games_per_second": games / elapsed,
        "decisions_per_game": decisions / games,
        "json_bytes_at_end": statistics.median(json_sizes),
    }


def per_call(players: int, games: int) -> dict:
    """Time legal_actions and apply_action separately over recorded positions."""
    chooser = random.Random(2)
    positions = []
    for number in range(games):
        state = new_game("classic", players=NAMES[:players], seed=10_000 + number)
        while state.winner is None:
            actions = legal_actions(state)
            action = actions[chooser.randrange(len(actions))]
            positions.append((state, action))
            state, _ = apply_action(state, action)
    started = time.perf_counter()
    for state, action in positions:
        apply_action(state, action)
    apply_us = (time.perf_counter() - started) / len(positions) * 1e6
    started = time.perf_counter()
    for state, _action in positions:
        legal_actions(state)
    legal_us = (time.perf_counter() - started) / len(positions) * 1e6
    started = time.perf_counter()
    for state, _action in positions[:2000]:
        state.to_json()
    json_us = (time.perf_counter() - started) / min(len(positions), 2000) * 1e6
    return {"apply_action_us": apply_us, "legal_actions_us": legal_us, "to_json_us": json_us}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    games = parser.parse_args().games
    print(f"Python {sys.version.split()[0]}, {games} random playouts per player count")
    for players in (2, 4):
        figures = {**playouts(players, games), **per_call(players, max(games // 10, 20))}
        print(
            f"{players} players: {figures['games_per_second']:6.0f} games/s, "
            f"{figures['decisions_per_game']:5.0f} decisions/game, "
            f"apply_action {figures['apply_action_us']:5.1f} µs, "
            f"legal_actions {figures['legal_actions_us']:5.1f} µs, "
            f"to_json {figures['to_json_us']:5.1f} µs, "
            f"state JSON {figures['json_bytes_at_end']:.0f} bytes"
        )


if __name__ == "__main__":
    main()
