"""A game's setup and the after-game steps take the same number of SQL queries in every chapter."""

import pytest
from campaign_helpers import new_campaign
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign import flow

pytestmark = pytest.mark.django_db


def _queries(step) -> int:
    with CaptureQueriesContext(connection) as captured:
        step()
    return len(captured)


def test_setup_and_after_game_steps_take_a_constant_number_of_queries():
    counts = {}
    campaign = new_campaign(kinds=("greedy", "greedy", "greedy"))
    for chapter in range(1, 11):
        read = _queries(lambda: flow.read_on(campaign))
        record = _queries(lambda: flow.record_table_game(campaign, 0, campaign.created.date()))
        side = "a" if flow.new_pile(campaign) else None
        after = _queries(lambda side=side: flow.finish_after_game(campaign, side=side))
        counts[chapter] = (read, record, after)

    # A step skips the writes it has no rows for (fewer queries when the deck gives less), but
    # a query per component, per card read or per chapter played would break these bounds.
    # Each bound holds the snapshot a step keeps for taking it back: at most 6 reads (one per
    # kind of row) and one insert.
    assert max(read for read, _record, _after in counts.values()) <= 37, counts
    assert max(record for _read, record, _after in counts.values()) <= 19, counts
    assert max(after for _read, _record, after in counts.values()) <= 47, counts
    assert counts[9][2] <= counts[1][2], counts
