import pytest

pytestmark = pytest.mark.django_db


def test_the_host_page_shows_the_whole_table(client, start, page):
    game = start()
    response = client.get(f"/g/{game.code}/{game.host_secret}/")
    board = page(response)

    assert response.status_code == 200
    assert "<html" in board.html
    assert board.actions == [{"type": "roll", "dice": 1}]
    assert board.version == game.version
    assert "Ann rolls the dice." in board.html
    assert "Wheat Field" in board.html and "Take 1 coin from the bank." in board.html
    assert "Train Station" in board.html and "You may roll 1 or 2 dice." in board.html
    assert 'class="market-card blue"' in board.html
    assert "Play on your own phones" in board.html  # seat links and QR codes
    assert board.html.count("<svg") >= 2


def test_with_htmx_only_the_board_is_rendered(client, start, page):
    game = start()
    response = client.get(f"/g/{game.code}/{game.host_secret}/", headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert "<html" not in response.content.decode()
    assert response.content.decode().lstrip().startswith('<div id="board"')
    assert page(response).actions == [{"type": "roll", "dice": 1}]


def test_a_seat_link_acts_only_on_its_own_turn(client, start, page):
    game = start()
    ann, ben = game.seats[0]["secret"], game.seats[1]["secret"]

    ann_page = page(client.get(f"/g/{game.code}/{ann}/"))
    ben_page = page(client.get(f"/g/{game.code}/{ben}/"))

    assert ann_page.actions == [{"type": "roll", "dice": 1}]
    assert ben_page.actions == []
    assert "Waiting for Ann." in ben_page.html
    assert "Play on your own phones" not in ann_page.html  # no one else's secret leaks
    assert game.host_secret not in ann_page.html
    assert ben not in ann_page.html


def test_watchers_see_the_board_without_buttons_or_secrets(client, start, page):
    game = start()
    watch = page(client.get(f"/g/{game.code}/watch/"))

    assert watch.actions == []
    assert "You are watching" in watch.html
    assert game.host_secret not in watch.html
    for seat in game.seats:
        assert seat["secret"] not in watch.html


def test_a_wrong_link_is_not_found(client, start):
    game = start()

    assert client.get(f"/g/{game.code}/not-a-secret/").status_code == 404
    assert client.get("/g/nosuchgame/watch/").status_code == 404
    other = start()
    assert client.get(f"/g/{game.code}/{other.host_secret}/").status_code == 404


def test_the_page_follows_a_stream_falls_back_to_polls_and_works_without_javascript(client, start):
    game = start()
    html = client.get(f"/g/{game.code}/{game.host_secret}/").content.decode()

    assert f'sse-connect="/g/{game.code}/{game.host_secret}/events/?v={game.version}"' in html
    # static/js/live.js fires the poll only while the stream is down and the page is visible
    assert f'hx-get="/g/{game.code}/{game.host_secret}/poll/?v={game.version}"' in html
    assert 'hx-trigger="poll"' in html and "data-poll" in html
    assert '<form id="actions-form" method="post"' in html
    assert "<noscript>" in html
    assert 'id="connection"' in html


@pytest.mark.parametrize(
    ("language", "words"),
    [("de", "Weizenfeld"), ("nl", "Graanveld"), ("en", "Wheat Field")],
)
def test_card_names_follow_the_language(client, start, language, words):
    game = start()
    html = client.get(
        f"/g/{game.code}/watch/", headers={"accept-language": language}
    ).content.decode()

    assert words in html


def test_kosmos_cards_carry_their_theme_names(client, start):
    game = start(edition="kosmos")
    html = client.get(f"/g/{game.code}/watch/", headers={"accept-language": "de"}).content.decode()

    assert "Autorinnen &amp; Autoren" in html
    assert "Kosmos Shop" in html


def test_a_wrong_link_gets_a_friendly_page(client, settings, start):
    settings.DEBUG = False
    game = start()

    response = client.get(f"/g/{game.code}/forged/", headers={"accept-language": "de"})

    assert response.status_code == 404
    assert "Hier ist nichts" in response.content.decode()
