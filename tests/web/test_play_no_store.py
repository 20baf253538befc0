"""Every page of a game's links (a seat's and the host's page, watch, poll, export, replay,
the stream and the answers to a move) is sent with Cache-Control: no-store (issue 27), as the
campaign's pages are: a shared phone or a proxy keeps no copy of a page that holds a key. The
routes are read from play/urls.py, so a page added later is checked too."""

import pytest
from stream_reader import stream_answer

from play import urls

# committed: a stream finds its game from a thread of its own (tests/stream_reader.py)
pytestmark = pytest.mark.django_db(transaction=True)


def test_every_route_with_a_code_is_no_store(client, start):
    game = start()
    host_key = game.host_secret
    checked = []
    for pattern in urls.urlpatterns:
        route = str(pattern.pattern)
        if "<secret:code>" not in route:
            continue
        path = "/" + route.replace("<secret:code>", game.code).replace("<secret:key>", host_key)
        if route.endswith("events/"):
            response = stream_answer("get", path)
        elif route.endswith(("move/", "undo/", "rematch/")):
            response = client.post(path, {"version": game.version})
        else:
            response = client.get(path)
        assert "no-store" in response.get("Cache-Control", ""), (path, response.status_code)
        checked.append(pattern.name)
    assert {"game", "watch", "poll", "export", "replay"} <= set(checked)
