"""Bots as people choose them (easy, normal, hard), and what the board says while one thinks."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from play.models import Game

pytestmark = pytest.mark.django_db


def kind_options(html: str, select: str) -> dict[str, str]:
    """value -> label of one <select>'s options."""
    body = re.search(rf'<select name="{select}".*?</select>', html, re.S).group(0)
    return dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', body))


@pytest.mark.parametrize(
    ("language", "labels"),
    [
        ("en", ["Bot: easy", "Bot: normal", "Bot: hard"]),
        ("de", ["Bot: leicht", "Bot: normal", "Bot: schwer"]),
        ("nl", ["Bot: makkelijk", "Bot: normaal", "Bot: moeilijk"]),
    ],
)
def test_the_seat_select_offers_the_bots_as_easy_normal_and_hard(client, language, labels):
    html = client.get("/", headers={"Accept-Language": language}).content.decode()

    options = kind_options(html, "kind_0")

    assert [options["random"], options["greedy"], options["expert"]] == labels


def test_the_campaign_form_offers_the_bots_by_how_hard_they_are(client):
    user = User.objects.create_user("host", password="a long pass phrase 7")
    client.force_login(user)

    options = kind_options(client.get(reverse("campaign:new")).content.decode(), "m1_kind")

    assert [options["random"], options["greedy"], options["expert"]] == [
        "bot: easy",
        "bot: normal",
        "bot: hard",
    ]


def test_seats_stored_as_random_and_greedy_still_play_and_show_their_level(client, start):
    game = start([("Ann", "random"), ("Ben", "greedy"), ("Cleo", "expert")], seed=4)

    assert game.finished
    html = client.get(f"/g/{game.code}/watch/").content.decode()
    assert "bot: easy" in html
    assert "bot: normal" in html
    assert "bot: hard" in html


@pytest.mark.parametrize(
    ("language", "text"),
    [("en", "Ann (a bot) is thinking…"), ("de", "Ann (ein Bot) überlegt…")],
)
def test_the_board_says_the_bot_is_thinking_while_it_is_to_move(client, settings, language, text):
    settings.PLAY_BOT_DELAY_AFTER_HUMAN = 60
    game = Game.start("classic", [("Ann", "expert"), ("Ben", "human")], seed=3)

    html = client.get(
        f"/g/{game.code}/watch/", headers={"Accept-Language": language}
    ).content.decode()

    assert text in html


def test_the_board_says_nobody_is_thinking_when_a_person_is_to_move(client, start):
    game = start([("Ann", "human"), ("Ben", "expert")])

    html = client.get(f"/g/{game.code}/watch/").content.decode()

    assert "is thinking" not in html
    assert "Waiting for Ann." in html
