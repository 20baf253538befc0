"""A mayor's page says what the table is doing in every phase, free play included (it said "The
table is reading the deck" after the deck was read to its end), and the phone's "At the table
now" line leads to where that mayor takes part: their pick form, their seat."""

import datetime
import re

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.urls import reverse

from campaign import dashboard, flow
from campaign.models import Phase

pytestmark = pytest.mark.django_db

READING_THE_DECK = "The table is reading the deck"
SAYS = {
    Phase.READING: READING_THE_DECK,
    Phase.PICKING: "Your secret picks",
    Phase.AFTER_GAME: "then the winner signs the Golden Book",
    Phase.WINNERS_MOMENT: "now the winner signs the Golden Book",
    Phase.FINISHED: "The campaign is over and the deck is read to its end",
    Phase.FREE_PLAY: "Free play: the deck is read to its end",
}


def page_of(client, mayor, name="mayor"):
    return client.get(reverse(f"campaign:{name}", args=[mayor.secret]))


def at_the_table_now(client, mayor) -> tuple[str, str | None]:
    """The phone's dashboard line: its words and where it leads."""
    html = page_of(client, mayor, "mayor_dashboard").content.decode()
    line = re.search(r'<p class="lead mb-0 next-step-now">(.*?)</p>', html, re.S).group(1)
    link = re.search(r'href="([^"]+)"', line)
    words = re.sub(r"<[^>]+>", "", line).strip()
    return words, link.group(1) if link else None


def every_phase():
    """One campaign through every phase, with its human mayor Ann, phase by phase."""
    campaign = new_campaign(kinds=("human", "greedy"))
    ann = campaign.mayors.get(seat=0)
    record_chapters(campaign, 1)  # Ann wins game 1: in game 2 she has a choice of picks
    yield campaign, ann  # reading
    flow.read_on(campaign)
    yield campaign, ann  # picking
    bag = [c["establishment"] for c in dashboard.bag(campaign, campaign.deck, ann)]
    flow.pick(campaign, ann, bag[: campaign.picks_allowed(ann)])
    yield campaign, ann  # playing
    flow.record_table_game(campaign, 1, datetime.date(2026, 11, 28))
    yield campaign, ann  # after the game
    flow.end_read(campaign)
    yield campaign, ann  # the winner's moment
    flow.finish_after_game(campaign, side="a")
    record_chapters(campaign, 8)
    yield campaign, ann  # finished
    flow.start_free_play(campaign, yokai_rule="yokai_coins")
    for mayor in campaign.mayors.filter(picks__isnull=True):
        bag = [c["establishment"] for c in dashboard.bag(campaign, campaign.deck, mayor)]
        flow.pick(campaign, mayor, bag[: campaign.picks_allowed(mayor)])
    flow.record_table_game(campaign, 1, datetime.date(2026, 11, 29))
    yield campaign, ann  # free play, between games


def test_a_mayors_page_says_what_the_table_does_in_every_phase(client):
    seen = set()
    for campaign, ann in every_phase():
        campaign.refresh_from_db()
        phase = campaign.phase
        seen.add(phase)
        response = page_of(client, ann)
        words, link = at_the_table_now(client, ann)
        if phase == Phase.PLAYING:  # the page leads to the mayor's seat
            assert response["Location"] == reverse("campaign:mayor_game", args=[ann.secret])
            assert link == reverse("campaign:mayor_game", args=[ann.secret])
            continue
        page = response.content.decode()
        assert SAYS[phase] in page, phase
        assert (READING_THE_DECK in page) == (phase == Phase.READING), phase
        if phase == Phase.PICKING:
            assert words == "At the table now: Pick marketplace cards"
            assert link == reverse("campaign:mayor", args=[ann.secret])
            assert 'name="card"' in page_of(client, ann).content.decode()  # the pick form
        else:
            assert link is None, phase
        if phase == Phase.FREE_PLAY:
            assert "Ben has won free game 1!" in page
    assert seen == set(Phase.values)


@pytest.mark.parametrize("language", ["de", "nl"])
def test_the_free_play_words_are_translated(client, language):
    campaign = new_campaign(kinds=("human", "greedy"))
    record_chapters(campaign, 10)
    ann = campaign.mayors.get(seat=0)

    page = client.get(
        reverse("campaign:mayor", args=[ann.secret]), headers={"accept-language": language}
    ).content.decode()

    assert {"de": "Jetzt kommt das freie Spiel", "nl": "Nu komt het vrije spel"}[language] in page
    assert {"de": "Der Tisch liest", "nl": "De tafel leest"}[language] not in page
