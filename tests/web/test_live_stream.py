"""A game's stream of server-sent events (issue 19), at its edge: what a page is sent when it
connects, by version; who may follow; and the hub that wakes streams."""

from __future__ import annotations

import pytest
from stream_reader import read_stream, run

from machikoro.live.hub import Hub
from play import board_maker
from play.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

ROLL = {"type": "roll", "dice": 1}


@pytest.fixture
def pings_fast(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05


def test_a_page_behind_gets_the_board_of_the_version_now(pings_fast):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    game.apply_action(ROLL, version=0, who=0)

    status, (board, after) = read_stream(f"/g/{game.code}/{game.seats[1]['secret']}/events/?v=0", 2)

    assert status == 200
    assert board.startswith("event: board\nid: 1\ndata: ")
    assert 'data-version="1"' in board and "Ann rolls" in board
    assert 'data-you="1"' in board
    assert after == "event: ping\ndata: ping\n\n"  # then nothing new: pings only


def test_a_page_up_to_date_is_sent_nothing_but_pings(pings_fast):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    game.apply_action(ROLL, version=0, who=0)

    _status, sent = read_stream(f"/g/{game.code}/watch/events/?v=1", 2)

    assert sent == ["event: ping\ndata: ping\n\n"] * 2


def test_the_browsers_last_event_id_counts_over_the_pages_version(pings_fast):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    game.apply_action(ROLL, version=0, who=0)

    _status, sent = read_stream(f"/g/{game.code}/watch/events/?v=0", 1, **{"Last-Event-ID": "1"})

    assert sent == ["event: ping\ndata: ping\n\n"]


def test_waiting_seats_share_one_rendering_yet_each_gets_its_own_link_and_city(pings_fast):
    people = [("Ann", "human"), ("Ben", "human"), ("Cleo", "human")]
    game = Game.start("classic", people, seed=8)
    game.apply_action(ROLL, version=0, who=0)

    boards = {
        seat: read_stream(f"/g/{game.code}/{game.seats[seat]['secret']}/events/?v=0", 1)[1][0]
        for seat in (1, 2)
    }

    for seat, board in boards.items():
        other = 3 - seat
        assert f'data-you="{seat}"' in board and f'data-you="{other}"' not in board
        assert game.seats[seat]["secret"] in board
        assert game.seats[other]["secret"] not in board and game.host_secret not in board
    assert boards[1].replace(game.seats[1]["secret"], "KEY").replace('data-you="1"', "") == (
        boards[2].replace(game.seats[2]["secret"], "KEY").replace('data-you="2"', "")
    )


def test_only_the_games_own_links_may_follow_it():
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    other = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)

    assert read_stream(f"/g/{game.code}/{other.host_secret}/events/?v=0", 1)[0] == 404
    assert read_stream("/g/nosuchgame/watch/events/?v=0", 1)[0] == 404


def test_a_finished_chapter_game_ends_the_stream_and_a_rematch_leads_each_seat_on():
    game = Game.start("classic", [("Ann", "greedy"), ("Ben", "greedy")], seed=2, pace="instant")
    while not game.finished:
        game.step_bots()
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(rematch_offered=False)

    _status, sent = read_stream(f"/g/{game.code}/watch/events/?v={game.version}", 3)
    assert sent == ["event: end\ndata: over\n\n", "event: end\ndata: end\n\n"]

    Game.objects.filter(pk=game.pk).update(rematch_offered=True)
    new = game.rematch()
    _status, (led,) = read_stream(f"/g/{game.code}/{game.seats[1]['secret']}/events/?v=0", 1)
    assert led.startswith("event: rematch\n")
    assert f"data: /g/{new.code}/{new.seats[1]['secret']}/" in led


def test_the_hub_wakes_the_streams_of_a_channel_and_only_those():
    async def hub_at_work():
        hub = Hub()
        game, both, other = hub.subscribe("game:1"), hub.subscribe("game:1", "c:2"), None
        other = hub.subscribe("game:3")
        hub.publish("game:1", "5 -")
        woke = [await s.wait(0.01) for s in (game, both, other)]
        assert both.payload == "5 -"
        hub.drop_all()
        dropped = [s.dropped for s in (game, both, other)]
        for subscription in (game, both, other):
            subscription.close()
        return woke, dropped, dict(hub.waiting)

    woke, dropped, left = run(hub_at_work())

    assert woke == [True, True, False]
    assert dropped == [True, True, True]
    assert left == {}


def test_every_watcher_is_sent_the_same_board(pings_fast):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    game.apply_action(ROLL, version=0, who=0)

    first, second = (read_stream(f"/g/{game.code}/watch/events/?v=0", 1)[1][0] for _ in range(2))

    assert first == second
    assert "You are watching" in first or "Waiting for" in first
    assert game.host_secret not in first and game.seats[0]["secret"] not in first


def test_a_version_is_rendered_once_for_the_seats_that_wait_and_once_for_the_watchers(
    pings_fast, client, monkeypatch
):
    people = [("Ann", "human"), ("Ben", "human"), ("Cleo", "human")]
    game = Game.start("classic", people, seed=8)
    game.apply_action(ROLL, version=0, who=0)
    rendered = []
    render_part = board_maker._part

    def counted(name, context):
        if name == "board_top":  # a board's own part; the rest is made once a version
            rendered.append(context["who"])
        return render_part(name, context)

    monkeypatch.setattr(board_maker, "_part", counted)

    def stream(key: str, seen: int) -> str:
        (board,) = read_stream(f"/g/{game.code}/{key}/events/?v={seen}", 1)[1]
        return board

    boards = {seat: stream(game.seats[seat]["secret"], 0) for seat in (1, 2)}
    watched = [stream("watch", 0) for _ in range(2)]
    assert rendered == [1, None]  # Ben and Cleo wait for Ann: one board; the watchers' one
    assert "Waiting for Ann" in boards[1] and boards[1] != boards[2]
    assert watched[0] == watched[1]

    rendered.clear()
    ann = game.seats[0]["secret"]
    answer = client.post(
        f"/g/{game.code}/{ann}/move/",
        {"version": 1, "action": '{"type":"pass"}'},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200 and 'data-version="2"' in answer.content.decode()
    cleo = stream(game.seats[2]["secret"], 1)  # Cleo waits for Ben, as Ann now does
    ben = stream(game.seats[1]["secret"], 1)
    # The move's process made the version's two boards in its transaction: the one the seats
    # that wait see (made for Ann, her answer) and Ben's own; the streams render nothing.
    assert rendered == [0, 1]
    assert 'data-you="2"' in cleo and game.seats[2]["secret"] in cleo
    assert ann not in cleo and "Waiting for Ben" in cleo
    assert 'data-you="1"' in ben and 'name="csrfmiddlewaretoken"' in ben
    assert board_maker.CSRF_PLACEHOLDER not in ben + cleo + answer.content.decode()
