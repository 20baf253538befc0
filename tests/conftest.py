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
