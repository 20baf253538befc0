"""Real Chromium: an event card whose event never came during its game (9A/9B in game 4, 14A/14B
in game 6, 19A/19B in game 8) is the first thing "Read what the game's end reveals" shows, for
a game played in the app and for one recorded from the table (RULES.md §6). They used to be
skipped: the reading opened on the after-game card behind them.

The chapters between are recorded on the server, quickly; the browser plays or records only the
three event chapters.
"""

import datetime

import pytest
from django.utils import timezone

from campaign import dashboard, flow
from campaign.models import Campaign, Phase
from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game", "every_game_replays")

EVENT_CARDS = {4: ["Card 9A", "Card 9B"], 6: ["Card 14A", "Card 14B"], 8: ["Card 19A", "Card 19B"]}


@pytest.fixture
def host(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


def new_campaign() -> Campaign:
    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "human"),
    ]
    return flow.create_campaign("Event Winds", mayors, seed=4)


def pick_for_everyone(campaign: Campaign) -> None:
    for mayor in campaign.mayors.filter(picks__isnull=True):
        bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, mayor)]
        flow.pick(campaign, mayor, bag[: campaign.picks_allowed(mayor)])
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING


def on_to_the_game_of(campaign: Campaign, chapter: int) -> None:
    """The chapters before recorded from the table (on the server), then chapter `chapter`'s
    STOP turned and its picks made: its game is ready."""
    while True:
        flow.read_on(campaign)
        pick_for_everyone(campaign)
        if campaign.chapter == chapter:
            return
        flow.record_table_game(campaign, campaign.chapter % 2, datetime.date(2026, 11, 28))
        flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)


def finish_after_the_reading(campaign: Campaign, page) -> None:
    # the open page follows the campaign and would reload itself while the test moves on
    page.goto("about:blank")
    campaign.refresh_from_db()
    flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)


def read_to_the_stop(page) -> list[str]:
    """Every card label shown, from the page open now on to the STOP."""
    labels = []
    while True:
        page.wait_for_selector(".reading")
        if page.locator(".reading-side").count():
            labels.append(page.locator(".side-label").inner_text())
        following = page.locator("a[rel=next]")
        if not following.count():
            break
        target = following.get_attribute("href")
        following.click()
        page.wait_for_url(f"**{target}")
    page.wait_for_selector(".stop-sign")
    return labels


def test_event_cards_open_the_games_end_of_games_played_in_the_app(live_server, host, monkeypatch):
    monkeypatch.setattr("campaign.flow.reading.deck_events", lambda events: set())  # never comes
    base = live_server.url
    campaign = new_campaign()
    table = f"{base}/c/{campaign.table_secret}/"
    for chapter, cards in EVENT_CARDS.items():
        on_to_the_game_of(campaign, chapter)
        game = campaign.chapter_game().game
        seats = [{**seat, "kind": "greedy"} for seat in game.seats]
        Game.objects.filter(pk=game.pk).update(seats=seats, bot_due_at=timezone.now())

        host.goto(table + "game/")
        host.wait_for_selector(".game-won", timeout=120_000)
        next_step = host.locator("a.next-step")
        assert "Read what the game" in next_step.inner_text()
        next_step.click()

        assert read_to_the_stop(host)[:2] == cards
        finish_after_the_reading(campaign, host)


def test_event_cards_open_the_games_end_of_games_recorded_from_the_table(live_server, host):
    base = live_server.url
    campaign = new_campaign()
    table = f"{base}/c/{campaign.table_secret}/"
    for chapter, cards in EVENT_CARDS.items():
        on_to_the_game_of(campaign, chapter)

        host.goto(table + "record/")
        host.select_option("#id_winner", "1")
        host.get_by_role("button", name="Record the game").click()
        host.get_by_role("button", name="Yes, Ben has won: record it").click()

        assert host.locator(".side-label").inner_text() == cards[0]
        host.goto(table)  # the dashboard's own button opens the same reading
        host.locator("a.next-step").click()

        assert read_to_the_stop(host)[:2] == cards
        finish_after_the_reading(campaign, host)
