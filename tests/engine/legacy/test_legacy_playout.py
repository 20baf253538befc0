"""Bot playouts with every Legacy rule on: no exception, coins never negative, the state passed
in never changed, JSON round-trip at every step, and replay reproduces the game exactly."""

import random

import pytest

from play.engine import GameState, apply_action, legal_actions, new_game, replay
from play.engine.bots import BOTS, greedy_bot
from play.engine.legacy.expedition import claimed_islands

# The two Yōkai rules are never in force together (RULES.md §6): games alternate between them.
YOKAI_RULES = ["yokai_flip", "yokai_coins"]
ALL_RULES = ["expedition", "rest_day"]
MAX_STEPS = 3000


def _all_rules_setup(expedition_setup, players, seed):
    rules = [*ALL_RULES, YOKAI_RULES[seed % 2]]
    setup = expedition_setup(players, rules=rules, seed=seed, first_player="roll")
    setup["stickers"] = [
        {"card": "forest", "change": {"cost": 2}},
        {"card": "mine", "change": {"numbers": [8, 9], "amount": 4}},
    ]
    setup["market"]["stadium"] = 2
    setup["market"]["tv_station"] = 2
    setup["market"]["business_center"] = 2
    return setup


def _check(state):
    claimed = claimed_islands(state)
    assert len(claimed) == sum(len(p.islands) for p in state.players)  # each claimed once
    for player in state.players:
        assert player.coins >= 0
        assert 0 <= player.boat <= state.table.track_length
        for card, copies in player.face_down.items():
            assert 1 <= copies <= player.city.get(card, 0)
    assert GameState.from_json(state.to_json()) == state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bots", [("greedy",), ("random",), ("greedy", "random")])
def test_bots_play_every_legacy_rule_cleanly_and_replay_exactly(expedition_setup, players, bots):
    for seed in range(3):
        setup = _all_rules_setup(expedition_setup, players, seed)
        rng = random.Random(seed)
        seats = [BOTS[bots[i % len(bots)]] for i in range(players)]
        state = new_game(setup)
        actions = []
        for _ in range(MAX_STEPS):
            if state.winner is not None:
                break
            legal = legal_actions(state)
            action = seats[state.active](state, legal, rng)
            assert action in legal
            old, before = state, state.to_json()
            state, _events = apply_action(state, action)
            assert old.to_json() == before  # the state passed in is never changed
            actions.append(action)
            _check(state)
        assert replay(setup, actions) == state
        if bots == ("greedy",):
            assert state.winner is not None


def test_over_many_games_every_new_event_happens(expedition_setup):
    kinds = set()
    for seed in range(12):
        setup = _all_rules_setup(expedition_setup, 3, seed)
        rng = random.Random(seed)
        state = new_game(setup)
        while state.winner is None and state.turn < 400:
            action = BOTS["greedy" if state.active else "random"](state, legal_actions(state), rng)
            state, events = apply_action(state, action)
            kinds.update(e["type"] for e in events)
            kinds.update(e["card"] for e in events if e["type"] == "transfer")
    assert {"sail", "claim_island", "face_down", "face_up", "rest", "yokai", "gull_rock"} <= kinds


# --- the greedy bot's choices in the build step ---------------------------------------------


def _greedy(state):
    return greedy_bot(state, legal_actions(state), random.Random(0))


def _at_build(state, act):
    state, _ = act(state, {"type": "roll", "dice": 1}, dice=(6,))
    return state


def test_greedy_sails_to_claim_a_free_island(expedition_setup, act):
    state = _at_build(new_game(expedition_setup(coins=[4, 0, 0])), act)
    assert _greedy(state) == {"type": "sail", "spaces": 2}


def test_greedy_takes_an_island_that_pays_every_turn_before_a_landmark_that_pays_nothing_yet(
    expedition_setup, act
):
    # Two dice (Hochofen) earn nothing for a city of Wheat Field and Bakery; Gull Rock pays a
    # coin every turn, so it brings the win sooner.
    state = _at_build(new_game(expedition_setup(coins=[5, 0, 0])), act)
    assert _greedy(state) == {"type": "sail", "spaces": 2}


def test_greedy_contributes(make_setup, act):
    built = [["hochofen", "blumenladen", "springbrunnen"], [], []]
    state = _at_build(new_game(make_setup(coins=[20, 0, 0], built=built)), act)
    assert _greedy(state) == {"type": "contribute"}


def test_greedy_rests_when_nothing_is_worth_building(make_setup, act):
    setup = make_setup(coins=[0, 0, 0], rules=["rest_day"])
    state = _at_build(new_game(setup), act)
    assert _greedy(state) == {"type": "rest"}


def test_greedy_with_spare_coins_sails_towards_an_island_without_passing_it(expedition_setup, act):
    # Every landmark built and the flag not affordable: the coins are spare.
    built = [["hochofen", "blumenladen", "springbrunnen"], [], []]
    setup = expedition_setup(coins=[8, 0, 0], built=built, market={"wheat_field": 0})
    setup["expedition"]["islands"] = [{"id": "gull_rock", "space": 4}]  # a coin every turn
    state = _at_build(new_game(setup), act)
    assert _greedy(state) == {"type": "sail", "spaces": 3}  # to space 3, short of space 4


def test_greedy_does_not_sail_for_an_island_that_would_not_pay(expedition_setup, act):
    # Two dice (Twin Isle) earn nothing for a city of Wheat Field and Bakery.
    built = [["hochofen", "blumenladen", "springbrunnen"], [], []]
    setup = expedition_setup(coins=[8, 0, 0], built=built, market={"wheat_field": 0})
    setup["expedition"]["islands"] = [{"id": "twin_isle", "space": 5}]
    state = _at_build(new_game(setup), act)
    assert _greedy(state) == {"type": "pass"}
