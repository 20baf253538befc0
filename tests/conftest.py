"""Shared pytest setup for all of tests/ (engine, web, browser, deck).

pytest-django configures Django from pyproject.toml; tests that do not ask for the
`db` fixture (tests/engine) never touch the database.
"""

import pytest
from django.utils import translation


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
