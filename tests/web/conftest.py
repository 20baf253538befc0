"""Web tests: bots move at once (no pacing) and every game a test leaves behind must replay."""

import pytest

from play.models import Game


@pytest.fixture(autouse=True)
def _instant_bots(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_BOT_DELAY_AFTER_HUMAN = 0


@pytest.fixture(autouse=True)
def _every_game_replays(request):
    """After each test that used the database: each stored game's log replays to its state."""
    if request.node.get_closest_marker("django_db") is None:
        yield
        return
    request.getfixturevalue("db")
    yield
    for game in Game.objects.all():
        assert game.replays_to_stored_state(), f"{game} does not replay to its stored state"


@pytest.fixture
def start():
    """Start a game: start([("Ann", "human"), ("Ben", "greedy")], seed=3, ...)."""

    def _start(seats=(("Ann", "human"), ("Ben", "human")), edition="classic", **options):
        options.setdefault("seed", 1)
        game = Game.start(edition, list(seats), **options)
        game.step_bots()
        return game

    return _start


@pytest.fixture
def near_win():
    """Ann (seat 0, to roll) has three landmarks and 30 coins: Radio Tower wins."""
    from play.engine import new_game

    def _near_win(kinds=("human", "human")):
        state = new_game(
            "classic",
            players=["Ann", "Ben"],
            seed=5,
            coins=[30, 2],
            built=[["train_station", "shopping_mall", "amusement_park"], []],
        )
        return Game.create_from(state, list(kinds))

    return _near_win


class Page:
    """What a test reads off a rendered board."""

    def __init__(self, response):
        self.response = response
        self.html = response.content.decode()

    @property
    def actions(self) -> list[dict]:
        import html
        import json
        import re

        # The turn panel's buttons and the market cards that build.
        pattern = r'<button type="submit" (?:form="actions-form" )?name="action" value="([^"]+)"'
        values = re.findall(pattern, self.html)
        return [json.loads(html.unescape(v)) for v in values]

    @property
    def version(self) -> int:
        import re

        return int(re.search(r'data-version="(\d+)"', self.html).group(1))


@pytest.fixture
def page():
    return Page
