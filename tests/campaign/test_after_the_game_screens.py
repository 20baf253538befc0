"""When a chapter's game is over: the table and the phones keep the finished board and say who
won, the board offers no rematch (the campaign goes on from its own page), the charts draw each
mayor in their own colour, and the table is told that the Golden Book was signed."""

import re

import pytest
from campaign_helpers import new_campaign, play_out, record_chapters, without_links
from django.urls import reverse

from campaign import flow
from campaign.backup import export_text, import_text
from campaign.charts import wins_chart
from campaign.models import Campaign, Phase
from play.models import Game, NoRematch
from play.player_colours import PLAYER_COLOURS

pytestmark = pytest.mark.django_db
BOTS = ("greedy", "greedy", "random")


@pytest.fixture
def ended():
    """A campaign whose first game the bots have just finished."""
    campaign = new_campaign(kinds=BOTS)
    flow.read_on(campaign)
    chapter_game = play_out(campaign)
    assert campaign.phase == Phase.AFTER_GAME
    return campaign, chapter_game


def board_url(game: Game, key: str) -> str:
    return reverse("play:game", args=[game.code, key])


def test_the_table_keeps_the_finished_board_and_names_the_winner(client, ended):
    campaign, chapter_game = ended
    page = client.get(reverse("campaign:game", args=[campaign.table_secret])).content.decode()
    assert f"{chapter_game.winner.name} has won game 1!" in page
    assert 'id="board"' in page and "Final standings" in page  # the finished board, at once
    assert "Read what the game&#x27;s end reveals" in page  # the next step, said as it is
    assert "record it" not in page


def test_a_phone_says_who_won_and_what_the_table_does_now(client, ended):
    campaign, chapter_game = ended
    mayor = campaign.mayors.get(seat=1)
    page = client.get(reverse("campaign:mayor", args=[mayor.secret])).content.decode()
    assert f"{chapter_game.winner.name} has won game 1!" in page
    assert "then the winner signs the Golden Book" in page
    assert "The table is reading the deck" not in page
    board = client.get(reverse("campaign:mayor_game", args=[mayor.secret])).content.decode()
    assert 'data-you="1"' in board and "Final standings" in board
    assert reverse("play:export", args=[chapter_game.game.code]) in board
    assert chapter_game.game.host_secret not in board


def test_a_chapter_game_offers_no_rematch_and_refuses_one(client, ended):
    _campaign, chapter_game = ended
    game = chapter_game.game
    board = client.get(board_url(game, game.host_secret)).content.decode()
    assert "wins the game" in board or "has won" in board
    assert "/rematch/" not in board

    response = client.post(reverse("play:rematch", args=[game.code, game.host_secret]))

    assert response.status_code == 409
    assert "chapter of a campaign" in response.content.decode()
    game.refresh_from_db()
    assert game.rematched_as_id is None
    with pytest.raises(NoRematch):  # the rule is the game's, not only its page's
        game.rematch()
    assert Game.objects.count() == 1


def test_a_game_of_its_own_still_offers_a_rematch(client):
    game = Game.start("classic", [("Ann", "greedy"), ("Ben", "greedy")], seed=3)
    while not game.finished:
        game.step_bots(limit=5000)
    board = client.get(board_url(game, game.host_secret)).content.decode()
    assert "/rematch/" in board


def test_the_game_charts_draw_each_mayor_in_their_colour(client, ended):
    campaign, chapter_game = ended
    game = chapter_game.game
    board = client.get(board_url(game, game.host_secret)).content.decode()
    for mayor in campaign.mayors.all():
        assert f'stroke="{PLAYER_COLOURS[mayor.colour]}"' in board
        assert f"swatch mayor-{mayor.colour}" in board


def test_an_imported_campaigns_games_keep_no_rematch_and_their_colours(ended):
    campaign, _chapter_game = ended
    text = export_text(campaign)
    Campaign.objects.all().delete()
    Game.objects.all().delete()
    imported = import_text(text)
    game = imported.games.get(chapter=1).game
    assert not game.rematch_offered
    colours = [seat.get("colour") for seat in game.seats]
    assert colours == [m.colour for m in imported.mayors.order_by("seat")]
    assert without_links(export_text(imported)) == without_links(text)  # new links only


def test_signing_the_golden_book_is_confirmed(client, ended):
    campaign, chapter_game = ended
    after = reverse("campaign:after", args=[campaign.table_secret])
    page = client.get(after).content.decode()
    needs_side = 'name="side"' in page
    form = {
        "date": "2026-11-26",
        "name": chapter_game.winner.name,
        "city_name": chapter_game.winner.city_name,
        "version": campaign.version,
    }
    if needs_side:
        form["side"] = "b"

    response = client.post(after, form, follow=True)

    text = response.content.decode()
    assert f"{chapter_game.winner.name} has signed the Golden Book for game 1." in text
    if needs_side:
        assert "The new pile lies with" in text


def test_mayors_with_as_many_wins_stay_apart_on_the_wins_chart():
    campaign = new_campaign(kinds=BOTS)
    record_chapters(campaign, 2, winner=lambda chapter: 2)  # Ann and Ben: no win each
    mayors = list(campaign.mayors.order_by("seat"))
    svg = str(wins_chart(mayors, list(campaign.games.all())))
    heights = {
        seat: re.search(rf'<g data-mayor="{seat}"[^>]*>.*?<circle cx="[\d.]+" cy="([\d.]+)"', svg)[
            1
        ]
        for seat in (0, 1)
    }
    assert heights[0] != heights[1]
