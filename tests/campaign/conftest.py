"""Campaign tests: bots move at once."""

import pytest
from shipped_decks import SHIPPED, install

from campaign import decks


@pytest.fixture(autouse=True)
def _instant_bots(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_BOT_DELAY_AFTER_HUMAN = 0


@pytest.fixture
def deck():
    return decks.our_deck()


@pytest.fixture(params=SHIPPED)
def each_shipped_deck(request, monkeypatch):
    """Each deck the installation ships, installed for the test in turn."""
    return install(monkeypatch, request.param)
