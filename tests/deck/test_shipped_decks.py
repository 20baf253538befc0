"""The decks the app ships: each folder is its deck's id, each earlier version its digest, and
every one of them loads (a campaign under way may need any)."""

import pytest

from legacy_deck import shipped
from legacy_deck.loader import DEFAULT_DECK, SHIPPED

FOLDERS = shipped.deck_folders(SHIPPED)
VERSIONS = [version for folder in FOLDERS for version in shipped.version_folders(folder)]


def test_seven_winds_bay_comes_first():
    assert FOLDERS[0].name == DEFAULT_DECK


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.name)
def test_a_shipped_deck_is_named_by_its_id_and_has_its_box_back(folder):
    deck = shipped.shipped_deck(folder)
    assert deck.id == folder.name
    assert all(deck.cover.title[lang] for lang in deck.cover.languages)
    assert all(deck.cover.blurb[lang] for lang in deck.cover.languages)
    assert deck.cover.author


@pytest.mark.parametrize("version", VERSIONS, ids=lambda version: version.name[:12])
def test_an_earlier_version_has_the_digest_it_is_named_by(version):
    deck = shipped.shipped_deck(version)
    assert deck.digest == version.name
    assert deck.id == version.parent.parent.name


def test_a_campaign_finds_its_version_and_no_other():
    current = shipped.shipped_deck(FOLDERS[0])
    assert shipped.find_shipped(DEFAULT_DECK, current.digest) is current
    assert shipped.find_shipped(DEFAULT_DECK, "0" * 64) is None
    assert shipped.find_shipped("../seven_winds_bay", current.digest) is None
    for version in VERSIONS:
        found = shipped.find_shipped(version.parent.parent.name, version.name)
        assert found is not None and found.digest == version.name
