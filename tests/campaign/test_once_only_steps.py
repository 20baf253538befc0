"""Steps that are once-only under races (issue 27): 8 presses of "renew links" store one
renewal, and 8 identical picks by a mayor who is not the last store one step (one history row,
one snapshot: one take-back undoes it). The same presses one after the other, each read before
the first was stored, show it on SQLite too; the threads race on PostgreSQL."""

import threading

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.db import connection, connections

from campaign import dashboard, flow, hosting
from campaign.models import Campaign, CampaignSnapshot, Mayor

pytestmark = pytest.mark.django_db(transaction=True)
ONLY_POSTGRESQL = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"
)


def race(step, presses: int = 8) -> list:
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


def renewals(campaign) -> int:
    return campaign.history.filter(history_change_reason=hosting.RENEWED).count()


def picking_campaign():
    """Chapter 3 (after two games Ann won), where the three people still pick."""
    campaign = new_campaign(kinds=("human", "human", "human", "greedy"))
    record_chapters(campaign, 2)
    flow.read_on(campaign)
    return campaign


def anns_pick(campaign) -> list[str]:
    ann = campaign.mayors.get(seat=0)
    bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, ann)]
    return bag[: campaign.picks_allowed(ann)]


def pick_steps(campaign, cards) -> tuple[int, int, int]:
    """Snapshots of a pick (one per take-back), the campaign's version, Ann's history rows."""
    ann = campaign.mayors.get(seat=0)
    return (
        CampaignSnapshot.objects.filter(campaign=campaign, kind="pick").count(),
        Campaign.objects.get(pk=campaign.pk).version,
        Mayor.history.filter(id=ann.pk, picks=cards).count(),
    )


def test_renewing_with_links_read_before_a_renewal_renews_once():
    campaign = new_campaign()
    pages = [Campaign.objects.get(pk=campaign.pk) for _ in range(3)]

    outcomes = [hosting.renew_links(page) for page in pages]

    assert outcomes == [True, False, False]
    assert renewals(campaign) == 1
    assert {page.table_secret for page in pages} == {Campaign.objects.get().table_secret}


def test_the_same_pick_twice_is_stored_once():
    campaign = picking_campaign()
    ann, cards = campaign.mayors.get(seat=0), anns_pick(campaign)
    assert flow.pick(Campaign.objects.get(pk=campaign.pk), ann.pk, cards) is False
    once = pick_steps(campaign, cards)

    with pytest.raises(flow.FlowError, match="has picked these cards already"):
        flow.pick(Campaign.objects.get(pk=campaign.pk), ann.pk, cards)

    assert once[0] == 1 and pick_steps(campaign, cards) == once


@ONLY_POSTGRESQL
def test_eight_renew_presses_at_once_renew_once():
    campaign = new_campaign()
    # each press came with the link as it was when its page was shown
    pages = iter([Campaign.objects.get(pk=campaign.pk) for _ in range(8)])

    outcomes = race(lambda: hosting.renew_links(next(pages)))

    assert renewals(campaign) == outcomes.count(True) == 1


@ONLY_POSTGRESQL
def test_eight_identical_picks_at_once_store_one_step():
    campaign = picking_campaign()
    ann, cards = campaign.mayors.get(seat=0), anns_pick(campaign)
    version = Campaign.objects.get(pk=campaign.pk).version

    outcomes = race(lambda: flow.pick(Campaign.objects.get(pk=campaign.pk), ann.pk, cards))

    assert sum(o is False for o in outcomes) == 1  # stored; the game waits for the others
    snapshots, now, _rows = pick_steps(campaign, cards)
    assert (snapshots, now) == (1, version + 1)
