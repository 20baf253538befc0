"""The legacy deck a campaign is read from: the one this installation ships, checked once."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from legacy_deck.format import Deck
from legacy_deck.loader import load_deck
from legacy_deck.reader import DeckState

from .errors import FlowError

if TYPE_CHECKING:
    from .models import Campaign


@cache
def our_deck() -> Deck:
    """The deck this installation ships (legacy_deck/content), loaded and checked once."""
    return load_deck()


def deck_of(campaign: Campaign) -> Deck:
    """The campaign's deck; FlowError when the installed deck is not the one it was begun with."""
    deck = our_deck()
    if campaign.deck_id != deck.id or not deck.reads_like(campaign.deck_digest):
        raise FlowError(
            _(
                "This campaign was begun with another legacy deck (%(theirs)s) than the one "
                "installed here (%(ours)s); it cannot be read on with this one."
            )
            % {"theirs": campaign.deck_id, "ours": deck.id}
        )
    return deck


def reader_of(campaign: Campaign) -> DeckState:
    """How far the campaign has read its deck."""
    return DeckState.from_dict(campaign.reader)
