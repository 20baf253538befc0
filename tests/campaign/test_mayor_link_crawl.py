"""From a mayor's link, follow everything (tests/campaign/campaign_crawl.py) in every phase of a
campaign: nothing of the table's or another mayor's is found (no table secret, no other mayor's
link, no game's host key, no seat key but the mayor's own) and no step but the mayor's own is
taken."""

import datetime

import pytest
from campaign_crawl import crawl
from campaign_helpers import new_campaign, record_chapters, snapshot
from django.urls import reverse

from campaign import dashboard, flow
from campaign.models import Phase

pytestmark = pytest.mark.django_db(transaction=True)  # the pages' streams are read too


@pytest.fixture(autouse=True)
def pings_fast(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05


def mayor_link(mayor) -> str:
    return reverse("campaign:mayor", args=[mayor.secret])


def secrets_hidden_from(mayor) -> dict[str, str]:
    campaign = mayor.campaign
    hidden = {"the table's link": campaign.table_secret}
    for other in campaign.mayors.exclude(pk=mayor.pk):
        hidden[f"{other.name}'s link"] = other.secret
    for chapter_game in campaign.games.exclude(game=None).select_related("game"):
        game = chapter_game.game
        hidden[f"game {chapter_game.chapter}'s host key"] = game.host_secret
        for seat, key in enumerate(s["secret"] for s in game.seats):
            if seat != mayor.seat:
                hidden[f"game {chapter_game.chapter}'s seat {seat} key"] = key
    return hidden


def _picking(campaign):
    record_chapters(campaign, 2)
    flow.read_on(campaign)


def _playing(campaign):
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    for mayor in campaign.mayors.filter(picks__isnull=True):
        bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, mayor)]
        flow.pick(campaign, mayor, bag[: campaign.picks_allowed(mayor)])


def _after_game(campaign):
    record_chapters(campaign, 2)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 1, datetime.date(2026, 11, 20))


def _free_play(campaign):
    record_chapters(campaign, 10)
    flow.start_free_play(campaign, yokai_rule="yokai_coins")


PHASES = {
    Phase.READING: lambda campaign: record_chapters(campaign, 1),
    Phase.PICKING: _picking,
    Phase.PLAYING: _playing,
    Phase.AFTER_GAME: _after_game,
    "free play": _free_play,
}


@pytest.mark.parametrize("phase", list(PHASES))
def test_a_mayors_link_reaches_nothing_of_the_tables_or_another_mayors(client, phase):
    campaign = new_campaign(kinds=("human", "human", "human", "greedy"))
    PHASES[phase](campaign)
    ann = campaign.mayors.get(seat=0)
    hidden = secrets_hidden_from(ann)
    others = snapshot(campaign)

    found = crawl(client, mayor_link(ann), secrets=hidden)

    print(
        f"\n{phase}: {len(found.answered)} requests, {len(found.pages)} pages, "
        f"{len(found.steps_taken)} steps taken, secrets seen: {sorted(found.seen)}"
    )
    assert found.seen == {}
    assert any(r.method == "stream" and status == 200 for r, status in found.answered.items())
    assert found.steps_taken == set()  # the pick form sent as it stands picks nothing
    assert snapshot(campaign) == others
