"""How an open campaign page learns at once that the campaign has moved on: its stream of
server-sent events (machikoro.live.event_stream; each step announces the campaign when it commits).

A stream is opened by the same link as its page and checked the same way (campaign/views/
access.py): the table's link for the table's pages, a mayor's link for that mayor's. A stream
is told what its page shows (its moment, campaign/views/poll.py) and is sent `reload` when that
changes; the moment is looked up by the link each time, so renewed links end their streams. A
game's page is also sent its board each time the game moves, as the game's own page is
(play/pushed.py), for the seat that page plays: a mayor's stream carries that mayor's board
and nothing of the table's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_GET

from campaign.models import Campaign, Mayor
from machikoro.live import Update, event_stream, in_a_worker, reload_when_changed
from machikoro.live.stream import Look
from play import presence, pushed
from play.models import Game

from .access import mayor_by_link
from .common import campaign_at
from .poll import mayor_moments, table_moment


@require_GET
async def table_events(request: HttpRequest, table_secret: str) -> HttpResponse:
    """The table's dashboard, picks and reading pages: reloaded when the campaign moves."""
    campaign = await in_a_worker(campaign_at, table_secret)
    look = reload_when_changed(partial(table_moment, table_secret))
    return event_stream(request, campaign.live_channel, told_if_deleted(look, campaign.pk))


@require_GET
async def mayor_events(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    """A mayor's own page: reloaded when what it shows changes (not at another mayor's pick)."""
    return await _mayor_reloads(request, mayor_secret, own_page=True)


@require_GET
async def mayor_dashboard_events(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    """The dashboard on a mayor's phone: reloaded when the campaign moves."""
    return await _mayor_reloads(request, mayor_secret, own_page=False)


@require_GET
async def game_events(request: HttpRequest, table_secret: str) -> HttpResponse:
    """The chapter's game on the table's screen: the host's board, and a reload when the
    campaign moves (an event STOP turned, the game won)."""
    campaign, game = await in_a_worker(_table_game, table_secret)
    return _game_stream(request, campaign, game, "host", partial(table_moment, table_secret))


@require_GET
async def mayor_game_events(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    """The chapter's game on a mayor's phone: their seat's board, and a reload when the
    campaign moves."""
    me, game = await in_a_worker(_mayor_game, mayor_secret)
    moment = partial(_mayor_moment, mayor_secret, own_page=False)
    return _game_stream(request, me.campaign, game, me.seat, moment)


async def _mayor_reloads(request: HttpRequest, mayor_secret: str, *, own_page: bool):
    me = await in_a_worker(mayor_by_link, mayor_secret)
    moment = partial(_mayor_moment, mayor_secret, own_page=own_page)
    look = told_if_deleted(reload_when_changed(moment), me.campaign.pk)
    return event_stream(request, me.campaign.live_channel, look)


def told_if_deleted(look: Look, campaign_pk: int) -> Look:
    """A page whose link opens nothing any more is told why when its campaign is gone: the host
    deleted it ("deleted"), rather than made new links ("gone")."""

    def told(seen: str | None) -> Update | list[Update] | None:
        update = look(seen)
        if (
            isinstance(update, Update)
            and update.event == "end"
            and not Campaign.objects.filter(pk=campaign_pk).exists()
        ):
            return replace(update, data="deleted")
        return update

    return told


def _mayor_moment(mayor_secret: str, *, own_page: bool) -> str | None:
    moments = mayor_moments(mayor_secret)
    if moments is None:
        return None
    return moments.own_page if own_page else moments.version


def _table_game(table_secret: str) -> tuple[Campaign, Game | None]:
    campaign = campaign_at(table_secret)
    return campaign, _shown_game(campaign)


def _mayor_game(mayor_secret: str) -> tuple[Mayor, Game | None]:
    me = mayor_by_link(mayor_secret)
    game = _shown_game(me.campaign)
    if game is not None and me.seat >= len(game.seats):
        game = None  # no seat of theirs: their page shows no board
    return me, game


def _shown_game(campaign: Campaign) -> Game | None:
    """The game whose board the campaign's game page shows (campaign/views/game.py)."""
    chapter_game = campaign.chapter_game()
    return chapter_game.game if chapter_game else None


def _game_stream(
    request: HttpRequest,
    campaign: Campaign,
    game: Game | None,
    who,
    moment: Callable[[], str | None],
) -> HttpResponse:
    """The campaign's moment is the page's `c`; the board's version is the stream's own (`v`,
    or the browser's Last-Event-ID), as on a game's page."""
    campaign_shown = request.GET.get("c")
    on_campaign = told_if_deleted(reload_when_changed(moment), campaign.pk)
    language = translation.get_language()
    link = (game.code, game.key_for(who)) if game is not None else None

    def look(seen: str | None) -> Update | None:
        reload = on_campaign(campaign_shown)
        if reload is not None:
            return replace(reload, id=None)  # the stream's ids are the board's versions
        if game is None:
            return None
        board = pushed.update(request, game.pk, who, language, seen, link)
        if board is None or board.event == "end":
            return None
        # a game's last board ends a game page's stream; the campaign goes on after it
        return replace(board, last=False)

    alive = None
    if game is not None and isinstance(who, int):

        async def alive() -> None:  # a mayor's phone on its seat: seen as the game's own page is
            await in_a_worker(presence.seen, game.pk, game.code, who)

    channels = [campaign.live_channel] + ([game.live_channel] if game is not None else [])
    return event_stream(request, channels, look, alive=alive)
