"""A step carries the version of the page it was pressed on. One that cannot be read (missing,
empty, not a whole number, 5,000 digits) is refused like a stale page, never taken unchecked."""

import datetime

import pytest
from campaign_helpers import new_campaign, record_chapters, snapshot
from django.urls import reverse

from campaign import flow

pytestmark = pytest.mark.django_db

UNREADABLE = ["abc", "", "1.0", "9" * 5000, "-0", " 1", "1 ", "１", "1_0", "0x1", None]


def _at_step(step):
    campaign = new_campaign()
    if step == "turn":
        return campaign, {}
    if step == "free":
        record_chapters(campaign, 10)
        return campaign, {"yokai_rule": "yokai_coins"}
    flow.read_on(campaign)
    if step == "record":
        return campaign, {"winner": "1", "played_on": "2026-11-20", "confirmed": "yes"}
    flow.record_table_game(campaign, 1, datetime.date(2026, 11, 20))
    side = {"side": "a"} if flow.new_pile(campaign) else {}
    return campaign, {"name": "Ben", "city_name": "Benville", "date": "2026-11-20", **side}


@pytest.mark.parametrize("step", ["turn", "record", "after", "free"])
def test_an_unreadable_version_is_refused_like_a_stale_one(client, step):
    campaign, form = _at_step(step)
    path = reverse(f"campaign:{step}", args=[campaign.table_secret])
    before = snapshot(campaign)

    for version in UNREADABLE:
        data = form if version is None else {**form, "version": version}
        response = client.post(path, data, follow=True)
        assert response.status_code in (200, 400, 409), (version, response.status_code)
        assert "took this step a moment ago" in response.content.decode(), version
        assert snapshot(campaign) == before, version

    # the page's own version is taken
    response = client.post(path, {**form, "version": str(campaign.version)})
    assert response.status_code == 302
    assert snapshot(campaign) != before
