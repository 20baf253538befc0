"""Pushed, not polled (issue 19): what one phone does shows on the others through their streams,
with no request of theirs; a stream cut mid-game catches up, nothing missed, nothing twice; an
idle page and a finished game's page send nothing."""

import pytest
from test_play import board_version, click_and_wait

from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game", "every_game_replays")

ROLL = "#board form.actions button[data-kind=roll]"
PASS = "#board form.actions button[data-kind=pass]"


def requests_of(page) -> list[str]:
    """Every request the page makes from now on, but the browser's own for the tab's icon."""
    seen: list[str] = []
    page.on("request", lambda request: "favicon" in request.url or seen.append(request.url))
    return seen


def open_seat(page, live_server, game: Game, seat: int) -> None:
    page.goto(f"{live_server.url}/g/{game.code}/{game.seats[seat]['secret']}/")
    page.locator("#live[data-state=open]").wait_for(state="attached")


def finished(game: Game) -> Game:
    """The game played to its end by its bots (here, or by the server's bots' player)."""
    for _step in range(2000):
        game.refresh_from_db()
        if game.finished:
            return game
        game.step_bots()
    raise AssertionError("the bots did not finish the game")


def play_a_turn(page) -> None:
    click_and_wait(page, page.locator(ROLL).first)
    click_and_wait(page, page.locator(PASS))


def test_a_move_on_one_phone_shows_on_the_other_with_no_request_of_its_own(live_server, phone):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    ann, ben = phone(), phone()
    open_seat(ann, live_server, game, 0)
    open_seat(ben, live_server, game, 1)
    ben_asked = requests_of(ben)

    click_and_wait(ann, ann.locator(ROLL).first)
    ben.locator("#board[data-version='1']").wait_for()
    click_and_wait(ann, ann.locator(PASS))
    ben.locator(ROLL).first.wait_for()  # Ben's turn: his buttons came with the push

    assert ben_asked == []
    assert "Ann rolls" in ben.locator(".log").inner_text()
    assert ben.locator("#connection").is_hidden()


def test_a_stream_cut_mid_game_catches_up_with_nothing_missed_or_doubled(
    live_server, phone, settings
):
    settings.PLAY_POLL_MS = 600_000  # no poll stands in: the stream alone must catch up
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    ann, ben = phone(), phone()
    open_seat(ann, live_server, game, 0)
    open_seat(ben, live_server, game, 1)
    play_a_turn(ann)
    ben.locator(ROLL).first.wait_for()
    play_a_turn(ben)
    ann.locator(ROLL).first.wait_for()
    ben_asked = requests_of(ben)

    ben.route("**/events/**", lambda route: route.abort())
    live_server.drop_streams()  # the network drops every stream; Ben's cannot come back yet
    ben.locator("#live[data-state=down]").wait_for(state="attached")
    ben.locator("#connection .lost").wait_for()
    play_a_turn(ann)  # two moves Ben's page misses
    missed = board_version(ann)
    assert board_version(ben) < missed
    ben.unroute("**/events/**")

    ben.locator(f"#board[data-version='{missed}']").wait_for(timeout=20_000)
    ben.locator("#connection .back").wait_for()
    assert not [url for url in ben_asked if "/poll/" in url]  # caught up by its stream
    caught_up = ben.locator(".log").inner_text()
    fresh = ben.context.new_page()
    open_seat(fresh, live_server, game, 1)
    assert caught_up == fresh.locator(".log").inner_text()  # the same moves, each once
    assert caught_up.count("Ann rolls") == 2 and caught_up.count("Ben rolls") == 1


def test_an_idle_page_sends_nothing_while_its_stream_pings(live_server, page, settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.5
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    open_seat(page, live_server, game, 0)
    asked = requests_of(page)

    page.wait_for_timeout(3000)  # six pings

    assert asked == []
    assert page.locator("#live[data-state=open]").count() == 1


def test_a_finished_games_page_sends_nothing(live_server, page, settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.5
    game = finished(Game.start("classic", [("Ann", "greedy"), ("Ben", "greedy")], seed=2))
    Game.objects.filter(pk=game.pk).update(rematch_offered=False)  # as a campaign's chapter

    page.goto(f"{live_server.url}/g/{game.code}/watch/")
    asked = requests_of(page)
    page.wait_for_timeout(2000)

    assert page.locator("text=has won!").count() == 1
    assert page.locator("#live").count() == 0  # nothing more can happen: no stream either
    assert asked == []


def test_a_finished_game_that_may_be_rematched_waits_without_asking(live_server, phone, settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.5
    game = finished(Game.start("classic", [("Ann", "greedy"), ("Ben", "greedy")], seed=2))
    host, watcher = phone(), phone()
    host.goto(f"{live_server.url}/g/{game.code}/{game.host_secret}/")
    watcher.goto(f"{live_server.url}/g/{game.code}/watch/")
    watcher.locator("#live[data-state=open]").wait_for(state="attached")
    asked = requests_of(watcher)

    watcher.wait_for_timeout(1500)
    assert asked == []  # a finished page asks nothing; its stream waits for a rematch

    host.locator("text=Rematch").click()
    watcher.wait_for_url(lambda url: game.code not in url)  # led there by its stream
    game.refresh_from_db()
    assert watcher.url.endswith(f"/g/{game.rematched_as.code}/watch/")
    finished(game.rematched_as)  # its bots play on: let them end before the games are checked


def test_a_phone_whose_link_was_renewed_says_so_and_offers_no_move(live_server, phone):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    ann = phone()
    open_seat(ann, live_server, game, 0)

    game.renew_links()  # the host's "make new links": Ann's old link opens nothing any more

    gone = ann.locator("#connection .gone")
    gone.wait_for(state="visible")
    assert "Ask the host for yours" in gone.inner_text()
    assert ann.locator("#connection .lost").is_hidden()
    assert ann.locator(ROLL).first.is_disabled()


def test_a_page_whose_stream_is_down_learns_from_its_poll_that_its_link_was_renewed(
    live_server, phone
):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    ann = phone()
    ann.route("**/events/**", lambda route: route.abort())  # no stream: the page polls
    ann.goto(f"{live_server.url}/g/{game.code}/{game.seats[0]['secret']}/")
    ann.locator("#connection .lost").wait_for(state="visible")

    game.renew_links()

    ann.locator("#connection .gone").wait_for(state="visible")  # the poll was answered 404
    assert ann.locator(ROLL).first.is_disabled()
