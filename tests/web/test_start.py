import pytest

from play.models import Game

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
        "seed": "7",
    }
    data.update(changes)
    return data


def test_the_home_page_shows_the_start_form(client):
    html = client.get("/").content.decode()

    assert 'name="edition"' in html
    assert 'name="kind_3"' in html
    assert 'value="random_market"' in html
    assert 'value="roll"' in html
    assert "csrfmiddlewaretoken" in html


def test_it_starts_a_game_and_sends_the_host_to_its_link(client):
    response = client.post("/", form())

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.code}/{game.host_secret}/"
    assert [seat["name"] for seat in game.seats] == ["Ann", "Ben"]
    assert [seat["kind"] for seat in game.seats] == ["human", "greedy"]
    assert game.setup["seed"] == 7


def test_it_skips_empty_seats_and_keeps_the_chosen_first_player(client):
    client.post(
        "/",
        form(
            edition="kosmos",
            name_2="Cleo",
            kind_2="random",
            first_player="2",
            variants=["two_copies_max", "random_market"],
        ),
    )

    game = Game.objects.get()
    state = game.load()
    assert len(game.seats) == 3
    assert game.setup["edition"] == "kosmos"
    assert set(game.setup["variants"]) == {"two_copies_max", "random_market"}
    assert game.setup["first_player"] == 2
    assert state.players[0].city.get("kosmos_shop") == 1


def test_it_can_roll_for_the_first_player(client):
    client.post("/", form(first_player="roll"))

    state = Game.objects.get().load()
    assert state.start_rolls


@pytest.mark.parametrize(
    "changes",
    [
        {"kind_1": "", "name_1": ""},  # seat 2 must play
        {"name_1": "Ann"},  # two players with the same name
        {"name_0": ""},  # a seat that plays needs a name
        {"first_player": "3"},  # nobody sits there
        {"edition": "legacy"},
        {"kind_0": "genius"},
        {"seed": "-1"},
    ],
)
def test_it_refuses_a_bad_start(client, changes):
    response = client.post("/", form(**changes))

    assert response.status_code == 400
    assert Game.objects.count() == 0


def test_the_same_seed_gives_the_same_game(start):
    one = start([("Ann", "greedy"), ("Ben", "random")], seed=11)
    two = start([("Ann", "greedy"), ("Ben", "random")], seed=11)

    assert one.finished and two.finished
    assert one.log() == two.log()
    assert one.state == two.state


def test_a_bot_that_starts_moves_before_the_page_is_shown(client):
    response = client.post("/", form(kind_0="greedy", kind_1="human"), follow=True)

    game = Game.objects.get()
    assert response.status_code == 200
    assert game.version > 0
    assert game.load().active == 1


def test_the_roll_for_the_first_player_is_in_the_log(client):
    client.post("/", form(first_player="roll", kind_1="human"), follow=True)
    game = Game.objects.get()

    html = client.get(f"/g/{game.code}/watch/").content.decode()

    assert "Rolling two dice for who starts: Ann: " in html


def test_a_start_the_engine_refuses_keeps_the_form_and_says_why_in_the_language(
    client, monkeypatch
):
    from play.engine import IllegalAction

    def refuse(*args, **kwargs):
        raise IllegalAction("unknown_variants", variants="chaos")

    monkeypatch.setattr(Game, "start", refuse)

    response = client.post("/", form(), headers={"Accept-Language": "de"})

    assert response.status_code == 400
    html = response.content.decode()
    assert "Die Partie konnte nicht beginnen: Eine Variante chaos gibt es nicht." in html
    assert not Game.objects.exists()
