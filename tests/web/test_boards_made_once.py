"""A version's boards are made once, by the process that took the move, and sent by every
process (issue 19): what the streams of another process send, what the move's own process sends
from memory, and what a move whose transaction fails leaves behind."""

from __future__ import annotations

import asyncio
import re

import pytest
from django.db import DatabaseError, connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from stream_reader import read_stream
from stream_reader import run as run_in_own_loop  # a loop of its own: Playwright's runs here

from play import board_environment, board_maker, pushed
from play.models import Game, SharedBoard

pytestmark = pytest.mark.django_db(transaction=True)

PEOPLE = [("Ann", "human"), ("Ben", "human"), ("Cleo", "human")]
PASS = '{"type":"pass"}'
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.fixture
def pings_fast(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05


@pytest.fixture
def renders(monkeypatch):
    made = []
    render_part = board_maker._part

    def counted(name, context):
        if name == "board_top":  # a board's own part; the rest is made once a version
            made.append(context["who"])
        return render_part(name, context)

    monkeypatch.setattr(board_maker, "_part", counted)
    return made


def _ann_rolls(client) -> Game:
    """Ann rolls a 1 (version 1): she may build, Ben and Cleo wait for her."""
    game = Game.start("classic", PEOPLE, seed=8)
    answer = client.post(
        f"/g/{game.code}/{game.seats[0]['secret']}/move/",
        {"version": 0, "action": '{"type":"roll","dice":1}'},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    return game


def _ann_rolled_and_built(client) -> Game:
    """Ann rolls, then builds nothing (version 2): Ben is to roll, Ann and Cleo wait."""
    game = Game.start("classic", PEOPLE, seed=8)
    game.apply_action({"type": "roll", "dice": 1}, version=0, who=0)
    answer = client.post(
        f"/g/{game.code}/{game.seats[0]['secret']}/move/",
        {"version": 1, "action": PASS},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    game.refresh_from_db()
    assert game.version == 2
    return game


def _streams(game: Game, seen: int) -> dict[int, str]:
    return {
        seat: read_stream(f"/g/{game.code}/{game.seats[seat]['secret']}/events/?v={seen}", 1)[1][0]
        for seat in range(len(game.seats))
    }


def test_the_move_stores_each_board_of_its_version_once(client):
    game = _ann_rolled_and_built(client)

    shared = {row.made_for: row for row in SharedBoard.objects.filter(game=game)}

    assert {row.version for row in shared.values()} == {2}
    # Ben is to roll: a board of his own; Ann (who built nothing: nothing to undo) and Cleo
    # wait for him and share one, made for Ann, the mover
    assert {made_for: row.seats for made_for, row in shared.items()} == {0: ",0,2,", 1: ",1,"}
    for row in shared.values():
        assert board_maker.CSRF_PLACEHOLDER in row.html or "csrfmiddlewaretoken" not in row.html
        assert "\n" not in row.html  # one line: one `data:` line of a stream


def test_another_process_sends_the_moves_boards_without_rendering(client, pings_fast, renders):
    game = _ann_rolled_and_built(client)
    board_maker.forget()  # what another process has in memory: nothing
    renders.clear()

    shared = _streams(game, 1)

    assert renders == []
    board_maker.forget()
    SharedBoard.objects.all().delete()
    rendered = _streams(game, 1)  # as a process renders a version that nobody shared
    assert renders
    for seat in shared:
        assert TOKEN.sub("TOKEN", shared[seat]) == TOKEN.sub("TOKEN", rendered[seat])
        assert f'data-you="{seat}"' in shared[seat] and game.seats[seat]["secret"] in shared[seat]
        assert board_maker.CSRF_PLACEHOLDER not in shared[seat]
    assert shared[1].count("data: ") == 1  # the board is one line


def test_what_every_viewer_sees_alike_is_made_once_a_version(client, monkeypatch):
    parts = []
    render_part = board_maker._part

    def counted(name, context):
        parts.append(name)
        return render_part(name, context)

    monkeypatch.setattr(board_maker, "_part", counted)
    _ann_rolls(client)

    # Ann may build (her market's cards are buttons); Ben and Cleo wait: two boards, one table
    assert sorted(parts) == [
        "board_after_market",
        "board_before_market",
        "board_market",
        "board_market",
        "board_top",
        "board_top",
    ]


def test_a_pushed_board_is_the_board_its_page_shows(client, pings_fast):
    game = Game.start("classic", PEOPLE, seed=8)
    game.apply_action({"type": "roll", "dice": 1}, version=0, who=0)  # Ann may build

    pushed_boards = _streams(game, 0)

    def alike(html: str) -> str:
        return re.sub(r"\s+", " ", TOKEN.sub("TOKEN", html)).strip()

    for seat, board in pushed_boards.items():
        page = client.get(f"/g/{game.code}/{game.seats[seat]['secret']}/", HTTP_HX_REQUEST="true")
        (data,) = re.findall(r"^data: (.*)$", board, re.MULTILINE)
        assert alike(data) == alike(page.content.decode())
    assert 'data-kind="build"' in pushed_boards[0] and 'data-kind="build"' not in pushed_boards[1]


def test_seats_that_wait_share_one_stored_board_with_their_own_keys(client, pings_fast, renders):
    game = _ann_rolls(client)
    (waiting,) = SharedBoard.objects.exclude(made_for=0)
    assert waiting.seats == ",1,2,"  # Ben and Cleo wait for Ann to build
    board_maker.forget()
    renders.clear()

    boards = _streams(game, 0)

    assert renders == []
    assert game.seats[2]["secret"] in boards[2] and game.seats[1]["secret"] not in boards[2]
    assert 'data-you="2"' in boards[2] and 'data-you="1"' in boards[1]


def test_the_moves_own_process_sends_its_boards_from_memory(client, django_assert_num_queries):
    game = _ann_rolled_and_built(client)
    link = (game.code, game.seats[2]["secret"])
    request = RequestFactory().get("/")

    with django_assert_num_queries(0):
        found = pushed.from_memory(request, game.pk, 2, "en", "1", link, f"2 - {game.code}")
        overtaken = pushed.from_memory(request, game.pk, 2, "en", "2", link, f"2 - {game.code}")
        not_a_move = pushed.from_memory(request, game.pk, 2, "en", "1", link, "2 - -")

    assert found.id == "2" and 'data-you="2"' in found.data and "Waiting for Ben" in found.data
    assert overtaken is None and not_a_move is None


def test_another_process_reads_a_moves_boards_once_for_all_its_streams(client, monkeypatch):
    game = _ann_rolled_and_built(client)
    board_maker.forget()  # this process did not take the move: it has none of its boards
    reads = []
    latest = Game.latest_boards

    def counted(pk, language):
        reads.append(pk)
        return latest(pk, language)

    monkeypatch.setattr(Game, "latest_boards", counted)
    request = RequestFactory().get("/")
    links = {seat: (game.code, game.seats[seat]["secret"]) for seat in range(3)}

    async def woken():
        return await asyncio.gather(
            *(
                pushed.arriving(request, game.pk, seat, "en", "1", links[seat], f"2 - {game.code}")
                for seat in range(3)
            )
        )

    sent = run_in_own_loop(woken())

    assert reads == [game.pk]  # one read for the three streams
    assert [update.id for update in sent] == ["2", "2", "2"]
    for seat, update in enumerate(sent):
        assert f'data-you="{seat}"' in update.data
        assert game.seats[seat]["secret"] in update.data
    assert "Waiting for Ben" in sent[0].data and "Waiting for Ben" in sent[2].data


def test_a_move_whose_transaction_fails_leaves_no_board_behind(client, monkeypatch):
    game = Game.start("classic", PEOPLE, seed=8)
    share = board_maker.share

    def share_then_fail(request, locked):
        share(request, locked)
        raise DatabaseError("the commit failed")

    monkeypatch.setattr(board_maker, "share", share_then_fail)
    board_environment._pieces.put("made-before", "a piece")  # the lasting ones, a log line too

    with pytest.raises(DatabaseError):
        client.post(
            f"/g/{game.code}/{game.seats[0]['secret']}/move/",
            {"version": 0, "action": '{"type":"roll","dice":1}'},
            HTTP_HX_REQUEST="true",
        )

    game.refresh_from_db()
    assert game.version == 0 and not SharedBoard.objects.exists()
    assert (
        pushed.from_memory(
            RequestFactory().get("/"), game.pk, 1, "en", "0", (game.code, None), f"1 - {game.code}"
        )
        is None
    )
    assert not board_maker._seat_boards.items and not board_maker._snapshots.items
    # nor the parts of its boards that every page of the version shares
    assert not board_maker._tables.items and not board_maker._version_contexts.items
    # a log line is kept by its place in the log, which the next move takes
    assert board_environment._pieces.get("made-before") is None


def test_market_cards_cached_one_by_one_offer_builds_only_to_the_builder(client):
    game = _ann_rolls(client)
    boards = {row.made_for: row.html for row in SharedBoard.objects.filter(game=game)}
    builds = re.findall(r'name="action" value="([^"]*)" class="build-tap', boards[0])

    assert builds and "build-tap" not in boards[1]  # Ann may build, Ben and Cleo wait
    client.post(
        f"/g/{game.code}/{game.seats[0]['secret']}/move/",
        {"version": 1, "action": builds[0].replace("&quot;", '"')},
        HTTP_HX_REQUEST="true",
    )
    after = {row.made_for: row.html for row in SharedBoard.objects.filter(game=game, version=2)}
    assert after and all("build-tap" not in html for html in after.values())
    assert len(re.findall('class="market-card', after[1])) == len(
        re.findall('class="market-card', boards[1])
    )


def test_a_move_makes_its_boards_without_reading_back(client, pings_fast):
    game = Game.start("classic", PEOPLE, seed=8)
    ann = f"/g/{game.code}/{game.seats[0]['secret']}/move/"
    client.post(ann, {"version": 0, "action": '{"type":"roll","dice":1}'}, HTTP_HX_REQUEST="true")
    board_maker.forget()  # as in a process that did not make version 1: the log tail is in the row

    with CaptureQueriesContext(connection) as queries:
        client.post(ann, {"version": 1, "action": PASS}, HTTP_HX_REQUEST="true")

    reads = [query["sql"] for query in queries if query["sql"].startswith("SELECT")]
    assert not [sql for sql in reads if "play_gameaction" in sql]  # the state and the log's
    made = _streams(game, 1)  # tail are what the move wrote
    board_maker.forget()
    SharedBoard.objects.all().delete()
    read = _streams(game, 1)  # as a process that read version 2 from the database
    for seat in made:
        assert TOKEN.sub("TOKEN", made[seat]) == TOKEN.sub("TOKEN", read[seat])


def test_two_host_screens_share_one_rendering_each_with_a_token_of_its_own(pings_fast, renders):
    game = Game.start("classic", PEOPLE, seed=8)
    game.apply_action({"type": "roll", "dice": 1}, version=0, who=0)  # Ann may build
    host = f"/g/{game.code}/{game.host_secret}"
    screens = [Client(enforce_csrf_checks=True) for _ in range(2)]
    for screen in screens:
        assert screen.get(f"{host}/").status_code == 200  # its page gives it its cookie
    renders.clear()

    boards = [read_stream(f"{host}/events/?v=0", 1, cookies=s.cookies)[1][0] for s in screens]

    assert renders == ["host"]  # one rendering of the version for both screens
    tokens = [re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', b)[1] for b in boards]
    assert board_maker.CSRF_PLACEHOLDER not in boards[0] + boards[1]

    # each screen's token is its own: the other's is refused, and nothing moves
    other = screens[1].post(
        f"{host}/move/",
        {"version": 1, "action": PASS, "csrfmiddlewaretoken": tokens[0]},
        HTTP_HX_REQUEST="true",
    )
    assert other.status_code == 403
    game.refresh_from_db()
    assert game.version == 1
    own = screens[1].post(
        f"{host}/move/",
        {"version": 1, "action": PASS, "csrfmiddlewaretoken": tokens[1]},
        HTTP_HX_REQUEST="true",
    )
    assert own.status_code == 200 and 'data-version="2"' in own.content.decode()
