"""Rounds are counted by the start player's turns: an extra turn begins no round."""

from play.engine import GameState, apply_action, new_game


def test_an_extra_turn_does_not_start_a_round():
    state = new_game(
        "classic",
        players=["Ann", "Ben"],
        seed=1,
        coins=[0, 0],
        built=[["train_station", "amusement_park"], []],
    )
    state, _ = apply_action(state, {"type": "roll", "dice": 2}, dice=(3, 3))
    state, events = apply_action(state, {"type": "pass"})
    assert any(e["type"] == "extra_turn" for e in events)
    assert (state.turn, state.round, state.active) == (2, 1, 0)  # Ann's extra turn

    state, _ = apply_action(state, {"type": "roll", "dice": 1}, dice=(2,))
    state, _ = apply_action(state, {"type": "pass"})
    assert (state.turn, state.round, state.active) == (3, 1, 1)  # Ben, still round 1

    state, _ = apply_action(state, {"type": "roll", "dice": 1}, dice=(2,))
    state, _ = apply_action(state, {"type": "pass"})
    assert (state.turn, state.round, state.active) == (4, 2, 0)  # Ann starts round 2
    assert GameState.from_json(state.to_json()) == state


def test_a_save_from_before_the_count_reads_as_no_extra_turns():
    state = new_game("classic", players=["Ann", "Ben"], seed=1)
    data = state.to_dict()
    del data["extra_turns"]

    assert GameState.from_dict(data).round == 1
