"""Who may open what. Three kinds of visitor, and no secret of one opens another's part:

- a mayor's link, /c/m/<mayor secret>/…: that mayor's phone. Their own page (picks, bag, what
  has been read), their seat in the game, the dashboard read-only, the Golden Book and charts.
  Its URL and pages hold no other secret: not the table's link, no other mayor's, no game's
  host key, no seat key but their own.
- the table's link, /c/<table secret>/…: the shared screen. Reading, turning STOPs, the phones'
  QR codes, the pass-the-device pick cover, recording a table game (or taking the end of a game
  in the app again), the winner's moment.
- the host: the campaign's owner, logged in, on the table's link (`host_page`). Backups, new
  links, taking back a step, deleting the campaign, and every other page that only the host
  may open.

A link that names nothing is a 404 that names nothing; so is a host's page asked for by anyone
but the host (logged in as someone else). Nobody logged in is sent to log in first.
"""

from __future__ import annotations

import functools

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from campaign.models import Mayor

from .common import campaign_at


def mayor_by_link(mayor_secret: str) -> Mayor:
    """The mayor whose link this is, with their campaign (one query)."""
    return get_object_or_404(Mayor.objects.select_related("campaign"), secret=mayor_secret)


def host_page(view):
    """A host's page, on the table's link: the link must name a campaign (else a 404), the
    visitor must be logged in (else to the log-in page and back) and be its owner (else a 404:
    another account learns nothing). The view is given the campaign."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, table_secret: str, **kwargs):
        campaign = campaign_at(table_secret)
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not campaign.hosted_by(request.user):
            raise Http404
        return view(request, campaign, **kwargs)

    return wrapper


class _KeepMethodRedirect(HttpResponseRedirect):
    status_code = 307  # a pick form posted to an old link is posted again to the new one


# The link a mayor was given before links named no table: the page it now lives at.
OLD_MAYOR_PAGES = {
    "": "campaign:mayor",
    "poll/": "campaign:mayor_poll",
    "game/": "campaign:mayor_game",
}


@require_http_methods(["GET", "HEAD", "POST"])
def old_mayor_link(request: HttpRequest, table_secret: str, mayor_secret: str, page: str):
    """/c/<table>/m/<mayor>/… as handed out before: on to the mayor's own link, if the two
    belong together (after new links were made, neither does)."""
    if not Mayor.objects.filter(campaign__table_secret=table_secret, secret=mayor_secret).exists():
        raise Http404
    target = reverse(OLD_MAYOR_PAGES[page], args=[mayor_secret])
    query = request.META.get("QUERY_STRING", "")
    return _KeepMethodRedirect(f"{target}?{query}" if query else target)
