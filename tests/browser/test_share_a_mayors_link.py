"""Inviting a phone is one tap (issue 37, item 7): on the campaign's links page each mayor's
link has Share (the Web Share API, where the browser has it) and Copy, and the QR code stays."""

import pytest
from django.urls import reverse

from campaign import flow

pytestmark = pytest.mark.usefixtures("fast_game")

# Chromium on Linux has no share sheet: the page is given one that writes down what it got.
SHARE_SHEET = """
window.__shared = [];
navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
navigator.canShare = () => true;
"""


def links_page(live_server):
    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "human"),
        flow.NewMayor("Cem", "Cemhaven", "pink", "greedy"),
    ]
    campaign = flow.create_campaign("Seven Winds", mayors, seed=11)
    ann = campaign.mayors.get(seat=0)
    url = live_server.url + reverse("campaign:links", args=[campaign.table_secret])
    return url, ann


def test_each_mayors_link_is_shared_or_copied_in_one_tap(live_server, browser):
    url, ann = links_page(live_server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    context.add_init_script(SHARE_SHEET)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        page.goto(url)
        rows = page.locator(".mayor-link")
        assert rows.count() == 2  # the bot has no phone
        ann_row = rows.filter(has_text="Ann")
        ann_link = ann_row.locator("a").first.get_attribute("href")
        assert f"/c/m/{ann.secret}/" in ann_link
        assert ann_row.locator(".qr svg").count() == 1  # the code to scan stays

        ann_row.get_by_role("button", name="Share Ann's link").click()
        shared = page.evaluate("() => window.__shared")
        assert [item["url"] for item in shared] == [ann_link]
        assert shared[0]["title"] == "Ann · Seven Winds"

        ann_row.get_by_role("button", name="Copy Ann's link").click()
        ann_row.locator(".copied", has_text="Copied.").wait_for()
        assert page.evaluate("() => navigator.clipboard.readText()") == ann_link
        assert errors == []
    finally:
        context.close()


def test_without_a_share_sheet_the_link_is_copied(live_server, page):
    url, _ann = links_page(live_server)
    page.goto(url)
    row = page.locator(".mayor-link").first
    assert row.locator(".share-button").is_hidden()  # nothing that would do nothing
    assert row.locator(".copy-button").is_visible()
