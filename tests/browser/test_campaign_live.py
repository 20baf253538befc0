"""A campaign's pages pushed, not polled (issue 19): the table's screen takes a step and a
mayor's phone follows at once with no poll of its own; a move in the chapter's game shows on the
table's screen by its stream; a campaign page whose stream is down says so and polls instead."""

import pytest
from test_campaign_journey import read_to_the_stop

from campaign import flow
from campaign.models import Campaign, Phase
from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game", "every_game_replays")

ROLL = "#board form.actions button[data-kind=roll]"


def new_campaign(cem: str = "greedy") -> Campaign:
    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "human"),
        flow.NewMayor("Cem", "Cemhaven", "pink", cem),
    ]
    return flow.create_campaign("Seven Winds", mayors, seed=11)


def at_the_chapters_game(campaign: Campaign) -> Game:
    flow.read_on(campaign)
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING  # nobody picks before the first game
    return campaign.chapter_game().game


def requests_of(page) -> list[str]:
    """Every request the page makes from now on (the tab's icon left out)."""
    seen: list[str] = []
    page.on("request", lambda request: "favicon" in request.url or seen.append(request.url))
    return seen


def open_followed(page, url: str) -> None:
    page.goto(url)
    page.locator("#live[data-state=open]").wait_for(state="attached")


def test_the_tables_step_shows_on_a_mayors_phone_with_no_poll(live_server, page, phone, settings):
    settings.PLAY_POLL_MS = 600_000  # no poll stands in: the stream alone must bring it
    campaign = new_campaign()
    ann = campaign.mayors.get(seat=0)
    table = page
    table.set_viewport_size({"width": 1280, "height": 800})
    open_followed(table, f"{live_server.url}/c/{campaign.table_secret}/read/")
    read_to_the_stop(table)
    ann_phone = phone()
    open_followed(ann_phone, f"{live_server.url}/c/m/{ann.secret}/")
    assert ann_phone.locator("#board").count() == 0
    asked = requests_of(ann_phone)

    table.locator("button.turn-stop").click()

    ann_phone.locator("a.next-step[href$='/game/']").wait_for()  # her seat, the game begun
    assert not [url for url in asked if "/poll/" in url]
    pages = [url for url in asked if "/c/m/" in url and "/events/" not in url]
    assert len(pages) == 1  # told once, reloaded once
    ann_phone.locator("#live[data-state=open]").wait_for(state="attached")  # and follows on
    assert ann_phone.locator("#connection").is_hidden()


def test_a_move_in_the_chapters_game_shows_on_the_tables_screen_by_its_stream(
    live_server, page, phone, settings
):
    settings.PLAY_POLL_MS = 600_000
    campaign = new_campaign(cem="human")  # no bot moves meanwhile
    game = at_the_chapters_game(campaign)
    mover = game.load().active
    mayor = campaign.mayors.get(seat=mover)
    table = page
    open_followed(table, f"{live_server.url}/c/{campaign.table_secret}/game/")
    table.locator("#board[data-version]").wait_for()
    seat = phone()
    open_followed(seat, f"{live_server.url}/c/m/{mayor.secret}/game/")
    seat.locator(ROLL).first.wait_for()
    version = int(seat.locator("#board").get_attribute("data-version"))
    asked = requests_of(table)

    seat.locator(ROLL).first.click()

    table.locator(f"#board:not([data-version='{version}'])").wait_for()
    assert asked == []  # the board came by the stream, and the page did not reload
    assert f"{mayor.name} rolls" in table.locator(".log").inner_text()


def test_a_campaign_page_whose_stream_is_down_says_so_and_polls(live_server, page, settings):
    settings.PLAY_POLL_MS = 300
    campaign = new_campaign()
    ann = campaign.mayors.get(seat=0)
    open_followed(page, f"{live_server.url}/c/m/{ann.secret}/")
    page.route("**/events/**", lambda route: route.abort())
    asked = requests_of(page)

    live_server.drop_streams()

    page.locator("#live[data-state=down]").wait_for(state="attached")
    page.locator("#connection .lost").wait_for()
    flow.read_on(campaign)  # the table turns the STOP: the poll brings it
    page.locator("a.next-step[href$='/game/']").wait_for()
    assert [url for url in asked if "/poll/" in url]
    page.unroute("**/events/**")
    page.locator("#live[data-state=open]").wait_for(state="attached")
