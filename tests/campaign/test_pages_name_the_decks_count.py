"""Issue 36 item 1: a page that names how many games a campaign has reads it from the deck in
play, and a page with no deck in play names no count at all. A group playing the three-game
Comet, whose dashboard links to How it works, must not read "ten games" or "after game 10"."""

import re

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.urls import reverse
from shipped_decks import COMET_OVER_MILLBROOK, SEVEN_WINDS_BAY, shipped_deck

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "de", "nl")
TEN = re.compile(r"\b(ten|zehn|tien)\b", re.IGNORECASE)
# a count of games in words or figures ("game 10", "10 Partien"); "10 different piles" is a rule
COUNTED_GAMES = re.compile(r"\b(?:game|Partie|partij) \d|\d+ (?:games|Partien|partijen)\b")
THREE_GAMES = {
    "en": "This campaign's 3 games tell one story.",
    "de": "Die 3 Partien dieser Kampagne erzählen eine Geschichte.",
    "nl": "De 3 partijen van deze campagne vertellen één verhaal.",
}
AFTER_THE_LAST = {
    "en": "After game 3 comes free play",
    "de": "Nach Partie 3 kommt",
    "nl": "Na partij 3 komt",
}


def words_of(client, url: str, language: str) -> str:
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200
    text = response.content.decode()
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    return re.sub(r"<[^>]+>", " ", text)  # the words a reader sees, not the markup's numbers


def how_it_works_link(client, campaign) -> str:
    dashboard = client.get(reverse("campaign:table", args=[campaign.table_secret]))
    found = re.search(r'href="(/campaigns/how-it-works/[^"]*)"', dashboard.content.decode())
    assert found, "the dashboard links to How it works"
    return found.group(1).replace("&amp;", "&")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_comet_groups_how_it_works_names_its_three_games(client, language):
    campaign = new_campaign(deck=shipped_deck(COMET_OVER_MILLBROOK))
    url = how_it_works_link(client, campaign)
    assert "games=3" in url
    text = words_of(client, url, language)
    assert TEN.findall(text) == []
    assert "10" not in text
    assert THREE_GAMES[language] in " ".join(text.split())
    assert AFTER_THE_LAST[language] in " ".join(text.split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_ten_game_decks_page_names_ten(client, language):
    campaign = new_campaign(deck=shipped_deck(SEVEN_WINDS_BAY))
    text = " ".join(words_of(client, how_it_works_link(client, campaign), language).split())
    assert {"en": "After game 10", "de": "Nach Partie 10", "nl": "Na partij 10"}[language] in text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/campaigns/how-it-works/",
        "/campaigns/how-it-works/?games=nonesuch",
        "/campaigns/how-it-works/?games=1000000000000000000&mayors=4",
    ],
)
def test_a_page_with_no_deck_in_play_names_no_count_of_games(client, language, url):
    text = words_of(client, url, language)
    assert TEN.findall(text) == []
    assert COUNTED_GAMES.findall(text) == []


def test_a_comet_groups_charts_have_three_games_on_their_axis(client):
    campaign = new_campaign(deck=shipped_deck(COMET_OVER_MILLBROOK))
    record_chapters(campaign, 1)
    page = client.get(reverse("campaign:charts", args=[campaign.table_secret])).content.decode()
    ticks = re.findall(
        r'<text x="[^"]+" y="[^"]+" font-size="12" text-anchor="middle">(\d+)</text>', page
    )
    assert ticks == ["1", "2", "3"] * 2  # the wins chart and the coins chart
