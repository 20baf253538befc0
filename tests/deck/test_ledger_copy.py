"""Ledger.copy names each field of the ledger: a field added later and forgotten there would be
reset to its default in every copy replay hands out (each caller gets one). This test fails then."""

from dataclasses import fields

from legacy_deck.format import Stop
from legacy_deck.loader import read_deck
from legacy_deck.timeline import Ledger, replay


def _campaign_ledger() -> Ledger:
    deck, problems = read_deck()
    assert problems == []
    # game 10 set out: every kind of bookkeeping has been used, and the last game's landmarks
    # and project are still on the table
    ledger, reached = replay(deck, until=Stop("before_game", 10))
    assert reached
    return ledger


def test_the_whole_campaigns_ledger_uses_every_field():
    ledger = _campaign_ledger()
    unused = [f.name for f in fields(Ledger) if not getattr(ledger, f.name)]
    assert unused == [], "give this test a ledger that uses the new field"


def test_a_copy_is_equal_and_shares_nothing_that_changes():
    ledger = _campaign_ledger()
    copied = ledger.copy()
    assert copied == ledger
    for f in fields(Ledger):
        value = getattr(ledger, f.name)
        if isinstance(value, list | dict):
            assert getattr(copied, f.name) is not value, f.name
    for game, chapter in ledger.chapters.items():
        for part in fields(chapter):
            value = getattr(chapter, part.name)
            if isinstance(value, list | dict):
                assert getattr(copied.chapters[game], part.name) is not value, part.name
