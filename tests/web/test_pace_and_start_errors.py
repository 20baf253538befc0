"""The start form on a phone (errors at the top, focused) and the pace a host chooses."""

import pytest

from play.models import INSTANT, QUICK, RELAXED, Game

pytestmark = pytest.mark.django_db


def form(**changes):
    data = {
        "edition": "classic",
        "name_0": "Ann",
        "kind_0": "human",
        "name_1": "Ben",
        "kind_1": "greedy",
        "name_2": "",
        "kind_2": "",
        "name_3": "",
        "kind_3": "",
        "first_player": "0",
        "pace": "quick",
        "seed": "7",
    }
    data.update(changes)
    return data


def test_errors_are_listed_at_the_top_and_get_the_focus(client):
    response = client.post("/", form(name_1=""))

    html = response.content.decode()
    summary = html.index('class="alert alert-danger form-errors"')
    assert response.status_code == 400
    assert summary < html.index('id="id_name_0"')  # above the first field
    assert "data-focus" in html[summary : summary + 200]
    assert "Every seat that plays needs a name." in html[summary:]


def test_the_host_chooses_the_pace_and_a_rematch_keeps_it(client):
    client.post("/", form(pace="instant", kind_0="greedy", kind_1="random"))

    game = Game.objects.get()
    assert game.pace == INSTANT
    assert game.finished
    client.post(f"/g/{game.code}/{game.host_secret}/rematch/")
    assert Game.objects.exclude(pk=game.pk).get().pace == INSTANT


def test_an_unknown_pace_is_refused_with_a_message(client):
    response = client.post("/", form(pace="warp"))

    assert response.status_code == 400
    assert "warp" in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("pace", "after_bot", "after_human_pass", "after_human_build"),
    [(RELAXED, 1.0, 2.5, 2.5), (QUICK, 0.3, 0.3, 2.5), (INSTANT, 0.0, 0.0, 2.5)],
)
def test_each_pace_keeps_the_undo_window_after_a_persons_build(
    settings, pace, after_bot, after_human_pass, after_human_build
):
    settings.PLAY_BOT_DELAY = 1.0
    settings.PLAY_BOT_DELAY_AFTER_HUMAN = 2.5
    game = Game.start("classic", [("Ann", "human"), ("Ben", "greedy")], seed=1, pace=pace)

    assert game.bot_delay(1, {"type": "pass"}) == pytest.approx(after_bot)
    assert game.bot_delay(0, {"type": "pass"}) == pytest.approx(after_human_pass)
    assert game.bot_delay(0, {"type": "build", "card": "ranch"}) == after_human_build
