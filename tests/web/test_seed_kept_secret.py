"""The dice are secret until they are rolled (RULES.md §6, 2026-11-28): every draw of a game
follows from its seed, so no page, fragment, poll, stream or export of a game under way shows
it to a seat, a watcher or the host's screen. Once the game has ended the seed is shown and
exported, and the export replays. A seed the players chose is theirs to see, and the game says
so. Fresh seeds are drawn from 64 bits."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from seed_crawl import crawl, sent_text, spellings, where_seen

from play.engine import new_game
from play.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

SEED = 0xC0FFEE5EED123457  # 64 bits: every spelling of it is long enough to be found only as it
ROLL = {"type": "roll", "dice": 1}


@pytest.fixture
def pings_fast(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05


def _game_nearly_won() -> Game:
    """Ann (seat 0, to roll) has three landmarks and 30 coins; Ben and a greedy bot play too.
    Made as the app makes any game whose seed nobody chose."""
    state = new_game(
        "classic",
        players=["Ann", "Ben", "Cem"],
        seed=SEED,
        coins=[30, 3, 3],
        built=[["train_station", "shopping_mall", "amusement_park"], [], []],
    )
    return Game.create_from(state, ["human", "human", "greedy"])


def _move(client, game: Game, key: str, action: dict, sent: dict) -> None:
    game.refresh_from_db()
    for language in ("en",):
        response = client.post(
            f"/g/{game.code}/{key}/move/",
            {"version": game.version, "action": json.dumps(action)},
            HTTP_HX_REQUEST="true",
            HTTP_ACCEPT_LANGUAGE=language,
        )
        sent[f"move {action} as {key[:4]}"] = sent_text(response)


def test_no_route_of_a_game_under_way_shows_its_seed_and_every_route_after_it(client, pings_fast):
    game = _game_nearly_won()
    ann, ben = (seat["secret"] for seat in game.seats[:2])
    sent = crawl(client, game)

    answers: dict[str, str] = {}
    _move(client, game, ann, ROLL, answers)
    _move(client, game, ben, ROLL, answers)  # not Ben's turn: refused, the board with why
    _move(client, game, ann, {"type": "build", "card": "wheat_field"}, answers)
    game.refresh_from_db()
    response = client.post(
        f"/g/{game.code}/{ann}/undo/", {"version": game.version}, HTTP_HX_REQUEST="true"
    )
    answers["undo"] = sent_text(response)
    _move(client, game, ann, {"type": "pass"}, answers)
    _move(client, game, ben, ROLL, answers)
    _move(client, game, ben, {"type": "pass"}, answers)  # then the bot plays its turn
    sent |= answers | crawl(client, game)

    assert where_seen(SEED, sent) == []

    game.refresh_from_db()
    assert not game.finished and game.load().active == 0
    _move(client, game, ann, ROLL, {})
    _move(client, game, ann, {"type": "build_landmark", "landmark": "radio_tower"}, {})
    game.refresh_from_db()
    assert game.finished
    after = crawl(client, game)

    seen_in = {what for what, _spelling in where_seen(SEED, after)}
    for page in (f"/g/{game.code}/{game.host_secret}/", f"/g/{game.code}/{ann}/"):
        assert f"en {page} {{}}" in seen_in
    assert f"en /g/{game.code}/watch/ {{}}" in seen_in
    assert f"de /g/{game.code}/export.json {{}}" in seen_in
    exported = client.get(f"/g/{game.code}/export.json").content
    assert json.loads(exported)["setup"]["seed"] == SEED
    upload = SimpleUploadedFile("game.json", exported)
    response = client.post("/import/", {"file": upload})
    assert response.status_code == 302
    imported = Game.objects.exclude(pk=game.pk).get()
    assert imported.setup["seed"] == SEED and imported.load() == game.load()


def test_the_export_of_a_game_under_way_is_refused_in_the_visitors_language(client):
    game = _game_nearly_won()

    response = client.get(f"/g/{game.code}/export.json", HTTP_ACCEPT_LANGUAGE="de")

    assert response.status_code == 409
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert "Partie" in html and "geheim" in html
    assert not any(spelling in html for spelling in spellings(SEED))


def test_a_seed_the_players_chose_is_shown_and_said_to_be_theirs(client):
    response = client.post(
        "/",
        {
            "edition": "classic",
            "name_0": "Ann",
            "kind_0": "human",
            "name_1": "Ben",
            "kind_1": "human",
            "first_player": "0",
            "seed": "424242",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302 and game.seed_chosen

    html = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()
    assert "424242" in html
    assert "you chose" in html
    assert client.get(f"/g/{game.code}/export.json").status_code == 200


def test_a_game_nobody_chose_a_seed_for_draws_it_from_64_bits(start):
    seeds = [
        start([("Ann", "human"), ("Ben", "human")], seed=None).setup["seed"] for _ in range(16)
    ]

    assert all(0 <= seed < 2**64 for seed in seeds)
    assert max(seeds) >= 2**60  # all 16 below it: one chance in 2**64
    assert not any(Game.objects.filter(seed_chosen=True))


def test_a_rematch_draws_a_fresh_64_bit_seed_nobody_chose(client, near_win):
    game = near_win()
    game.apply_action(ROLL, version=0, who="host")
    game.apply_action({"type": "build_landmark", "landmark": "radio_tower"}, version=1, who="host")

    rematch = game.rematch()

    assert not rematch.seed_chosen
    assert rematch.setup["seed"] != game.setup["seed"]
    html = client.get(f"/g/{rematch.code}/{rematch.host_secret}/").content.decode()
    assert where_seen(rematch.setup["seed"], {"rematch": html}) == []
