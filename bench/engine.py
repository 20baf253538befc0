"""Engine throughput against the lean loop and a reference commit's engine, in one run (by hand).

    .venv/bin/python bench/engine.py [--games 1000] [--rounds 3] [--baseline COMMIT] [--only]

A random playout (issue 17): from new_game("classic", players=[2 or 4 names], seed=g), choose
uniformly among the legal moves with random.Random(g) until there is a winner (picked as the lean
loop picks: int(random() * count)). This plays such
playouts through the fast contract (`legal_moves`, `play`: in place, no events) and through the
checked one (`legal_actions`, `apply_action` with its events, `to_json` of the final state), and
the lean loop (`bench/lean_classic.py`: the same game with plain lists and ints, no contract at
all) with as many games; it prints each as games per second and the engine's speed as a ratio to
the lean loop's. Per call, over the positions of such games: `apply_action`, `legal_actions`,
`to_json`, `legal_moves`, `play` (the cost of a copy taken off) and the events (`play` reporting
them into a list, less `play` without).

The reference engine is checked out from COMMIT (default: the commit before the fast contract)
into a temporary git worktree. Each engine and the lean loop run in child processes of their
own and take turns round by round. Every figure is CPU time of the process that measures it
(time.process_time), so other work on the machine weighs little; the lean loop is timed the same
way, by playing its games here (its self-check runs first, untimed). Figures are medians over
the rounds; ratios are taken within a round. `--only` measures this checkout and the lean loop.

Goal (issue 17): random playouts through the fast contract at least 0.5 × the lean loop, with
2 and with 4 players.
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
LEAN = Path(__file__).resolve().parent / "lean_classic.py"
REFERENCE = "e533663305891f3952aa9f522c00d450792fb059"  # main before the fast contract (issue 17)
NAMES = ["Ann", "Ben", "Cy", "Di"]
PLAYER_COUNTS = (2, 4)


# --- the child: one engine, measured on request --------------------------------------------------


def fast_playouts(players: int, games: int) -> dict:
    from play.engine import legal_moves, new_game, play

    decisions = 0
    started = time.process_time()
    for seed in range(games):
        state = new_game("classic", players=NAMES[:players], seed=seed)
        rng = random.Random(seed).random
        while state.winner is None:
            moves = legal_moves(state)
            play(state, moves[int(rng() * len(moves))])
            decisions += 1
    elapsed = time.process_time() - started
    return {"fast_games_per_second": games / elapsed, "fast_decisions_per_game": decisions / games}


def checked_playouts(players: int, games: int) -> dict:
    from play.engine import apply_action, legal_actions, new_game

    decisions = 0
    started = time.process_time()
    for seed in range(games):
        state = new_game("classic", players=NAMES[:players], seed=seed)
        rng = random.Random(seed).random
        while state.winner is None:
            actions = legal_actions(state)
            state, _events = apply_action(state, actions[int(rng() * len(actions))])
            decisions += 1
        state.to_json()
    elapsed = time.process_time() - started
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


def micros(found: list, call) -> float:
    started = time.process_time()
    for state, action in found:
        call(state, action)
    return (time.process_time() - started) / len(found) * 1e6


def per_call(found: list) -> dict:
    import play.engine as engine

    figures = {
        "apply_action_us": micros(found, engine.apply_action),
        "legal_actions_us": micros(found, lambda state, _action: engine.legal_actions(state)),
        "to_json_us": micros(found, lambda state, _action: state.to_json()),
    }
    if hasattr(engine, "legal_moves"):
        moves = [(state, engine.as_move(action)) for state, action in found]
        copying = micros(moves, lambda state, _move: state.copy())
        playing = micros(moves, lambda state, move: engine.play(state.copy(), move))
        reporting = micros(moves, lambda state, move: engine.play(state.copy(), move, []))
        figures |= {
            "legal_moves_us": micros(moves, lambda state, _move: engine.legal_moves(state)),
            "play_us": playing - copying,
            "events_us": reporting - playing,
        }
    return figures


def child(root: str) -> None:
    sys.path.insert(0, root)
    import play.engine

    engine_at = Path(play.engine.__file__).resolve()
    assert engine_at.is_relative_to(Path(root).resolve()), f"{engine_at} is not under {root}"
    fast = hasattr(play.engine, "legal_moves")
    found: dict[int, list] = {}
    for line in sys.stdin:
        request = json.loads(line)
        players = request["players"]
        if request["what"] == "playouts":
            result = checked_playouts(players, request["games"])
            if fast:
                result |= fast_playouts(players, request["games"])
        else:
            if players not in found:
                found[players] = positions(players, request["games"])
            result = per_call(found[players])
        print(json.dumps(result), flush=True)


# --- the parent: the engines and the lean loop, round by round -----------------------------------


class Engine:
    def __init__(self, label: str, root: Path | None):
        """A child measuring the engine under `root`, or the lean loop (root None)."""
        self.label = label
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--child", str(root) if root else "--lean"],
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


def lean_playouts(players: int, games: int) -> dict:
    """The lean loop's games, as its own main plays them (in the child that imported it)."""
    import lean_classic

    decisions = 0
    started = time.process_time()
    for seed in range(games):
        decisions += lean_classic.play(players, seed)[1]
    elapsed = time.process_time() - started
    return {"games_per_second": games / elapsed, "decisions_per_game": decisions / games}


def lean_child() -> None:
    sys.path.insert(0, str(LEAN.parent))
    import lean_classic

    lean_classic.selfcheck()
    for line in sys.stdin:
        request = json.loads(line)
        print(json.dumps(lean_playouts(request["players"], request["games"])), flush=True)


def measure(engines: list[Engine], games: int, rounds: int) -> dict:
    """{(label, players): {figure: [one value per round]}}, the engines taking turns; each engine's
    ratios to the lean loop are taken within the round."""
    figures: dict = {}

    def keep(key, results: dict) -> None:
        row = figures.setdefault(key, {})
        for name, value in results.items():
            row.setdefault(name, []).append(value)

    lean = Engine("lean", None)
    for _round in range(rounds):
        for players in PLAYER_COUNTS:
            floor = lean.ask(players=players, games=games)
            keep(("lean", players), floor)
            for engine in engines:
                results = {
                    **engine.ask(what="playouts", players=players, games=games),
                    **engine.ask(what="per_call", players=players, games=max(games // 10, 20)),
                }
                results["ratio"] = results["games_per_second"] / floor["games_per_second"]
                if "fast_games_per_second" in results:
                    fast = results["fast_games_per_second"]
                    results["fast_ratio"] = fast / floor["games_per_second"]
                keep((engine.label, players), results)
    lean.close()
    return {
        key: {name: statistics.median(values) for name, values in row.items()}
        for key, row in figures.items()
    }


def report(figures: dict, labels: list[str]) -> None:
    for players in PLAYER_COUNTS:
        floor = figures[("lean", players)]
        print(
            f"{players} players, lean loop: {floor['games_per_second']:6.0f} games/s, "
            f"{floor['decisions_per_game']:4.0f} decisions/game"
        )
        for label in labels:
            row = figures[(label, players)]
            if "fast_games_per_second" in row:
                print(
                    f"{players} players, {label:>4}, fast contract: "
                    f"{row['fast_games_per_second']:6.0f} games/s, "
                    f"{row['fast_decisions_per_game']:4.0f} decisions/game, "
                    f"x{row['fast_ratio']:.2f} the lean loop; per call: "
                    f"legal_moves {row['legal_moves_us']:5.2f} µs, play {row['play_us']:5.2f} µs, "
                    f"events {row['events_us']:5.2f} µs"
                )
            print(
                f"{players} players, {label:>4}, checked contract: "
                f"{row['games_per_second']:6.0f} games/s, "
                f"{row['decisions_per_game']:4.0f} decisions/game, "
                f"x{row['ratio']:.2f} the lean loop; per call: "
                f"apply_action {row['apply_action_us']:5.2f} µs, "
                f"legal_actions {row['legal_actions_us']:5.2f} µs, "
                f"to_json {row['to_json_us']:5.2f} µs"
            )
        if len(labels) == 2:
            old, new = figures[("old", players)], figures[("new", players)]
            print(
                f"{players} players, new/old, checked contract: "
                f"games/s x{new['games_per_second'] / old['games_per_second']:.2f}, "
                f"apply_action x{old['apply_action_us'] / new['apply_action_us']:.2f}, "
                f"legal_actions x{old['legal_actions_us'] / new['legal_actions_us']:.2f}, "
                f"to_json x{old['to_json_us'] / new['to_json_us']:.2f}"
            )


def main() -> None:
    if sys.argv[1:] == ["--child", "--lean"]:
        lean_child()
        return
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="playouts per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", default=REFERENCE, help="the commit to compare with")
    parser.add_argument("--only", action="store_true", help="this checkout and the lean loop")
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
