"""Where a random playout's time goes, by decision (by hand).

    .venv/bin/python bench/engine_phases.py [--games 3000] [--players 2 4]

Plays the random playouts of `bench/engine.py` (fast contract: `legal_moves`, `play`) and times
each call on its own (time.perf_counter_ns, the timer's own cost taken off), grouped by the
phase and the kind of move chosen: how often each comes in a game, what its `legal_moves` and
its `play` cost, and its share of the engine's time. `play` of a roll includes the activation,
`play` of a build or a pass the end of the turn and the start of the next.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play.engine import legal_moves, new_game, play  # noqa: E402

NAMES = ["Ann", "Ben", "Cy", "Di"]


def timer_cost(samples: int = 100_000) -> float:
    clock = time.perf_counter_ns
    total = 0
    for _ in range(samples):
        before = clock()
        total += clock() - before
    return total / samples


def measure(players: int, games: int) -> None:
    clock = time.perf_counter_ns
    own = timer_cost()
    legal: dict[tuple, float] = defaultdict(float)
    played: dict[tuple, float] = defaultdict(float)
    count: dict[tuple, int] = defaultdict(int)
    for seed in range(games):
        state = new_game("classic", players=NAMES[:players], seed=seed)
        rng = random.Random(seed).random
        while state.winner is None:
            phase = state.phase
            before = clock()
            moves = legal_moves(state)
            between = clock()
            move = moves[int(rng() * len(moves))]
            started = clock()
            play(state, move)
            after = clock()
            key = (str(phase), move[0])
            legal[key] += between - before - own
            played[key] += after - started - own
            count[key] += 1
    total = sum(legal.values()) + sum(played.values())
    per_game = total / games / 1000
    print(f"{players} players, {games} games: the engine's calls take {per_game:.0f} µs a game")
    print(f"  {'phase, move':<30} {'a game':>7} {'legal_moves':>12} {'play':>9} {'share':>6}")
    for key in sorted(count, key=lambda k: -(legal[k] + played[k])):
        n = count[key]
        print(
            f"  {', '.join(key):<30} {n / games:>7.1f} {legal[key] / n:>9.0f} ns"
            f" {played[key] / n:>6.0f} ns {100 * (legal[key] + played[key]) / total:>5.1f}%"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    for players in args.players:
        measure(players, args.games)


if __name__ == "__main__":
    main()
