"""A finished game's page offers its export and its replay once each (issue 26), in the board's
footer, as during the game."""

import pytest
from test_end import finish

pytestmark = pytest.mark.django_db


def test_a_finished_game_links_its_export_and_replay_once(client, near_win):
    game = finish(near_win())

    html = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()

    assert "Ann has won!" in html
    assert html.count("Export the game") == 1
    assert html.count("Replay move by move") == 1
    assert html.count(f'href="/g/{game.code}/replay/"') == 1
