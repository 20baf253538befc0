"""Clear information: what the board, the end screen, the replay and the guides tell."""

import re

import pytest

from play import charts

pytestmark = pytest.mark.django_db


def finish(game):
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    game.apply_action({"type": "build_landmark", "landmark": "radio_tower"}, version=1, who="host")
    return game


def test_the_board_names_edition_variants_and_seed_and_offers_export_and_replay(client, start):
    game = start(edition="kosmos", variants=["two_copies_max"], seed=4242)

    html = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()

    footer = html[html.index('class="game-facts') :]
    assert "200 Jahre Kosmos" in footer and "Beginners&#x27; limit" in footer
    assert "seed 4242" in footer
    assert f"/g/{game.code}/export.json" in footer and f"/g/{game.code}/replay/" in footer
    assert "/how-to-play/kosmos/" in footer


def test_the_end_screen_has_the_standings_and_no_next_turn_badge(client, near_win):
    game = finish(near_win())

    html = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()

    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html[html.index("standings") :], re.S)[1:3]
    assert "Ann" in rows[0] and "4/4" in rows[0]
    assert "Ben" in rows[1] and "0/4" in rows[1]
    assert "from the next turn" not in html


def test_the_coins_chart_has_ticks_gridlines_and_a_zero_on_its_axis():
    svg = str(charts.coins_chart(["Ann", "Ben"], [[3, 3], [4, 3], [12, 5], [30, 7]]))

    labels = re.findall(r'dominant-baseline="middle">(\d+)</text>', svg)
    assert labels == ["0", "10", "20", "30"]
    zero_line = re.search(r'<line x1="40" y1="([\d.]+)"[^>]*stroke="#888"/><text[^>]*>0<', svg)
    zero_text = re.search(r'<text x="34" y="([\d.]+)"[^>]*>0</text>', svg)
    assert zero_line.group(1) == zero_text.group(1)  # the 0 sits on the axis, centred
    assert 'font-size="14"' in svg and 'viewBox="0 0 360' in svg


def test_the_replay_disables_back_at_the_start_and_next_at_the_end(client, start):
    game = start([("Ann", "greedy"), ("Ben", "random")], seed=9)
    steps = game.version

    first = client.get(f"/g/{game.code}/replay/?step=0").content.decode()
    last = client.get(f"/g/{game.code}/replay/?step={steps}").content.decode()

    assert re.search(r'<button type="button" class="[^"]*" disabled data-replay="back"', first)
    assert 'rel="next"' in first
    assert re.search(r'<button type="button" class="[^"]*" disabled data-replay="next"', last)
    assert 'rel="prev"' in last
    assert 'data-replay="play"' in first and "js/replay.js" in first


def test_the_replay_jumps_to_the_start_of_a_turn(client, start):
    game = start([("Ann", "greedy"), ("Ben", "random")], seed=9)

    html = client.get(f"/g/{game.code}/replay/?step=0").content.decode()

    options = re.findall(r'<option value="(\d+)"[^>]*>Turn (\d+)</option>', html)
    assert options[0] == ("0", "1") and len(options) > 3
    step, turn = options[3]
    jumped = client.get(f"/g/{game.code}/replay/?step={step}").content.decode()
    assert f'<option value="{step}" selected>Turn {turn}</option>' in jumped


@pytest.mark.parametrize(
    ("edition", "language", "words"),
    [
        ("classic", "en", ["How to play", "Wheat Field", "What the icons mean"]),
        ("kosmos", "en", ["Authors", "Kosmos Shop"]),
        ("kosmos", "de", ["Autorinnen &amp; Autoren", "Kosmos"]),
        ("classic", "nl", ["Graanveld"]),
    ],
)
def test_each_edition_has_a_guide_with_its_cards_and_icons(client, edition, language, words):
    html = client.get(
        f"/how-to-play/{edition}/", headers={"Accept-Language": language}
    ).content.decode()

    for word in words:
        assert word in html


def test_the_kosmos_guide_says_the_wheat_icon_is_on_its_authors(client):
    html = client.get("/how-to-play/kosmos/").content.decode()

    wheat = html[html.index("Wheat</dt>") :]
    assert "On: Authors, Apple Orchard." in wheat[:300]
    assert "Counted by: Fruit and Vegetable Market." in wheat[:300]


def test_an_unknown_edition_has_no_guide(client):
    assert client.get("/how-to-play/chess/").status_code == 404


def test_the_home_page_has_a_place_for_the_games_of_this_device_and_a_favicon(client):
    html = client.get("/").content.decode()

    assert 'id="your-games"' in html and "js/your-games.js" in html
    assert 'rel="icon"' in html and "favicon.svg" in html
    assert client.get("/favicon.ico")["Location"].endswith("favicon.svg")


def test_a_game_page_leaves_what_the_home_page_lists(client, start):
    game = start()

    html = client.get(f"/g/{game.code}/{game.seats[1]['secret']}/").content.decode()

    memo = re.search(r'<div id="game-memo"[^>]*>', html, re.S).group(0)
    assert f'data-url="/g/{game.code}/{game.seats[1]["secret"]}/"' in memo
    assert 'data-title="Ann, Ben · Classic"' in memo and 'data-mode="Ben"' in memo
