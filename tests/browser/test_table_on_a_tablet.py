"""The shared screen on a landscape tablet (issue 37, item 6): at 1024 x 768 and 1366 x 1024 a
four-player game's cities, market and log stand side by side, so the log is read without
scrolling past the market; a phone (portrait) keeps them one below the other."""

import pytest

from play.models import Game
from tests.web.next_moves import roll_or_pass

pytestmark = pytest.mark.usefixtures("fast_game")

WHERE = """() => Object.fromEntries(['.cities', '#market-heading', '#log-heading'].map(
    (selector) => { const box = document.querySelector(selector).getBoundingClientRect();
                    return [selector, [Math.round(box.top), Math.round(box.left)]]; }))"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 1024)])
def test_cities_market_and_log_side_by_side_on_a_tablet(live_server, browser, size):
    game = Game.start("classic", [(name, "human") for name in ("Ann", "Ben", "Cem", "Dee")], seed=8)
    for _move in range(8):
        game.refresh_from_db()
        game.apply_action(roll_or_pass(game), version=game.version, who="host")
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/g/{game.code}/{game.host_secret}/")
        where = page.evaluate(WHERE)
        cities, market, log = where[".cities"], where["#market-heading"], where["#log-heading"]
        assert cities[1] < market[1] < log[1]  # left to right
        assert abs(market[0] - log[0]) <= 2 and abs(cities[0] - market[0]) <= 30  # one row
        assert log[0] < size[1]  # the log begins on the first screen
        assert page.locator(".log-entry").first.is_visible()
        page.set_viewport_size({"width": 390, "height": 844})  # a phone: one below the other
        where = page.evaluate(WHERE)
        assert where[".cities"][0] < where["#market-heading"][0] < where["#log-heading"][0]
    finally:
        context.close()
