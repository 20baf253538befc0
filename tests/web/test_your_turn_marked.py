"""Whose turn a page's board says it is (issue 37): the seat to act, on its own link, and no
other page: not another seat, not the host's screen, not a watcher, never a bot's seat. The
key names the game and the turn, so one turn is told once (static/js/your-turn.js)."""

import datetime
import re

import pytest

from play.models import Game
from tests.web.next_moves import roll_or_pass

pytestmark = pytest.mark.django_db

MARK = re.compile(r'id="board"[^>]*data-act="([^"]+)"')


def marked(client, url: str) -> str | None:
    found = MARK.search(client.get(url).content.decode())
    return found[1] if found else None


def pages(game: Game) -> dict[str, str]:
    return {
        "ann": f"/g/{game.code}/{game.seats[0]['secret']}/",
        "ben": f"/g/{game.code}/{game.seats[1]['secret']}/",
        "bot": f"/g/{game.code}/{game.seats[2]['secret']}/",
        "host": f"/g/{game.code}/{game.host_secret}/",
        "watch": f"/g/{game.code}/watch/",
    }


def ann_plays(game: Game) -> None:
    game.refresh_from_db()
    game.apply_action(roll_or_pass(game), version=game.version, who=0)


def test_only_the_seat_to_act_is_marked_and_its_mark_is_its_turn(client):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human"), ("Cem", "greedy")], seed=8)
    seen = {who: marked(client, url) for who, url in pages(game).items()}
    assert seen == {"ann": f"{game.code}-1", "ben": None, "bot": None, "host": None, "watch": None}

    ann_plays(game)  # Ann rolled: the same turn, the same mark
    assert marked(client, pages(game)["ann"]) == f"{game.code}-1"
    ann_plays(game)  # Ann passed: Ben's turn
    game.refresh_from_db()
    seen = {who: marked(client, url) for who, url in pages(game).items()}
    assert seen == {"ann": None, "ben": f"{game.code}-2", "bot": None, "host": None, "watch": None}


def test_a_pushed_board_carries_the_mark_for_its_seat_only(client):
    from play import board_maker

    game = Game.start("classic", [("Ann", "human"), ("Ben", "human"), ("Cem", "human")], seed=8)
    snap = board_maker.snapshot(game.pk, game.version, game.code)
    request = client.get(pages(game)["ann"]).wsgi_request
    boards = {seat: board_maker.board(request, snap, seat, "en") for seat in range(3)}
    assert MARK.search(boards[0])[1] == f"{game.code}-1"
    # Ben and Cem share the board of the seats that wait: neither is marked
    assert MARK.search(boards[1]) is None and MARK.search(boards[2]) is None


def test_a_finished_games_board_says_so_and_marks_nobody(client):
    game = Game.start("classic", [("Ann", "greedy"), ("Ben", "greedy")], seed=3)
    game.step_bots(limit=5000)
    game.refresh_from_db()
    assert game.finished
    page = client.get(f"/g/{game.code}/{game.seats[0]['secret']}/").content.decode()
    assert re.search(r'id="board"[^>]*data-over', page)
    assert MARK.search(page) is None


def test_a_mayors_page_is_marked_while_their_picks_are_wanted(client):
    from campaign import dashboard, flow
    from campaign.models import Phase

    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "human"),
    ]
    campaign = flow.create_campaign("Seven Winds", mayors, seed=5)
    page = f"/c/m/{campaign.mayors.get(seat=0).secret}/"
    act = re.compile(r'data-act="([^"]+)"')
    assert act.search(client.get(page).content.decode()) is None  # nothing to pick yet
    for _chapter in range(3):
        flow.read_on(campaign)
        flow.record_table_game(campaign, 0, datetime.date(2026, 11, 1))
        flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)
    flow.read_on(campaign)
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PICKING
    assert act.search(client.get(page).content.decode())[1] == f"pick-{campaign.pk}-4"

    ann = campaign.mayors.get(seat=0)
    bag = [card["establishment"] for card in dashboard.bag(campaign, flow.deck_of(campaign), ann)]
    flow.pick(campaign, ann, bag[: campaign.picks_allowed(ann)])
    assert act.search(client.get(page).content.decode()) is None  # picked: nothing wanted
