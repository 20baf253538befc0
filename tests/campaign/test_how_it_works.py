"""The page that tells how a campaign works: in three languages, linked where a group looks for
it, and, like the closed box, holding nothing of the deck."""

import pytest
from campaign_helpers import new_campaign
from django.urls import reverse
from test_flow_spoilers import unread

from campaign import flow
from play.models import Game

pytestmark = pytest.mark.django_db

URL = "/campaigns/how-it-works/"
HEADINGS = {
    "en": "How a Legacy campaign works",
    "de": "Wie eine Legacy-Kampagne funktioniert",
    "nl": "Hoe een legacycampagne werkt",
}


def page(client, language: str) -> str:
    response = client.get(URL, headers={"Accept-Language": language})
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("language", sorted(HEADINGS))
def test_the_page_is_in_the_readers_language(client, language):
    text = page(client, language)
    assert f'<h1 class="h3">{HEADINGS[language]}</h1>' in text
    others = {other: heading for other, heading in HEADINGS.items() if other != language}
    assert not any(heading in text for heading in others.values())


def test_the_page_holds_no_word_of_the_deck(client, each_shipped_deck):
    deck = each_shipped_deck
    campaign = new_campaign()
    secret = unread(deck, flow.reader_of(campaign))
    # the whole deck but its start cards: the check has teeth
    assert len(secret) > 10 * deck.shape.games
    for language in HEADINGS:
        text = page(client, language)
        leaked = sorted(word for word in secret if word in text)
        assert leaked == [], (language, leaked)


def test_the_page_is_linked_where_a_group_looks_for_it(client, django_user_model):
    assert URL in client.get("/").content.decode()
    assert URL in client.get("/how-to-play/classic/").content.decode()
    campaign = new_campaign()
    table = reverse("campaign:table", args=[campaign.table_secret])
    assert URL in client.get(table).content.decode()
    client.force_login(django_user_model.objects.create_user("host", password="x" * 12))
    assert URL in client.get(reverse("campaign:new")).content.decode()


def test_a_legacy_games_board_links_to_it(client):
    campaign = new_campaign()
    flow.read_on(campaign)
    game: Game = campaign.games.get(chapter=1).game
    board = client.get(reverse("play:game", args=[game.code, game.host_secret]))
    assert board.status_code == 200
    assert URL in board.content.decode()
