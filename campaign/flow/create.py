"""A new campaign: its mayors, and the deck read to its first STOP (the start cards)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from campaign import decks
from campaign.errors import FlowError
from campaign.models import Campaign, Mayor, Phase, StepKind
from legacy_deck.format import Deck
from legacy_deck.reader import DeckState, advance
from machikoro import names
from play.engine.bots import BOTS
from play.models import HUMAN

from .step import Step

MAX_MAYORS = 4
MIN_MAYORS = 2
NAME_LENGTH = 40
CITY_LENGTH = 60
CAMPAIGN_NAME_LENGTH = 80


@dataclass(frozen=True)
class NewMayor:
    name: str
    city_name: str
    colour: str
    kind: str = HUMAN


def create_campaign(
    name: str,
    mayors: list[NewMayor],
    *,
    deck: Deck | None = None,
    added_deck=None,
    owner=None,
    seed: int | None = None,
    by: str = "",
) -> Campaign:
    """A new campaign of `deck` (Seven Winds Bay by default): its mayors, and the deck read up to
    the first STOP (the start cards). `added_deck`: the added deck's row that `deck` was read
    from, which the campaign is bound to (FlowError if it is deleted meanwhile)."""
    deck = deck or decks.our_deck()
    name = checked_text(name, CAMPAIGN_NAME_LENGTH, _("The campaign needs a name."))
    mayors = _checked_mayors(deck, mayors)
    reading = advance(deck, DeckState.start(deck), "before_campaign")
    reason = by or StepKind.CREATE
    with transaction.atomic():
        campaign = Campaign(
            name=name,
            owner=owner,
            deck_id=deck.id,
            deck_digest=deck.digest,
            added_deck=decks.locked_row(added_deck) if added_deck is not None else None,
            reader=reading.state.to_dict(),
            phase=Phase.READING,
            chapter=1,
            chosen_seed=seed,
        )
        campaign._change_reason = reason
        campaign.save()
        rows = bulk_create_with_history(
            [
                Mayor(
                    campaign=campaign,
                    seat=seat,
                    colour=mayor.colour,
                    name=mayor.name,
                    city_name=mayor.city_name,
                    circles=deck.shape.start_circles,
                    kind=mayor.kind,
                )
                for seat, mayor in enumerate(mayors)
            ],
            Mayor,
            default_change_reason=reason,
        )
        if not rows[0].pk:  # backends that do not return ids from a bulk insert
            rows = list(campaign.mayors.order_by("seat"))
        Step(campaign, deck, reading.state, rows, reason).write_deck_places()
    return campaign


def checked_text(value, length: int, missing: str) -> str:
    """A name as people typed it, spaces tidied; FlowError when empty, invisible, unreadable
    (machikoro.names: direction or tag characters, stacked accents) or too long."""
    if not isinstance(value, str) or not names.shows_something(value):
        raise FlowError(missing)
    problem = names.refusal(value)
    if problem is not None:
        raise FlowError(problem)
    value = " ".join(value.split())
    if len(value) > length:
        raise FlowError(_("At most %(count)s characters, please.") % {"count": length})
    return value


def _checked_mayors(deck: Deck, mayors: list[NewMayor]) -> list[NewMayor]:
    colours = deck.shape.colours
    if not MIN_MAYORS <= len(mayors) <= min(MAX_MAYORS, len(colours)):
        raise FlowError(_("A campaign has 2 to 4 mayors."))
    checked = []
    for mayor in mayors:
        name = checked_text(mayor.name, NAME_LENGTH, _("Every mayor needs a name."))
        city = checked_text(mayor.city_name, CITY_LENGTH, _("Every city needs a name."))
        if mayor.colour not in colours:
            raise FlowError(_("Choose one of the four colours for every mayor."))
        if mayor.kind not in (HUMAN, *BOTS):
            raise FlowError(_("A mayor is a person or a bot."))
        checked.append(NewMayor(name, city, mayor.colour, mayor.kind))
    if len({m.colour for m in checked}) != len(checked):
        raise FlowError(_("Each colour can be chosen by one mayor only."))
    for kind in ("name", "city_name"):
        alike = names.look_alike_refusal(getattr(m, kind) for m in checked)
        if alike is not None:
            raise FlowError(alike)
    return checked
