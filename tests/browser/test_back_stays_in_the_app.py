"""Back on a phone during a campaign's game (issue 26): the mayor's page stays in the history
when the game starts while it is open, so Back from the seat comes back to it, not out of the
app."""

import pytest

from campaign import flow
from campaign.models import Phase

pytestmark = pytest.mark.usefixtures("fast_game")


def test_back_from_the_seat_comes_back_to_the_mayors_page(live_server, page):
    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "greedy"),
    ]
    campaign = flow.create_campaign("Seven Winds", mayors, seed=11)
    ann = campaign.mayors.get(seat=0)
    mayors_page = f"{live_server.url}/c/m/{ann.secret}/"
    page.goto(mayors_page)
    page.locator("#live[data-state=open]").wait_for(state="attached")

    flow.read_on(campaign)  # the table turns the first STOP: chapter 1's game begins
    assert campaign.phase == Phase.PLAYING

    page.locator("a.next-step", has_text="To your seat in the game").click()
    page.locator("#board[data-you='0']").wait_for()
    page.go_back()

    assert page.url.startswith(mayors_page)
    page.locator("a.next-step", has_text="To your seat in the game").wait_for()
    assert page.locator("#board").count() == 0  # it stays: Back does not bounce to the seat
