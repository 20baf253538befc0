"""Engine throughput against a reference commit's engine, side by side (by hand, not a test).

    .venv/bin/python bench/engine.py [--games 1000] [--rounds 3] [--baseline COMMIT] [--only]

Plays random legal playouts of the classic game through the public contract (legal_actions, a
uniform random choice, apply_action with its events kept, to_json of the final state) and times
one apply_action, one legal_actions and one to_json over the positions of such games, for 2 and 4
players. The reference engine is checked out from COMMIT (default: the commit the engine's
recorded games come from, before the engine was made fast) into a temporary git worktree; each
engine runs in a child process of its own, and the two take turns round by round, so a busy
machine slows both alike. Figures are medians over the rounds; the ratio is new / old (for times,
old / new: higher is better either way). `--only` measures this checkout alone.

Goal (issue 11): four-player playouts at least 4 times as fast as at the reference commit.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = "f4bad8dade8d8b9037c99048894c2f545db94a93"  # the engine before it was made fast
NAMES = ["Ann", "Ben", "Cy", "Di"]
PLAYER_COUNTS = (2, 4)


# --- the child: one engine, measured on request --------------------------------------------------


def playouts(players: int, games: int) -> dict:
    from play.engine import apply_action, legal_actions, new_game

    chooser = random.Random(1)
    decisions = 0
    started = time.perf_counter()
    for number in range(games):
        state = new_game("classic", players=NAMES[:players], seed=number)
        while state.winner is None:
            actions = legal_actions(state)
            state, _events = apply_action(state, actions[chooser.randrange(len(actions))])
            decisions += 1
        state.to_json()
    elapsed = time.perf_counter() - started
    return {"games_per_second": games / elapsed, "decisions_per_game": decisions / games}


def positions(players: int, games: int) -> list:
    from play.engine import apply_action, legal_actions, new_game

    chooser = random.Random(2)
    found = []
    for number in range(games):
        state = new_game("classic", players=NAMES[:players], seed=10_000 + number)
        while state.winner is None:
            actions = legal_actions(state)
            action = actions[chooser.randrange(len(actions))]
            found.append((state, action))
            state, _ = apply_action(state, action)
    return found


def per_call(found: list) -> dict:
    from play.engine import apply_action, legal_actions

    def micros(call) -> float:
        started = time.perf_counter()
        for state, action in found:
            call(state, action)
        return (time.perf_counter() - started) / len(found) * 1e6

    return {
        "apply_action_us": micros(apply_action),
        "legal_actions_us": micros(lambda state, _action: legal_actions(state)),
        "to_json_us": micros(lambda state, _action: state.to_json()),
    }


def child(root: str) -> None:
    sys.path.insert(0, root)
    import play.engine

    engine_at = Path(play.engine.__file__).resolve()
    assert engine_at.is_relative_to(Path(root).resolve()), f"{engine_at} is not under {root}"
    found: dict[int, list] = {}
    for line in sys.stdin:
        request = json.loads(line)
        players = request["players"]
        if request["what"] == "playouts":
            result = playouts(players, request["games"])
        else:
            if players not in found:
                found[players] = positions(players, request["games"])
            result = per_call(found[players])
        print(json.dumps(result), flush=True)


# --- the parent: both engines, round by round ----------------------------------------------------


class Engine:
    def __init__(self, label: str, root: Path):
        self.label = label
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--child", str(root)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, **request) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def measure(engines: list[Engine], games: int, rounds: int) -> dict:
    """{(label, players): {figure: [one value per round]}}, the engines taking turns."""
    figures: dict = {}
    for _round in range(rounds):
        for players in PLAYER_COUNTS:
            for engine in engines:
                results = {
                    **engine.ask(what="playouts", players=players, games=games),
                    **engine.ask(what="per_call", players=players, games=max(games // 10, 20)),
                }
                row = figures.setdefault((engine.label, players), {})
                for name, value in results.items():
                    row.setdefault(name, []).append(value)
    return {
        key: {name: statistics.median(values) for name, values in row.items()}
        for key, row in figures.items()
    }


def report(figures: dict, labels: list[str]) -> None:
    for players in PLAYER_COUNTS:
        for label in labels:
            row = figures[(label, players)]
            print(
                f"{players} players, {label:>4}: {row['games_per_second']:6.0f} games/s, "
                f"{row['decisions_per_game']:4.0f} decisions/game, "
                f"apply_action {row['apply_action_us']:5.2f} µs, "
                f"legal_actions {row['legal_actions_us']:5.2f} µs, "
                f"to_json {row['to_json_us']:5.2f} µs"
            )
        if len(labels) == 2:
            old, new = figures[("old", players)], figures[("new", players)]
            print(
                f"{players} players, new/old: "
                f"games/s x{new['games_per_second'] / old['games_per_second']:.2f}, "
                f"apply_action x{old['apply_action_us'] / new['apply_action_us']:.2f}, "
                f"legal_actions x{old['legal_actions_us'] / new['legal_actions_us']:.2f}, "
                f"to_json x{old['to_json_us'] / new['to_json_us']:.2f}"
            )


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="playouts per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", default=REFERENCE, help="the commit to compare with")
    parser.add_argument("--only", action="store_true", help="measure this checkout alone")
    options = parser.parse_args()
    python = sys.version.split()[0]
    print(f"Python {python}, {options.games} playouts a round, {options.rounds} rounds")
    with contextlib.ExitStack() as stack:
        engines = [Engine("new", ROOT)]
        stack.callback(engines[0].close)
        if not options.only:
            engines.insert(0, Engine("old", stack.enter_context(checked_out(options.baseline))))
            stack.callback(engines[0].close)
            print(f"old: {options.baseline[:12]}, new: this checkout ({ROOT})")
        figures = measure(engines, options.games, options.rounds)
    report(figures, [engine.label for engine in engines])


@contextlib.contextmanager
def checked_out(commit: str):
    """The repository at `commit`, in a temporary git worktree removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="engine-baseline-") as scratch:
        baseline = Path(scratch) / "baseline"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(baseline), commit],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            yield baseline
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(baseline)], cwd=ROOT, check=False
            )


if __name__ == "__main__":
    main()
