"""A mayor's pick form on a phone (issue 26): a refused pick is never sent again by the page's
live update, and the boxes ticked so far survive a reload."""

import datetime

import pytest

from campaign import flow
from campaign.models import Campaign, Phase

pytestmark = pytest.mark.usefixtures("fast_game")


def picking_campaign() -> Campaign:
    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "human"),
        flow.NewMayor("Cem", "Cemhaven", "pink", "greedy"),
    ]
    campaign = flow.create_campaign("Seven Winds", mayors, seed=11)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 0, datetime.date(2026, 11, 1))
    flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)
    flow.read_on(campaign)
    assert campaign.phase == Phase.PICKING
    return campaign


def open_pick_form(page, url: str):
    page.goto(url)
    page.locator("#live[data-state=open]").wait_for(state="attached")
    return page.locator("form.pick-form")


def test_a_refused_pick_is_not_sent_again_when_the_page_follows_the_campaign(live_server, page):
    campaign = picking_campaign()
    ann = campaign.mayors.get(seat=0)
    form = open_pick_form(page, f"{live_server.url}/c/m/{ann.secret}/")
    to_pick = int(form.get_attribute("data-to-pick"))
    posts: list[str] = []
    page.on("request", lambda request: request.method == "POST" and posts.append(request.url))
    boxes = form.locator("input[name=card]")
    for n in range(to_pick + 1):
        boxes.nth(n).check()
    form.locator("button[type=submit]").click()
    page.locator(".pick-form .alert-danger").wait_for()
    page.locator("#live[data-state=open]").wait_for(state="attached")
    assert len(posts) == 1

    # Ann picks on the table's screen instead, the last to pick: her phone follows
    chosen = [boxes.nth(n).get_attribute("value") for n in range(to_pick)]
    assert flow.pick(campaign, ann, chosen)

    page.locator("a.next-step", has_text="To your seat in the game").wait_for()
    assert len(posts) == 1  # the refused form was not sent again
    campaign.refresh_from_db()
    assert campaign.mayors.get(seat=0).picks == chosen


def test_the_boxes_ticked_so_far_survive_a_reload(live_server, page):
    campaign = picking_campaign()
    ann = campaign.mayors.get(seat=0)
    form = open_pick_form(page, f"{live_server.url}/c/m/{ann.secret}/")
    form.locator("input[name=card]").nth(1).check()

    page.reload()
    page.locator("#live[data-state=open]").wait_for(state="attached")

    boxes = page.locator("form.pick-form input[name=card]")
    assert [boxes.nth(n).is_checked() for n in range(3)] == [False, True, False]
    assert (
        page.locator(".pick-count").inner_text()
        == f"1 of {form.get_attribute('data-to-pick')} chosen"
    )
