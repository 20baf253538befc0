"""Reading the deck aloud: one side (or opened box) per page, then the STOP to turn."""

from __future__ import annotations

import contextlib

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from campaign import dashboard, flow
from campaign.models import StepKind

from .common import campaign_at, common, flow_errors, posted_version, table_following


@require_GET
@flow_errors
def read_latest(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    ctx = common(campaign)
    pages = dashboard.reading_pages(ctx["deck"], ctx["reader"])
    first = dashboard.first_unread_page(campaign, ctx["deck"], ctx["reader"], pages)
    return redirect("campaign:read", table_secret, first)


@require_GET
@flow_errors
def read(request: HttpRequest, table_secret: str, page: int) -> HttpResponse:
    campaign = campaign_at(table_secret)
    ctx = common(campaign)
    deck, reader = ctx["deck"], ctx["reader"]
    pages = dashboard.reading_pages(deck, reader)
    if not 1 <= page <= len(pages):
        return redirect("campaign:read", table_secret, len(pages))
    current = pages[page - 1]
    at_stop = current.kind == "stop"
    if at_stop and campaign.may(StepKind.END_READ):
        # The table has read the game's end down to its STOP: from now on every screen's main
        # button is the winner's moment. Reaching the page is the step (a GET, but one that
        # only moves on within the phase, once; a second screen there at once is no error).
        with contextlib.suppress(flow.WrongPhase):
            flow.end_read(campaign, by="table")
    ctx.update(
        page=dashboard.page_view(deck, reader, current),
        pages=len(pages),
        previous=page - 1 if page > 1 else None,
        following=page + 1 if page < len(pages) else None,
        may_turn=at_stop and campaign.may(StepKind.READ),
        next=dashboard.next_step(campaign),
        **table_following(campaign),
    )
    return render(request, "campaign/read.html", ctx)


@require_POST
@flow_errors
def turn_stop(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    before = dashboard.reading_pages(flow.deck_of(campaign), flow.reader_of(campaign))
    try:
        flow.read_on(campaign, version=posted_version(request), by="table")
    except flow.FlowError as error:
        messages.error(request, error.message)
        return redirect("campaign:read_latest", table_secret)
    # the first page of what was just read: where the STOP page was
    return redirect("campaign:read", table_secret, len(before))
