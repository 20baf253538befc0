"""The host's take-back pressed on two devices at once (or on six): it happens once, the other
presses are told the step was taken. Real concurrency needs a real database server: PostgreSQL
(as CI runs it)."""

import itertools

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.db import connection
from test_flow_races import race
from test_take_back import exact

from campaign import flow
from campaign.models import Campaign, Phase

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"
    ),
]


@pytest.mark.parametrize("presses", [2, 6])
def test_a_take_back_pressed_on_several_devices_takes_back_one_step(presses):
    campaign = new_campaign()
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    before_record = exact(campaign)
    flow.record_table_game(campaign, 1, campaign.created.date())
    shown = campaign.version

    outcomes = race(
        lambda: flow.take_back(Campaign.objects.get(pk=campaign.pk), version=shown), presses
    )

    refused = [o for o in outcomes if isinstance(o, flow.FlowError)]
    assert len(refused) == presses - 1
    assert all(isinstance(o, flow.Overtaken) for o in refused)
    assert exact(campaign) == before_record
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PICKING and campaign.version == shown + 1


def test_a_take_back_racing_a_step_on_the_same_page_lets_one_of_them_happen():
    campaign = new_campaign()
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    shown = campaign.version
    presses = itertools.count()

    def press():
        fresh = Campaign.objects.get(pk=campaign.pk)
        if next(presses) % 2:  # the host takes back the reading, the table records the game
            return flow.take_back(fresh, version=shown)
        return flow.record_table_game(fresh, 1, fresh.created.date(), version=shown)

    outcomes = race(press, 4)

    assert sum(not isinstance(o, flow.FlowError) for o in outcomes) == 1
    campaign.refresh_from_db()
    assert campaign.version == shown + 1
    assert campaign.phase in (Phase.READING, Phase.AFTER_GAME)
