"""Campaign tests: bots move at once."""

import pytest

from campaign import decks


@pytest.fixture(autouse=True)
def _instant_bots(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_BOT_DELAY_AFTER_HUMAN = 0


@pytest.fixture
def deck():
    return decks.our_deck()
