"""What only a campaign's host does besides its steps: give the campaign new links, so a link
that leaked opens nothing any more, and delete it for good. The views check who asks
(`Campaign.hosted_by`); these functions do the work, each in one transaction."""

from __future__ import annotations

from django.db import transaction
from simple_history.utils import bulk_update_with_history

from machikoro.live import announce
from play.models import Game

from .models import (
    Campaign,
    ChapterGame,
    ComponentPlace,
    GoldenBookEntry,
    Mayor,
    RuleCard,
    SideChoice,
    StuckSticker,
)
from .snapshots import games_of

RENEWED = "links renewed"


def renew_links(campaign: Campaign) -> bool:
    """A new table link, a new link for every mayor, and new links for every game played in
    the app (its code, the host's and each seat's key). Every old link is a 404 from now on;
    the campaign itself (its version, its steps) is as it was.

    Once only: the links are renewed if they are still the ones `campaign` was read with.
    Presses of "renew" that raced (two tabs, a double tap) find them renewed already, and get
    False and the campaign's current link instead of renewing once more."""
    new_secret = Campaign._meta.get_field("table_secret").default
    with transaction.atomic():
        locked = Campaign.objects.select_for_update().get(pk=campaign.pk)
        if locked.table_secret != campaign.table_secret:
            campaign.table_secret = locked.table_secret
            return False
        locked.table_secret = new_secret()
        locked._change_reason = RENEWED
        locked.save(update_fields=["table_secret"])
        mayors = list(locked.mayors.all())
        for mayor in mayors:
            mayor.secret = new_secret()
        bulk_update_with_history(mayors, Mayor, ["secret"], default_change_reason=RENEWED)
        # every game the campaign may show again, an unlinked one a take-back would bring back too
        for game in Game.objects.select_for_update().filter(pk__in=games_of(locked)):
            game.renew_links()
        # the streams of pages open on the old links end at once
        announce(locked.live_channel, str(locked.version))
    campaign.table_secret = locked.table_secret
    return True


def delete_campaign(campaign: Campaign) -> None:
    """The campaign, its games in the app (those a take-back would bring back too) and its
    whole history, gone."""
    with transaction.atomic():
        games = games_of(campaign)
        pk = campaign.pk
        announce(campaign.live_channel)  # its open pages' streams end
        for game in games:
            announce(Game(pk=game).live_channel)
        campaign.delete()
        Game.objects.filter(pk__in=games).delete()
        Campaign.history.filter(id=pk).delete()
        for model in (
            Mayor,
            ComponentPlace,
            StuckSticker,
            RuleCard,
            SideChoice,
            ChapterGame,
            GoldenBookEntry,
        ):
            model.history.filter(campaign_id=pk).delete()
