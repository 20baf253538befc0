"""Real Chromium at a Legacy table: the Yōkai turns a card over, a boat sails the track and
claims an island, a player rests, and a human plays the Legacy actions to the end of a game."""

import pytest

from play.models import Game
from tests.browser.test_play import VERSION, click_and_wait
from tests.web.legacy_setup import legacy_setup
from tests.web.test_legacy_board import _doubles_seed

pytestmark = pytest.mark.usefixtures("fast_game", "every_game_replays")

MAX_CLICKS = 600


def button(page, kind: str, nth: int = 0):
    return page.locator(f'#board button[name=action][data-kind="{kind}"]').nth(nth)


def test_the_yokai_a_boat_and_a_rest_day_in_the_browser(live_server, page):
    setup = legacy_setup(seed=_doubles_seed(), built=[["hochofen"], [], []], coins=[24, 9, 3])
    game = Game.create_from_setup(setup, ["human", "human", "human"])
    page.goto(f"{live_server.url}/g/{game.code}/{game.host_secret}/")
    page.wait_for_selector(VERSION)
    assert page.locator(".rules-in-force").inner_text().count("Yōkai") == 1
    assert page.locator(".track .track-space").count() == 7

    click_and_wait(page, page.locator('button[data-kind="roll"]').nth(1))  # two dice: doubles
    ben = page.locator('.city[data-seat="1"]')
    assert ben.locator(".face-down").inner_text().strip().startswith("Bakery")
    assert "face down" in ben.locator(".face-down").inner_text()

    sail = button(page, "sail", 1)
    assert sail.inner_text().strip() == "Sail 2 spaces (4 coins)"
    click_and_wait(page, sail)
    island = page.locator('.track-space[data-space="2"]')
    assert "claimed by Ann" in island.inner_text()
    assert island.locator(".boat.seat-0").count() == 1
    assert "Gull Rock" in page.locator('.city[data-seat="0"] .island-card').inner_text()
    assert "Ann claims the island Gull Rock (space 2)." in page.locator(".log").inner_text()

    click_and_wait(page, page.locator('button[data-kind="roll"]').first)  # Ben's turn
    assert ben.locator(".face-down").count() == 0  # his Bakery is face up again
    click_and_wait(page, button(page, "rest"))
    assert "Ben takes 1 coin for resting." in page.locator(".log").inner_text()


def choose(buttons):
    """A plan that uses every Legacy action: landmark, flag, sail, then the cheapest build."""
    kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
    for kind in ("build_landmark", "contribute", "sail"):
        if kind in kinds:
            return buttons.nth(len(kinds) - 1 - kinds[::-1].index(kind))  # the last: furthest
    builds = [i for i, kind in enumerate(kinds) if kind == "build"]
    if builds:
        return buttons.nth(
            min(builds, key=lambda i: int(buttons.nth(i).get_attribute("data-cost")))
        )
    if "rest" in kinds:
        return buttons.nth(kinds.index("rest"))
    return buttons.nth(0)


def test_a_legacy_game_against_a_bot_is_played_to_the_end(live_server, page):
    game = Game.create_from_setup(legacy_setup(players=2, seed=4), ["human", "greedy"])
    page.goto(f"{live_server.url}/g/{game.code}/{game.host_secret}/")
    page.wait_for_selector(VERSION)

    clicks = 0
    while not page.locator("text=has won!").count():
        assert clicks < MAX_CLICKS, "the game did not end"
        buttons = page.locator("#board button[name=action]")
        if buttons.count() == 0:
            page.wait_for_timeout(100)
            continue
        click_and_wait(page, choose(buttons))
        clicks += 1

    assert page.locator(".game-over svg").count() == 2
    log = [entry.action for entry in Game.objects.get().actions.all()]
    assert {"type": "contribute"} in log
    assert any(action.get("type") == "sail" for action in log)
