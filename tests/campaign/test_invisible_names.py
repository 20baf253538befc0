"""A name that shows nothing (issue 27): only a right-to-left override and a zero-width no-break
space, or only other format characters and spaces, is refused as a campaign's, a mayor's, a
city's and a Golden Book name, in words; a name with something visible in it is kept as typed."""

import datetime

import pytest
from campaign_helpers import new_campaign

from campaign import flow
from campaign.errors import FlowError

pytestmark = pytest.mark.django_db

INVISIBLE = ["\u202e\ufeff", "\u200b \u200d", "\u202e", "\u0301"]
MAYORS = [
    flow.NewMayor("Ann", "Annville", "teal", "human"),
    flow.NewMayor("Ben", "B", "pink", "human"),
]


@pytest.mark.parametrize("name", INVISIBLE)
def test_an_invisible_campaign_name_is_refused(name):
    with pytest.raises(FlowError, match="The campaign needs a name."):
        flow.create_campaign(name, MAYORS)


def test_an_invisible_mayor_or_city_is_refused():
    with pytest.raises(FlowError):
        flow.create_campaign(
            "Bay", [flow.NewMayor("\u202e\ufeff", "A", "teal", "human"), MAYORS[1]]
        )
    with pytest.raises(FlowError):
        flow.create_campaign("Bay", [flow.NewMayor("Ann", "\ufeff", "teal", "human"), MAYORS[1]])


@pytest.mark.parametrize("name", INVISIBLE)
def test_an_invisible_golden_book_name_is_refused_and_nothing_is_signed(name):
    campaign = new_campaign(("human", "human"))
    flow.read_on(campaign)
    flow.record_table_game(campaign, 0, datetime.date(2026, 11, 1))
    side = "a" if flow.new_pile(campaign) else None

    with pytest.raises(FlowError, match="The Golden Book needs the winner's name."):
        flow.finish_after_game(campaign, side=side, name=name)

    assert not campaign.golden_book.exists()


def test_a_name_with_something_visible_is_kept():
    campaign = flow.create_campaign("Bay\u200d\u00a0of Nguyễn", MAYORS)
    assert campaign.name == "Bay\u200d of Nguyễn"


def test_a_name_that_turns_the_text_around_is_refused():
    """Issue 35: a right-to-left override was kept as part of a visible name."""
    with pytest.raises(FlowError, match="invisible control characters"):
        flow.create_campaign("\u202eBay", MAYORS)
