"""The legacy decks a campaign is read from: those this installation ships (legacy_deck/content/,
with their earlier versions) and those its hosts added (legacy_deck.models.UploadedDeck).

A campaign stores its deck's id and structure digest; `deck_of` finds that very version among
both, so that a deck changed in structure since (a new version) leaves campaigns under way with
the one they began with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from django.db.models import Q
from django.utils.translation import gettext as _

from legacy_deck import shipped
from legacy_deck.format import Deck
from legacy_deck.loader import CONTENT, SHIPPED, load_deck_text
from legacy_deck.models import UploadedDeck
from legacy_deck.reader import DeckState

from .errors import FlowError

if TYPE_CHECKING:
    from .models import Campaign


@cache
def our_deck() -> Deck:
    """Seven Winds Bay as shipped now: the deck a campaign is made of when none is chosen."""
    return shipped.shipped_deck(CONTENT)


def deck_of(campaign: Campaign) -> Deck:
    """The campaign's deck in the version it was begun with; FlowError when this installation
    does not have that version."""
    found = find_deck(campaign.deck_id, campaign.deck_digest, owner_id=campaign.owner_id)
    if found is None:
        raise FlowError(missing_deck_message(campaign.deck_id))
    return found


def missing_deck_message(deck_id: str) -> str:
    return _(
        "This campaign was begun with a version of the legacy deck “%(deck)s” that this "
        "installation does not have; it can be read on once that deck is added."
    ) % {"deck": deck_id}


def find_deck(deck_id: str, digest: str, *, owner_id: int | None = None) -> Deck | None:
    """The deck `deck_id` in the version `digest` names: shipped, or added by a host (the
    campaign owner's own first)."""
    deck = our_deck()
    if deck_id == deck.id and deck.reads_like(digest):
        return deck
    found = shipped.find_shipped(deck_id, digest)
    if found is not None:
        return found
    rows = UploadedDeck.objects.filter(deck_id=deck_id, digest=digest).only("pk", "added")
    row = (rows.filter(owner_id=owner_id).first() if owner_id else None) or rows.first()
    return uploaded_deck(row) if row is not None else None


def deck_named(deck_id: str) -> Deck | None:
    """The current version of the deck `deck_id`: shipped, or the newest one added here."""
    for deck in shipped.shipped_decks():
        if deck.id == deck_id:
            return deck
    row = UploadedDeck.objects.filter(deck_id=deck_id).only("pk", "added").first()
    return uploaded_deck(row) if row is not None else None


def uploaded_deck(row: UploadedDeck) -> Deck:
    """An added deck, loaded from its row once per process (its text never changes). A row's
    time of adding is part of the key: a primary key may be used again after a delete."""
    return _loaded(row.pk, row.added)


@lru_cache(maxsize=32)
def _loaded(pk: int, added) -> Deck:
    return load_deck_text(UploadedDeck.objects.get(pk=pk, added=added).texts())


def reader_of(campaign: Campaign) -> DeckState:
    """How far the campaign has read its deck."""
    return DeckState.from_dict(campaign.reader)


# -- the decks a host may begin a campaign with ------------------------------------------------


@dataclass(frozen=True)
class DeckChoice:
    """One deck on the New campaign page: its key in the form and what its card says (an added
    deck is read only once it is chosen)."""

    key: str  # "shipped:<id>" or "added:<pk>"
    box_back: dict  # Deck.box_back()
    rounds: dict = field(default_factory=dict)  # {mayors: median rounds a game}
    added: UploadedDeck | None = None
    played: bool = False

    def deck(self) -> Deck:
        if self.added is not None:
            return uploaded_deck(self.added)
        return shipped.shipped_deck(SHIPPED / self.box_back["id"])


def decks_for(user) -> list[DeckChoice]:
    """The decks `user` may begin a campaign with: every shipped one, then the newest version
    of each deck they added or the admin made available to everyone."""
    choices = [
        DeckChoice(f"shipped:{deck.id}", deck.box_back(), shipped.simulated_rounds(deck.id))
        for deck in shipped.shipped_decks()
    ]
    shipped_ids = {choice.box_back["id"] for choice in choices}
    visible = Q(for_everyone=True)
    if user.is_authenticated:
        visible |= Q(owner=user)
    newest = {}
    for row in UploadedDeck.objects.filter(visible).defer("components", "deck", "boxes"):
        if row.deck_id not in shipped_ids:
            newest.setdefault((row.owner_id, row.deck_id), row)  # rows come newest first
    choices += [
        DeckChoice(f"added:{row.pk}", row.box_back, row.rounds, row) for row in newest.values()
    ]
    played = _played_deck_ids(user)
    return [
        DeckChoice(c.key, c.box_back, c.rounds, c.added, c.box_back["id"] in played)
        for c in choices
    ]


def _played_deck_ids(user) -> set[str]:
    if not user.is_authenticated:
        return set()
    return set(user.campaigns.values_list("deck_id", flat=True))
