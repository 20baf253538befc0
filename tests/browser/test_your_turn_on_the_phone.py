"""Your turn wakes you, and the screen stays lit while you play (issue 37, items 3 and 4): the
seat to act, and only it, is told once per turn by its title, a vibration and, with the page
hidden and notifications allowed, a system notification; the screen's wake lock is taken while
the game is under way, let go when the page is hidden, taken again when it comes back, and
released at the game's end."""

import pytest
from django.utils import timezone
from test_live import finished, open_seat
from test_play import click_and_wait

from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game")

ROLL = "#board form.actions button[data-kind=roll]"
PASS = "#board form.actions button[data-kind=pass]"
YOUR_TURN = "● Your turn"

# Before the page's own scripts: what the phone did is written down, and the page can be made
# hidden as a phone's screen is when it is locked or another app is in front.
SPIES = """
window.__vibrations = [];
window.__notices = [];
window.__hidden = false;
const vibrate = navigator.vibrate ? navigator.vibrate.bind(navigator) : null;
navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return true; };
const show = ServiceWorkerRegistration.prototype.showNotification;
ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
  window.__notices.push({title, url: options && options.data && options.data.url});
  return show.call(this, title, options);
};
Object.defineProperty(Document.prototype, 'visibilityState', {
  configurable: true, get() { return window.__hidden ? 'hidden' : 'visible'; } });
Object.defineProperty(Document.prototype, 'hidden', {
  configurable: true, get() { return window.__hidden; } });
"""


def phone_with_spies(browser, live_server, *, notifications=True):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    if notifications:
        # (Playwright's grant refuses every permission it does not name, the wake lock's too)
        context.grant_permissions(["notifications"], origin=live_server.url)
    context.add_init_script(SPIES)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    return context, page, errors


def hide(page, hidden: bool) -> None:
    page.evaluate(
        "(hidden) => { window.__hidden = hidden;"
        " document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def told(page) -> tuple[int, list[dict]]:
    return page.evaluate("() => window.__vibrations.length"), page.evaluate(
        "() => window.__notices"
    )


def test_the_seat_to_act_is_told_once_and_no_other_seat_is(live_server, browser):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human"), ("Cem", "greedy")], seed=8)
    contexts = []
    try:
        ann_context, ann, ann_errors = phone_with_spies(browser, live_server)
        ben_context, ben, ben_errors = phone_with_spies(browser, live_server)
        contexts += [ann_context, ben_context]
        open_seat(ann, live_server, game, 0)
        open_seat(ben, live_server, game, 1)
        assert ann.title().startswith(YOUR_TURN)  # Ann's turn: her page says so
        assert not ben.title().startswith(YOUR_TURN)

        # Ben asks to be told, by a tap; then his phone goes into his pocket.
        ben.locator("#on-this-phone summary").click()
        ben.locator(".ask-to-notify").click()
        ben.locator("#phone-notify:checked").wait_for(state="attached")
        ben.get_by_label("Plays a short sound on my turn").check()  # a sample plays at once
        ben.locator("#on-this-phone[data-sounds='1']").wait_for(state="attached")
        hide(ben, True)

        click_and_wait(ann, ann.locator(ROLL).first)
        assert told(ben) == (0, [])  # still Ann's turn
        click_and_wait(ann, ann.locator(PASS))

        ben.locator(f"{ROLL}").first.wait_for()
        ben.wait_for_function("() => document.title === '● Your turn — Ben · Machi Koro'")
        vibrations, notices = told(ben)
        assert vibrations == 1
        assert [notice["url"] for notice in notices] == [
            f"/g/{game.code}/{game.seats[1]['secret']}/"
        ]
        assert notices[0]["title"].startswith(YOUR_TURN)
        assert ben.locator("#on-this-phone").get_attribute("data-sounds") == "2"
        assert not ann.title().startswith(YOUR_TURN)

        # The same turn goes on (his roll's answer, a push) and is not told again,
        # nor after a reload of his page.
        hide(ben, False)
        click_and_wait(ben, ben.locator(ROLL).first)
        assert told(ben)[0] == 1 and len(told(ben)[1]) == 1
        ben.reload()
        ben.locator("#live[data-state=open]").wait_for(state="attached")
        assert ben.title().startswith(YOUR_TURN)
        assert told(ben) == (0, [])  # a fresh page: nothing told on it

        # Ben passes; the bot's turn is nobody's phone's, then Ann is told, Ben is not.
        click_and_wait(ben, ben.locator(PASS))
        ann.locator(ROLL).first.wait_for()
        ann.wait_for_function("() => document.title.startsWith('● Your turn')")
        assert not ben.title().startswith(YOUR_TURN)
        assert told(ben) == (0, [])
        assert ann.evaluate("() => window.__notices") == []  # Ann's page is not hidden
        assert ann_errors == [] and ben_errors == []
    finally:
        for context in contexts:
            context.close()


def test_the_screen_stays_lit_while_the_game_is_under_way(live_server, browser, settings):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "greedy")], seed=8)
    context, ann, errors = phone_with_spies(browser, live_server, notifications=False)
    try:
        open_seat(ann, live_server, game, 0)
        panel = ann.locator("#on-this-phone")
        ann.locator("#on-this-phone[data-wake-lock=held]").wait_for(state="attached")

        hide(ann, True)  # a phone's browser lets its lock go with the page; so does the page
        ann.locator("#on-this-phone[data-wake-lock=released]").wait_for(state="attached")
        hide(ann, False)
        ann.locator("#on-this-phone[data-wake-lock=held]").wait_for(state="attached")

        # Switched off on this phone: let go, and remembered on the next page.
        panel.locator("summary").click()
        ann.locator("#phone-awake").click()
        ann.locator("#on-this-phone[data-wake-lock=released]").wait_for(state="attached")
        ann.reload()
        ann.locator("#live[data-state=open]").wait_for(state="attached")
        assert not ann.locator("#phone-awake").is_checked()
        assert panel.get_attribute("data-wake-lock") != "held"
        ann.locator("#on-this-phone summary").click()
        ann.locator("#phone-awake").click()
        ann.locator("#on-this-phone[data-wake-lock=held]").wait_for(state="attached")

        # The game ends (its last turns played by bots): the lock is released.
        game.refresh_from_db()
        game.seats[0]["kind"] = "greedy"
        game.bot_due_at = timezone.now()
        game.save(update_fields=["seats", "bot_due_at"])
        finished(game)
        ann.locator("#board[data-over]").wait_for(state="attached", timeout=30_000)
        ann.locator("#on-this-phone[data-wake-lock=released]").wait_for(state="attached")
        assert errors == []
    finally:
        context.close()
