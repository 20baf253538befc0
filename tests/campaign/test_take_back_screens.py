"""The host's take-back on the dashboard: it says in words what will be undone, asks once, and
is shown to nobody but the host; the table takes the end of a game in the app again."""

from __future__ import annotations

import datetime

import pytest
from campaign_helpers import new_campaign, play_out, record_chapters, snapshot
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaign import flow
from campaign.models import Phase

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 20)


def hosted(campaign) -> Client:
    campaign.owner = User.objects.create_user("host", password="a long pass phrase 7")
    campaign.save()
    client = Client()
    client.force_login(campaign.owner)
    return client


@pytest.fixture
def mistaken():
    """Chapter 2 recorded with Ben as its winner."""
    campaign = new_campaign()
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 1, DAY)
    return campaign


def test_the_host_sees_what_a_take_back_would_undo(mistaken):
    host = hosted(mistaken)

    page = host.get(reverse("campaign:table", args=[mistaken.table_secret])).content.decode()

    assert "Take back: Ben recorded as the winner of game 2" in page
    assert reverse("campaign:take_back", args=[mistaken.table_secret]) in page


def test_nobody_but_the_host_sees_it(client, mistaken):
    ann = mistaken.mayors.get(seat=0)
    pages = [
        client.get(reverse("campaign:table", args=[mistaken.table_secret])),
        client.get(reverse("campaign:mayor_dashboard", args=[ann.secret])),
    ]
    for page in pages:
        assert page.status_code == 200
        assert "Take back" not in page.content.decode()
        assert "take-back" not in page.content.decode()


def test_the_take_back_asks_once_and_the_dashboard_says_it_is_done(mistaken):
    host = hosted(mistaken)
    url = reverse("campaign:take_back", args=[mistaken.table_secret])

    asked = host.get(url)
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Take back: Ben recorded as the winner of game 2" in text
    assert f'name="version" value="{mistaken.version}"' in text

    done = host.post(url, {"version": mistaken.version}, follow=True)

    assert done.redirect_chain[-1][0] == reverse("campaign:table", args=[mistaken.table_secret])
    assert "Taken back: Ben recorded as the winner of game 2." in done.content.decode()
    mistaken.refresh_from_db()
    assert mistaken.phase == Phase.PICKING and mistaken.chapter_game() is None
    # the next take-back names the step before
    assert "Take back: the deck read on before game 2" in done.content.decode()


def test_a_take_back_from_a_stale_page_is_refused_with_a_message(mistaken):
    host = hosted(mistaken)
    shown = mistaken.version
    flow.take_back(mistaken, version=shown)  # from another device
    before = snapshot(mistaken)

    refused = host.post(
        reverse("campaign:take_back", args=[mistaken.table_secret]), {"version": shown}
    )

    assert refused.status_code == 409
    assert "took this step a moment ago" in refused.content.decode()
    assert snapshot(mistaken) == before


def test_at_the_start_there_is_nothing_to_take_back():
    campaign = new_campaign()
    host = hosted(campaign)

    page = host.get(reverse("campaign:table", args=[campaign.table_secret])).content.decode()
    assert "Take back" not in page
    asked = host.get(reverse("campaign:take_back", args=[campaign.table_secret]), follow=True)
    assert "There is no step to take back" in asked.content.decode()


def test_the_words_are_in_the_groups_language(mistaken):
    host = hosted(mistaken)
    url = reverse("campaign:table", args=[mistaken.table_secret])

    german = host.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    dutch = host.get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode()

    assert "Zurücknehmen: der Eintrag „Ben hat Partie 2 gewonnen“" in german
    assert "Terugnemen: Ben vastgelegd als winnaar van partij 2" in dutch


def test_the_table_takes_the_end_of_a_game_in_the_app_again(client):
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    flow.read_on(campaign)
    play_out(campaign)
    flow.take_back(campaign, version=campaign.version)
    dashboard = client.get(reverse("campaign:table", args=[campaign.table_secret]))
    assert "The game is over: accept its result" in dashboard.content.decode()
    game = client.get(reverse("campaign:game", args=[campaign.table_secret])).content.decode()
    assert "take-game-end" in game

    client.post(
        reverse("campaign:game_end", args=[campaign.table_secret]), {"version": campaign.version}
    )

    campaign.refresh_from_db()
    assert campaign.phase == Phase.AFTER_GAME
