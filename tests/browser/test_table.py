"""Real Chromium at a real table: phones on the network, a rematch for all, a stale page."""

import re

import pytest
import segno
from django.db import connection

try:
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import expect
except ImportError:  # the browser fixture then skips (or, with REQUIRE_BROWSER=1, fails) each test
    expect = None
    PlaywrightError = Exception

from play.engine import new_game
from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game", "every_game_replays")

VERSION = "#board[data-version]"


def near_win() -> Game:
    """Ann (seat 0, to roll) has three landmarks and 30 coins: Radio Tower wins."""
    state = new_game(
        "classic",
        players=["Ann", "Ben"],
        seed=5,
        coins=[30, 2],
        built=[["train_station", "shopping_mall", "amusement_park"], []],
    )
    return Game.create_from(state, ["human", "human"])


def seat_url(server, game, seat) -> str:
    return f"{server.url}/g/{game.code}/{game.seats[seat]['secret']}/"


def click_and_wait(page, button) -> None:
    before = page.locator(VERSION).get_attribute("data-version")
    button.click()
    # A selector, not wait_for_function: the page's CSP forbids evaluating strings.
    page.locator(f"#board:not([data-version='{before}'])").wait_for()


def qr_path(svg: str) -> str:
    return re.search(r'<path[^>]* d="([^"]+)"', svg).group(1)


def test_seat_links_and_qr_codes_carry_the_network_address(live_server, page, monkeypatch):
    monkeypatch.setattr("machikoro.links.lan_addresses", lambda: ["10.209.0.1"])
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)
    port = live_server.url.rsplit(":", 1)[1]

    page.goto(f"{live_server.url}/g/{game.code}/{game.host_secret}/")
    page.locator("summary", has_text="Play on your own phones").click()

    links = page.locator(".share a.text-break")
    expected = f"http://10.209.0.1:{port}/g/{game.code}/{game.seats[1]['secret']}/"
    assert links.nth(1).get_attribute("href") == expected
    shown = page.locator(".share .qr").nth(1).inner_html()
    wanted = segno.make(expected, error="m").svg_inline(scale=3, border=2, omitsize=True)
    assert qr_path(shown) == qr_path(wanted)
    assert "127.0.0.1" not in page.locator(".share").inner_text()
    assert "localhost" not in page.locator(".share").inner_text()


def test_a_rematch_is_followed_by_both_phones_and_the_watch_page(live_server, phone):
    game = near_win()
    ann, ben, watcher = phone(), phone(), phone()
    ann.goto(seat_url(live_server, game, 0))
    ben.goto(seat_url(live_server, game, 1))
    watcher.goto(f"{live_server.url}/g/{game.code}/watch/")
    click_and_wait(ann, ann.locator("#board form.actions button", has_text="Roll 1 die"))
    click_and_wait(ann, ann.locator("#board form.actions button[data-kind=build_landmark]"))
    for page in (ann, ben, watcher):
        page.locator("text=Ann has won!").wait_for()

    # Both press at once (before either page could follow the other): one new game, each
    # phone in its own seat. The live server shares one in-memory SQLite connection among its
    # threads, so truly simultaneous requests are raced on PostgreSQL only (and, many at once,
    # in tests/web/test_rematch_race.py).
    press = "document.querySelector('form[action$=\"/rematch/\"]').requestSubmit()"
    ann.evaluate(press)
    if connection.vendor == "postgresql":
        try:
            ben.evaluate(press)
        except PlaywrightError as error:
            # Ann's rematch was pushed to Ben's page first, and it has already followed it
            if "Execution context was destroyed" not in str(error):
                raise

    # A page may be led twice at once (its own press and its poll): wait for where it ends up.
    for page in (ann, ben, watcher):
        expect(page).to_have_url(re.compile(rf"/g/(?!{game.code})"))
    new = Game.objects.get(rematch_of=game)
    assert Game.objects.count() == 2
    expect(ann).to_have_url(seat_url(live_server, new, 0))
    expect(ben).to_have_url(seat_url(live_server, new, 1))
    expect(watcher).to_have_url(f"{live_server.url}/g/{new.code}/watch/")
    for page in (ann, ben):
        page.wait_for_selector(VERSION)
    starter = ann if new.load().active == 0 else ben
    assert starter.locator("#board form.actions button", has_text="Roll").count() >= 1


def test_a_failed_csrf_check_leaves_a_working_board(live_server, page):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    page.goto(seat_url(live_server, game, 0))
    page.context.clear_cookies()  # as if the browser had dropped them

    page.locator("#board form.actions button", has_text="Roll 1 die").click()

    page.locator("text=This page was out of date").wait_for()
    assert page.locator("nav.navbar").count() == 1  # the board was swapped, not the whole page
    assert page.locator("#board #board").count() == 0
    click_and_wait(page, page.locator("#board form.actions button", has_text="Roll 1 die"))
    assert "Ann rolls" in page.locator(".latest-events").inner_text()
    game.refresh_from_db()
    assert game.version >= 1


def test_a_phone_that_did_not_press_follows_the_rematch_into_its_seat(live_server, phone):
    game = near_win()
    ann, ben = phone(), phone()
    ann.goto(seat_url(live_server, game, 0))
    ben.goto(seat_url(live_server, game, 1))
    click_and_wait(ann, ann.locator("#board form.actions button", has_text="Roll 1 die"))
    click_and_wait(ann, ann.locator("#board form.actions button[data-kind=build_landmark]"))
    ben.locator("text=Ann has won!").wait_for()

    ben.locator("button", has_text="Rematch").click()

    new = Game.objects.get(rematch_of=game)
    expect(ann).to_have_url(seat_url(live_server, new, 0))
    expect(ben).to_have_url(seat_url(live_server, new, 1))


def business_center_game() -> Game:
    """Seed 3: Ann's first roll is a 6 and her Business Center asks for a trade."""
    state = new_game(
        "classic",
        players=["Ann", "Ben"],
        seed=3,
        coins=[3, 7],
        cities=[
            {"business_center": 1, "wheat_field": 2, "bakery": 1, "ranch": 1},
            {"wheat_field": 1, "forest": 1, "cafe": 1, "bakery": 1},
        ],
    )
    return Game.create_from(state, ["human", "human"])


def test_the_business_center_in_two_steps_on_a_phone(live_server, page):
    game = business_center_game()
    page.goto(seat_url(live_server, game, 0))
    click_and_wait(page, page.locator("#board button", has_text="Roll 1 die"))

    gives = page.locator("#board [data-kind=give]")
    assert gives.count() == 3  # Wheat Field, Bakery, Ranch: not the 13 pairs at once
    page.locator("#board [data-kind=give]", has_text="Give Ranch").click()
    page.locator("text=You give Ranch.").wait_for()
    takes = page.locator("#board button[data-kind=trade]")
    assert takes.count() >= 3
    for i in range(page.locator("#board .actions .btn").count()):
        assert page.locator("#board .actions .btn").nth(i).bounding_box()["height"] >= 44

    click_and_wait(page, page.locator("#board button[data-kind=trade]", has_text="Take Forest"))

    assert "trades Ranch for Ben's Forest" in page.locator(".log").inner_text()
    state = Game.objects.get().load()
    assert state.players[0].city.get("forest") == 1


def test_building_by_tapping_a_market_card(live_server, page):
    state = new_game("classic", players=["Ann", "Ben"], seed=5, coins=[2, 4])
    game = Game.create_from(state, ["human", "human"])
    page.goto(seat_url(live_server, game, 0))
    click_and_wait(page, page.locator("#board button", has_text="Roll 1 die"))

    card = page.locator('.market-card.buildable[data-card="ranch"]')
    assert page.locator('.market-card[data-card="stadium"].buildable').count() == 0  # 6 coins
    box = card.bounding_box()
    assert box["y"] < 844 * 2  # the market follows the turn panel, not the cities
    assert card.locator(".build-tap").bounding_box()["height"] >= 44
    name = card.locator(".name").bounding_box()  # tap the card's name: the whole card builds
    before = page.locator(VERSION).get_attribute("data-version")
    page.mouse.click(name["x"] + name["width"] / 2, name["y"] + name["height"] / 2)
    # A selector, not wait_for_function: the page's CSP forbids evaluating strings.
    page.locator(f"#board:not([data-version='{before}'])").wait_for()

    assert "Ann builds Ranch" in page.locator(".log").inner_text()
    assert Game.objects.get().load().players[0].city.get("ranch") == 1


def test_the_replay_steps_with_arrow_keys_and_plays_by_itself(live_server, page):
    game = Game.start("classic", [("Ann", "greedy"), ("Ben", "random")], seed=9)
    game.step_bots()
    page.goto(f"{live_server.url}/g/{game.code}/replay/")
    assert page.locator("button[data-replay=back][disabled]").count() == 1

    page.keyboard.press("ArrowRight")
    page.locator("text=Move 1 of").wait_for()
    page.keyboard.press("ArrowRight")
    page.locator("text=Move 2 of").wait_for()
    page.keyboard.press("ArrowLeft")
    page.locator("text=Move 1 of").wait_for()

    page.locator("[data-replay=play]").click()
    page.locator("text=Move 3 of").wait_for()
    page.locator("[data-replay=play]").click()  # pause
    stopped = page.locator(".replay-nav strong").inner_text()
    page.wait_for_timeout(2000)
    assert page.locator(".replay-nav strong").inner_text() == stopped


def test_who_starts_offers_only_seats_that_play_and_errors_get_the_focus(live_server, page):
    page.goto(live_server.url + "/")
    page.select_option("#id_first_player", "2")

    page.select_option("#id_kind_2", "")

    offered = page.evaluate(
        "Array.from(document.querySelectorAll('#id_first_player option'))"
        ".filter(o => !o.disabled).map(o => o.value)"
    )
    assert offered == ["0", "1", "roll"]
    assert page.locator("#id_first_player").input_value() == "0"
    box = page.locator("#id_kind_0").bounding_box()
    assert box["width"] > 150  # "Bot: normal" fits on a phone

    page.fill("#id_name_1", "")
    page.click("#start-form [type=submit]")
    # waits (and retries) until the answered page has put the focus on its errors
    expect(page.locator(".form-errors")).to_be_focused()
    assert page.locator(".form-errors").bounding_box()["y"] < 844
