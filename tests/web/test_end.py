import json

import pytest

from play.models import Game

pytestmark = pytest.mark.django_db


def finish(game):
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    game.apply_action({"type": "build_landmark", "landmark": "radio_tower"}, version=1, who="host")
    return game


def test_the_end_shows_the_winner_and_the_charts(client, near_win):
    game = finish(near_win())

    html = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()

    assert "Ann has won!" in html
    assert "Ann wins the game!" in html
    assert "Coins, turn by turn" in html and "<polyline" in html
    assert "Income by card colour" in html
    assert 'aria-label="Income of each player by card colour"' in html
    assert "Rematch" in html
    assert f"/g/{game.code}/export.json" in html
    assert f"/g/{game.code}/replay/" in html
    assert 'name="action"' not in html  # no more moves


def test_a_bot_game_plays_to_the_end(client, start):
    game = start([("Ann", "greedy"), ("Ben", "greedy"), ("Cleo", "random")], seed=4)

    html = client.get(f"/g/{game.code}/watch/").content.decode()

    assert game.finished
    assert "has won!" in html


def test_a_rematch_keeps_the_seats_and_changes_the_seed(client, start):
    game = start(
        [("Ann", "greedy"), ("Ben", "random")], edition="kosmos", variants=["two_copies_max"]
    )
    assert game.finished

    response = client.post(f"/g/{game.code}/{game.host_secret}/rematch/")

    new = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert response["Location"] == f"/g/{new.code}/{new.host_secret}/"
    assert [(s["name"], s["kind"]) for s in new.seats] == [("Ann", "greedy"), ("Ben", "random")]
    assert new.setup["edition"] == "kosmos"
    assert new.setup["variants"] == ["two_copies_max"]


def test_a_rematch_with_htmx_redirects_the_page(client, near_win):
    game = finish(near_win())

    response = client.post(
        f"/g/{game.code}/{game.host_secret}/rematch/", headers={"HX-Request": "true"}
    )

    assert response.status_code == 204
    assert response["HX-Redirect"].startswith("/g/")


def test_every_press_of_rematch_leads_to_the_same_new_game_each_into_its_own_seat(client, near_win):
    game = finish(near_win())

    by_ann = client.post(f"/g/{game.code}/{game.seats[0]['secret']}/rematch/")
    by_ben = client.post(f"/g/{game.code}/{game.seats[1]['secret']}/rematch/")
    by_host = client.post(f"/g/{game.code}/{game.host_secret}/rematch/")

    new = Game.objects.exclude(pk=game.pk).get()
    assert by_ann["Location"] == f"/g/{new.code}/{new.seats[0]['secret']}/"
    assert by_ben["Location"] == f"/g/{new.code}/{new.seats[1]['secret']}/"
    assert by_host["Location"] == f"/g/{new.code}/{new.host_secret}/"


def test_the_next_poll_of_every_page_leads_to_the_rematch(client, near_win):
    game = finish(near_win())
    pages = {
        "ann": f"/g/{game.code}/{game.seats[0]['secret']}/",
        "ben": f"/g/{game.code}/{game.seats[1]['secret']}/",
        "watch": f"/g/{game.code}/watch/",
    }
    html = client.get(pages["ben"]).content.decode()
    assert f"/g/{game.code}/{game.seats[1]['secret']}/poll/" in html  # still following

    client.post(f"/g/{game.code}/{game.host_secret}/rematch/")

    new = Game.objects.exclude(pk=game.pk).get()
    htmx = {"HX-Request": "true"}
    ann = client.get(pages["ann"] + f"poll/?v={game.version}", headers=htmx)
    ben = client.get(pages["ben"] + f"poll/?v={game.version}", headers=htmx)
    watch = client.get(pages["watch"] + f"poll/?v={game.version}", headers=htmx)
    assert ann["HX-Redirect"] == f"/g/{new.code}/{new.seats[0]['secret']}/"
    assert ben["HX-Redirect"] == f"/g/{new.code}/{new.seats[1]['secret']}/"
    assert watch["HX-Redirect"] == f"/g/{new.code}/watch/"
    # Without JavaScript the finished board links to the player's own seat in the rematch.
    html = client.get(pages["ben"]).content.decode()
    assert f'href="/g/{new.code}/{new.seats[1]["secret"]}/"' in html


def test_a_game_still_being_played_has_no_rematch(client, start):
    game = start()

    response = client.post(f"/g/{game.code}/{game.host_secret}/rematch/")

    assert response.status_code == 409
    assert "once the game is over" in response.content.decode()
    assert Game.objects.count() == 1


def test_watchers_cannot_start_a_rematch(client, start):
    game = start()

    assert client.post(f"/g/{game.code}/watch/rematch/").status_code == 404


def test_the_export_is_versioned_and_replays(client, start):
    game = start([("Ann", "greedy"), ("Ben", "random")], seed=9)

    response = client.get(f"/g/{game.code}/export.json")

    doc = json.loads(response.content)
    assert response["Content-Disposition"].startswith("attachment")
    assert doc["format"] == 1
    assert doc["setup"]["seed"] == 9
    assert len(doc["actions"]) == game.version
    assert [s["kind"] for s in doc["seats"]] == ["greedy", "random"]


def test_an_export_imports_and_steps_through(client, start):
    game = start([("Ann", "greedy"), ("Ben", "random")], seed=9)
    exported = client.get(f"/g/{game.code}/export.json").content.decode()

    response = client.post("/import/", {"text": exported})

    imported = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert response["Location"] == f"/g/{imported.code}/replay/"
    assert imported.state == game.state
    assert imported.version == game.version

    start_page = client.get(f"/g/{imported.code}/replay/").content.decode()
    assert f"Move 0 of {game.version}" in start_page
    second = client.get(f"/g/{imported.code}/replay/?step=2").content.decode()
    assert f"Move 2 of {game.version}" in second
    assert "Ann rolls" in second
    last = client.get(
        f"/g/{imported.code}/replay/?step=999", headers={"HX-Request": "true"}
    ).content.decode()
    assert "<html" not in last
    assert f"Move {game.version} of {game.version}" in last
    assert "has won!" in last


def test_an_export_file_can_be_uploaded(client, start):
    from django.core.files.uploadedfile import SimpleUploadedFile

    game = start([("Ann", "greedy"), ("Ben", "random")], seed=2)
    upload = SimpleUploadedFile("game.json", client.get(f"/g/{game.code}/export.json").content)

    response = client.post("/import/", {"file": upload})

    assert response.status_code == 302


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "This is not an exported game: This is not JSON (line 1, column 1)."),
        ("[" * 100_000 + "]" * 100_000, "nested more than 16 levels deep"),
        ('{"format": 2, "setup": {}, "actions": []}', "not an exported game of format 1"),
        ('{"format": 1, "setup": {}, "actions": {}}', "needs a setup and a list"),
        ("", "Choose a file"),
    ],
)
def test_a_bad_import_is_refused(client, text, message):
    response = client.post("/import/", {"text": text})

    assert response.status_code == 400
    assert message in response.content.decode()
    assert Game.objects.count() == 0


def test_an_import_that_does_not_replay_is_refused(client, start):
    game = start([("Ann", "greedy"), ("Ben", "random")], seed=9)
    doc = game.export()
    doc["actions"].insert(1, {"type": "roll", "dice": 2})

    response = client.post("/import/", {"text": json.dumps(doc)})

    assert response.status_code == 400
    assert "This game does not replay" in response.content.decode()
    assert Game.objects.count() == 1


def test_the_import_page_has_a_form(client):
    html = client.get("/import/").content.decode()

    assert 'enctype="multipart/form-data"' in html
    assert 'name="file"' in html


def test_the_winning_move_announces_the_finished_game_once(near_win):
    from play.signals import game_finished

    finished = []

    def receiver(sender, game, **kwargs):
        finished.append((game.code, game.version))

    game_finished.connect(receiver)
    try:
        game = finish(near_win())
    finally:
        game_finished.disconnect(receiver)

    assert finished == [(game.code, 2)]
