"""What every campaign screen does first: find the campaign by its link, read the page's
version, answer a refused step with its message."""

from __future__ import annotations

import functools
import re

from django.conf import settings
from django.http import HttpRequest
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from campaign import flow
from campaign.models import Campaign


def campaign_at(table_secret: str) -> Campaign:
    return get_object_or_404(Campaign, table_secret=table_secret)


def flow_errors(view):
    """A campaign whose deck cannot be read here gets its message, never a 500."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except flow.FlowError as error:
            return render(request, "campaign/problem.html", {"message": error.message}, status=409)

    return wrapper


# A page's version as the forms send it; anything else (missing, empty, "abc", "1.0", 5,000
# digits, "１" or " 1") is a version no campaign has, refused like a stale page, never unchecked.
_VERSION = re.compile(r"[0-9]{1,10}")
UNREADABLE_VERSION = -1


def posted_version(request: HttpRequest) -> int:
    """The campaign's version the page was shown at (a step on an older one is refused)."""
    value = request.POST.get("version", "")
    return int(value) if _VERSION.fullmatch(value) else UNREADABLE_VERSION


def table_url(campaign: Campaign, name: str = "campaign:table", *args) -> str:
    return reverse(name, args=[campaign.table_secret, *args])


def common(campaign: Campaign) -> dict:
    """What every campaign page shows around its own part."""
    return {
        "campaign": campaign,
        "deck": campaign.deck,
        "reader": flow.reader_of(campaign),
        "games_total": campaign.games_total,
        "in_free_play": campaign.in_free_play,
    }


def following(events_url: str, poll_url: str, reload_url: str = "") -> dict:
    """What a page needs to follow the campaign: its stream (campaign/views/events.py) and the
    poll it falls back on while the stream is down, each URL naming what the page shows; and
    where it is asked for anew when that changes, if not by a reload of its own address."""
    return {
        "live_url": events_url,
        "poll_url": poll_url,
        "reload_url": reload_url,
        "poll_ms": settings.PLAY_POLL_MS,
        "heartbeat_ms": int(settings.LIVE_HEARTBEAT_SECONDS * 1000),
    }


def table_following(campaign: Campaign) -> dict:
    """A table's page that shows the campaign as it stands (the dashboard, picks, reading)."""
    shown = f"?v={campaign.version}"
    return following(
        table_url(campaign, "campaign:events") + shown, table_url(campaign, "campaign:poll") + shown
    )
