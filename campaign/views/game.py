"""A game of the campaign around its board: on the table's screen, in a mayor's seat, and a
finished game of free play from the table's list."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from campaign import dashboard, flow
from campaign.models import Campaign, ChapterGame
from play.board_maker import board_html

from .access import mayor_by_link
from .common import (
    campaign_at,
    common,
    flow_errors,
    following,
    posted_version,
    table_following,
    table_url,
)


@require_GET
@flow_errors
def game(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    return _table_page(request, campaign, None)


@require_GET
@flow_errors
def free_game(request: HttpRequest, table_secret: str, number: int) -> HttpResponse:
    """A game of free play, finished or under way: its winner, standings and charts (a number
    no game has leads to the list of them)."""
    campaign = campaign_at(table_secret)
    chapter_game = (
        ChapterGame.objects.select_related("game", "winner")
        .filter(campaign=campaign, chapter=campaign.games_total + number)
        .first()
    )
    if number < 1 or chapter_game is None:
        return redirect("campaign:free", table_secret)
    return _table_page(request, campaign, chapter_game)


def _table_page(request, campaign: Campaign, chapter_game: ChapterGame | None) -> HttpResponse:
    ctx = common(campaign)
    ctx.update(dashboard.game_view(campaign, ctx["deck"], ctx["reader"], chapter_game))
    play_game = ctx["play_game"]
    key = play_game.host_secret if play_game else ""
    ctx.update(
        board_key=key,
        board=board_html(request, play_game, key) if play_game else "",
        next=dashboard.next_step(campaign),
        is_table=True,
    )
    if chapter_game is None:  # the game the campaign is at: its board follows the game too
        events = table_url(campaign, "campaign:game_events")
        ctx.update(_following(ctx, events, table_url(campaign, "campaign:poll")))
    else:
        ctx.update(table_following(campaign))
    return render(request, "campaign/game.html", ctx)


@require_POST
@flow_errors
def game_end(request: HttpRequest, table_secret: str) -> HttpResponse:
    """The end of the game in the app taken again, after the host took it back."""
    campaign = campaign_at(table_secret)
    try:
        flow.take_game_end(campaign, version=posted_version(request), by="table")
    except flow.FlowError as refused:
        messages.warning(request, refused.message)
        return redirect("campaign:game", table_secret)
    if campaign.in_free_play:
        return redirect("campaign:free", table_secret)
    return redirect("campaign:read_latest", table_secret)


@require_GET
@flow_errors
def mayor_game(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    me = mayor_by_link(mayor_secret)
    campaign = me.campaign
    ctx = common(campaign)
    ctx.update(dashboard.game_view(campaign, ctx["deck"], ctx["reader"]))
    if ctx["chapter_game"] is None:
        # no game under way or just over (the next one is being read or picked for): a phone
        # left on its seat follows the campaign on to the mayor's own page
        return redirect("campaign:mayor", mayor_secret)
    play_game = ctx["play_game"]
    key = ""
    if play_game is not None and me.seat < len(play_game.seats):
        key = play_game.seats[me.seat]["secret"]
    ctx.update(
        me=me,
        colour=me.colour,
        board_key=key,
        board=board_html(request, play_game, key) if key else "",
        is_table=False,
    )
    ctx.update(
        _following(
            ctx,
            reverse("campaign:mayor_game_events", args=[me.secret]),
            reverse("campaign:mayor_poll", args=[me.secret]),
        )
    )
    return render(request, "campaign/game.html", ctx)


def _following(ctx: dict, events: str, poll: str) -> dict:
    """The page follows the campaign (`c`: it reloads when the campaign moves) and, where it
    shows the board, the game (`v`: the version of the board it shows, as on a game's page)."""
    version = ctx["campaign"].version
    follows_board = bool(ctx["board"])
    board = ctx["play_game"].version if follows_board else -1
    return {
        **following(f"{events}?c={version}&v={board}", f"{poll}?v={version}"),
        "follows_board": follows_board,
    }
