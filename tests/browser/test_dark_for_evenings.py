"""Dark for evenings (issue 37, item 5): every page follows the system's light or dark setting,
the navbar's button overrides it and the phone remembers the choice, a page printed from a dark
screen prints light, and the cards keep the game's colours. (axe in both schemes:
test_accessibility.py.)"""

import pytest

from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game")

SCHEME = "() => document.documentElement.getAttribute('data-bs-theme')"
CARD = """() => [...document.querySelectorAll('.market-card')].map(
    (card) => getComputedStyle(card.querySelector('.band')).backgroundColor + ' '
              + getComputedStyle(card.querySelector('.body')).backgroundColor)"""


def test_the_system_decides_unless_the_phone_chose(live_server, browser):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    seat = f"{live_server.url}/g/{game.code}/{game.seats[0]['secret']}/"
    cards = {}
    for system in ("light", "dark"):
        context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=system)
        page = context.new_page()
        page.goto(seat)
        assert page.evaluate(SCHEME) == system
        cards[system] = page.evaluate(CARD)
        context.close()
    assert cards["light"] == cards["dark"]  # the game's colours, whatever the page's

    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="light")
    try:
        page = context.new_page()
        page.goto(seat)
        toggle = page.locator("#theme-toggle")
        assert toggle.get_attribute("aria-label") == "Colour scheme: As the system"
        toggle.click()  # light
        toggle.click()  # dark
        assert page.evaluate(SCHEME) == "dark"
        assert toggle.get_attribute("aria-label") == "Colour scheme: Dark"
        page.goto(f"{live_server.url}/")  # remembered on every page of the site
        assert page.evaluate(SCHEME) == "dark"
        page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
        assert page.evaluate(SCHEME) == "light"  # paper is white
        page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
        assert page.evaluate(SCHEME) == "dark"
        page.locator("#theme-toggle").click()  # as the system again
        assert page.evaluate(SCHEME) == "light"
        page.emulate_media(color_scheme="dark")  # the system turns dark in the evening
        page.wait_for_function("() => document.documentElement.dataset.bsTheme === 'dark'")
    finally:
        context.close()
