"""The table's dashboard (the shared screen) and the page of the phones' links."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from campaign import dashboard
from campaign.models import ComponentPlace, Place, StepKind
from config.links import qr_code, reachable_url

from .common import campaign_at, common, flow_errors, poll_context, table_url


@require_GET
@flow_errors
def table(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
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
        next=dashboard.next_step(campaign),
        may_record=campaign.may(StepKind.RECORD),
        may_sign=campaign.may(StepKind.AFTER_GAME),
        book=list(campaign.golden_book.all()),
        rules=dashboard.rule_stack(campaign, deck),
        stickers=dashboard.stickers(campaign, deck),
        places=dashboard.places_seen(campaign, deck, reader, places),
        read=dashboard.read_aloud(deck, reader),
        history=dashboard.history(campaign),
        free_games=[g for g in games if g.chapter > campaign.games_total],
        **poll_context(campaign, table_url(campaign, "campaign:poll")),
    )
    return render(request, "campaign/dashboard.html", ctx)


@require_GET
def links(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    rows = []
    for mayor in campaign.mayors.all():
        if mayor.is_bot:
            continue
        url = reachable_url(
            request, reverse("campaign:mayor", args=[campaign.table_secret, mayor.secret])
        )
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
