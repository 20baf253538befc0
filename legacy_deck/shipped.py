"""The decks this app ships: one folder each in legacy_deck/content/, named by the deck's id, and
in it a versions/ folder of its earlier structures, one folder each named by its digest.

A deck's structure changing (a card, a cost, a STOP; not a sentence) makes a new version: the
files as they were are kept under versions/<digest>/ so that a campaign begun with them reads on.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from .format import Deck
from .loader import DEFAULT_DECK, FILES, SHIPPED, load_deck

# Written by `check_deck --simulate N --write` beside a shipped deck's files: not part of the deck.
SIMULATION = "simulation.json"


def deck_folders(root: Path = SHIPPED) -> list[Path]:
    """Every shipped deck's current folder, Seven Winds Bay first, then by id."""
    folders = [
        folder
        for folder in root.iterdir()
        if folder.is_dir() and (folder / FILES["deck"]).is_file()
    ]
    return sorted(folders, key=lambda folder: (folder.name != DEFAULT_DECK, folder.name))


def version_folders(folder: Path) -> list[Path]:
    """A shipped deck's earlier versions, each a folder named by its digest."""
    versions = folder / "versions"
    if not versions.is_dir():
        return []
    return sorted(p for p in versions.iterdir() if p.is_dir() and (p / FILES["deck"]).is_file())


@cache
def shipped_deck(folder: Path) -> Deck:
    """One shipped deck or version, loaded and checked once per process."""
    return load_deck(folder)


def shipped_decks(root: Path = SHIPPED) -> list[Deck]:
    """The current version of every shipped deck."""
    return [shipped_deck(folder) for folder in deck_folders(root)]


def find_shipped(deck_id: str, digest: str, root: Path = SHIPPED) -> Deck | None:
    """The shipped deck `deck_id` that a campaign which stored `digest` reads: its current
    version or an earlier one (a wording fix reads as the same version)."""
    folder = root / deck_id
    if not deck_id or folder not in deck_folders(root):
        return None
    for candidate in [folder, *version_folders(folder)]:
        deck = shipped_deck(candidate)
        if deck.id == deck_id and deck.reads_like(digest):
            return deck
    return None


def simulated_rounds(deck_id: str, root: Path = SHIPPED) -> dict:
    """The median rounds a game by number of mayors, as `check_deck --simulate N --write` measured
    them for the shipped deck (its simulation.json); {} when it has not been simulated."""
    file = root / deck_id / SIMULATION
    try:
        figures = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(mayors): rounds for mayors, rounds in figures.get("rounds", {}).items()}
