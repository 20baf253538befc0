"""The Legacy rules on the board: tableau slots, the community project and its flags, the
expedition track and islands, the Yōkai's face-down cards, the rest day, stickers and the box of
rules in force; their buttons appear exactly when the engine offers them, and posting them plays."""

import json
import re
from html import unescape

import pytest
from django.utils import translation

from play.engine import apply_action, legal_actions, new_game
from play.models import Game
from tests.web.legacy_setup import legacy_setup

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A request in German or Dutch leaves its language active in this thread: reset it."""
    yield
    translation.activate("en")


def make(players=3, kinds=None, **changes) -> Game:
    setup = legacy_setup(players, **changes)
    return Game.create_from_setup(setup, kinds or ["human"] * players)


def host(client, game, language="en"):
    return client.get(f"/g/{game.code}/{game.host_secret}/", headers={"accept-language": language})


def post(client, game, action, htmx=True):
    response = client.post(
        f"/g/{game.code}/{game.host_secret}/move/",
        {"version": game.version, "action": json.dumps(action)},
        headers=HTMX if htmx else {},
    )
    game.refresh_from_db()
    return response


def same(shown: list[dict], legal: list[dict]) -> bool:
    """The buttons are exactly the legal actions (the board orders them its own way)."""

    def key(action):
        return json.dumps(action, sort_keys=True)

    return sorted(map(key, shown)) == sorted(map(key, legal))


def words(response) -> str:
    """The page's text with HTML entities (such as the apostrophe) read back."""
    return unescape(response.content.decode())


def city(html: str, seat: int) -> str:
    """The HTML of one seat's city card."""
    start = re.search(rf'<article class="city card[^"]*" data-seat="{seat}">', html).start()
    end = html.find("</article>", start)
    return html[start:end]


def track(html: str) -> str:
    start = html.index('class="track ')
    return html[start : html.index("</ol>", start)]


def test_landmarks_sit_on_lettered_slots_at_the_slot_costs(client, page):
    game = make()
    ann = city(page(host(client, game)).html, 0)

    for letter, name, cost in (
        ("A", "Blast Furnace", 5),
        ("B", "Flower Shop", 15),
        ("C", "Fountain", 25),
    ):
        pattern = (
            rf'slot-letter[^>]*>{letter}</span>\s*{name}.*?bi-coin" aria-hidden="true"></i> {cost}<'
        )
        assert re.search(pattern, ann, re.S), f"{letter} {name} {cost}"
    assert "</i> 10<" not in ann  # the landmark definitions' own cost is not the slot's


def test_the_project_card_shows_cost_benefit_and_flags(client, page):
    game = make(coins=[20, 3, 3])
    post(client, game, {"type": "roll", "dice": 1})
    board = page(host(client, game))
    assert "Community project" in board.html
    assert "Observatory" in board.html
    assert "Take 1 coin for each wheat establishment you own." in board.html
    assert "No flags yet." in board.html
    assert {"type": "contribute"} in board.actions
    assert "Put your flag on Observatory (20)" in board.html

    response = post(client, game, {"type": "contribute"})

    board = page(response)
    assert "Ann puts a flag on the community project Observatory for 20 coins." in board.html
    assert re.search(r"Flags:.*?bi-flag-fill[^>]*></i> Ann</span>", board.html, re.S)
    assert "bi-flag-fill" in city(board.html, 0)


def test_the_track_shows_every_space_island_and_boat(client, page):
    game = make()
    html = page(host(client, game)).html
    drawn = track(html)

    assert drawn.count('class="track-space') == 7  # the harbour and spaces 1..6
    for space in range(1, 7):
        assert f'data-space="{space}"' in drawn
    for name in ("Gull Rock", "Bread Isle", "Twin Isle"):
        assert name in drawn
    assert "At the start of each of your turns, take 1 coin from the bank." in drawn
    assert "Each of your wheat establishments earns 2 coins more." in drawn
    harbour = drawn[: drawn.index('data-space="1"')]
    for seat, initial in enumerate("ABC"):
        assert f'class="boat seat-{seat}"' in harbour and f">{initial}<" in harbour
    assert "claimed by" not in drawn


def test_mayors_sail_in_their_own_colours(client, page):
    setup = legacy_setup(3)
    game = Game.create_from_setup(setup, ["human"] * 3, colours=["yellow", "teal", "pink"])
    harbour = track(page(host(client, game)).html).split('data-space="1"')[0]
    for colour in ("yellow", "teal", "pink"):
        assert f'class="boat mayor-{colour}"' in harbour
    assert "boat seat-" not in harbour


def test_sail_buttons_are_the_engines_and_sailing_claims_an_island(client, page):
    game = make(coins=[4, 3, 3])
    board = page(post(client, game, {"type": "roll", "dice": 1}))  # 4 or 5 coins now

    assert same(board.actions, legal_actions(game.load()))
    assert {"type": "sail", "spaces": 1} in board.actions
    assert {"type": "sail", "spaces": 2} in board.actions
    assert {"type": "sail", "spaces": 3} not in board.actions  # 6 coins
    assert "Sail 1 space (2 coins)" in board.html
    assert "Sail 2 spaces (4 coins)" in board.html
    assert 'data-kind="sail" data-cost="4"' in board.html

    board = page(post(client, game, {"type": "sail", "spaces": 2}))

    state = game.load()
    assert state.players[0].boat == 2 and state.players[0].islands == ("gull_rock",)
    assert "Ann sails 2 spaces, from 0 to 2, for 4 coins." in board.html
    assert "Ann claims the island Gull Rock (space 2)." in board.html
    assert "claimed by Ann" in track(board.html)
    ann = city(board.html, 0)
    # An island works at once (RULES.md §6): no "from the next turn" badge.
    assert 'data-island="gull_rock"' in ann and "from the next turn" not in ann


def test_sailing_works_without_htmx(client, page):
    game = make(coins=[4, 3, 3])
    post(client, game, {"type": "roll", "dice": 1})

    response = post(client, game, {"type": "sail", "spaces": 1}, htmx=False)

    assert response.status_code == 302
    assert game.load().players[0].boat == 1
    html = page(client.get(response["Location"])).html
    assert "Ann sails 1 space, from 0 to 1, for 2 coins." in html


def test_an_island_pays_its_owner_each_turn(client, page):
    game = make(players=2, coins=[4, 3])
    post(client, game, {"type": "roll", "dice": 1})
    post(client, game, {"type": "sail", "spaces": 2})
    post(client, game, {"type": "roll", "dice": 1})
    post(client, game, {"type": "pass"})

    assert "Ann's Gull Rock earns 1 coin." in words(host(client, game))


def test_no_sail_without_the_coins_or_the_rule_and_no_rest_without_its_rule(client, page):
    game = make(coins=[0, 3, 3])
    board = page(post(client, game, {"type": "roll", "dice": 1}))  # at most 1 coin: no sail

    assert not [a for a in board.actions if a["type"] == "sail"]
    assert {"type": "rest"} in board.actions

    plain = make(coins=[4, 3, 3], rules=[], expedition=None)
    board = page(post(client, plain, {"type": "roll", "dice": 1}))
    assert same(board.actions, legal_actions(plain.load()))
    assert {a["type"] for a in board.actions} <= {"build", "build_landmark", "contribute", "pass"}
    assert 'class="track ' not in board.html
    assert "Rules in force" not in board.html


def test_resting_takes_a_coin_and_ends_the_turn(client, page):
    game = make()
    board = page(post(client, game, {"type": "roll", "dice": 1}))
    assert "Rest: take 1 coin, build nothing" in board.html

    board = page(post(client, game, {"type": "rest"}))

    assert game.load().active == 1
    assert "Ann takes a rest day." in board.html
    assert "Ann takes 1 coin for resting." in board.html


def test_resting_works_without_htmx(client):
    game = make()
    post(client, game, {"type": "roll", "dice": 1})

    response = post(client, game, {"type": "rest"}, htmx=False)

    assert response.status_code == 302
    events = game.actions.order_by("-index").first().events
    assert {"type": "rest", "player": 0} in events
    assert game.load().active == 1


def _doubles_seed() -> int:
    """A seed whose first roll of two dice is doubles (Ann has the Blast Furnace built)."""
    for seed in range(500):
        state = new_game(legacy_setup(seed=seed, built=[["hochofen"], [], []], coins=[3, 9, 3]))
        state, _events = apply_action(state, {"type": "roll", "dice": 2})
        if state.dice[0] == state.dice[1]:
            return seed
    raise AssertionError("no seed rolls doubles first")


def test_the_yokai_turns_a_card_face_down_and_up_again(client, page):
    game = make(seed=_doubles_seed(), built=[["hochofen"], [], []], coins=[3, 9, 3])
    response = post(client, game, {"type": "roll", "dice": 2})
    board = page(response)

    # Ben is the richest other player; his Bakery (cost 2 with its sticker) is the dearest card.
    assert game.load().players[1].face_down == {"bakery": 1}
    assert "The Yōkai haunts Ann's doubles: Ben turns Bakery face down until their next turn." in (
        words(response)
    )
    ben = city(board.html, 1)
    assert re.search(r'mini-card face-down" data-card="bakery".*?face down</span>', ben, re.S)
    assert 'mini-card green" data-card="bakery"' not in ben  # no face-up copy left
    assert "face-down" not in city(board.html, 0)

    post(client, game, {"type": "pass"})
    board = page(host(client, game))
    assert "Ben turns Bakery face up again." in board.html
    assert "face-down" not in city(board.html, 1)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        # named as the rule cards name them, one name per rule on a campaign's pages
        ("en", ["Rules in force", "The Expedition", "The Night Fox (Yōkai)", "Rest Day"]),
        ("de", ["Geltende Regeln", "Die Expedition", "Der Nachtfuchs (Yōkai)", "Ruhetag"]),
        ("nl", ["Geldende regels", "De expeditie", "De Nachtvos (yōkai)", "Rustdag"]),
    ],
)
def test_the_rules_in_force_are_listed_in_each_language(client, page, language, expected):
    game = make()
    html = page(host(client, game, language)).html
    box = html[
        html.index('class="rules-in-force') : html.index(
            "</section>", html.index('class="rules-in-force')
        )
    ]

    for text in expected:
        assert text in box
    assert 'data-rule="yokai_flip"' in box and "yokai-note" in box
    assert 'data-rule="yokai_coins"' not in box


def test_stickered_cards_show_what_the_sticker_changed(client, page):
    game = make()
    html = page(host(client, game)).html

    market = html[html.index('class="market ') :]
    bakery = market[
        market.index('data-card="bakery"') : market.index(
            "</li>", market.index('data-card="bakery"')
        )
    ]
    assert "sticker: cost 2, numbers 2–4" in bakery
    assert 'bi-coin" aria-hidden="true"></i> 2<' in bakery  # the changed cost is the cost shown
    assert "sticker-badge" in city(html, 0)
    wheat = market[market.index('data-card="wheat_field"') :]
    assert "sticker" not in wheat[: wheat.index("</li>")]


def test_the_board_renders_in_german_and_dutch(client, page):
    game = make(coins=[20, 3, 3])
    post(client, game, {"type": "roll", "dice": 1})
    de = page(host(client, game, "de")).html
    nl = page(host(client, game, "nl")).html

    assert "Möwenfels" in de and "Hafen" in de and "Gemeinschaftsprojekt" in de
    assert "Meeuwenrots" in nl and "haven" in nl and "Gemeenschapsproject" in nl
    assert "Segeln" in de or "segeln" in de.lower()
    assert "Zeil" in nl


def test_a_rematch_of_a_legacy_game_keeps_its_table(client):
    game = make()
    Game.objects.filter(pk=game.pk).update(finished=True)  # only the setup matters here

    response = client.post(f"/g/{game.code}/{game.host_secret}/rematch/")

    new = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert new.setup["rules"] == ["expedition", "yokai_flip", "rest_day"]
    assert new.setup["stickers"] == game.setup["stickers"]
    assert new.load().table.track_length == 6
    assert {key: value for key, value in new.setup.items() if key != "seed"} == {
        key: value for key, value in game.setup.items() if key != "seed"
    }


def test_a_rematch_of_a_chapter_of_our_campaign_plays_that_chapter_again(client):
    from legacy_deck.loader import load_deck
    from legacy_deck.setup import chapter_setup, plausible_carry_over

    deck = load_deck()
    setup = chapter_setup(deck, 6, 3, plausible_carry_over(deck, 6, 3), seed=5)
    game = Game.create_from_setup(setup, ["human", "greedy", "greedy"])
    Game.objects.filter(pk=game.pk).update(finished=True)  # only the setup matters here

    response = client.post(f"/g/{game.code}/{game.host_secret}/rematch/")

    new = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302
    assert new.setup["edition"] == "legacy"
    assert new.setup["rules"] == setup["rules"]
    assert new.setup["market"] == setup["market"]
