"""Every page of a game draws in bounded work whatever its stored numbers (issue 35, item 2): a
game stored before the bounds, whose setup gave a seat 10**18 coins, answers on every page
without a 5xx, with a chart of at most a handful of gridlines. Once, one imported game's watch
page looped for good (one gridline per 500 coins)."""

import pytest
from test_end import finish

from play import charts
from play.engine import new_game
from play.models import Game

pytestmark = pytest.mark.django_db

HUGE = 10**18


@pytest.fixture
def drawn(monkeypatch):
    """How many gridlines and turn ticks the coins charts drew."""
    counts = {"charts": 0, "gridlines": 0, "ticks": 0}
    gridline, tick, chart = charts._gridline, charts._turn_tick, charts.coins_chart

    def counted_chart(*args):
        counts["charts"] += 1
        return chart(*args)

    def counted_gridline(*args):
        counts["gridlines"] += 1
        return gridline(*args)

    def counted_tick(*args):
        counts["ticks"] += 1
        return tick(*args)

    monkeypatch.setattr(charts, "_gridline", counted_gridline)
    monkeypatch.setattr(charts, "_turn_tick", counted_tick)
    monkeypatch.setattr(charts, "coins_chart", counted_chart)
    return counts


def _stored_before_the_bounds() -> Game:
    """Ann, near a win, with 10**18 coins in her setup and her state: as an import took it."""
    state = new_game(
        "classic",
        players=["Ann", "Ben"],
        seed=5,
        coins=[30, 2],
        built=[["train_station", "shopping_mall", "amusement_park"], []],
    )
    state.players[0].coins = HUGE
    state.setup["coins"] = [HUGE, 2]
    return finish(Game.create_from(state, ["human", "human"]))


def _pages(game: Game) -> list[str]:
    base = f"/g/{game.code}"
    return [
        f"{base}/{game.host_secret}/",
        f"{base}/{game.seats[1]['secret']}/",
        f"{base}/watch/",
        f"{base}/replay/",
        f"{base}/replay/?step=1",
        f"{base}/export.json",
        f"{base}/{game.host_secret}/poll/?v=0",
    ]


def test_every_page_of_a_game_stored_with_huge_coins_answers(client, drawn):
    game = _stored_before_the_bounds()

    answers = {url: client.get(url) for url in _pages(game)}

    assert {url: r.status_code for url, r in answers.items() if r.status_code >= 500} == {}
    board = answers[f"/g/{game.code}/{game.host_secret}/"].content.decode()
    assert "Ann has won!" in board and str(HUGE - 22) in board.replace(",", "")  # after building
    replay = answers[f"/g/{game.code}/replay/"]
    assert replay.status_code == 409
    assert "cannot be replayed here" in replay.content.decode()
    assert drawn["charts"] >= 3
    assert drawn["gridlines"] <= 6 * drawn["charts"] and drawn["ticks"] <= 8 * drawn["charts"]
    game.delete()  # it breaks the bounds, so it no longer replays: the suite checks every game


def test_the_coins_chart_of_huge_coins_draws_a_handful_of_gridlines(drawn):
    coins = [[HUGE, 2], [HUGE + 7, 3], [2 * HUGE, 1]]

    svg = charts.coins_chart(["Ann", "Ben"], coins)

    assert drawn["gridlines"] <= 6 and drawn["ticks"] <= 8
    assert "<polyline" in svg


def test_a_replayed_game_whose_figures_are_huge_draws_its_page_in_bounded_work(
    client, near_win, drawn, monkeypatch
):
    game = finish(near_win())
    # as the engine before the bounds replayed a card paying 10**18
    huge = {"coins": [[HUGE * turn, turn] for turn in range(40)], "income": [{}, {}]}
    monkeypatch.setattr(
        charts,
        "_figures",
        lambda setup, actions: {
            **huge,
            "income": [
                dict.fromkeys(charts.CARD_COLOURS, HUGE),
                dict.fromkeys(charts.CARD_COLOURS, 0),
            ],
        },
    )

    for url in (f"/g/{game.code}/watch/", f"/g/{game.code}/{game.host_secret}/"):
        assert client.get(url).status_code == 200

    assert drawn["charts"] >= 2
    assert drawn["gridlines"] <= 6 * drawn["charts"] and drawn["ticks"] <= 8 * drawn["charts"]
