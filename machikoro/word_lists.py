"""Words joined into one phrase in the page's language, for every app alike (the deck's
refusals name rule cards with it, the board names a card's icons)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def or_list(words: list[str]) -> str:
    """'cup', 'cup or bread', 'cup, bread or wheat', in the page's language: one of them (a card
    has one icon, so a list of icons a card may have is never joined with 'and')."""
    if len(words) < 2:
        return "".join(words)
    return _("%(items)s or %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}
