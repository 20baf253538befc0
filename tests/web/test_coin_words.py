"""The board tells a screen reader each seat's coins with a noun that agrees: 1 Münze, 2 Münzen."""

import re

import pytest

from play.engine import new_game
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [("en", "coin", "coins"), ("de", "Münze", "Münzen"), ("nl", "munt", "munten")],
)
def test_a_seat_with_one_coin_has_one_coin(client, language, one, two):
    state = new_game("classic", players=["Ann", "Ben"], seed=5, coins=[1, 2])
    game = Game.create_from(state, ["human", "human"])

    html = client.get(
        f"/g/{game.code}/{game.host_secret}/", headers={"Accept-Language": language}
    ).content.decode()

    said = re.findall(r'seat-coins">(\d+)</span><span class="visually-hidden"> (\w+)</span>', html)
    assert ("1", one) in said and ("2", two) in said
