"""What the engine's contract alone costs per game, against the budget of issue 11's goal (by hand).

    .venv/bin/python bench/engine_floor.py [--games 300] [--rounds 5] [--baseline COMMIT]

Issue 11 asks for random four-player classic playouts through the public contract four times as
fast as at the reference commit. Whatever the engine does inside, the contract makes it:

  - build every legal action as a fresh dict, at every decision (a caller may change them);
  - build every event as a dict;
  - return a new state at every decision, leaving the one it was given as it was;
  - draw the same dice as before (the same games), from the state's seed and counter;
  - start a game (new_game) and write the last state as JSON;

and the playout loop itself picks an action at random. This plays random games with today's
engine, keeps what they produced, and times only those parts, each done the cheapest way we know
in Python (copying a dict with .copy() instead of writing it out, a state object that copies its
fields and nothing else). The sum is a floor: an engine that does nothing else takes at least
that long. The budget is a quarter of the time a game takes at the reference commit, measured in
the same run (bench/engine.py's child process, in a temporary worktree), round by round with
today's engine. What the budget leaves over the floor is the time for all of the game's logic:
checking the action, activating the cards, paying, the build step's filters, the end of the turn.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Engine, checked_out  # noqa: E402  (bench/engine.py)

from play.engine import apply_action, dice, legal_actions, new_game  # noqa: E402
from play.engine.state import PLAYED  # noqa: E402

REFERENCE = "f4bad8dade8d8b9037c99048894c2f545db94a93"  # issue 11's reference engine
NAMES = ["Ann", "Ben", "Cy", "Di"]
STATE_FIELDS = ("setup", "table", "players", *PLAYED)  # what a successor state copies


class BareState:
    """A state that is its fields and nothing else: the cheapest new state per decision."""

    __slots__ = STATE_FIELDS

    def successor(self):
        twin = BareState.__new__(BareState)
        twin.setup = self.setup
        twin.table = self.table
        twin.players = list(self.players)
        for field in PLAYED:
            setattr(twin, field, getattr(self, field))
        return twin


def games_per_second(games: int) -> float:
    """Random playouts exactly as bench/engine.py plays them."""
    chooser = random.Random(1)
    started = time.perf_counter()
    for number in range(games):
        state = new_game("classic", players=NAMES, seed=number)
        while state.winner is None:
            actions = legal_actions(state)
            state, _events = apply_action(state, actions[chooser.randrange(len(actions))])
        state.to_json()
    return games / (time.perf_counter() - started)


def record(games: int) -> list:
    """The same games, each decision kept: its legal actions, its events, its dice drawn."""
    chooser = random.Random(1)
    records = []
    for number in range(games):
        state = new_game("classic", players=NAMES, seed=number)
        steps = []
        while state.winner is None:
            actions = legal_actions(state)
            draws = state.draws
            state, events = apply_action(state, actions[chooser.randrange(len(actions))])
            steps.append((actions, events, state.draws - draws))
        records.append(steps)
    return records


def per_game(records: list, part) -> float:
    started = time.perf_counter()
    for steps in records:
        part(steps)
    return (time.perf_counter() - started) / len(records) * 1e6


def loop_and_choice(steps) -> None:
    chooser = random.Random(1)
    for actions, _events, _draws in steps:
        actions[chooser.randrange(len(actions))]


def action_dicts(steps) -> None:
    for actions, _events, _draws in steps:
        [action.copy() for action in actions]


def event_dicts(steps) -> None:
    for _actions, events, _draws in steps:
        made = []
        for event in events:
            made.append(event.copy())


def new_states(steps) -> None:
    start = BareState()
    for field in STATE_FIELDS:
        setattr(start, field, None)
    start.players = [None] * len(NAMES)
    state = start
    for _step in steps:
        state = state.successor()


def two_calls(steps) -> None:
    def call(state, action=None):
        return state

    for _step in steps:
        call(None)
        call(None, None)


def dice_draws(steps) -> None:
    counter = 0
    for _actions, _events, draws in steps:
        if draws:
            dice.roll(1, counter, draws)
            counter += draws


def start_and_save(steps) -> None:
    new_game("classic", players=NAMES, seed=0).to_json()


PARTS = {
    "the playout loop and its random choice": loop_and_choice,
    "legal actions as fresh dicts": action_dicts,
    "events as dicts": event_dicts,
    "a new state per decision": new_states,
    "a call of legal_actions and apply_action": two_calls,
    "the dice (same draws)": dice_draws,
    "new_game and the last to_json": start_and_save,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", default=REFERENCE, help="the commit of the goal's reference")
    options = parser.parse_args()
    with checked_out(options.baseline) as baseline:
        reference = Engine("old", baseline)
        try:
            old, new = [], []
            for _round in range(options.rounds):
                old.append(reference.ask(what="playouts", players=4, games=options.games))
                new.append(games_per_second(options.games))
        finally:
            reference.close()
    old_rate = statistics.median(result["games_per_second"] for result in old)
    new_rate = statistics.median(new)
    records = record(options.games)
    steps = [len(steps) for steps in records]
    print(
        f"{options.games} random four-player classic games: "
        f"{statistics.mean(steps):.0f} decisions, "
        f"{statistics.mean(sum(len(a) for a, _e, _d in r) for r in records):.0f} legal actions, "
        f"{statistics.mean(sum(len(e) for _a, e, _d in r) for r in records):.0f} events a game"
    )
    floor = 0.0
    for label, part in PARTS.items():
        micros = min(per_game(records, part) for _round in range(options.rounds))
        floor += micros
        print(f"  {label:<45} {micros:6.0f} µs a game")
    print(f"  {'the contract alone (the sum: a floor)':<45} {floor:6.0f} µs a game")
    budget = 1e6 / (4 * old_rate)
    print(
        f"reference {options.baseline[:12]}: {1e6 / old_rate:.0f} µs a game "
        f"({old_rate:.0f} games/s); today: {1e6 / new_rate:.0f} µs a game ({new_rate:.0f} games/s)"
    )
    print(
        f"goal x4: {budget:.0f} µs a game; left for all of the game's logic: "
        f"{budget - floor:.0f} µs a game, {(budget - floor) / statistics.mean(steps):.2f} µs a "
        "decision"
    )


if __name__ == "__main__":
    main()
