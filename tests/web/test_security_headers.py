"""What every answer carries and what no page holds (issue 10): a content security policy that
allows no inline script or style, pages that need none, HEAD answered like GET without moving a
bot, and secrets of 128 bits compared in constant time."""

import base64
import re
import secrets
from unittest import mock

import pytest

from play.models import Game

pytestmark = pytest.mark.django_db

INLINE = [
    re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),  # a script without src
    re.compile(r"<style", re.I),
    re.compile(r"\sstyle=", re.I),
    re.compile(r"\son[a-z]+=", re.I),  # onclick=, onchange=…
    re.compile(r"javascript:", re.I),
]


def pages(client, near_win) -> dict[str, str]:
    game = near_win()
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    game.apply_action({"type": "build_landmark", "landmark": "radio_tower"}, version=1, who="host")
    assert game.load().winner == 0  # the charts are on the page
    live = Game.start("kosmos", [("Ann", "human"), ("Ben", "greedy")], seed=4)
    return {
        "home": "/",
        "import": "/import/",
        "finished game (host)": f"/g/{game.code}/{game.host_secret}/",
        "finished game (watch)": f"/g/{game.code}/watch/",
        "game (host)": f"/g/{live.code}/{live.host_secret}/",
        "game (seat)": f"/g/{live.code}/{live.seats[0]['secret']}/",
        "replay": f"/g/{game.code}/replay/?step=2",
        "not found": "/g/nosuchgame/watch/",
        "admin login": "/admin/login/",
    }


def test_every_page_has_a_strict_policy_and_nothing_inline(client, near_win):
    for name, url in pages(client, near_win).items():
        response = client.get(url)
        policy = response.headers.get("Content-Security-Policy", "")
        html = response.content.decode()

        assert "script-src 'self'" in policy, name
        assert "style-src 'self'" in policy, name
        assert "unsafe" not in policy, name
        assert "frame-ancestors 'none'" in policy, name
        found = [p.pattern for p in INLINE if p.search(html)]
        assert found == [], f"{name} ({url}) holds inline {found}"


def test_htmx_is_told_to_need_neither_eval_nor_inline_styles(client):
    html = client.get("/").content.decode()

    assert '"allowEval":false' in html
    assert '"includeIndicatorStyles":false' in html


def test_head_is_answered_like_get_and_never_moves_a_bot(client):
    game = Game.start("classic", [("Bot", "greedy"), ("Ann", "human")], seed=2)
    assert game.bot_due_at is not None  # due at once: the next GET would let it move
    urls = [f"/g/{game.code}/{game.host_secret}/", f"/g/{game.code}/watch/"]
    urls.append(f"/g/{game.code}/{game.host_secret}/poll/?v=0")

    heads = [client.head(url) for url in urls]
    game.refresh_from_db()

    assert game.version == 0
    assert [h.status_code for h in heads] == [200, 200, 200]
    assert all(h.content == b"" for h in heads)
    get = client.get(urls[0])
    game.refresh_from_db()
    assert get.status_code == 200 and game.version > 0  # the same request as a GET moves it
    assert heads[0]["Content-Type"] == get["Content-Type"]


def test_head_works_on_the_other_pages(client, start):
    game = start()
    for url in ["/", "/import/", f"/g/{game.code}/replay/", f"/g/{game.code}/export.json"]:
        assert client.head(url).status_code == 200, url


def _bits(token: str) -> int:
    return 8 * len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))


def test_codes_and_keys_hold_128_bits(start):
    game = start()
    tokens = [game.code, game.host_secret, *(seat["secret"] for seat in game.seats)]

    assert all(_bits(token) >= 128 for token in tokens)
    assert len(set(tokens)) == len(tokens)


def test_a_key_is_compared_with_every_secret_in_constant_time(start):
    game = start()
    calls = []
    real = secrets.compare_digest

    def spy(a, b):
        calls.append((type(a), type(b)))
        return real(a, b)

    with mock.patch("play.models.secrets.compare_digest", spy):
        assert game.seat_for(game.host_secret) == "host"  # found first, all compared still

    assert len(calls) == 1 + len(game.seats)
    assert set(calls) == {(bytes, bytes)}


@pytest.mark.parametrize("key", ["äöü", "\x00", "", "watch", "\ud800"])
def test_a_strange_key_belongs_to_no_seat(start, key):
    assert start().seat_for(key) is None
