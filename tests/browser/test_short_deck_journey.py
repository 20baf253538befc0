"""Real Chromium: a group chooses a short deck on New campaign and plays it to its free play.

Runs over every short deck the app ships (the decks in legacy_deck/content/ besides Seven Winds
Bay); while there is none, over the tutorial deck, which the host first adds through the page.
Every game is played out by bots taking over the seats; the table reads every card aloud,
turns every STOP, signs the Golden Book, and Ann picks her cards on the shared screen.
"""

import pytest
from test_campaign_journey import bots_take_over

from campaign.models import Campaign, Phase
from legacy_deck.loader import SHIPPED
from legacy_deck.shipped import shipped_deck

pytestmark = pytest.mark.usefixtures("fast_game", "every_game_replays")

TUTORIAL = SHIPPED.parent.parent / "tests" / "deck" / "tutorial_deck"


def read_what_there_is(page) -> None:
    """Page on as far as the deck may be read now (to a STOP, or to its end)."""
    while (following := page.locator("a[rel=next]")).count():
        target = following.get_attribute("href")
        following.click()
        page.wait_for_url(f"**{target}")


def pick_on_the_shared_screen(page) -> None:
    for link in page.get_by_role("link", name="picks on this screen").all():
        link.click()
        page.locator("a:has-text('show my bag')").click()
        form = page.locator(".pick-form")
        wanted = int(form.get_attribute("data-to-pick"))
        for box in form.locator("input[name=card]").all()[:wanted]:
            box.check()
        page.get_by_role("button", name="These are my picks").click()
        page.wait_for_selector(".pick-form", state="detached")


def test_a_group_plays_a_short_deck_to_its_free_play(live_server, host, short_deck):
    base = live_server.url
    host.goto(f"{base}/accounts/signup/")
    host.fill("#id_username", "host")
    host.fill("#id_password1", "a long pass phrase 7")
    host.fill("#id_password2", "a long pass phrase 7")
    host.get_by_role("button", name="Sign up").click()
    host.wait_for_selector("h1:has-text('My campaigns')")

    source, name = short_deck.split(":")
    if source == "added":
        host.goto(f"{base}/campaigns/new/")
        host.get_by_role("link", name="Add a deck you wrote").click()
        host.set_input_files(
            "input[name=files]",
            [str(TUTORIAL / f) for f in ("components.toml", "deck.toml", "boxes.toml")],
        )
        host.get_by_role("button", name="Add the deck").click()
        host.wait_for_selector("h1:has-text('New campaign')")
        title = "The Lighthouse Keepers"
    else:
        host.goto(f"{base}/campaigns/new/")
        title = shipped_deck(SHIPPED / name).cover.title["en"]

    card = host.locator("label.deck-card", has_text=title)
    assert "You have played this deck." not in card.inner_text()
    card.locator("input[name=deck]").check()
    host.fill("#id_name", "One evening")
    for slot, (mayor, city, kind) in enumerate(
        [("Ann", "Annaburg", "human"), ("Ben", "Benford", "greedy")], start=1
    ):
        host.fill(f"#id_m{slot}_name", mayor)
        host.fill(f"#id_m{slot}_city", city)
        host.select_option(f"#id_m{slot}_kind", kind)
    host.get_by_role("button", name="Begin the campaign").click()
    host.wait_for_selector(".mayor-link")
    campaign = Campaign.objects.get()
    games = shipped_deck(SHIPPED / name).shape.games if source == "shipped" else 2
    dashboard = f"{base}/c/{campaign.table_secret}/"

    for _step in range(20 * games):
        campaign.refresh_from_db()
        if campaign.in_free_play and campaign.phase == Phase.PLAYING:
            break
        host.goto(dashboard)
        host.locator("a.next-step").click()
        host.wait_for_load_state()
        url = host.url
        if "/read/" in url:
            read_what_there_is(host)
            if host.locator("button.turn-stop").count():
                host.locator("button.turn-stop").click()
                host.wait_for_load_state()
        elif "/picks/" in url:
            pick_on_the_shared_screen(host)
        elif url.endswith("/game/"):
            bots_take_over(campaign.chapter_game().game)
            host.wait_for_selector(".game-won", timeout=120_000)
        elif "/after/" in url:
            if host.locator("input[name=side]").count():
                host.locator("input[name=side][value=a]").check()
            host.get_by_role("button", name="Sign the Golden Book and read on").click()
            host.wait_for_load_state()
        elif "/free/" in url:
            if host.locator("input[name=yokai_rule]").count():  # a deck with the Yōkai choice
                host.locator("input[name=yokai_rule]").first.check()
            host.get_by_role("button", name="Start a game of free play").click()
            host.wait_for_load_state()
    else:
        pytest.fail(f"the campaign did not reach free play: {campaign.phase}")

    assert campaign.golden_book.count() == games
    host.goto(f"{dashboard}game/")
    host.wait_for_selector("#board[data-version]")
    host.goto(f"{base}/campaigns/new/")
    card = host.locator("label.deck-card", has_text=title)
    assert "You have played this deck." in card.inner_text()
