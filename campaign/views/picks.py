"""Secret picks: who has picked (the table sees that, never what), and one mayor picking on
the shared screen behind a 'pass the device' cover. A mayor's phone picks on its own page."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from campaign import dashboard, flow
from campaign.models import Campaign, Mayor, Place
from campaign.places import bag_components
from machikoro.names import isolated

from .common import campaign_at, common, flow_errors, table_following


@require_GET
@flow_errors
def picks(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    ctx = common(campaign)
    mayors = list(campaign.mayors.all())
    ctx.update(
        mayors=[dashboard.mayor_view(m) for m in mayors],
        may_pick=mayors_who_may_pick(campaign, mayors),
        next=dashboard.next_step(campaign),
        **table_following(campaign),
    )
    return render(request, "campaign/picks.html", ctx)


def mayors_who_may_pick(campaign: Campaign, mayors: list[Mayor]) -> set[int]:
    """The seats of the mayors who may pick now, or change their picks while others still
    pick (flow.may_pick)."""
    rows = list(campaign.places.filter(place=Place.BAG).only("component", "place", "mayor"))
    deck = campaign.deck
    return {
        mayor.seat
        for mayor in mayors
        if flow.may_pick(campaign, mayor, len(bag_components(deck, rows, mayor.pk)))
    }


def may_pick(campaign: Campaign, mayor: Mayor) -> bool:
    return mayor.seat in mayors_who_may_pick(campaign, [mayor])


def pick_context(request: HttpRequest, campaign: Campaign, mayor: Mayor, error) -> dict:
    """The pick form's bag, how many to pick, and the cards ticked: a refused pick's, or the
    picks made so far when a mayor changes them."""
    bag = dashboard.bag(campaign, campaign.deck, mayor)
    return {
        "mayor": mayor,
        "colour": mayor.colour,
        "bag": bag,
        "allowed": campaign.picks_allowed(mayor),
        "to_pick": min(campaign.picks_allowed(mayor), len(bag)),
        "error": error,
        "ticked": request.POST.getlist("card") if error else (mayor.picks or []),
    }


def take_picks(request: HttpRequest, campaign: Campaign, mayor: Mayor) -> str | None:
    """The pick from the posted form; the flow's message when it is refused."""
    try:
        # no version: another mayor's pick in between changes nothing of this one
        flow.pick(campaign, mayor, request.POST.getlist("card"))
    except flow.FlowError as error:
        return error.message
    return None


@require_http_methods(["GET", "POST"])
@flow_errors
def pick_at_table(request: HttpRequest, table_secret: str, seat: int) -> HttpResponse:
    """One mayor picks on the shared screen, behind a 'pass the device' cover."""
    campaign = campaign_at(table_secret)
    mayor = get_object_or_404(Mayor, campaign=campaign, seat=seat)
    if not may_pick(campaign, mayor):
        return redirect("campaign:picks", table_secret)
    error = None
    changing = mayor.picks is not None
    if request.method == "POST":
        error = take_picks(request, campaign, mayor)
        if error is None:
            thanks = (
                _("Thank you, %(name)s: your picks are changed. Pass the device back to the table.")
                if changing
                else _("Thank you, %(name)s. Pass the device back to the table.")
            )
            messages.success(request, thanks % {"name": isolated(mayor.name)})
            return redirect("campaign:picks", table_secret)
    ctx = common(campaign)
    ctx.update(
        pick_context(request, campaign, mayor, error),
        shown=request.method == "POST" or request.GET.get("show") == "1",
        changing=changing,
        action=reverse("campaign:pick_at_table", args=[table_secret, seat]),
    )
    return render(request, "campaign/pick.html", ctx, status=400 if error else 200)
