"""A board's links are reversed once a process (play.board_environment.url) and still follow
what a link depends on: behind a proxy that serves the app under a prefix, each board links
under that prefix, and a board made without it links without it."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.urls import set_script_prefix
from django.utils import translation

from play import board_maker
from play.models import Game


def rendered(game: Game) -> str:
    ctx = board_maker.context(RequestFactory().get("/"), game, 0)
    return "".join(board_maker._part(name, ctx) for name in board_maker.PARTS)


@pytest.mark.django_db
def test_a_board_links_under_the_prefix_it_is_made_under():
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=5)
    move = f"/g/{game.code}/{game.key_for(0)}/move/"
    with translation.override("en"):
        try:
            set_script_prefix("/machikoro/")
            behind_a_proxy = rendered(game)
        finally:
            set_script_prefix("/")
        at_the_root = rendered(game)
    assert f'action="/machikoro{move}"' in behind_a_proxy
    assert f'action="{move}"' in at_the_root
    assert "/machikoro/" not in at_the_root
