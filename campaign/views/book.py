"""The Golden Book (as the rulebook's last page prints it) and the campaign's charts."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from campaign import charts, flow

from .common import campaign_at, common, flow_errors


@require_GET
@flow_errors
def book(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    ctx = common(campaign)
    over = campaign.in_free_play  # after the last game: the overall result stands
    entries = list(campaign.golden_book.select_related("mayor"))
    ctx.update(
        blank_rows=range(len(entries) + 1, campaign.games_total + 1) if not over else [],
        entries=entries,
        standings=flow.golden_book_standings(campaign) if over else None,
        over=over,
    )
    return render(request, "campaign/book.html", ctx)


@require_GET
@flow_errors
def chart_page(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    ctx = common(campaign)
    mayors = list(campaign.mayors.all())
    games = [
        g for g in campaign.games.select_related("winner") if g.chapter <= campaign.games_total
    ]
    ctx.update(
        wins_chart=charts.wins_chart(mayors, games),
        coins_chart=charts.coins_chart(mayors, games),
        legend=[{"name": m.name, "colour": m.colour} for m in mayors],
        has_games=bool(games),
    )
    return render(request, "campaign/charts.html", ctx)
