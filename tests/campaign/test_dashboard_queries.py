"""The dashboard asks the database a fixed number of questions, however far the campaign is."""

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

pytestmark = pytest.mark.django_db

MAX_QUERIES = 8  # measured on 2026-11-26: 8 at game 1 and at game 9


def dashboard_queries(client, campaign) -> int:
    url = reverse("campaign:table", args=[campaign.table_secret])
    client.get(url)  # warm caches that do not depend on the campaign (deck, templates)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_dashboard_needs_the_same_few_queries_at_game_1_and_at_game_9(client):
    campaign = new_campaign()
    early = dashboard_queries(client, campaign)
    record_chapters(campaign, 8)
    late = dashboard_queries(client, campaign)
    assert early == late
    assert late <= MAX_QUERIES
