"""The campaign's dashboard: on the table's screen (the shared screen, with its steps and the
host's buttons), and read-only on a mayor's phone; and the page of the phones' links."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from campaign import dashboard
from campaign.models import Campaign, ComponentPlace, Place, StepKind
from campaign.step_words import last_step
from machikoro.links import qr_code, reachable_url

from .access import mayor_by_link
from .common import campaign_at, common, flow_errors, following, table_following, table_url


@require_GET
@flow_errors
def table(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    ctx = _dashboard(campaign)
    hosted = campaign.hosted_by(request.user)
    ctx.update(
        next=dashboard.next_step(campaign),
        may_record=campaign.may(StepKind.RECORD),
        # the winner's moment before the reading is done: for a table that read the cards
        may_skip_reading=campaign.may(StepKind.END_READ),
        hosted=hosted,
        last_step=last_step(campaign) if hosted else None,
        **table_following(campaign),
    )
    return render(request, "campaign/dashboard.html", ctx)


@require_GET
@flow_errors
def mayor_dashboard(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    """The same dashboard on a mayor's phone: to read, with no step and no other link."""
    me = mayor_by_link(mayor_secret)
    ctx = _dashboard(me.campaign)
    shown = f"?v={me.campaign.version}"
    ctx.update(
        me=me,
        next=dashboard.mayor_next_step(me.campaign, me),
        **following(
            reverse("campaign:mayor_dashboard_events", args=[me.secret]) + shown,
            reverse("campaign:mayor_poll", args=[me.secret]) + shown,
        ),
    )
    return render(request, "campaign/dashboard.html", ctx)


def _dashboard(campaign: Campaign) -> dict:
    ctx = common(campaign)
    deck, reader = ctx["deck"], ctx["reader"]
    games = list(campaign.games.select_related("winner"))
    places = list(
        ComponentPlace.objects.filter(
            campaign=campaign, place__in=[Place.RESERVE, Place.ARCHIVE]
        ).only("component", "place")
    )
    ctx.update(
        mayors=[dashboard.mayor_view(m) for m in campaign.mayors.all()],
        timeline=dashboard.timeline(campaign, deck, reader, games),
        book=list(campaign.golden_book.select_related("mayor")),
        rules=dashboard.rule_stack(campaign, deck),
        stickers=dashboard.stickers(campaign, deck),
        places=dashboard.places_seen(campaign, deck, reader, places),
        read=dashboard.read_aloud(deck, reader),
        history=dashboard.history(campaign),
        free_games=[g for g in games if g.chapter > campaign.games_total],
    )
    return ctx


@require_GET
def links(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    rows = []
    for mayor in campaign.mayors.all():
        if mayor.is_bot:
            continue
        url = reachable_url(request, reverse("campaign:mayor", args=[mayor.secret]))
        rows.append({"mayor": mayor, "colour": mayor.colour, "url": url, "qr": qr_code(url)})
    return render(
        request,
        "campaign/links.html",
        {
            "campaign": campaign,
            "table_url": reachable_url(request, table_url(campaign)),
            "rows": rows,
        },
    )
