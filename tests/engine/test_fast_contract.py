"""The fast contract (`legal_moves`, `play`, `push` / `pop`) plays exactly the rules of the checked
one (`legal_actions`, `apply_action`): the same moves, events and states at every step of the
recorded games, classic, Kosmos and Legacy with every rule."""

import random

import pytest
from recorded_games import load, setup_of

from play.engine import (
    GameState,
    apply_action,
    as_action,
    as_move,
    legal_actions,
    legal_moves,
    new_game,
    play,
    pop,
    push,
)
from play.engine.bots import MOVE_BOTS, choose_action, choose_move
from play.engine.state import Phase

EVERY = 7  # one recorded game in EVERY: all kinds of table, a few seconds


@pytest.fixture(scope="module")
def recording():
    return load()


def test_fast_play_gives_the_checked_moves_events_and_states(recording):
    games = recording["games"][::EVERY]
    for game in games:
        setup = setup_of(recording, game)
        checked = new_game(setup)
        fast = new_game(setup)
        for step, action in enumerate(game["actions"]):
            moves = legal_moves(fast)
            assert [as_action(move) for move in moves] == legal_actions(checked), step
            assert all(isinstance(move, tuple) for move in moves)
            move = as_move(action)
            assert move in moves
            checked, expected = apply_action(checked, action)
            events = []
            play(fast, move, events)
            assert events == expected, (game["seed"], step)
            assert fast.to_json() == checked.to_json(), (game["seed"], step)
    assert sum(len(game["actions"]) for game in games) > 10_000


def test_pop_takes_back_every_move_that_push_played(recording):
    for game in recording["games"][1::50]:
        state = new_game(setup_of(recording, game))
        texts = [state.to_json()]
        for action in game["actions"][:120]:
            push(state, as_move(action))
            texts.append(state.to_json())
        while state.undo:
            texts.pop()
            pop(state)
            assert state.to_json() == texts[-1]
        # and the state plays on as one that never looked ahead
        replayed = new_game(setup_of(recording, game))
        for action in game["actions"][:120]:
            play(state, as_move(action))
            replayed, _events = apply_action(replayed, action)
        assert state.to_json() == replayed.to_json()


def test_playing_a_state_in_place_leaves_the_states_before_it_as_they_were():
    state = new_game("classic", players=["Ann", "Ben", "Cy"], seed=3)
    rng = random.Random(3)
    for _ in range(40):
        action = legal_actions(state)[rng.randrange(len(legal_actions(state)))]
        before = state.to_json()
        after, _events = apply_action(state, action)
        play(after, legal_moves(after)[0])  # after shares players with state
        assert state.to_json() == before
        state = GameState.from_json(state.to_json())
        state, _events = apply_action(state, action)


def test_moves_are_read_only_and_shared():
    state = new_game("classic", players=["Ann", "Ben"], seed=1)
    assert legal_moves(state) is legal_moves(state)  # the roll step's moves are one constant
    with pytest.raises(TypeError):
        legal_moves(state)[0][1] = 2


def test_the_bots_choose_the_same_on_moves_and_on_actions():
    for seed in range(6):
        state = new_game("classic", players=["Ann", "Ben", "Cy", "Di"], seed=seed)
        for _ in range(150):
            if state.winner is not None:
                break
            bot = ("random", "greedy")[state.turn % 2]
            move = choose_move(bot, state, random.Random(state.turn))
            assert as_action(move) == choose_action(bot, state, random.Random(state.turn))
            assert move in legal_moves(state)
            play(state, move)
    assert set(MOVE_BOTS) == {"random", "greedy", "expert"}


def test_a_phase_is_an_enum_that_reads_and_writes_as_its_text():
    state = new_game("classic", players=["Ann", "Ben"], seed=1)
    assert state.phase is Phase.ROLL and state.phase == "roll"
    assert '"phase":"roll"' in state.to_json()
    assert GameState.from_json(state.to_json()).phase is Phase.ROLL
