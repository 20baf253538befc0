"""Shared pytest setup for all of tests/ (engine, web, browser, deck).

pytest-django configures Django from pyproject.toml; tests that do not ask for the
`db` fixture (tests/engine) never touch the database.
"""

from pathlib import Path

import pytest
from django.utils import translation

from legacy_deck.loader import DEFAULT_DECK, SHIPPED
from legacy_deck.shipped import deck_folders


@pytest.fixture(autouse=True)
def _each_test_starts_in_the_default_language():
    """A request through the test client leaves its language active in the thread that made it;
    a later test would read its words in Dutch (seen when tests/campaign ran before tests/web)."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite the test database is a file, not memory: the browser tests' server answers
    from threads of its own (requests, streams, the bots' player), each with its connection, as
    the app does at home."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        database.setdefault("TEST", {})["NAME"] = str(
            tmp_path_factory.mktemp("db") / "test.sqlite3"
        )


# -- every deck: the spoiler, bot-campaign and backup tests run over each --------------------

TUTORIAL_DECK = Path(__file__).resolve().parent / "deck" / "tutorial_deck"
SHIPPED_DECK_IDS = [folder.name for folder in deck_folders()]
# Every shipped deck, and the tutorial deck as a host would add it (stored in the database).
EVERY_DECK = [f"shipped:{deck_id}" for deck_id in SHIPPED_DECK_IDS] + ["added:tutorial"]
# The short decks a browser plays to free play: the shipped ones besides Seven Winds Bay, and
# while there is none, the tutorial deck as added by a host.
SHORT_DECKS = [f"shipped:{deck_id}" for deck_id in SHIPPED_DECK_IDS if deck_id != DEFAULT_DECK]
SHORT_DECKS = SHORT_DECKS or ["added:tutorial"]


def added_tutorial_deck(owner=None, *, for_everyone=True):
    """The tutorial deck as a host adds it: its three files uploaded and stored."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from campaign.deck_uploads import add_deck

    files = [
        SimpleUploadedFile(name, (TUTORIAL_DECK / name).read_bytes())
        for name in ("components.toml", "deck.toml", "boxes.toml")
    ]
    return add_deck(files, owner=owner, for_everyone=for_everyone)


def deck_by_key(request, key: str):
    """The deck an EVERY_DECK or SHORT_DECKS key names (an added one is added for the test)."""
    from campaign import decks
    from legacy_deck.shipped import shipped_deck

    source, name = key.split(":")
    if source == "shipped":
        return shipped_deck(SHIPPED / name)
    request.getfixturevalue("db")
    return decks.uploaded_deck(added_tutorial_deck())


@pytest.fixture(params=EVERY_DECK)
def every_deck(request):
    return deck_by_key(request, request.param)


@pytest.fixture
def add_tutorial_deck(db):
    """add_tutorial_deck(owner=None): the tutorial deck added as a host adds it (its row)."""
    return added_tutorial_deck


@pytest.fixture(params=SHORT_DECKS)
def short_deck(request):
    """Each short deck shipped (or, until one is, the tutorial deck as a host adds it): its key
    ("shipped:<id>" or "added:tutorial")."""
    return request.param
