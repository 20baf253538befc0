"""The reader over our own deck: every STOP in turn, wrong moments, boxes, choices, JSON."""

import pytest

from legacy_deck.format import Stop
from legacy_deck.loader import read_deck
from legacy_deck.reader import (
    DeckState,
    ReaderError,
    advance,
    choose,
    latest_reading,
    parse_moment,
    presented,
    waiting_at,
)


@pytest.fixture(scope="module")
def deck():
    deck, problems = read_deck()
    assert problems == []
    return deck


def every_stop(deck):
    return [side.stop for side in deck.sides() if side.stop is not None]


def test_it_reads_our_deck_from_stop_to_stop(deck):
    state = DeckState()
    stops = every_stop(deck)
    assert stops[0] == Stop("before_campaign")
    for index, stop in enumerate(stops):
        assert waiting_at(deck, state) == stop
        reading = advance(deck, state, stop)
        first, *rest = reading.revealed
        assert first.stop == stop
        assert all(side.stop is None for side in rest)  # never past a STOP
        labels = [side.label for side in reading.revealed]
        assert labels == [s.label for s in deck.sides()[state.position : reading.state.position]]
        expected_next = stops[index + 1] if index + 1 < len(stops) else None
        assert reading.waiting == expected_next
        state = reading.state
    assert waiting_at(deck, state) is None
    assert sorted(state.boxes_opened) == [1, 2, 3, 4, 5, 6]


def test_it_starts_with_the_start_cards_and_stops_before_game_one(deck):
    reading = advance(deck, DeckState(), "before_campaign")

    assert [side.label for side in reading.revealed] == ["1A", "1B"]
    assert [i.do for i in reading.instructions] == ["draw_start_cards"]
    assert reading.waiting == Stop("before_game", 1)


def test_it_returns_the_instructions_in_deck_order(deck):
    state = advance(deck, DeckState(), "before_campaign").state

    reading = advance(deck, state, "before_game 1")

    assert [i.do for i in reading.instructions] == [
        "add_to_market",
        "new_landmark",
        "new_landmark",
        "new_landmark",
        "community_project",
        "replace_turn_overview",
    ]
    assert [i["landmark"] for i in reading.instructions if i.do == "new_landmark"] == [
        "blast_furnace",
        "flower_shop",
        "fountain",
    ]


def test_it_refuses_a_moment_the_stop_does_not_wait_for(deck):
    with pytest.raises(ReaderError, match="turned before the campaign, not before game 2"):
        advance(deck, DeckState(), "before_game 2")


def test_it_refuses_words_that_are_not_a_moment():
    with pytest.raises(ReaderError, match="is not a moment"):
        parse_moment("after lunch")


def test_it_refuses_to_read_past_the_end(deck):
    state = DeckState(position=len(deck.sides()))

    with pytest.raises(ReaderError, match="read to the end"):
        advance(deck, state, "after_game 10")


def test_the_same_state_and_moment_give_the_same_reading(deck):
    state = advance(deck, DeckState(), "before_campaign").state

    assert advance(deck, state, "before_game 1") == advance(deck, state, "before_game 1")
    assert state == advance(deck, DeckState(), "before_campaign").state  # the input is unchanged


def test_an_event_that_did_not_happen_is_read_when_its_game_ends(deck):
    state = DeckState()
    for moment in ["before_campaign", "before_game 1", "after_game 1", "before_game 2"]:
        state = advance(deck, state, moment).state
    for moment in ["after_game 2", "before_game 3", "after_game 3", "before_game 4"]:
        state = advance(deck, state, moment).state
    assert waiting_at(deck, state) == Stop("event", 4, "island_claimed")

    reading = advance(deck, state, "after_game 4")

    assert [side.label for side in reading.revealed] == ["9A", "9B", "10A", "10B"]
    assert reading.waiting == Stop("before_game", 5)


def test_an_event_is_turned_by_its_own_moment(deck):
    state = DeckState()
    for moment in ["before_campaign", "before_game 1", "after_game 1", "before_game 2"]:
        state = advance(deck, state, moment).state
    for moment in ["after_game 2", "before_game 3", "after_game 3", "before_game 4"]:
        state = advance(deck, state, moment).state

    reading = advance(deck, state, "event island_claimed 4")

    assert [side.label for side in reading.revealed] == ["9A", "9B"]
    assert reading.waiting == Stop("after_game", 4)
    with pytest.raises(ReaderError):
        advance(deck, state, "event doubles 4")


def _at_game_four(deck):
    state = DeckState()
    for moment in ["before_campaign", "before_game 1", "after_game 1", "before_game 2"]:
        state = advance(deck, state, moment).state
    for moment in ["after_game 2", "before_game 3", "after_game 3", "before_game 4"]:
        state = advance(deck, state, moment).state
    return state


def labels(sides):
    return [side.label for side in sides]


def test_the_latest_reading_of_a_games_end_begins_at_an_event_that_never_came(deck):
    state = advance(deck, _at_game_four(deck), "after_game 4").state

    assert labels(latest_reading(deck, state)) == ["9A", "9B", "10A", "10B"]
    kept = DeckState.from_json(state.to_json())  # as the campaign stores it
    assert labels(latest_reading(deck, kept)) == ["9A", "9B", "10A", "10B"]


def test_the_latest_reading_of_a_games_end_leaves_out_an_event_turned_during_it(deck):
    during = advance(deck, _at_game_four(deck), "event island_claimed 4").state
    assert labels(latest_reading(deck, during)) == ["9A", "9B"]

    state = advance(deck, during, "after_game 4").state

    assert labels(latest_reading(deck, state)) == ["10A", "10B"]
    assert state.position == advance(deck, _at_game_four(deck), "after_game 4").state.position


def test_a_state_kept_before_readings_were_recorded_reads_from_its_last_stop(deck):
    old = DeckState.from_dict(
        {k: v for k, v in _at_game_four(deck).to_dict().items() if k != "reading_from"}
    )

    assert old.reading_from is None
    assert labels(latest_reading(deck, old)) == ["8A", "8B"]
    assert latest_reading(deck, DeckState()) == []


def test_it_reports_the_boxes_it_opens_and_refuses_to_open_one_twice(deck):
    state = DeckState()
    for moment in ["before_campaign", "before_game 1"]:
        state = advance(deck, state, moment).state

    reading = advance(deck, state, "after_game 1")

    assert reading.state.boxes_opened == (1,)
    assert reading.boxes[1] == deck.boxes[1].contents
    tampered = DeckState(position=state.position, boxes_opened=(1,))
    with pytest.raises(ReaderError, match="opens mystery box 1 a second time"):
        advance(deck, tampered, "after_game 1")


def test_the_winner_chooses_a_side_once_and_for_good(deck):
    state = DeckState()
    for moment in ["before_campaign", "before_game 1", "after_game 1"]:
        state = advance(deck, state, moment).state
    assert presented(deck, state) == ["ds_pottery"]  # five copies of one establishment

    state = choose(deck, state, "ds_pottery", "b")

    assert state.choice("ds_pottery") == "b"
    with pytest.raises(ReaderError, match="chosen already"):
        choose(deck, state, "ds_pottery", "a")
    with pytest.raises(ReaderError, match="has not been presented"):
        choose(deck, state, "ds_mill", "a")
    with pytest.raises(ReaderError, match="'a' or 'b'"):
        choose(deck, state, "ds_pottery", "c")


def test_the_deck_state_round_trips_through_json(deck):
    state = DeckState()
    for moment in ["before_campaign", "before_game 1", "after_game 1"]:
        state = advance(deck, state, moment).state
    state = choose(deck, state, "ds_pottery", "a")

    assert DeckState.from_json(state.to_json()) == state
    assert DeckState.from_json(DeckState().to_json()) == DeckState()


def all_moments(deck):
    moments = [Stop("before_campaign")]
    for game in range(1, deck.shape.games + 1):
        moments += [Stop("before_game", game), Stop("after_game", game)]
        moments += [Stop("event", game, event) for event in ("doubles", "island_claimed")]
    return moments


def test_no_moment_ever_reads_past_a_stop_or_out_of_order(deck):
    """From every STOP, try every moment: either a clear refusal or a reading that stops."""
    sides = deck.sides()
    for position, waiting in enumerate(sides):
        if waiting.stop is None:
            continue
        state = DeckState(position=position)
        for moment in all_moments(deck):
            try:
                reading = advance(deck, state, moment)
            except ReaderError as error:
                assert "STOP to be turned" in str(error)
                continue
            turned = [side.stop for side in reading.revealed if side.stop is not None]
            assert turned[0] == waiting.stop
            # only a late event turns a second STOP: the after-game one its moment names
            assert turned[1:] in ([], [moment])
            if turned[1:]:
                assert waiting.stop.moment == "event" and moment.moment == "after_game"
            assert reading.revealed == tuple(sides[position : reading.state.position])
            assert reading.waiting == (
                sides[reading.state.position].stop if reading.state.position < len(sides) else None
            )
