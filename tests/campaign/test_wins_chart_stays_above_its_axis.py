"""The campaign's wins chart draws no line below its axis (issue 26): mayors with as many wins
are lifted apart, never pushed under 0."""

import datetime
import re

import pytest
from campaign_helpers import new_campaign

from campaign import charts, flow

pytestmark = pytest.mark.django_db


def test_mayors_with_no_wins_are_drawn_on_or_above_the_axis():
    campaign = new_campaign(kinds=("human", "human", "human"))
    for _ in range(2):
        flow.read_on(campaign)
        flow.record_table_game(campaign, 2, datetime.date(2026, 11, campaign.chapter))
        flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)
    mayors = list(campaign.mayors.order_by("seat"))

    svg = str(charts.wins_chart(mayors, list(campaign.games.all())))

    axis = charts.HEIGHT - charts.PAD
    ys = [float(y) for y in re.findall(r'cy="([\d.]+)"', svg)]
    ys += [
        float(point.split(",")[1])
        for points in re.findall(r'points="([^"]+)"', svg)
        for point in points.split()
    ]
    assert len(ys) == 2 * 3 * 2  # three mayors, two games, each a dot and a point
    assert max(ys) <= axis
    # Cem at 1 then 2 wins; Ann and Ben at 0, each on a line of their own
    assert len({round(y, 1) for y in ys}) == 4
