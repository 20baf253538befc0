"""Pages and JSON leave the app server compressed (issue 27), with a random padding against
BREACH; a stream of live updates and the static files are not compressed by it."""

import gzip

import pytest
from django.test import AsyncClient
from stream_reader import run

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_board_and_an_export_are_gzipped(client, start):
    game = start()
    board = client.get(f"/g/{game.code}/{game.host_secret}/", HTTP_ACCEPT_ENCODING="gzip")
    export = client.get(f"/g/{game.code}/export.json", HTTP_ACCEPT_ENCODING="gzip")

    for response in (board, export):
        assert response["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response["Vary"]
    html = gzip.decompress(board.content).decode()
    assert game.code in html and len(board.content) < len(html) / 3
    assert gzip.decompress(export.content).startswith(b"{")


def test_the_same_page_twice_differs_in_length(client):
    """Django's 'Heal the Breach' padding: an attacker cannot read a guess off one size."""
    sizes = {len(client.get("/", HTTP_ACCEPT_ENCODING="gzip").content) for _ in range(8)}
    assert len(sizes) > 1


def test_no_compression_without_accept_encoding(client):
    assert "Content-Encoding" not in client.get("/")


def test_a_stream_is_not_compressed(start):
    game = start()
    path = f"/g/{game.code}/{game.host_secret}/events/"
    response = run(AsyncClient().get(path, headers={"Accept-Encoding": "gzip"}))
    assert response["Content-Type"].startswith("text/event-stream")
    assert "Content-Encoding" not in response
