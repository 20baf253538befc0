"""Names as people and decks give them (issue 35): a mayor's, a city's and a campaign's name of
the longest length the forms take, without a space, and a card's name of 300 letters from a
group's deck made every page 2,650-2,800 px wide on a 390 px phone, and the market's build
buttons could no longer be tapped; a right-to-left name turned the sentence around it. Now each
name is isolated (<bdi>) and wraps: no page is wider than the phone, every button takes a tap at
its centre, and the right-to-left name sits in its own <bdi> wherever it is printed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from test_accessibility import PASSWORD, _log_in, _mayor, _table, failures, save_shot

from campaign import flow
from play.engine import cards, legal_actions
from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game")

SHOTS = os.getenv("NAME_SHOTS", "")
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
OVERFLOWING = (Path(__file__).parent / "overflowing.js").read_text(encoding="utf-8")
RIGHT_TO_LEFT = "محمد"
LONG = "W" * 40  # a mayor's name at its longest (flow.NAME_LENGTH)
# A card's name as long as a group's deck may give it: 300 letters were accepted when the issue was
# filed; once the engine bounds card names (play.engine.cards.MAX_NAME), the longest it takes.
CARD = "M" * getattr(cards, "MAX_NAME", 300)

# Every button and link on the page whose centre a tap would not reach (something else is
# drawn there), as "tag text" lines; those scrolled out of the page's width count as missed.
MISSED_TAPS = """() => {
  const missed = [];
  for (const element of document.querySelectorAll('button, a.btn, input[type=submit]')) {
    if (element.disabled || element.closest('[inert], [hidden], .visually-hidden')) continue;
    const folded = element.closest('details:not([open])');  // folded away: nothing to tap
    if (folded && !folded.querySelector(':scope > summary').contains(element)) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    element.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    const reached = hit && (element === hit || element.contains(hit));
    if (x > document.documentElement.clientWidth || !reached) {
      const text = (element.innerText || '').trim().slice(0, 40);
      const drawn = hit ? hit.tagName.toLowerCase() + '.' + hit.className : 'nothing';
      missed.push(`${element.tagName.toLowerCase()} ${text} <- ${drawn} at ${x},${y}`);
    }
  }
  return missed;
}"""

# Every text node holding the right-to-left name that no <bdi> (or dir attribute) isolates, nor
# the first-strong isolate and its pop around it (a sentence made in Python: machikoro.names).
NOT_ISOLATED = """(name) => {
  const loose = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.includes(name)) continue;
    if (node.data.includes('\u2068' + name + '\u2069')) continue;  // isolated in the text itself
    const holder = node.parentElement;
    if (holder.closest('bdi, [dir], option, script, template')) continue;
    loose.push(holder.tagName.toLowerCase() + ': ' + node.data.trim().slice(0, 60));
  }
  return loose;
}"""


def _long_card_game(game: Game) -> Game:
    """The chapter's game again, with a market card named as a group's deck may name it."""
    setup = game.setup
    market_card = next(iter(setup["market"]))
    for card in setup["card_defs"]:
        if card["id"] == market_card:
            name = card["name"]
            card["name"] = dict.fromkeys(name, CARD) if isinstance(name, dict) else CARD
    kinds = [seat["kind"] for seat in game.seats]
    market = Game.create_from_setup(setup, kinds, colours=[s["colour"] for s in game.seats])
    # on to a person's build step, where the market's cards are buttons
    for _ in range(20):
        market.step_bots()
        market.refresh_from_db()
        state = market.load()
        if state.phase == "build" and not market.is_bot(state.active):
            return market
        action = {"type": "roll", "dice": 1} if state.phase == "roll" else {"type": "pass"}
        if state.phase not in ("roll", "build"):
            action = legal_actions(state)[0]
        market.apply_action(action, version=market.version, who="host")
    raise AssertionError("no person's build step in 20 moves")


def _pages(owner) -> list[tuple[str, str]]:
    mayors = [
        flow.NewMayor(LONG, "V" * 60, "teal", "human"),
        flow.NewMayor(RIGHT_TO_LEFT, "القاهرة", "yellow", "human"),
        flow.NewMayor("Cem", "Cemville", "pink", "greedy"),
    ]
    campaign = flow.create_campaign("X" * 80, mayors, owner=owner, seed=5)
    flow.read_on(campaign)
    game = campaign.games.get(chapter=1).game
    market = _long_card_game(game)
    return [
        ("dashboard", _table(campaign, "table")),
        ("campaign links", _table(campaign, "links")),
        ("chapter's game, the table", _table(campaign, "game")),
        ("a mayor's seat, long name", _mayor(campaign, "mayor_game", 0)),
        ("a mayor's seat, right to left", _mayor(campaign, "mayor_game", 1)),
        ("a mayor's dashboard", _mayor(campaign, "mayor_dashboard", 1)),
        ("market, shared screen", reverse("play:game", args=[market.code, market.host_secret])),
        ("market, a seat", reverse("play:game", args=[market.code, market.seats[0]["secret"]])),
        ("market, watching", reverse("play:watch", args=[market.code])),
    ]


@pytest.mark.parametrize("screen", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_long_and_right_to_left_names_fit_the_screen_and_keep_to_themselves(
    live_server, browser, screen
):
    owner = get_user_model().objects.create_user("host", password=PASSWORD)
    pages = _pages(owner)
    context = browser.new_context(viewport=screen, locale="en-GB")
    _log_in(context, live_server.url, owner)
    page = context.new_page()
    page.set_default_timeout(20_000)
    wide, untappable, loose = {}, {}, {}
    for what, path in pages:
        page.goto(live_server.url + path, wait_until="load")
        save_shot(page, SHOTS, what, str(screen["width"]))

        if found := page.evaluate(OVERFLOWING):
            wide[what] = found
        if found := page.evaluate(MISSED_TAPS):
            untappable[what] = found
        if found := page.evaluate(NOT_ISOLATED, RIGHT_TO_LEFT):
            loose[what] = found
        if what == "market, shared screen":
            builds = page.locator("button", has_text="Build").count()
            assert builds > 0, "the market offers nothing to build: the tap test saw no card"
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > screen["width"]:
            wide.setdefault(what, []).append(f"the page is {width} px wide")
    context.close()
    assert not wide, f"wider than the screen:\n{failures(wide)}"
    assert not untappable, f"a tap misses:\n{failures(untappable)}"
    assert not loose, f"a right-to-left name not isolated:\n{failures(loose)}"
