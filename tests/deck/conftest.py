import pytest
from small_deck import small_deck


@pytest.fixture
def data() -> dict:
    return small_deck()
