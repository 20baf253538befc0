"""The sides shown to the table are exactly the deck's reading order, on every path (RULES.md §5
and §6): none skipped, none shown twice, none before its moment; whether a chapter's event
happened during its game or not, the game played in the app or recorded from the table, with
take-backs before and after the game's end.

The table (tests/campaign/reading_table.py) follows the app's own buttons and pages and notes
every side put before it. Hypothesis plays random campaigns; the checker is shown to catch a
skip planted in the app.
"""

from __future__ import annotations

import datetime

import pytest
from campaign_helpers import new_campaign
from django.utils import timezone
from hypothesis import HealthCheck, event, given, settings
from hypothesis import Phase as HypothesisPhase
from hypothesis import strategies as st
from reading_table import Table, reading_order_problems

from campaign import dashboard, flow
from campaign.models import Campaign, Phase
from legacy_deck import reader as deck_reader
from play.models import Game

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 28)
EVENT_CARDS = {4: ["9A", "9B"], 6: ["14A", "14B"], 8: ["19A", "19B"]}
EVENT_SIDES = {label for labels in EVENT_CARDS.values() for label in labels}


def pick_for_everyone(campaign: Campaign) -> None:
    for mayor in campaign.mayors.filter(picks__isnull=True):
        bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, mayor)]
        flow.pick(campaign, mayor, bag[: campaign.picks_allowed(mayor)])


def play_in_the_app(table: Table) -> None:
    """The chapter's game played to its end in the app, by bots in every seat, the table's
    screen looked at whenever the deck moves (an event card turned during the game)."""
    campaign = table.campaign
    game = campaign.games.get(chapter=campaign.chapter).game
    seats = [{**seat, "kind": "greedy"} for seat in game.seats]
    Game.objects.filter(pk=game.pk).update(seats=seats, bot_due_at=timezone.now())
    game.refresh_from_db()
    position = campaign.reader["position"]
    while not game.finished:
        assert game.step_bots(limit=1) == 1
        campaign.refresh_from_db()
        if campaign.reader["position"] != position and campaign.phase == Phase.PLAYING:
            table.look_at_the_board()
            position = campaign.reader["position"]


def record(table: Table, winner: int = 0) -> None:
    flow.record_table_game(table.campaign, winner, DAY)


def after_the_game(table: Table) -> None:
    """The game's end read aloud to its STOP, then the winner's moment."""
    campaign = table.campaign
    if campaign.phase == Phase.AFTER_GAME:
        table.read_aloud()
    campaign.refresh_from_db()
    assert campaign.phase == Phase.WINNERS_MOMENT
    flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)


def one_step(table: Table, data) -> str:
    """The step the table's main button leads to, with random choices where it has them."""
    campaign = table.campaign
    campaign.refresh_from_db()
    phase = campaign.phase
    if phase == Phase.READING:
        table.turn_the_stop()
        return "read on"
    if phase == Phase.PICKING and data.draw(st.integers(0, 3)):
        pick_for_everyone(campaign)
        return "pick"
    if phase in (Phase.PICKING, Phase.PLAYING):
        game = campaign.chapter_game().game if campaign.chapter_game() else None
        if phase == Phase.PLAYING and game is not None and data.draw(st.booleans()):
            table.look_at_the_board()
            if game.finished:  # its end was taken back: the table takes it again
                flow.take_game_end(campaign, version=campaign.version)
            else:
                play_in_the_app(table)
            return "app"
        record(table, data.draw(st.integers(0, campaign.mayors.count() - 1)))
        return "record"
    if phase == Phase.AFTER_GAME:
        table.read_aloud()
        return "end read"
    after_the_game(table)
    return "after game"


def a_random_campaign(data) -> None:
    kinds = data.draw(st.lists(st.sampled_from(["human", "greedy"]), min_size=2, max_size=4))
    campaign = new_campaign(kinds=tuple(kinds), seed=data.draw(st.integers(0, 2**31 - 1)))
    table = Table(campaign)
    table.read_aloud()  # the start cards
    # a head start of chapters recorded from the table, so that the event chapters and the
    # deck's end come within reach of the steps drawn below
    for _ in range(data.draw(st.integers(0, 7))):
        table.turn_the_stop()
        record(table)
        after_the_game(table)
    assert table.problems(all_read=True) == []
    paths = set()
    for _ in range(data.draw(st.integers(5, 40))):
        campaign.refresh_from_db()
        if campaign.phase in (Phase.FINISHED, Phase.FREE_PLAY):
            break
        if campaign.snapshots.exists() and data.draw(st.integers(0, 3)) == 0:
            table.take_back()
            paths.add("take back")
        else:
            paths.add(one_step(table, data))
        assert table.problems() == []
    # the table follows the app to where it waits: every side read has been shown to it
    campaign.refresh_from_db()
    if campaign.phase == Phase.AFTER_GAME:
        table.read_aloud()
    assert table.problems(all_read=True) == []
    for path in sorted(paths):
        event(path)
    late = [
        label for label in table.shown if label in EVENT_SIDES and label not in table.on_the_board
    ]
    if table.on_the_board:
        event("an event card shown on the board during its game")
    if late:
        event("an event card read at its game's end")
    event(f"read to chapter {campaign.chapter}")


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_campaigns_show_the_deck_in_its_own_order(data):
    a_random_campaign(data)


# --- the checker, and a skip planted in the app ------------------------------------------


def test_the_checker_catches_a_skip_a_repeat_and_a_side_before_its_moment():
    order = ["1A", "1B", "2A", "2B", "3A", "3B"]
    read = order[:4]
    assert reading_order_problems(order, ["1A", "1B", "2A", "2B"], read) == []
    assert reading_order_problems(order, ["1A", "2A", "2B"], read)  # 1B skipped
    assert reading_order_problems(order, ["1A", "1B", "1B", "2A"], read)  # 1B twice
    assert reading_order_problems(order, ["1A", "2A", "1B"], read)  # out of order
    assert reading_order_problems(order, ["1A", "1B", "2A", "2B", "3A"], read)  # too soon


def test_a_skip_planted_in_the_app_fails_the_property(monkeypatch):
    """The game's end reading opened one side late, as it did for an event card: the property
    test finds it."""
    latest = deck_reader.latest_reading
    monkeypatch.setattr(dashboard, "latest_reading", lambda deck, state: latest(deck, state)[1:])

    planted = settings(
        max_examples=3,
        deadline=None,
        phases=[HypothesisPhase.generate],  # the first failure is enough: no shrinking
        suppress_health_check=list(HealthCheck),
    )(given(data=st.data())(a_random_campaign))

    with pytest.raises(AssertionError, match="out of the deck's order|not shown"):
        planted()


# --- the three event cards at the game's end ----------------------------------------------


def to_chapter(table: Table, chapter: int) -> None:
    while table.campaign.chapter < chapter:
        table.turn_the_stop()
        record(table)
        after_the_game(table)
    table.turn_the_stop()


@pytest.mark.parametrize("chapter", sorted(EVENT_CARDS))
def test_an_event_that_never_came_is_read_first_at_the_end_of_a_game_recorded(chapter):
    table = Table(new_campaign())
    table.read_aloud()
    to_chapter(table, chapter)
    shown_before = len(table.shown)

    record(table)
    table.read_aloud()

    assert table.shown[shown_before : shown_before + 2] == EVENT_CARDS[chapter]
    assert table.problems(all_read=True) == []


@pytest.mark.parametrize("chapter", sorted(EVENT_CARDS))
def test_an_event_that_never_came_is_read_first_at_the_end_of_a_game_in_the_app(
    chapter, monkeypatch
):
    table = Table(new_campaign(kinds=("greedy", "greedy")))
    table.read_aloud()
    to_chapter(table, chapter)
    shown_before = len(table.shown)
    monkeypatch.setattr("campaign.flow.reading.deck_events", lambda events: set())  # it never comes

    play_in_the_app(table)
    table.read_aloud()

    assert table.shown[shown_before : shown_before + 2] == EVENT_CARDS[chapter]
    assert table.problems(all_read=True) == []


def test_an_event_during_the_game_is_shown_on_the_board_and_not_again_at_its_end(monkeypatch):
    table = Table(new_campaign(kinds=("greedy", "greedy")))
    table.read_aloud()
    to_chapter(table, 6)
    shown_before = len(table.shown)
    monkeypatch.setattr("campaign.flow.reading.deck_events", lambda events: {"doubles"})

    play_in_the_app(table)  # the first move "rolls doubles"
    assert table.shown[shown_before:] == EVENT_CARDS[6]  # on the board, during the game
    assert table.campaign.games.get(chapter=6).game.undo_floor > 0
    table.read_aloud()

    assert table.shown[shown_before + 2 :] == ["15A", "15B"]
    assert table.problems(all_read=True) == []


def test_a_game_end_taken_back_and_taken_again_reads_the_event_card_once_more(monkeypatch):
    table = Table(new_campaign())
    table.read_aloud()
    to_chapter(table, 8)
    record(table)
    table.read_aloud()
    assert table.problems(all_read=True) == []

    table.take_back()  # the game's result: back to the game, the cards unread
    assert "19A" not in table.shown
    record(table, winner=1)
    table.read_aloud()

    assert table.shown[-4:] == ["19A", "19B", "20A", "20B"]
    assert table.problems(all_read=True) == []


def test_an_event_in_the_winning_move_is_read_with_the_games_end(monkeypatch):
    """A deck whose event is a flag planted or a landmark built can see it in the move that
    wins: its card is read first at the game's end, not turned where no board shows it."""
    table = Table(new_campaign(kinds=("greedy", "greedy")))
    table.read_aloud()
    to_chapter(table, 8)
    shown_before = len(table.shown)

    def in_the_winning_move_only(events):
        return {"rest_taken"} if any(e.get("type") == "game_over" for e in events) else set()

    monkeypatch.setattr("campaign.flow.reading.deck_events", in_the_winning_move_only)
    play_in_the_app(table)
    table.read_aloud()

    assert table.shown[shown_before:] == ["19A", "19B", "20A", "20B"]
    assert table.problems(all_read=True) == []
