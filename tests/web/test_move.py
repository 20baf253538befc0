import json

import pytest

from play.models import GameAction

pytestmark = pytest.mark.django_db

ROLL = json.dumps({"type": "roll", "dice": 1})
HTMX = {"HX-Request": "true"}


def post_move(client, game, key, action=ROLL, version=None, htmx=True):
    return client.post(
        f"/g/{game.code}/{key}/move/",
        {"version": game.version if version is None else version, "action": action},
        headers=HTMX if htmx else {},
    )


def test_a_move_advances_the_game_and_returns_the_board(client, start, page):
    game = start()

    response = post_move(client, game, game.host_secret)

    game.refresh_from_db()
    assert response.status_code == 200
    assert game.version == 1
    entry = GameAction.objects.get(game=game)
    assert (entry.index, entry.seat, entry.action) == (0, 0, {"type": "roll", "dice": 1})
    assert entry.events[0]["type"] == "roll"
    board = page(response)
    assert board.version == 1
    assert "Ann rolls" in board.html
    assert {a["type"] for a in board.actions} <= {"build", "build_landmark", "pass"}


def test_without_htmx_a_move_redirects_back_to_the_page(client, start):
    game = start()

    response = post_move(client, game, game.host_secret, htmx=False)

    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.code}/{game.host_secret}/"
    game.refresh_from_db()
    assert game.version == 1


def test_a_stale_move_is_refused_and_changes_nothing(client, start, page):
    game = start()
    post_move(client, game, game.host_secret)  # version 0 -> 1

    response = post_move(client, game, game.host_secret, json.dumps({"type": "pass"}), version=0)

    game.refresh_from_db()
    assert response.status_code == 409
    assert "The game moved on before your move arrived" in response.content.decode()
    assert game.version == 1
    assert page(response).version == 1  # the current board comes back


def test_a_double_click_counts_once(client, start):
    game = start()

    first = post_move(client, game, game.host_secret, version=0)
    second = post_move(client, game, game.host_secret, version=0)

    game.refresh_from_db()
    assert (first.status_code, second.status_code) == (200, 409)
    assert game.version == 1
    assert GameAction.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(
    "action",
    [
        json.dumps({"type": "roll", "dice": 2}),  # no Train Station yet
        json.dumps({"type": "build", "card": "mine"}),  # not the build step
        json.dumps({"type": "teleport"}),
        json.dumps({"type": "roll", "dice": 1, "extra": 1}),
    ],
)
def test_a_forged_or_illegal_action_is_refused(client, start, action):
    game = start()
    before = game.state

    response = post_move(client, game, game.host_secret, action)

    game.refresh_from_db()
    assert response.status_code == 400
    assert "That move is not allowed" in response.content.decode()
    assert (game.version, game.state) == (0, before)


@pytest.mark.parametrize("data", [{}, {"version": "x", "action": ROLL}, {"version": "0"}])
def test_an_unreadable_move_is_refused(client, start, data):
    game = start()

    response = client.post(f"/g/{game.code}/{game.host_secret}/move/", data, headers=HTMX)

    assert response.status_code == 400
    assert "could not be read" in response.content.decode()


def test_another_seats_link_may_not_act(client, start):
    game = start()

    response = post_move(client, game, game.seats[1]["secret"])

    game.refresh_from_db()
    assert response.status_code == 403
    assert "may not act now" in response.content.decode()
    assert game.version == 0


def test_the_seats_own_link_may_act(client, start):
    game = start()

    assert post_move(client, game, game.seats[0]["secret"]).status_code == 200


def test_watchers_and_wrong_secrets_may_not_act(client, start):
    game = start()

    assert post_move(client, game, "watch").status_code == 403
    assert post_move(client, game, "forged-secret").status_code == 404
    game.refresh_from_db()
    assert game.version == 0


def test_nobody_acts_for_a_bot(client, start, settings):
    settings.PLAY_BOT_DELAY_AFTER_HUMAN = 60  # the bot's time has not come yet
    game = start([("Ann", "greedy"), ("Ben", "human")])
    assert game.load().active == 0

    response = post_move(client, game, game.host_secret)

    game.refresh_from_db()
    assert response.status_code == 403
    assert game.version == 0


def test_no_move_after_the_game_is_over(client, near_win):
    game = near_win()
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    game.apply_action({"type": "build_landmark", "landmark": "radio_tower"}, version=1, who="host")
    assert game.finished

    response = post_move(client, game, game.host_secret, json.dumps({"type": "pass"}))

    assert response.status_code == 400
    assert "The game is over" in response.content.decode()


def test_moves_are_posts_only(client, start):
    game = start()

    assert client.get(f"/g/{game.code}/{game.host_secret}/move/").status_code == 405


def test_without_htmx_a_refused_move_shows_the_whole_page(client, start):
    game = start()
    post_move(client, game, game.host_secret, htmx=False)

    response = post_move(client, game, game.host_secret, version=0, htmx=False)

    assert response.status_code == 409
    html = response.content.decode()
    assert "<html" in html and "The game moved on before your move arrived" in html
