"""The decks this installation ships, by id, for tests that run over each of them (issue 29).

Each shipped deck lies in legacy_deck/content/<deck id>/ (legacy_deck.shipped). `install` makes
one of them the deck that new campaigns begin with when no deck is chosen, for one test.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from legacy_deck import shipped
from legacy_deck.format import Deck
from legacy_deck.loader import SHIPPED as CONTENT_ROOT

SEVEN_WINDS_BAY = "seven_winds_bay"
COMET_OVER_MILLBROOK = "comet_over_millbrook"
SHIPPED = (SEVEN_WINDS_BAY, COMET_OVER_MILLBROOK)


def folder_of(deck_id: str) -> Path:
    """Where a shipped deck's three files lie."""
    return CONTENT_ROOT / deck_id


@cache
def shipped_deck(deck_id: str) -> Deck:
    """A shipped deck, loaded and checked once."""
    deck = shipped.shipped_deck(folder_of(deck_id))
    assert deck.id == deck_id, f"{folder_of(deck_id)} holds {deck.id!r}, not {deck_id!r}"
    return deck


def install(monkeypatch, deck_id: str) -> Deck:
    """Make `deck_id` the deck new campaigns are begun with when none is chosen, for this test."""
    from campaign import decks

    deck = shipped_deck(deck_id)
    monkeypatch.setattr(decks, "our_deck", lambda: deck)
    return deck
