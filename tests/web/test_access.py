"""Every view of `play` with every wrong identity: 403 or 404, nothing of the game shown, no
row changed (issue 10). The matrix is tests/web/access_matrix.py, for the campaign's views too."""

import json
import secrets

import pytest

from play.engine import legal_actions
from play.models import Game, GameAction
from tests.web.access_matrix import Attempt, forged_keys, refusals

pytestmark = pytest.mark.django_db

KEY_VIEWS = ("game", "poll", "move", "undo", "rematch")
ACTING_VIEWS = ("move", "undo", "rematch")


def rows():
    games = Game.objects.order_by("pk").values_list("pk", "version", "state", "bot_due_at")
    return list(games), GameAction.objects.count()


@pytest.fixture
def victim():
    """Victoria (seat 0) has just built, so an undo would work; Walter (seat 1) is to roll."""
    game = Game.start("classic", [("Victoria", "human"), ("Walter", "human")], seed=11)
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    build = next(a for a in legal_actions(game.load()) if a["type"] == "build")
    game.apply_action(build, version=1, who="host")
    assert game.load().active == 1
    return game


@pytest.fixture
def stranger():
    return Game.start("classic", [("Mallory", "human"), ("Trent", "human")], seed=12)


def key_view_attempts(game: Game, key: str, identity: str, views=KEY_VIEWS) -> list[Attempt]:
    base = f"/g/{game.code}/{key}/"
    legal = json.dumps({"type": "roll", "dice": 1})
    by_view = {
        "game": [
            Attempt("game page", identity, "get", base),
            Attempt("game page", identity, "head", base),
        ],
        "poll": [
            Attempt("poll", identity, "get", f"{base}poll/?v={game.version}", htmx=True),
            Attempt("poll", identity, "get", f"{base}poll/?v=0", htmx=True),
        ],
        "move": [
            Attempt(
                "move",
                identity,
                "post",
                f"{base}move/",
                {"version": game.version, "action": legal},
                htmx=True,
            ),
            Attempt(
                "move", identity, "post", f"{base}move/", {"version": game.version, "action": legal}
            ),
        ],
        "undo": [
            Attempt("undo", identity, "post", f"{base}undo/", {"version": game.version}, htmx=True)
        ],
        "rematch": [Attempt("rematch", identity, "post", f"{base}rematch/")],
    }
    return [attempt for view in views for attempt in by_view[view]]


def game_secrets(game: Game) -> list[str]:
    return [game.code, game.host_secret, *(seat["secret"] for seat in game.seats)]


def test_strangers_get_nothing_of_a_game(client, victim, stranger):
    identities = {
        "another game's host link": stranger.host_secret,
        "another game's seat link": stranger.seats[0]["secret"],
        "nobody (a random key)": secrets.token_urlsafe(16),
        "the game's own code as key": victim.code,
        **forged_keys(victim.host_secret),
        **{
            f"{name} of a seat's": key
            for name, key in forged_keys(victim.seats[1]["secret"]).items()
        },
    }
    attempts = [
        attempt
        for identity, key in identities.items()
        for attempt in key_view_attempts(victim, key, identity)
    ]
    # Pages that need only the game's code (the watch secret): a forged or guessed code.
    codes = {**forged_keys(victim.code), "nobody (a random code)": secrets.token_urlsafe(16)}
    for identity, code in codes.items():
        for view, url in [
            ("watch page", f"/g/{code}/watch/"),
            ("replay", f"/g/{code}/replay/?step=1"),
            ("export", f"/g/{code}/export.json"),
            ("game page with the right key", f"/g/{code}/{victim.host_secret}/"),
            ("move with the right key", f"/g/{code}/{victim.host_secret}/move/"),
        ]:
            method = "post" if "move" in view else "get"
            data = {"version": victim.version, "action": '{"type": "roll", "dice": 1}'}
            attempts.append(Attempt(view, identity, method, url, data if method == "post" else {}))

    private = [*game_secrets(victim), "Victoria", "Walter"]
    problems = refusals(client, attempts, private=private, snapshot=rows)

    assert len(attempts) > 100
    assert problems == []


def test_the_watch_link_may_not_act(client, victim):
    attempts = key_view_attempts(victim, "watch", "the watch link", ACTING_VIEWS)
    # It sees the board by design (names included), never a key that acts.
    private = [victim.host_secret, *(seat["secret"] for seat in victim.seats)]

    problems = refusals(client, attempts, private=private, snapshot=rows)

    assert problems == []


def test_a_seat_may_not_act_for_another_seat(client, victim):
    ann, ben = (seat["secret"] for seat in victim.seats)
    attempts = [
        *key_view_attempts(victim, ann, "Victoria's link, on Walter's turn", ["move"]),
        *key_view_attempts(victim, ben, "Walter's link, undoing Victoria's build", ["undo"]),
    ]
    # Their own game's board may come back with the refusal; the other links may not.
    private = [victim.host_secret, ann, ben]

    problems = refusals(client, attempts, private=private, snapshot=rows)

    assert problems == []


def test_the_matrix_finds_a_hole(client, victim):
    """The helper reports an answer that gets through, so an empty report means something."""
    attempts = [Attempt("game page", "the host itself", "get", f"/g/{victim.code}/watch/")]

    problems = refusals(client, attempts, private=["Walter"], snapshot=rows)

    assert problems and "answered 200" in problems[0] and "Walter" in problems[1]


def test_a_seat_and_the_host_see_no_other_seats_secret(client, victim):
    """A seat's page and the watch page show no key but their own; the host's shows them all."""
    ann, ben = (seat["secret"] for seat in victim.seats)
    seat_page = client.get(f"/g/{victim.code}/{ann}/").content.decode()
    watch_page = client.get(f"/g/{victim.code}/watch/").content.decode()

    assert ben not in seat_page and victim.host_secret not in seat_page
    assert all(key not in watch_page for key in (ann, ben, victim.host_secret))
