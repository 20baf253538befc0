"""What only the host does: new links for a campaign (every old one dead at once, nothing else
changed) and deleting it (its rows, its games and its history gone, nobody else's)."""

import pytest
from campaign_helpers import new_campaign, record_chapters, snapshot

from campaign import dashboard, flow, hosting
from campaign.models import Campaign, ComponentPlace, Mayor
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing():
    """Chapter 2's game under way in the app: it has a code, a host key and seat keys."""
    campaign = new_campaign(kinds=("human", "greedy", "greedy"))
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    ann = campaign.mayors.get(seat=0)
    bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, ann)]
    flow.pick(campaign, ann, bag[: campaign.picks_allowed(ann)])
    assert campaign.games.get(chapter=2).game is not None
    return campaign


def _links(campaign) -> list[str]:
    links = [campaign.table_secret, *campaign.mayors.values_list("secret", flat=True)]
    for game in Game.objects.filter(chapter_game__campaign=campaign):
        links += [game.code, game.host_secret, *(seat["secret"] for seat in game.seats)]
    return links


def _without_links(campaign) -> dict:
    """Everything stored about the campaign but its links (and the history of changing them)."""
    rows = snapshot(campaign)
    for name in ("Mayor", "Mayor history", "Campaign history"):
        rows.pop(name)
    rows["Campaign"] = [kv for kv in rows["Campaign"] if kv[0] not in ("table_secret", "updated")]
    fields = [f.attname for f in Mayor._meta.concrete_fields if f.name != "secret"]
    rows["Mayor"] = list(Mayor.objects.filter(campaign=campaign).order_by("seat").values(*fields))
    return rows


def test_renewed_links_are_all_new_and_the_old_ones_open_nothing(client, playing):
    old = _links(playing)
    game = Game.objects.get(chapter_game__campaign=playing)
    old_seat = game.seats[0]["secret"]
    ann = playing.mayors.get(seat=0)
    before = _without_links(playing)

    hosting.renew_links(playing)

    new = _links(Campaign.objects.get(pk=playing.pk))
    assert len(new) == len(old) and not set(new) & set(old)
    assert client.get(f"/c/{old[0]}/").status_code == 404
    assert client.get(f"/c/{playing.table_secret}/").status_code == 200
    assert Mayor.objects.filter(secret=ann.secret).count() == 0
    assert client.get(f"/g/{game.code}/{old_seat}/").status_code == 404
    game.refresh_from_db()
    assert client.get(f"/g/{game.code}/{game.seats[0]['secret']}/").status_code == 200
    assert game.replays_to_stored_state()
    # nothing else changed: the same steps, places, picks, games
    assert _without_links(playing) == before


def test_deleting_a_campaign_leaves_nothing_of_it_and_all_of_the_others(playing):
    other = new_campaign()
    theirs = snapshot(other)
    games = list(Game.objects.filter(chapter_game__campaign=playing).values_list("pk", flat=True))
    pk = playing.pk

    hosting.delete_campaign(playing)

    assert not Campaign.objects.filter(pk=pk).exists()
    assert not Game.objects.filter(pk__in=games).exists()
    assert not Mayor.objects.filter(campaign_id=pk).exists()
    assert not ComponentPlace.objects.filter(campaign_id=pk).exists()
    assert not Campaign.history.filter(id=pk).exists()
    assert not Mayor.history.filter(campaign_id=pk).exists()
    assert not ComponentPlace.history.filter(campaign_id=pk).exists()
    assert snapshot(other) == theirs
