""" "Read the deck aloud" opens at the first page the table has not read yet (issue 26): after
the winner's moment that is the STOP, since the game's end was read down to it already; before
the campaign's first game, the deck's first page. Earlier pages stay a "Back" away."""

import datetime

import pytest
from campaign_helpers import new_campaign
from django.urls import reverse

from campaign import dashboard, flow
from campaign.models import Phase

pytestmark = pytest.mark.django_db


def url(name, campaign, *args):
    return reverse(f"campaign:{name}", args=[campaign.table_secret, *args])


def pages_of(campaign):
    return dashboard.reading_pages(flow.deck_of(campaign), flow.reader_of(campaign))


def test_after_the_winners_moment_it_opens_at_the_stop_with_the_end_a_page_back(client):
    campaign = new_campaign()
    flow.read_on(campaign)
    flow.record_table_game(campaign, 0, datetime.date(2026, 11, 1))
    end = client.get(url("read_latest", campaign))["Location"]  # the game's end, from its top
    for page in range(int(end.rstrip("/").rsplit("/", 1)[1]), len(pages_of(campaign)) + 1):
        client.get(url("read", campaign, page))  # read down to its STOP
    campaign.refresh_from_db()
    assert campaign.phase == Phase.WINNERS_MOMENT
    stop_before = url("read", campaign, len(pages_of(campaign)))
    assert client.get(url("read_latest", campaign))["Location"] == stop_before  # read already
    flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)
    campaign.refresh_from_db()
    assert campaign.phase == Phase.READING
    stop = len(pages_of(campaign))

    opened = client.get(url("read_latest", campaign))["Location"]

    assert opened == url("read", campaign, stop)
    page = client.get(opened).content.decode()
    assert "Turn the STOP" in page
    assert f'href="{url("read", campaign, stop - 1)}"' in page  # Back re-reads


def test_before_the_first_game_it_opens_at_the_decks_first_page(client):
    campaign = new_campaign()

    assert client.get(url("read_latest", campaign))["Location"] == url("read", campaign, 1)
