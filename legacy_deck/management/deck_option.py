"""Which deck a management command works on: a shipped deck's id, or a deck's folder."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError

from legacy_deck import shipped
from legacy_deck.loader import CONTENT, SHIPPED


def deck_folder(value: str) -> Path:
    """The folder `value` names: a shipped deck's id, or a path (Seven Winds Bay if empty)."""
    if not value:
        return CONTENT
    by_id = SHIPPED / value
    if by_id in shipped.deck_folders():
        return by_id
    folder = Path(value)
    if not folder.is_dir():
        known = ", ".join(folder.name for folder in shipped.deck_folders())
        raise CommandError(f"No deck {value!r}: give a shipped deck's id ({known}) or a folder.")
    return folder
