"""The phase machine is declared once (campaign.models.TRANSITIONS): every step of the flow is
refused outside the phases it starts from and ends in one it may end in; each campaign fact
(free play or not, how many picks, what lies in a bag, who hosts) has one definition."""

import datetime

import pytest
from campaign_helpers import new_campaign, record_chapters, snapshot
from django.contrib.auth.models import AnonymousUser, User

from campaign import dashboard, flow
from campaign.flow.step import Step
from campaign.models import TRANSITIONS, Phase, StepKind

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 26)


def _steps(campaign):
    """Each step of the flow as the table would take it now, by its kind."""
    mayor = campaign.mayors.filter(picks__isnull=True, kind="human").first()
    return {
        StepKind.READ: lambda: flow.read_on(campaign),
        StepKind.PICK: lambda: flow.pick(campaign, mayor or campaign.mayors.first(), []),
        StepKind.RECORD: lambda: flow.record_table_game(campaign, 0, DAY),
        StepKind.END_READ: lambda: flow.end_read(campaign),
        StepKind.AFTER_GAME: lambda: flow.finish_after_game(campaign, side="a"),
        StepKind.FREE_PLAY: lambda: flow.start_free_play(
            campaign, yokai_rule=campaign.deck.shape.free_play_rules[0]
        ),
    }


def _in_every_phase():
    """(phase, campaign) for each phase a campaign can be in."""
    reading = new_campaign(kinds=("human", "human", "human"), seed=1)
    yield Phase.READING, reading
    picking = new_campaign(kinds=("human", "human", "human"), seed=2)
    record_chapters(picking, 1, winner=lambda chapter: 0)
    flow.read_on(picking)
    yield Phase.PICKING, picking
    playing = new_campaign(seed=3)
    flow.read_on(playing)  # chapter 1's picks are forced: the game starts at once
    yield Phase.PLAYING, playing
    after = new_campaign(seed=4)
    flow.read_on(after)
    flow.record_table_game(after, 1, DAY)
    yield Phase.AFTER_GAME, after
    flow.end_read(after)
    yield Phase.WINNERS_MOMENT, after
    finished = new_campaign(seed=5)
    record_chapters(finished, 10)
    yield Phase.FINISHED, finished
    flow.start_free_play(finished, yokai_rule=finished.deck.shape.free_play_rules[0])
    flow.record_table_game(finished, 1, DAY)
    yield Phase.FREE_PLAY, finished


def test_every_step_is_refused_outside_its_phases_and_changes_nothing():
    seen = set()
    for phase, campaign in _in_every_phase():
        assert campaign.phase == phase
        seen.add(phase)
        for kind, step in _steps(campaign).items():
            if campaign.may(kind):
                continue
            before = snapshot(campaign)
            with pytest.raises(flow.WrongPhase):
                step()
            assert snapshot(campaign) == before, (phase, kind)
    assert seen == set(Phase.values)


def test_the_steps_may_be_taken_in_exactly_the_declared_phases():
    may = {
        phase: {kind for kind, moves in TRANSITIONS.items() if phase in moves.start}
        for phase in Phase.values
    }
    assert may[Phase.READING] == {StepKind.READ, StepKind.TAKE_BACK}
    assert may[Phase.PICKING] == {StepKind.PICK, StepKind.RECORD, StepKind.TAKE_BACK}
    assert may[Phase.PLAYING] == {
        StepKind.EVENT,
        StepKind.GAME_OVER,
        StepKind.RECORD,
        StepKind.TAKE_BACK,
    }
    assert may[Phase.AFTER_GAME] == {StepKind.END_READ, StepKind.AFTER_GAME, StepKind.TAKE_BACK}
    assert may[Phase.WINNERS_MOMENT] == {StepKind.AFTER_GAME, StepKind.TAKE_BACK}
    assert may[Phase.FINISHED] == {StepKind.FREE_PLAY, StepKind.TAKE_BACK}
    assert may[Phase.FREE_PLAY] == {StepKind.FREE_PLAY, StepKind.TAKE_BACK}


def test_a_step_cannot_leave_the_campaign_in_a_phase_it_does_not_lead_to():
    campaign = new_campaign()
    step = Step(campaign, campaign.deck, flow.reader_of(campaign), [], "test", kind="read")
    with pytest.raises(RuntimeError):
        step.move_to(Phase.AFTER_GAME)


def test_free_play_begins_after_the_decks_last_game():
    campaign = new_campaign()
    record_chapters(campaign, 9)
    assert campaign.chapter == 10 and not campaign.in_free_play
    record_chapters(campaign, 1)
    assert campaign.chapter == 11 and campaign.in_free_play
    assert campaign.games_total == 10 == campaign.deck.shape.games


def test_a_mayor_picks_as_many_as_their_circles_and_four_in_free_play():
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 1, winner=lambda chapter: 0)
    ann, ben, _cem = campaign.mayors.order_by("seat")
    assert campaign.picks_allowed(ann) == ann.circles == 2
    assert campaign.picks_allowed(ben) == ben.circles == 3
    record_chapters(campaign, 9)
    flow.start_free_play(campaign, yokai_rule=campaign.deck.shape.free_play_rules[0])
    assert {campaign.picks_allowed(m) for m in campaign.mayors.all()} == {4}


def test_the_bag_the_page_shows_is_the_bag_the_pick_is_checked_against():
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 2, winner=lambda chapter: chapter % 3)
    flow.read_on(campaign)
    locked = Step(
        campaign,
        campaign.deck,
        flow.reader_of(campaign),
        list(campaign.mayors.order_by("seat")),
        "test",
    )
    for mayor in locked.mayors:
        shown = sorted(
            card["establishment"] for card in dashboard.bag(campaign, campaign.deck, mayor)
        )
        assert shown == sorted(locked.bag(mayor)) and shown


def test_the_host_is_the_campaigns_owner_logged_in():
    owner = User.objects.create_user("host", password="a long pass 123")
    other = User.objects.create_user("guest", password="a long pass 123")
    campaign = flow.create_campaign(
        "Hosted",
        [flow.NewMayor("Ann", "Annaburg", "teal"), flow.NewMayor("Ben", "Benton", "pink")],
        owner=owner,
    )
    assert campaign.hosted_by(owner)
    assert not campaign.hosted_by(other)
    assert not campaign.hosted_by(AnonymousUser())
    assert not campaign.hosted_by(None)
    assert not new_campaign().hosted_by(owner)  # a campaign begun by a command has no host
