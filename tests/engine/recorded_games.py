"""Games recorded from the engine as it was, and the digest that says a replay plays them alike.

The fixture `data/recorded_games.json.gz` holds games played by bots (bench/record_engine_games.py
wrote it, and says from which commit: "commit", and "legacy_commit" for the Legacy games once a
Legacy rule changed and they were recorded again). A game is its setup and its actions; what the
engine made of them is kept as digests only, so thousands of games stay small:

- a chained hash over every step: the legal actions before the step, the action, its events and
  the state's JSON after it;
- that chain's value every `CHECKPOINT` steps (4 bytes each), so a replay that goes astray is
  reported with its game and the steps where it first differs;
- the hash of the final state's JSON.

In every other game the state is also reloaded from its JSON every `RELOAD_EVERY` steps and play
goes on from the loaded one: a state read from a save must play exactly like the state that play
built (and the games in between keep the states that play built all along).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
from pathlib import Path

from play.engine import GameState, apply_action, legal_actions, new_game

FIXTURE = Path(__file__).parent / "data" / "recorded_games.json.gz"
CHECKPOINT = 10
CHECKPOINT_BYTES = 4
RELOAD_EVERY = 13


def _compact(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def digest_game(number: int, setup: dict, actions: list[dict], check_unchanged=False) -> dict:
    """Replay one game and return its digests (the recorder stores them, the test compares).

    With check_unchanged, also assert at every step that the state an action was applied to is
    left as it was (states share what they do not change)."""
    reloads = number % 2 == 1
    chain = hashlib.blake2b(digest_size=16)
    checkpoints = bytearray()
    state = new_game(setup)
    text = state.to_json()
    chain.update(text.encode())
    for step, action in enumerate(actions, start=1):
        chain.update(_compact(legal_actions(state)))
        chain.update(_compact(action))
        before, previous = state, text
        state, events = apply_action(state, action)
        if check_unchanged:
            assert before.to_json() == previous, f"game {number}: step {step} changed its input"
        chain.update(_compact(events))
        text = state.to_json()
        chain.update(text.encode())
        if reloads and step % RELOAD_EVERY == 0:
            state = GameState.from_json(text)
        if step % CHECKPOINT == 0:
            checkpoints += chain.digest()[:CHECKPOINT_BYTES]
    chain.update(_compact(legal_actions(state)))
    return {
        "chain": chain.hexdigest(),
        "checkpoints": base64.b64encode(bytes(checkpoints)).decode(),
        "final": hashlib.blake2b(state.to_json().encode(), digest_size=16).hexdigest(),
    }


def first_difference(recorded: str, replayed: str) -> int:
    """The first step whose checkpoint differs, rounded down to a checkpoint (0: before any)."""
    old, new = base64.b64decode(recorded), base64.b64decode(replayed)
    for index in range(0, min(len(old), len(new)), CHECKPOINT_BYTES):
        if old[index : index + CHECKPOINT_BYTES] != new[index : index + CHECKPOINT_BYTES]:
            return index // CHECKPOINT_BYTES * CHECKPOINT
    return min(len(old), len(new)) // CHECKPOINT_BYTES * CHECKPOINT


def save(recording: dict) -> None:
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_bytes(gzip.compress(_compact(recording), compresslevel=9, mtime=0))


def load() -> dict:
    return json.loads(gzip.decompress(FIXTURE.read_bytes()))


def setup_of(recording: dict, game: dict) -> dict:
    """The game's full setup: its shared table with the game's own seed."""
    return {**recording["setups"][game["setup"]], "seed": game["seed"]}
