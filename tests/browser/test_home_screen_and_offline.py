"""The phone in your hand (issue 37, items 1 and 2): the site installs as an app that opens
the page it was added from, and a dropped connection shows a sentence in the visitor's
language, then the game as it is now once the network is back, with no reload by hand."""

import json
import os
import tempfile

import pytest

from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game")

ROLL = "#board form.actions button[data-kind=roll]"


def seat_url(live_server, game: Game, seat: int) -> str:
    return f"{live_server.url}/g/{game.code}/{game.seats[seat]['secret']}/"


def controlled(page) -> None:
    """Wait until the service worker controls the page (it claims it when it activates)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


@pytest.fixture
def installed_phone(browser):
    """A phone-sized browser with a profile of its own: Chromium installs no app from a
    private (incognito) context, which is what a test's new_context is."""
    context = browser.browser_type.launch_persistent_context(
        tempfile.mkdtemp(prefix="phone-profile-"),
        executable_path=os.getenv("CHROMIUM", "/usr/bin/chromium"),
        args=["--no-sandbox", "--disable-gpu", "--no-first-run"],
        viewport={"width": 390, "height": 844},
        locale="en-US",
    )
    context.set_default_timeout(10_000)
    yield context
    context.close()


def test_a_seats_link_installs_as_an_app_that_opens_that_seat(live_server, installed_phone):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    page = installed_phone.new_page()
    url = seat_url(live_server, game, 1)
    page.goto(url)
    controlled(page)
    cdp = installed_phone.new_cdp_session(page)

    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    shown = cdp.send("Page.getAppManifest")
    assert shown["errors"] == []
    manifest = json.loads(shown["data"])
    path = url.removeprefix(live_server.url)
    # Opened from the home screen, the app is Ben's seat again, not the start page.
    assert manifest["start_url"] == path
    assert manifest["id"] == path
    assert manifest["display"] == "standalone"
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    for icon in manifest["icons"]:
        answer = page.request.get(live_server.url + icon["src"])
        assert answer.ok and answer.headers["content-type"] == "image/png"


def test_the_manifest_speaks_the_pages_language_and_starts_only_on_our_pages(live_server, page):
    page.goto(f"{live_server.url}/manifest.webmanifest?start=/&lang=de")
    german = json.loads(page.locator("body").inner_text())
    assert german["lang"] == "de"
    assert german["description"].startswith("Dein Platz")
    for elsewhere in ("//evil.example/", "https://evil.example/", "/no/such/page/"):
        answer = page.request.get(
            f"{live_server.url}/manifest.webmanifest", params={"start": elsewhere}
        )
        assert answer.json()["start_url"] == "/"
        assert "no-store" in answer.headers["cache-control"]


def kept_urls(page) -> list[str]:
    return page.evaluate(
        """async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
            }
            return urls;
        }"""
    )


def test_a_dropped_connection_says_so_and_the_game_comes_back_by_itself(live_server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    context.set_default_timeout(15_000)
    errors: list[str] = []
    try:
        game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
        ben = context.new_page()
        ben.on("pageerror", lambda error: errors.append(str(error)))
        ben.on("console", lambda message: message.type == "error" and errors.append(message.text))
        ben.goto(seat_url(live_server, game, 1))
        controlled(ben)
        ben.reload()  # now through the worker, which has kept the static files
        ben.locator("#live[data-state=open]").wait_for(state="attached")

        # The Wi-Fi drops while the page is open; Ann plays her turn meanwhile.
        context.set_offline(True)
        ben.locator("#connection .lost").wait_for()
        game.refresh_from_db()
        game.apply_action({"type": "roll", "dice": 1}, version=game.version, who=0)
        game.refresh_from_db()
        game.apply_action({"type": "pass"}, version=game.version, who=0)
        game.refresh_from_db()

        # A move tapped now is not answered from any cache: it fails (asked from another tab,
        # whose failed request the browser reports in its console, as it should).
        other_tab = context.new_page()
        other_tab.goto(seat_url(live_server, game, 1))  # the offline page, from the worker
        refused = other_tab.evaluate(
            """async (url) => {
                try { await fetch(url, {method: 'POST'}); return 'answered'; }
                catch (error) { return 'failed'; }
            }""",
            seat_url(live_server, game, 1) + "move/",
        )
        assert refused == "failed"
        other_tab.close()

        # Back online: the open page catches up by itself, to Ben's turn.
        context.set_offline(False)
        ben.locator(f"#board[data-version='{game.version}']").wait_for()
        ben.locator(ROLL).first.wait_for()

        # A page asked for while offline: the worker's page, in German, not the browser's.
        context.set_offline(True)
        ben.goto(seat_url(live_server, game, 1))
        assert ben.locator("html").get_attribute("lang") == "de"
        assert ben.locator(".offline-page").count() == 1
        game.apply_action({"type": "roll", "dice": 1}, version=game.version, who=1)
        game.refresh_from_db()
        context.set_offline(False)
        # It comes back by itself, as the game is now.
        ben.locator(f"#board[data-version='{game.version}']").wait_for()

        # Kept: static files and the offline pages, never a page, poll, stream or export.
        kept = kept_urls(ben)
        assert any(url.startswith("/static/") for url in kept)
        assert {"/offline/de/", "/offline/en/", "/offline/nl/"} <= set(kept)
        assert all(url.startswith(("/static/", "/offline/", "/service-worker/")) for url in kept), (
            kept
        )
        assert errors == []
    finally:
        context.close()
