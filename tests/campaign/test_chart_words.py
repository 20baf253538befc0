"""The campaign's coins chart counts its coins in words that agree: 1 coin, 2 coins."""

from types import SimpleNamespace

import pytest
from django.utils import translation

from campaign.charts import coins_chart

MAYORS = [SimpleNamespace(seat=0, name="Anna", colour="yellow")]


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "Anna: 1 coin after game 1", "Anna: 2 coins after game 2"),
        ("de", "Anna: 1 Münze nach Partie 1", "Anna: 2 Münzen nach Partie 2"),
        ("nl", "Anna: 1 munt na partij 1", "Anna: 2 munten na partij 2"),
    ],
)
def test_a_bar_of_one_coin_says_coin(lang, one, two):
    games = [
        SimpleNamespace(chapter=1, final_coins=[1]),
        SimpleNamespace(chapter=2, final_coins=[2]),
    ]
    with translation.override(lang):
        svg = str(coins_chart(MAYORS, games))

    assert f"<title>{one}</title>" in svg and f"<title>{two}</title>" in svg
