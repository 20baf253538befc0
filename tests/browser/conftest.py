"""Real-Chromium tests through Playwright, using Debian's /usr/bin/chromium.

Without Chromium or the playwright package these tests skip, unless REQUIRE_BROWSER=1
(as in CI), where a missing browser is a failure.
"""

import importlib.util
import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.getenv("CHROMIUM", "/usr/bin/chromium"))
REQUIRE_BROWSER = os.getenv("REQUIRE_BROWSER", "") not in {"", "0", "false"}

# Playwright's sync API runs an event loop in the test thread; Django would otherwise refuse
# database access from it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def browser_missing_reason() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    return None


def require_browser() -> None:
    """Skip the calling test when no browser is available, or fail under REQUIRE_BROWSER=1."""
    reason = browser_missing_reason()
    if reason is None:
        return
    if REQUIRE_BROWSER:
        pytest.fail(f"REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(reason)


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def live_server():
    """The app on uvicorn in this process (tests/asgi_live_server.py): pages hold their streams
    open as in production. pytest-django's helper gives each test that uses it a transactional
    database, as it does for its own live server. One per module, its bots' player playing
    during each test only."""
    from asgi_live_server import AsgiLiveServer

    server = AsgiLiveServer()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _bots_play_during_the_test_only(request):
    """The live server's bots' player plays while the test's database is there, and is stopped
    (its round in hand over) before the database goes: otherwise it would look for due bots in
    the next test's, or where database access is no longer allowed."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")  # torn down after this fixture
    server = request.getfixturevalue("live_server")
    server.start_bots()
    yield
    server.stop_bots()


@pytest.fixture(scope="session")
def browser():
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


def watch_policy(page, violations: list[str]) -> None:
    """Collect what the page's content security policy blocked (it should block nothing)."""
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )


@pytest.fixture
def page(browser):
    """A fresh phone-sized page (390x844), closed after the test; fails if the CSP blocked
    anything of ours."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(10_000)
    violations: list[str] = []
    watch_policy(page, violations)
    yield page
    context.close()
    assert violations == []


@pytest.fixture
def host(browser):
    """The host's screen: a laptop-sized page, in English."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    """Open another phone-sized browser context (its own cookies): phone() -> page."""
    contexts = []
    violations: list[str] = []

    def _phone():
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        watch_policy(page, violations)
        return page

    yield _phone
    for context in contexts:
        context.close()
    assert violations == []


@pytest.fixture
def fast_game(settings):
    """Bots move at once and pages poll often, so a game fits in a test."""
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_BOT_DELAY_AFTER_HUMAN = 0
    settings.PLAY_POLL_MS = 400


@pytest.fixture
def every_game_replays(transactional_db):
    yield
    from play.models import Game

    for game in Game.objects.all():
        assert game.replays_to_stored_state(), f"{game} does not replay to its stored state"
