"""The expert bot: legal all game long in both editions, reproducible from the state and its
rng, blind to the game's own future dice, and never missing a win on the table."""

import random

import pytest
from helpers import NAMES

from play.engine import apply_action, expert, legal_actions, legal_moves, new_game
from play.engine.bots import greedy_bot, greedy_move
from play.engine.expert import expert_bot
from play.engine.simulation import play_out


def _expert_game(state, seed):
    """Expert in seat 0, greedy elsewhere; every action checked; returns the actions taken."""
    rng = random.Random(seed)
    taken = []
    while state.winner is None:
        actions = legal_actions(state)
        if state.active == 0:
            action = expert_bot(state, actions, rng)
        else:
            action = greedy_bot(state, actions, rng)
        assert action in actions
        taken.append(action)
        state, _events = apply_action(state, action)
    return taken


@pytest.mark.parametrize(
    ("edition", "players", "variants"),
    [
        ("classic", 2, []),
        ("classic", 4, ["two_copies_max"]),
        ("kosmos", 3, ["random_market"]),
    ],
)
def test_the_expert_plays_whole_games_legally(edition, players, variants):
    state = new_game(edition, players=NAMES[:players], seed=2, variants=variants)
    assert _expert_game(state, seed=2)


def test_the_same_seeds_give_the_same_expert_game():
    def game():
        state = new_game("classic", players=NAMES[:2], seed=9, variants=["random_market"])
        return play_out(state, ["expert", "greedy"], random.Random(9))

    assert game() == game()


def test_the_expert_does_not_peek_at_the_games_own_dice():
    # Two games that differ only in their seed, so only in the dice still to come.
    def at_build(seed):
        state = new_game("classic", players=NAMES[:2], seed=seed, coins=[6, 3])
        state, _ = apply_action(state, {"type": "roll", "dice": 1}, dice=(5,))
        return state

    choices = {
        str(expert_bot(at_build(seed), legal_actions(at_build(seed)), random.Random(1)))
        for seed in (1, 2, 3)
    }
    assert len(choices) == 1


def test_the_expert_builds_the_landmark_that_wins():
    built = [["train_station", "shopping_mall", "amusement_park"], []]
    state = new_game("classic", players=NAMES[:2], seed=1, coins=[40, 0], built=built)
    state, _ = apply_action(state, {"type": "roll", "dice": 1}, dice=(6,))

    action = expert_bot(state, legal_actions(state), random.Random(1))

    assert action == {"type": "build_landmark", "landmark": "radio_tower"}


def test_a_decision_plays_out_at_most_its_budget_and_keeps_greedys_choice_in_the_final(
    monkeypatch,
):
    # Coins to afford every landmark and establishment: many candidates, so the final round runs.
    state = new_game("classic", players=NAMES[:2], seed=4, coins=[30, 30])
    state, _ = apply_action(state, {"type": "roll", "dice": 1}, dice=(3,))
    played = []
    real_playout = expert._playout

    def counted(state, move, seed, seat):
        played.append(move)
        return real_playout(state, move, seed, seat)

    monkeypatch.setattr(expert, "_playout", counted)
    moves = legal_moves(state)
    greedys = greedy_move(state, moves, random.Random(3))

    expert.expert_move(state, moves, random.Random(3))

    tried = set(played)
    assert len(tried) > expert.FINALISTS
    assert len(played) <= expert._budget(2) == expert.PLAYOUT_BUDGET
    most = max(played.count(move) for move in tried)
    assert played.count(greedys) == most
    assert sum(played.count(move) == most for move in tried) == expert.FINALISTS
