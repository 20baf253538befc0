"""The decks this installation ships, for tests that run over each of them (issue 29).

Each shipped deck lies in legacy_deck/content/<deck id>/ (Seven Winds Bay, until its files move
there, in legacy_deck/content itself). Until the campaign layer looks a deck up by its id, a test
plays another deck by installing it in place of ours (`install`, the way campaign/flow's docs
say); once it does, `install` is the one place to change: choose the deck by id there, and the
tests that use it stay as they are.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from legacy_deck.format import Deck
from legacy_deck.loader import CONTENT, load_deck

SEVEN_WINDS_BAY = "seven_winds_bay"
COMET_OVER_MILLBROOK = "comet_over_millbrook"
SHIPPED = (SEVEN_WINDS_BAY, COMET_OVER_MILLBROOK)


def folder_of(deck_id: str) -> Path:
    """Where a shipped deck's three files lie."""
    own = CONTENT / deck_id
    return own if (own / "deck.toml").is_file() else CONTENT


@cache
def shipped_deck(deck_id: str) -> Deck:
    """A shipped deck, loaded and checked once."""
    deck = load_deck(folder_of(deck_id))
    assert deck.id == deck_id, f"{folder_of(deck_id)} holds {deck.id!r}, not {deck_id!r}"
    return deck


def install(monkeypatch, deck_id: str) -> Deck:
    """Make `deck_id` the deck new campaigns are begun with and read from, for this test."""
    from campaign import decks

    deck = shipped_deck(deck_id)
    monkeypatch.setattr(decks, "our_deck", lambda: deck)
    return deck
