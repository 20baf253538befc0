"""The Golden Book (as the rulebook's last page prints it) and the campaign's charts: on the
table's screen and, read-only like everything there, on a mayor's phone."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from campaign import charts, flow
from campaign.models import Campaign

from .access import mayor_by_link
from .common import campaign_at, common, flow_errors


@require_GET
@flow_errors
def book(request: HttpRequest, table_secret: str) -> HttpResponse:
    return _book(request, campaign_at(table_secret))


@require_GET
@flow_errors
def mayor_book(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    me = mayor_by_link(mayor_secret)
    return _book(request, me.campaign, me=me)


@require_GET
@flow_errors
def chart_page(request: HttpRequest, table_secret: str) -> HttpResponse:
    return _charts(request, campaign_at(table_secret))


@require_GET
@flow_errors
def mayor_charts(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    me = mayor_by_link(mayor_secret)
    return _charts(request, me.campaign, me=me)


def _book(request: HttpRequest, campaign: Campaign, **who) -> HttpResponse:
    ctx = common(campaign)
    over = campaign.in_free_play  # after the last game: the overall result stands
    entries = list(campaign.golden_book.select_related("mayor"))
    ctx.update(
        who,
        blank_rows=range(len(entries) + 1, campaign.games_total + 1) if not over else [],
        entries=entries,
        standings=flow.golden_book_standings(campaign) if over else None,
        over=over,
    )
    return render(request, "campaign/book.html", ctx)


def _charts(request: HttpRequest, campaign: Campaign, **who) -> HttpResponse:
    ctx = common(campaign)
    mayors = list(campaign.mayors.all())
    games = [
        g for g in campaign.games.select_related("winner") if g.chapter <= campaign.games_total
    ]
    ctx.update(
        who,
        # one place on the axis for each of the deck's games, the Comet's three or ten
        wins_chart=charts.wins_chart(mayors, games, campaign.games_total),
        coins_chart=charts.coins_chart(mayors, games, campaign.games_total),
        legend=[{"name": m.name, "colour": m.colour} for m in mayors],
        has_games=bool(games),
    )
    return render(request, "campaign/charts.html", ctx)
