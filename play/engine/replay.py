"""A game is its setup plus its actions: replaying them gives the same state every time.

A game restored from a backup taken while it was under way (campaign.backup) has no seed of the
rolls it made: its setup holds a fresh seed for the coming ones, its start rolls ("start_rolls")
and each roll or reroll of its log the dice it showed ("rolled", forced when replayed). So nobody
who holds the backup, the host included, can foresee a roll (ARCHITECTURE.md, "Dice nobody can
foresee"), and the restored game still replays exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .rules import apply_action
from .setup import new_game
from .state import GameState

ROLLED = "rolled"  # an action's key: the dice this roll or reroll showed, made before a restore
ROLLS = ("roll", "reroll")


def apply_logged(state: GameState, entry: dict) -> tuple[GameState, list[dict]]:
    """Play one action of a game's log, with the dice it rolled if it says so."""
    if isinstance(entry, dict) and ROLLED in entry:
        action = {key: value for key, value in entry.items() if key != ROLLED}
        return apply_action(state, action, dice=entry[ROLLED])
    return apply_action(state, entry)


def replay_steps(setup: dict, actions: Iterable[dict]) -> Iterator[tuple[GameState, list[dict]]]:
    """The start state with no events, then each state after an action with its events."""
    state = new_game(setup)
    yield state, []
    for action in actions:
        state, events = apply_logged(state, action)
        yield state, events


def replay(setup: dict, actions: Iterable[dict]) -> GameState:
    """The state a setup reaches after these actions; IllegalAction if one of them is illegal."""
    state = new_game(setup)
    for action in actions:
        state, _events = apply_logged(state, action)
    return state


def transcript(setup: dict, actions: Iterable[dict]) -> tuple[dict, list[dict]]:
    """The game as the table has seen it, without the seed that makes its coming rolls: the
    setup less its seed, with the start rolls it made, and each roll and reroll with its dice.
    Given any seed (`with_seed`), it replays to the same table; what comes next is that seed's.

    A random market's order follows from the seed alone, so such a game has no transcript
    (ValueError); a campaign's games have none."""
    if "random_market" in (setup.get("variants") or ()):
        raise ValueError("a random market's coming cards follow from the seed")
    state = new_game(setup)
    seen = {key: value for key, value in state.setup.items() if key != "seed"}
    if state.start_rolls:
        seen["start_rolls"] = [list(rolls) for rolls in state.start_rolls]
    logged = []
    for action in actions:
        state, _events = apply_logged(state, action)
        if action.get("type") in ROLLS:
            action = {**action, ROLLED: list(state.dice)}
        logged.append(action)
    return seen, logged


def with_seed(setup: dict, actions: list[dict], seed: int) -> dict:
    """A transcript's setup that goes on with `seed`: ValueError if a roll it made is missing
    (the seed would make it anew)."""
    if any(action.get("type") in ROLLS and ROLLED not in action for action in actions):
        raise ValueError("a roll of the transcript has no dice")
    if setup.get("first_player") == "roll" and not setup.get("start_rolls"):
        raise ValueError("the transcript's start roll has no dice")
    return {**setup, "seed": seed}
