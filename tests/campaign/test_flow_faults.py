"""An exception at any of the eight after-game steps leaves the campaign exactly as it was;
the step then completes, once."""

import pytest
from campaign_helpers import new_campaign, record_chapters, snapshot

from campaign import flow
from campaign.models import GoldenBookEntry, Phase

pytestmark = pytest.mark.django_db


class Injected(Exception):
    pass


@pytest.mark.parametrize("failing", range(len(flow.AFTER_GAME_STEPS)))
def test_a_failing_after_game_step_changes_nothing_and_the_step_then_completes(
    failing, monkeypatch
):
    campaign = new_campaign()
    record_chapters(campaign, 2, winner=lambda chapter: 1)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 2, campaign.created.date())
    before = snapshot(campaign)
    steps = list(flow.AFTER_GAME_STEPS)
    real = steps[failing]

    def fail_after_working(after):
        real(after)  # the step does its work first: all of it must be undone
        raise Injected(real.__name__)

    steps[failing] = fail_after_working
    monkeypatch.setattr(flow.after_game, "AFTER_GAME_STEPS", tuple(steps))

    with pytest.raises(Injected):
        flow.finish_after_game(campaign, side="b")
    assert snapshot(campaign) == before

    monkeypatch.undo()
    flow.finish_after_game(campaign, side="b")
    assert campaign.phase == Phase.READING and campaign.chapter == 4
    assert GoldenBookEntry.objects.filter(campaign=campaign, chapter=3).count() == 1
    with pytest.raises(flow.WrongPhase):
        flow.finish_after_game(campaign, side="b")
    assert GoldenBookEntry.objects.filter(campaign=campaign).count() == 3


def test_the_eight_steps_are_the_books_eight(deck):
    assert [step.__name__ for step in flow.AFTER_GAME_STEPS] == [
        "golden_book",
        "project_to_archive",
        "leftmost_landmark_to_archive",
        "marketplace_cards",
        "double_sided_pile",
        "cities_to_bags",
        "tidy_market",
        "coins_to_bank",
    ]
