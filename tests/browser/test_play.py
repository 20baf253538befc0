"""Real Chromium at a table: one shared screen, and one phone per player."""

import re
import time

import pytest

from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game", "every_game_replays")

MAX_CLICKS = 600
VERSION = "#board[data-version]"


def board_version(page) -> int:
    return int(page.locator(VERSION).get_attribute("data-version"))


def click_and_wait(page, button) -> None:
    """Click a board button and wait until the board it brings back is in place."""
    before = board_version(page)
    button.click()
    # A selector, not wait_for_function: the page's CSP forbids evaluating strings.
    page.locator(f"#board:not([data-version='{before}'])").wait_for()


def choose(buttons):
    """The humans' plan: a landmark if they can, else the cheapest building, else what's first."""
    kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
    if "build_landmark" in kinds:
        return buttons.nth(kinds.index("build_landmark"))
    builds = [i for i, kind in enumerate(kinds) if kind == "build"]
    if builds:
        return buttons.nth(
            min(builds, key=lambda i: int(buttons.nth(i).get_attribute("data-cost")))
        )
    if "pass" in kinds:
        return buttons.nth(kinds.index("pass"))
    return buttons.nth(0)


def test_one_screen_two_humans_two_bots_play_to_the_end(live_server, page):
    page.goto(live_server.url + "/")
    page.fill("#id_name_0", "Ann")
    page.fill("#id_name_1", "Ben")
    page.select_option("#id_kind_2", "greedy")
    page.fill("#id_name_2", "Cleo")
    page.select_option("#id_kind_3", "random")
    page.fill("#id_name_3", "Dirk")
    page.fill("#id_seed", "21")
    page.click("text=Start the game")
    page.wait_for_selector(VERSION)
    assert page.locator(".city").count() == 4

    clicks = 0
    while not page.locator("text=has won!").count():
        assert clicks < MAX_CLICKS, "the game did not end"
        buttons = page.locator("#board button[name=action]")
        if buttons.count() == 0:
            page.wait_for_timeout(100)  # a bot's turn: the next poll brings its moves
            continue
        click_and_wait(page, choose(buttons))
        clicks += 1

    assert clicks > 10
    assert page.locator(".game-over svg").count() == 2
    assert page.locator("text=Rematch").is_visible()
    log = page.locator(".log").inner_text()
    assert re.search(r"wins the game!", log)
    game = Game.objects.get()
    assert game.finished


def test_two_phones_see_each_others_moves_without_reloading(live_server, phone):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    ann, ben = phone(), phone()
    ann.goto(f"{live_server.url}/g/{game.code}/{game.seats[0]['secret']}/")
    ben.goto(f"{live_server.url}/g/{game.code}/{game.seats[1]['secret']}/")
    assert ben.locator("text=Waiting for Ann.").is_visible()
    assert ben.locator("#board form.actions button").count() == 0

    click_and_wait(ann, ann.locator("#board form.actions button", has_text="Roll 1 die"))
    started = time.monotonic()
    ben.locator("#board[data-version='1']").wait_for(timeout=5000)
    assert time.monotonic() - started < 5
    assert "Ann rolls" in ben.locator(".log").inner_text()

    click_and_wait(ann, ann.locator("#board form.actions button[data-kind=pass]"))
    ben.locator("#board form.actions button", has_text="Roll 1 die").wait_for(timeout=5000)
    click_and_wait(ben, ben.locator("#board form.actions button", has_text="Roll 1 die"))
    ann.locator("#board[data-version='3']").wait_for(timeout=5000)
    assert "Ben rolls" in ann.locator(".log").inner_text()


def test_a_stale_second_tab_is_refused(live_server, phone, settings):
    settings.PLAY_POLL_MS = 600_000  # the second tab must not catch up by itself:
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    url = f"{live_server.url}/g/{game.code}/{game.host_secret}/"
    first, second = phone(), phone()
    second.route("**/events/**", lambda route: route.abort())  # nor by its stream
    first.goto(url)
    second.goto(url)

    click_and_wait(first, first.locator("#board form.actions button", has_text="Roll 1 die"))
    second.locator("#board form.actions button", has_text="Roll 1 die").click()

    second.locator("text=The game moved on before your move arrived").wait_for()
    assert board_version(second) == 1
    game.refresh_from_db()
    assert game.version == 1


def test_a_lost_connection_is_shown_and_so_is_its_return(live_server, page):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    page.goto(f"{live_server.url}/g/{game.code}/watch/")
    page.locator("#live[data-state=open]").wait_for(state="attached")

    # The stream and the polls that stand in for it while it is down
    page.route("**/events/**", lambda route: route.abort())
    page.route("**/poll/**", lambda route: route.abort())
    live_server.drop_streams()
    page.locator("text=Connection lost").wait_for(state="visible")
    page.unroute("**/poll/**")
    page.unroute("**/events/**")
    page.locator("text=Connected again").wait_for(state="visible")


def test_without_javascript_the_buttons_still_play(live_server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(live_server.url + "/")
        page.fill("#id_seed", "4")
        page.click("text=Start the game")
        # Each click sends a form and loads the page it is answered with: wait for that page
        # (is_visible() would ask the page being left, and fail now and then under load).
        page.click("#board form.actions button >> text=Roll 1 die")
        page.locator(".latest-events", has_text="Ann rolls").wait_for()
        page.click("#board form.actions button[data-kind=pass]")
        page.locator("text=Ben rolls the dice.").wait_for()
        assert page.locator("noscript a", has_text="Refresh").count() == 1
    finally:
        context.close()
    game = Game.objects.get()
    assert game.version == 2
