"""Random playouts against the lean loop counted in machine instructions, not seconds (by hand).

    .venv/bin/python bench/engine_instructions.py [--games 40] [--players 2 4] [--root DIR]

On a machine shared with other work, CPU time moves by a fifth from one round to the next; the
instructions a process executes hardly move. This runs the playouts of `bench/engine.py` (the
fast contract: `legal_moves`, `play`) and the lean loop (`bench/lean_classic.py`) each in a
process of its own under valgrind's callgrind, takes off the instructions of a process that only
starts up, and prints instructions per game and the lean loop's count over the engine's: the
ratio `bench/engine.py` prints, in instructions. It leaves out what instructions do not show
(cache misses, branches), so it is a second opinion beside the timed ratio, not the goal's figure.
`--root` measures the engine of another checkout (e.g. a git worktree of an older commit).
Needs valgrind (`apt-get install valgrind`); a run takes about a minute per player count.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
NAMES = ["Ann", "Ben", "Cy", "Di"]


def child(what: str, root: str, players: int, games: int) -> None:
    sys.path.insert(0, root)
    sys.path.insert(0, str(BENCH))
    import lean_classic

    from play.engine import legal_moves, new_game, play

    if what == "engine":
        for seed in range(games):
            state = new_game("classic", players=NAMES[:players], seed=seed)
            rng = random.Random(seed).random
            while state.winner is None:
                moves = legal_moves(state)
                play(state, moves[int(rng() * len(moves))])
    elif what == "lean":
        for seed in range(games):
            lean_classic.play(players, seed)


def instructions(what: str, root: str, players: int, games: int) -> int:
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--child",
            what,
            root,
            str(players),
            str(games),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        what, root, players, games = sys.argv[2:6]
        child(what, root, int(players), int(games))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--root", default=str(BENCH.parent), help="the checkout to measure")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed", file=sys.stderr)
        return 1
    print(f"{args.games} random playouts per player count, engine of {args.root}")
    for players in args.players:
        start_up = instructions("nothing", args.root, players, 1)
        engine = instructions("engine", args.root, players, args.games) - start_up
        lean = instructions("lean", args.root, players, args.games) - start_up
        print(
            f"{players} players: engine {engine / args.games / 1e6:.2f} M instructions/game, "
            f"lean loop {lean / args.games / 1e6:.2f}, x{lean / engine:.3f} the lean loop"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
