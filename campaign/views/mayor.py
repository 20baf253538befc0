"""A mayor's own page on their phone: their picks, their bag, what has been read. It is opened
by the mayor's link alone (campaign/views/access.py) and names no other secret."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from campaign import dashboard
from campaign.deck_text import component_name
from campaign.models import StepKind

from .access import mayor_by_link
from .common import common, flow_errors, following
from .picks import may_pick, pick_context, take_picks
from .poll import mayor_moment

FOLLOWED = "followed"  # in the address the page asks for itself by when the campaign moves on


@require_http_methods(["GET", "POST"])
@flow_errors
def mayor(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    me = mayor_by_link(mayor_secret)
    campaign = me.campaign
    if request.method == "GET" and campaign.game_under_way and FOLLOWED not in request.GET:
        # a phone's link opened during a game: straight to the mayor's seat. Not when this
        # page asks for itself (the game began while it was open, or at its own pick): the
        # seat would take its place in the phone's history, and Back would leave the app or
        # bounce to the seat again. It offers the seat instead, one tap away.
        return redirect("campaign:mayor_game", mayor_secret)
    error = None
    if request.method == "POST":
        error = take_picks(request, campaign, me)
        if error is None:
            return redirect(reverse("campaign:mayor", args=[mayor_secret]) + f"?{FOLLOWED}=1")
    ctx = common(campaign)
    allowed_to_pick = may_pick(campaign, me)
    shown = mayor_moment(campaign.phase, campaign.chapter, me.picks is not None)
    ctx.update(
        pick_context(request, campaign, me, error),
        me=me,
        mine=dashboard.mayor_view(me),
        others=[dashboard.mayor_view(m) for m in campaign.mayors.all()],
        my_picks=[component_name(ctx["deck"], cid) for cid in (me.picks or [])],
        read=dashboard.read_aloud(ctx["deck"], ctx["reader"]),
        game_just_played=dashboard.game_just_played(campaign),
        last_free_game=dashboard.last_free_game(campaign),
        reading_the_end=campaign.may(StepKind.END_READ),
        may_pick=allowed_to_pick,
        # the form: to pick, or to change the picks made (until the last mayor has picked)
        pick_form=allowed_to_pick
        and (me.picks is None or error is not None or request.GET.get("change") == "1"),
        # their picks are wanted: their phone's "your turn" (static/js/your-turn.js), once a round
        picks_wanted=f"pick-{campaign.pk}-{campaign.chapter}"  # free games count on as chapters
        if allowed_to_pick and me.picks is None
        else "",
        shown=True,
        action=reverse("campaign:mayor", args=[mayor_secret]),
        **following(
            reverse("campaign:mayor_events", args=[mayor_secret]) + f"?v={shown}",
            reverse("campaign:mayor_poll", args=[mayor_secret]) + f"?k={shown}",
            reload_url=reverse("campaign:mayor", args=[mayor_secret]) + f"?{FOLLOWED}=1",
        ),
    )
    return render(request, "campaign/mayor.html", ctx, status=400 if error else 200)
