"""Devices pressing the same step at once: exactly one press takes effect, the others are told.
Real concurrency needs a real database server: these run on PostgreSQL (as CI does)."""

import threading

import pytest
from campaign_helpers import new_campaign, record_chapters, snapshot
from django.db import connection, connections

from campaign import flow
from campaign.models import Campaign, GoldenBookEntry, Phase

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"
    ),
]


def race(step, presses: int = 6) -> list:
    """Run `step` from several threads released together; what each press ended with."""
    barrier = threading.Barrier(presses)
    outcomes = [None] * presses

    def press(index):
        try:
            barrier.wait()
            outcomes[index] = step()
        except flow.FlowError as error:
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=press, args=(i,)) for i in range(presses)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_reading_on_pressed_on_six_devices_reads_once():
    campaign = new_campaign()
    shown = campaign.version

    outcomes = race(lambda: flow.read_on(Campaign.objects.get(pk=campaign.pk), version=shown))

    refused = [o for o in outcomes if isinstance(o, flow.FlowError)]
    assert len(refused) == 5 and len(outcomes) - len(refused) == 1
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING and campaign.games.count() == 1
    assert campaign.version == shown + 1


def test_the_winner_confirming_on_two_phones_signs_the_golden_book_once():
    campaign = new_campaign()
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 1, campaign.created.date())
    shown = campaign.version

    outcomes = race(
        lambda: flow.finish_after_game(
            Campaign.objects.get(pk=campaign.pk), side="a", version=shown
        )
    )

    assert sum(not isinstance(o, flow.FlowError) for o in outcomes) == 1
    assert GoldenBookEntry.objects.filter(campaign=campaign).count() == 2
    campaign.refresh_from_db()
    assert campaign.phase == Phase.READING and campaign.chapter == 3


def test_a_mayor_picking_on_two_devices_picks_once():
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 1, winner=lambda chapter: 0)
    flow.read_on(campaign)
    ann = campaign.mayors.get(seat=0)
    before = snapshot(campaign)

    outcomes = race(
        lambda: flow.pick(Campaign.objects.get(pk=campaign.pk), ann.pk, ["herb_garden", "bakery"])
    )

    assert sum(o is True for o in outcomes) == 1
    # the first pick started the game: the others hear the step is past
    assert all(isinstance(o, flow.FlowError) for o in outcomes if o is not True)
    after = snapshot(campaign)
    assert after != before and campaign.games.filter(chapter=2).count() == 1
