"""A campaign deleted by its host (issue 26): its open pages are told so, not that their link
was never good."""

import pytest

from campaign import flow, hosting

pytestmark = pytest.mark.usefixtures("fast_game")


def test_an_open_mayors_page_is_told_the_host_deleted_the_campaign(live_server, page):
    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "greedy"),
    ]
    campaign = flow.create_campaign("Seven Winds", mayors, seed=11)
    ann = campaign.mayors.get(seat=0)
    page.goto(f"{live_server.url}/c/m/{ann.secret}/")
    page.locator("#live[data-state=open]").wait_for(state="attached")

    hosting.delete_campaign(campaign)

    told = page.locator("#connection .deleted")
    told.wait_for()
    assert told.inner_text().strip() == "This campaign was deleted by its host."
    assert page.locator("#connection .gone").is_hidden()
    assert "alert-danger" in page.locator("#connection").get_attribute("class")
