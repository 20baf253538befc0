"""A bot that looks ahead (the expert) rolls its trials' dice with seeds of its own, never the
game's (ARCHITECTURE.md, "Dice nobody can foresee"): what it plays out is not the game's coming
rolls, and its trials are the same whatever the game's seed."""

from __future__ import annotations

import random

import pytest

from play.engine import apply_action, dice, expert, legal_actions, new_game
from play.engine.expert import expert_bot
from play.models import Game

SEED = 0xD1CE5EED0BADF00D
AHEAD = 6  # the coming dice compared: a trial that knew them would match all six


@pytest.fixture
def trials(monkeypatch):
    """The seed of every trial the expert plays out, as it copies the game for one."""
    seen: list[int] = []
    real = expert._determinised

    def recorded(state, seed):
        seen.append(seed)
        return real(state, seed)

    monkeypatch.setattr(expert, "_determinised", recorded)
    return seen


def _at_build(seed: int):
    state = new_game("classic", players=["Ann", "Ben"], seed=seed, coins=[6, 3])
    state, _events = apply_action(state, {"type": "roll", "dice": 1}, dice=(5,))
    return state


def test_the_trials_are_the_same_whatever_the_games_seed(trials):
    for seed in (1, SEED):
        expert_bot(_at_build(seed), legal_actions(_at_build(seed)), random.Random(7))
    half = len(trials) // 2

    assert half > 0 and trials[:half] == trials[half:]
    assert 1 not in trials and SEED not in trials


@pytest.mark.django_db
def test_a_bots_lookahead_in_a_game_does_not_roll_the_games_coming_dice(trials, settings):
    settings.PLAY_BOT_DELAY = settings.PLAY_BOT_DELAY_AFTER_HUMAN = 0
    state = new_game("classic", players=["Ann", "Ben"], seed=SEED, coins=[6, 3])
    game = Game.create_from(state, ["expert", "human"])

    game.step_bots()

    seeds = set(trials)  # every move tried is played out over the same sampled dice
    assert len(seeds) >= 12 and SEED not in seeds
    # The rolls still to come when the expert was thinking: its roll was the game's first draw.
    draws = game.load().draws
    coming = dice.faces(SEED, draws, AHEAD)
    foreseen = [seed for seed in seeds if dice.faces(seed, draws, AHEAD) == coming]
    assert len(foreseen) <= 1  # by chance: one seed in 6**6 = 46,656
