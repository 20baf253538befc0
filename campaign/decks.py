"""The legacy decks a campaign is read from: those this installation ships (legacy_deck/content/,
with their earlier versions) and those its hosts added (legacy_deck.models.UploadedDeck).

A campaign stores its deck's id and structure digest; `deck_of` finds that very version among
both, so that a deck changed in structure since (a new version) leaves campaigns under way with
the one they began with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Protocol

from django.db.models import Q
from django.utils.translation import gettext as _

from legacy_deck import shipped
from legacy_deck.format import Deck
from legacy_deck.loader import CONTENT, SHIPPED, load_deck_text
from legacy_deck.models import UploadedDeck
from legacy_deck.reader import DeckState

from .errors import FlowError


class CampaignOfDeck(Protocol):
    """What a campaign tells of its deck (campaign.models.Campaign, which imports this module:
    named here by its fields, so that the two do not import each other)."""

    pk: int
    owner_id: int | None
    deck_id: str
    deck_digest: str
    added_deck_id: int | None
    reader: dict


# What finding a row needs, without its files' text.
_ROW_KEYS = ("pk", "added", "deck_id", "digest", "owner_id", "for_everyone")


@cache
def our_deck() -> Deck:
    """Seven Winds Bay as shipped now: the deck a campaign is made of when none is chosen."""
    return shipped.shipped_deck(CONTENT)


def deck_of(campaign: CampaignOfDeck) -> Deck:
    """The campaign's deck in the version it was begun with; FlowError when this installation
    does not have that version. An added deck is read from the very row the campaign is bound
    to (`Campaign.added_deck`), never from another account's deck of the same id."""
    found = _shipped(campaign.deck_id, campaign.deck_digest)
    if found is not None:
        return found
    row = (
        UploadedDeck.objects.filter(pk=campaign.added_deck_id).only(*_ROW_KEYS).first()
        if campaign.added_deck_id is not None
        else None
    )
    if row is None:
        # A campaign begun before campaigns were bound to their row: bound now to a row its
        # owner may use, if there is one.
        row = usable_row(campaign.deck_id, campaign.deck_digest, owner_id=campaign.owner_id)
        if row is not None and type(campaign).objects.filter(
            pk=campaign.pk, added_deck__isnull=True
        ).update(added_deck=row):
            campaign.added_deck = row
    if row is None or row.deck_id != campaign.deck_id or row.digest != campaign.deck_digest:
        raise FlowError(missing_deck_message(campaign.deck_id))
    return uploaded_deck(row)


def missing_deck_message(deck_id: str) -> str:
    return _(
        "This campaign was begun with a version of the legacy deck “%(deck)s” that this "
        "installation does not have; it can be read on once that deck is added."
    ) % {"deck": deck_id}


def deleted_deck_message() -> str:
    return _("That deck was deleted a moment ago: choose another one.")


def _shipped(deck_id: str, digest: str) -> Deck | None:
    deck = our_deck()
    if deck_id == deck.id and deck.reads_like(digest):
        return deck
    return shipped.find_shipped(deck_id, digest)


def find_deck(
    deck_id: str, digest: str, *, owner_id: int | None = None
) -> tuple[Deck, UploadedDeck | None] | None:
    """The deck `deck_id` in the version `digest` names, and the added row it is read from
    (None for a shipped deck): shipped, or added by this owner, or made available to every
    account. Another account's own deck is never found."""
    found = _shipped(deck_id, digest)
    if found is not None:
        return found, None
    row = usable_row(deck_id, digest, owner_id=owner_id)
    return (uploaded_deck(row), row) if row is not None else None


def usable_row(deck_id: str, digest: str, *, owner_id: int | None) -> UploadedDeck | None:
    """The added deck of this id and structure that `owner_id` may begin a campaign with: their
    own first, then one made available to everyone."""
    rows = UploadedDeck.objects.filter(deck_id=deck_id, digest=digest).only(*_ROW_KEYS)
    own = rows.filter(owner_id=owner_id).first() if owner_id is not None else None
    return own or rows.filter(for_everyone=True).first()


def locked_row(row: UploadedDeck) -> UploadedDeck:
    """`row`, locked until the transaction ends, so that deleting it and binding a campaign to
    it happen one after the other; FlowError if it was deleted meanwhile. Call inside a
    transaction."""
    locked = UploadedDeck.objects.select_for_update().filter(pk=row.pk).only("pk").first()
    if locked is None:
        raise FlowError(deleted_deck_message())
    return locked


def deck_named(deck_id: str) -> Deck | None:
    """The current version of the deck `deck_id`: shipped, or the newest one added here."""
    for deck in shipped.shipped_decks():
        if deck.id == deck_id:
            return deck
    row = UploadedDeck.objects.filter(deck_id=deck_id).only("pk", "added").first()
    return uploaded_deck(row) if row is not None else None


def uploaded_deck(row: UploadedDeck) -> Deck:
    """An added deck, loaded from its row once per process (its text never changes). A row's
    time of adding is part of the key: a primary key may be used again after a delete.
    FlowError when the row was deleted meanwhile."""
    try:
        return _loaded(row.pk, row.added)
    except UploadedDeck.DoesNotExist:
        raise FlowError(deleted_deck_message()) from None


@lru_cache(maxsize=32)
def _loaded(pk: int, added) -> Deck:
    return load_deck_text(UploadedDeck.objects.get(pk=pk, added=added).texts())


def reader_of(campaign: CampaignOfDeck) -> DeckState:
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
