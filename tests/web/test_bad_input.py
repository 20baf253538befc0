"""Bad input at the web boundary (issue 10): a clear message in the page's language, never a
500, never a row written. On PostgreSQL in CI, so a NUL byte would reach the real database."""

import io
import json

import pytest

from play.models import Game, GameAction

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def rows():
    games = Game.objects.order_by("pk").values_list("pk", "version", "state")
    return list(games), GameAction.objects.count()


def exported(start) -> dict:
    game = start()
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    return game.export()


# --- moves ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        '{"type": "roll", "dice": 1.0}',
        '{"type": "roll", "dice": "1"}',
        '{"type": "roll", "dice": [1]}',
        '{"type": "roll", "dice": {"n": 1}}',
        '{"type": "roll", "dice": null}',
        '{"type": "roll", "dice": true}',
        '{"type": "roll", "dice": NaN}',
        '{"type": "roll", "dice": Infinity}',
        '{"type": "roll", "dice": 1e400}',
        '{"type": "roll", "dice": 100000000000000000000}',
        '{"type": "roll", "dice": ' + "9" * 5000 + "}",
        '{"type": 1}',
        '{"dice": 1}',
        "{}",
        '["roll"]',
        '"roll"',
        "1",
        "",
        "{",
        '{"type": "roll", "dice": 1',
        '{"type": "' + "r" * 100 + '"}',
        json.dumps({f"k{i}": 1 for i in range(20)} | {"type": "roll"}),
        "[" * 100_000 + "]" * 100_000,
        '{"type": "roll", "dice": ' + "[" * 50_000,
        "\x00",
        '{"type": "roll\x00", "dice": 1}',
        '{"type": "roll", "dice": 1}' + " " * 2000,
    ],
)
def test_a_move_of_the_wrong_shape_is_refused_with_a_message(client, start, action):
    game = start()
    before = rows()

    response = client.post(
        f"/g/{game.code}/{game.host_secret}/move/",
        {"version": game.version, "action": action},
        headers=HTMX,
    )

    html = response.content.decode()
    assert response.status_code == 400
    assert "This move could not be read" in html or "That move is not allowed" in html
    assert rows() == before


def test_a_move_that_is_not_json_is_refused_with_the_reason(client, start):
    game = start()

    response = client.post(
        f"/g/{game.code}/{game.host_secret}/move/",
        {"version": game.version, "action": '{"type": NaN}'},
        headers=HTMX,
    )

    assert response.status_code == 400
    assert "This move could not be read: NaN is not a number JSON knows." in (
        response.content.decode()
    )


def test_the_refusal_is_in_the_pages_language(client, start):
    game = start()

    response = client.post(
        f"/g/{game.code}/{game.host_secret}/move/",
        {"version": game.version, "action": '{"type": "roll", "dice": 1.0}'},
        headers={**HTMX, "Accept-Language": "de"},
    )

    assert response.status_code == 400
    assert "Diese Aktion konnte nicht gelesen werden" in response.content.decode()


@pytest.mark.parametrize("version", ["1.0", "", "x", "9" * 5000, "-1", "99999999999999999999"])
def test_a_move_with_a_bad_version_changes_nothing(client, start, version):
    game = start()
    before = rows()

    response = client.post(
        f"/g/{game.code}/{game.host_secret}/move/",
        {"version": version, "action": '{"type": "roll", "dice": 1}'},
        headers=HTMX,
    )

    assert response.status_code in (400, 409)
    assert rows() == before


# --- sizes ---------------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_before_it_is_read(client, start, settings):
    game = start()
    before = rows()
    too_much = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)

    response = client.post(
        f"/g/{game.code}/{game.host_secret}/move/",
        {"version": game.version, "action": too_much},
        headers={"Accept-Language": "nl"},
    )

    assert response.status_code == 413
    assert "Dit was te groot" in response.content.decode()
    assert rows() == before


def test_an_upload_over_the_limit_is_refused_too(client, settings):
    big = io.BytesIO(b" " * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10))
    big.name = "game.json"

    response = client.post("/import/", {"file": big})

    assert response.status_code == 413
    assert "This was too large" in response.content.decode()
    assert Game.objects.count() == 0


def test_an_import_over_256_kb_is_refused_with_its_size(client, start, settings):
    doc = exported(start)
    before = rows()
    text = json.dumps({**doc, "padding": "x" * settings.GAME_IMPORT_MAX_BYTES})

    response = client.post("/import/", {"text": text})

    assert response.status_code == 400
    assert "at most 256.0" in response.content.decode()
    assert rows() == before


def test_an_uploaded_file_over_256_kb_is_refused(client, start, settings):
    doc = exported(start)
    before = rows()
    upload = io.BytesIO(json.dumps(doc).encode() + b" " * settings.GAME_IMPORT_MAX_BYTES)
    upload.name = "game.json"

    response = client.post("/import/", {"file": upload})

    assert response.status_code == 400
    assert "an exported game is at most 256.0" in response.content.decode()
    assert rows() == before


def test_an_import_with_too_many_actions_is_refused(client, start, settings):
    doc = exported(start)
    doc["actions"] = [{"type": "pass"}] * (settings.GAME_IMPORT_MAX_ACTIONS + 1)
    before = rows()

    response = client.post("/import/", {"text": json.dumps(doc)})

    assert response.status_code == 400
    assert "2001 actions; at most 2000" in response.content.decode()
    assert rows() == before


# --- imports -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: "[" * 100_000 + "]" * 100_000, "nested more than 16 levels"),
        (lambda text: text[: len(text) // 2], "This is not JSON (line"),
        (lambda text: text.replace('"dice": 1', '"dice": 1.0'), "Action 1: A move is"),
        (lambda text: text.replace('"dice": 1', '"dice": NaN'), "NaN is not a number"),
        (lambda text: text.replace('"dice": 1', '"dice": "1"'), "This game does not replay"),
        (lambda text: text.replace('"dice": 1', '"dice": [[[1]]]'), "Action 1: A move is"),
        (lambda text: text.replace('"format": 1', '"format": 1.5'), "format 1"),
        (lambda text: "[]", "format 1"),
        (lambda text: '{"format": 1, "setup": [], "actions": []}', "needs a setup"),
    ],
)
def test_a_malformed_import_is_refused_with_a_message(client, start, change, message):
    text = change(json.dumps(exported(start)))
    before = rows()

    response = client.post("/import/", {"text": text})

    assert response.status_code == 400
    assert message in response.content.decode()
    assert rows() == before


def test_a_file_that_is_not_utf8_is_refused(client):
    upload = io.BytesIO(b'{"format": 1, "setup": {"name": "\xff"}}')
    upload.name = "game.json"

    response = client.post("/import/", {"file": upload}, headers={"Accept-Language": "de"})

    assert response.status_code == 400
    assert "UTF-8" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_setup_the_engine_trips_on_is_refused_not_a_500(client, start):
    doc = exported(start)
    doc["setup"]["players"] = 7  # not a list of names at all
    before = rows()

    response = client.post("/import/", {"text": json.dumps(doc)})

    assert response.status_code == 400
    assert rows() == before


# --- URLs ----------------------------------------------------------------------------------

JUNK = ["%00", "a%00b", "%C3%A4", "x" * 65, "%20", "..", "%2F", "a.b", "%E2%80%AE", "%FF"]


@pytest.mark.parametrize("junk", JUNK)
def test_junk_in_a_code_or_key_is_a_404_before_any_query(client, start, junk):
    game = start()
    urls = [
        f"/g/{junk}/watch/",
        f"/g/{junk}/replay/",
        f"/g/{junk}/export.json",
        f"/g/{junk}/{game.host_secret}/",
        f"/g/{game.code}/{junk}/",
        f"/g/{game.code}/{junk}/poll/?v=0",
    ]
    for url in urls:
        assert client.get(url).status_code == 404, url
    for url in [f"/g/{junk}/{game.host_secret}/move/", f"/g/{game.code}/{junk}/undo/"]:
        assert client.post(url, {"version": 0}).status_code == 404, url
