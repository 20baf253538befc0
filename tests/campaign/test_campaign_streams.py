"""A campaign's pages are pushed (issue 19): each page's stream of server-sent events, what it
sends by what the page shows, what each link's stream may carry, and the announcement a step
makes when (and only when) it commits."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.test import Client
from django.urls import reverse
from stream_reader import read_across, read_stream

from campaign import dashboard, flow, hosting
from campaign.errors import FlowError
from campaign.flow import step
from campaign.models import Phase
from play.models import Game, SeatSeen

pytestmark = pytest.mark.django_db(transaction=True)

PING = "event: ping\ndata: ping\n\n"
END = "event: end\ndata: end\n\n"


@pytest.fixture(autouse=True)
def pings_fast(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05


def picking():
    """Chapter 3 (after two games Ann won), where the three people still pick."""
    campaign = new_campaign(kinds=("human", "human", "human", "greedy"))
    record_chapters(campaign, 2)
    flow.read_on(campaign)
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PICKING
    return campaign


def pick(campaign, mayor):
    bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, mayor)]
    flow.pick(campaign, mayor, bag[: campaign.picks_allowed(mayor)])


def playing():
    campaign = picking()
    for mayor in campaign.mayors.filter(picks__isnull=True):
        pick(campaign, mayor)
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING
    return campaign


def url(name, secret, query=""):
    return reverse(f"campaign:{name}", args=[secret]) + query


def test_the_tables_pages_are_told_to_reload_when_the_campaign_moves_and_only_then():
    campaign = picking()
    events = url("events", campaign.table_secret)

    assert read_stream(f"{events}?v={campaign.version}", 2) == (200, [PING, PING])
    behind = campaign.version
    pick(campaign, campaign.mayors.get(seat=0))
    campaign.refresh_from_db()

    status, (reload, after) = read_stream(f"{events}?v={behind}", 2)
    assert status == 200
    assert reload == f"event: reload\nid: {campaign.version}\ndata: {campaign.version}\n\n"
    assert after == PING  # told once


def test_a_mayors_page_reloads_for_its_own_pick_not_for_anothers():
    campaign = picking()
    ann, ben = campaign.mayors.get(seat=0), campaign.mayors.get(seat=1)
    page = read_page(url("mayor", ann.secret))
    events = page_stream(page)

    pick(campaign, ben)
    assert read_stream(events, 1)[1] == [PING]

    pick(campaign, ann)
    (reload,) = read_stream(events, 1)[1]
    assert reload.startswith("event: reload\n")
    # the dashboard on Ann's phone follows every step
    ann_dashboard = page_stream(read_page(url("mayor_dashboard", ann.secret)))
    assert read_stream(ann_dashboard, 1)[1] == [PING]


def test_the_game_pages_streams_bring_each_its_own_board():
    campaign = playing()
    game = campaign.chapter_game().game
    ann = campaign.mayors.get(seat=0)
    table_page = read_page(url("game", campaign.table_secret))
    ann_page = read_page(url("mayor_game", ann.secret))
    for page in (table_page, ann_page):
        assert 'sse-swap="board"' in page and f"?c={campaign.version}&amp;v=" in page

    table = board_pushed(page_stream(table_page, board_from=-1))
    phone = board_pushed(page_stream(ann_page, board_from=-1))

    assert f'data-version="{game.version}"' in table and game.host_secret in table
    assert 'data-you="0"' in phone and game.seats[0]["secret"] in phone
    for secret in (
        campaign.table_secret,
        game.host_secret,
        *(s["secret"] for s in game.seats[1:]),
        *(m.secret for m in campaign.mayors.exclude(pk=ann.pk)),
    ):
        assert secret not in phone
    assert campaign.table_secret not in table  # the board's links are the game's


def test_a_game_pages_stream_reloads_it_when_the_campaign_moves():
    campaign = playing()
    stream = page_stream(read_page(url("game", campaign.table_secret)))
    assert read_stream(stream, 1)[1] == [PING]

    flow.record_table_game(campaign, 1, datetime.date(2026, 11, 26))

    (reload,) = read_stream(stream, 1)[1]
    assert reload.startswith("event: reload\ndata: ")  # no id: the stream's ids are the board's


def test_new_links_end_the_open_streams_of_the_old_ones_and_refuse_new_ones():
    campaign = playing()
    ann = campaign.mayors.get(seat=0)
    game = campaign.chapter_game().game
    old = [
        page_stream(read_page(url("table", campaign.table_secret))),
        page_stream(read_page(url("mayor_dashboard", ann.secret))),
        page_stream(read_page(url("game", campaign.table_secret)), board_from=-1),
        page_stream(read_page(url("mayor_game", ann.secret)), board_from=-1),
        f"/g/{game.code}/{game.host_secret}/events/?v=0",
    ]

    sent = read_across(old, lambda: hosting.renew_links(campaign), until=END.__eq__)

    renewed = Game.objects.get(pk=game.pk)
    for stream, events in zip(old, sent, strict=True):
        assert events[-1] == END, (stream, events)
        assert not any(renewed.code in event for event in events), stream
        assert read_stream(stream, 1)[0] == 404


def test_a_step_announces_its_campaign_and_a_refused_one_does_not(monkeypatch):
    """What a step announces: live.announce sends it when the step's transaction commits (a
    NOTIFY on PostgreSQL, transaction.on_commit elsewhere) and never if it rolls back."""
    campaign = picking()
    heard = []
    monkeypatch.setattr(step, "announce", lambda channel, payload="": heard.append(payload))

    with pytest.raises(FlowError):
        flow.read_on(campaign, version=campaign.version)  # picking: not a reading step
    with pytest.raises(FlowError):
        flow.pick(campaign, campaign.mayors.get(seat=0), ["no such card"])
    assert heard == []

    pick(campaign, campaign.mayors.get(seat=0))
    campaign.refresh_from_db()
    assert heard == [str(campaign.version)]


# --- helpers -------------------------------------------------------------------------------


def read_page(path: str) -> str:
    response = Client().get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def page_stream(page: str, board_from: int | None = None) -> str:
    """The stream a page opens; `board_from`: as if its board showed that version."""
    found = html.unescape(re.search(r'sse-connect="([^"]+)"', page).group(1))
    if board_from is not None:
        found = re.sub(r"([?&]v=)[^&]*", rf"\g<1>{board_from}", found)
    return found


def board_pushed(stream: str) -> str:
    status, (board,) = read_stream(stream, 1)
    assert status == 200 and board.startswith("event: board\n"), board
    return board


@pytest.mark.parametrize("name", ["table", "picks", "mayor", "mayor_dashboard", "game"])
def test_every_followed_page_has_its_stream_its_banner_its_poll_and_a_refresh_link(name):
    campaign = picking()
    secret = campaign.mayors.get(seat=0).secret if name.startswith("mayor") else None
    path = url(name, secret or campaign.table_secret)

    page = read_page(path)

    assert page.count('id="live"') == 1 and 'sse-close="end"' in page
    assert 'id="connection"' in page and "Connection lost. Trying again…" in page
    assert "data-poll" in page and "/poll/?" in page
    assert f'<noscript><a class="d-inline-block my-2" href="{path}">Refresh</a></noscript>' in page


def test_a_mayors_phone_on_its_seat_is_seen_by_its_stream_the_tables_screen_is_no_phone(settings):
    settings.PLAY_PHONE_SEEN_SECONDS = 0  # every sighting is written: the pings' too
    campaign = playing()
    ann = campaign.mayors.get(seat=0)
    game = campaign.chapter_game().game
    phone = page_stream(read_page(url("mayor_game", ann.secret)))
    table = page_stream(read_page(url("game", campaign.table_secret)))
    SeatSeen.objects.all().delete()  # what the pages' own loads wrote

    read_stream(table, 1)
    assert not SeatSeen.objects.exists()
    read_stream(phone, 1)
    assert list(SeatSeen.objects.filter(game=game).values_list("seat", flat=True)) == [0]
