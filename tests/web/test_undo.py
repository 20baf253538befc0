import pytest

from play.models import Game, GameAction
from tests.web.legacy_setup import legacy_setup

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def rolled_and_built(game, seat_key="host"):
    """Ann rolls, then builds the cheapest card she can afford."""
    game.apply_action({"type": "roll", "dice": 1}, version=game.version, who=seat_key)
    game.apply_action({"type": "build", "card": "wheat_field"}, version=game.version, who=seat_key)


def test_a_build_can_be_undone_before_the_next_roll(client, start, page):
    game = start()
    before_build = None
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    before_build = game.state
    game.apply_action({"type": "build", "card": "wheat_field"}, version=1, who="host")
    html = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()
    assert "Undo the last action" in html

    response = client.post(f"/g/{game.code}/{game.host_secret}/undo/", {"version": 2}, headers=HTMX)

    game.refresh_from_db()
    assert response.status_code == 200
    assert game.state == before_build
    assert game.version == 3
    assert GameAction.objects.get(game=game, index=2).action == {"type": "undo"}
    assert "Ann takes back building Wheat Field." in response.content.decode()
    assert {"type": "build", "card": "wheat_field"} in page(response).actions


def test_undo_without_htmx_redirects(client, start):
    game = start()
    rolled_and_built(game)

    response = client.post(f"/g/{game.code}/{game.host_secret}/undo/", {"version": 2})

    assert response.status_code == 302


def test_a_roll_is_never_undone(client, start):
    game = start()
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")

    response = client.post(f"/g/{game.code}/{game.host_secret}/undo/", {"version": 1})

    game.refresh_from_db()
    assert response.status_code == 409
    assert game.version == 1


def test_after_the_next_roll_the_build_stays(client, start):
    game = start()
    rolled_and_built(game)
    game.apply_action({"type": "roll", "dice": 1}, version=2, who="host")  # Ben rolls

    response = client.post(f"/g/{game.code}/{game.host_secret}/undo/", {"version": 3})

    assert response.status_code == 409


def test_only_the_builder_may_undo(client, start):
    game = start()
    rolled_and_built(game)

    other = client.post(f"/g/{game.code}/{game.seats[1]['secret']}/undo/", {"version": 2})
    own = client.post(f"/g/{game.code}/{game.seats[0]['secret']}/undo/", {"version": 2})

    assert other.status_code == 403
    assert own.status_code == 302


def test_a_stale_undo_is_refused(client, start):
    game = start()
    rolled_and_built(game)

    response = client.post(f"/g/{game.code}/{game.host_secret}/undo/", {"version": 1})

    game.refresh_from_db()
    assert response.status_code == 409
    assert game.version == 2


def test_an_undone_build_can_be_made_again_and_undone_again(start):
    game = start()
    rolled_and_built(game)
    game.undo(version=2, who="host")
    game.apply_action({"type": "pass"}, version=3, who="host")

    assert game.replays_to_stored_state()
    assert [a["type"] for a in game.log()] == ["roll", "build", "undo", "pass"]
    assert [a["type"] for a in game.export()["actions"]] == ["roll", "pass"]


@pytest.mark.parametrize("action", [{"type": "sail", "spaces": 1}, {"type": "rest"}])
def test_a_voyage_or_a_day_of_rest_can_be_undone_too(client, action):
    game = Game.create_from_setup(legacy_setup(coins=[5, 3, 3]), ["human"] * 3)
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    before = game.state
    game.apply_action(action, version=1, who="host")
    assert (
        "Undo the last action" in client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()
    )

    response = client.post(f"/g/{game.code}/{game.host_secret}/undo/", {"version": 2}, headers=HTMX)

    game.refresh_from_db()
    assert response.status_code == 200
    assert game.state == before
    said = {"sail": "Ann takes back their voyage.", "rest": "Ann takes back their day of rest."}
    assert said[action["type"]] in response.content.decode()


def test_after_an_undo_the_replay_shows_the_actions_in_force_not_what_it_cached_before(
    client, start
):
    game = start()
    rolled_and_built(game)  # log: 0 roll, 1 Wheat Field
    before = client.get(f"/g/{game.code}/replay/?step=2").content.decode()
    assert "Ann builds Wheat Field" in before
    client.post(f"/g/{game.code}/{game.host_secret}/undo/", {"version": 2}, headers=HTMX)
    game.refresh_from_db()
    game.apply_action({"type": "build", "card": "bakery"}, version=3, who="host")  # log: 3
    live = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()
    assert "Ann builds Wheat Field" in live and "Ann builds Bakery" in live  # cached by place

    # in force: 0 roll, 1 Bakery (place 1 of the log holds Wheat Field)
    replay = client.get(f"/g/{game.code}/replay/?step=2").content.decode()

    assert "Ann builds Bakery" in replay
    assert "Ann builds Wheat Field" not in replay
