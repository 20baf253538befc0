"""The expert bot: looks ahead at the build step by playing the next turns out many times.

At the build step it keeps a few promising actions (every landmark, project and voyage, greedy's
favourite establishments, passing), plays each one out over the same sampled dice with greedy
bots in every seat for a few turns, and scores where each playout ends with greedy's estimate of
the rounds each seat still needs. Every action gets a few playouts; greedy's own choice and the
two best-looking others then share the rest of a fixed budget. The finalist with the best
average wins, greedy's own choice unless another is clearly better. Other decisions (dice,
reroll, target, trade) are greedy's. docs/bots.md explains it with figures.

The dice of a playout are the bot's own guesses, never the game's: each playout runs on a copy of
the state with a seed drawn from the bot's rng (and, in a random market, the face-down deck
shuffled by it), so the bot cannot peek at the rolls the game will make. A fixed number of
playouts keeps it reproducible: the same state and the same seeded rng give the same choice.
"""

from __future__ import annotations

import math
import random

from .bots import BOTS, MOVE_BOTS, best_income_ranked, greedy_move, on_actions, rounds_to_win
from .dice import shuffled
from .rules import has_won, legal_moves, play
from .state import GameState

# How many establishments besides greedy's choice are tried.
ESTABLISHMENTS = 4
# Playouts per decision at two players, never more: the fixed budget that bounds the thinking
# time (no clock, so the same state and rng give the same choice on any machine). Each further
# seat takes SEAT_DISCOUNT off it: a playout's turns cost more with more cities to weigh.
PLAYOUT_BUDGET = 192
SEAT_DISCOUNT = 16
# Playouts every candidate gets first; then the finalists (greedy's choice and the best-looking
# others) share what is left of the budget, so the actions that may be chosen are compared on
# many playouts rather than every action on a few.
FIRST_ROUND = 12
FINALISTS = 3
# A playout stops after this many more turns (four rounds of two players, two of four): long
# enough for an establishment to pay back what it cost, short enough to play many.
HORIZON_TURNS = 8
# Rounds-to-win lead that makes a seat about 73 % sure to win (the logistic's scale).
LEAD_SCALE = 2.0
# How much better (in chance to win) an action must look than greedy's choice to be taken
# instead: with a few noisy playouts, the best-looking of many actions is often only lucky.
GREEDY_MARGIN = 0.03
# Build-step actions that are always tried: each step towards the win, a voyage, not building.
STEPS_AND_PASSING = ("build_landmark", "contribute", "sail", "rest", "pass")


def expert_move(state: GameState, moves, rng: random.Random) -> tuple:
    if state.phase != "build" or len(moves) == 1:
        return greedy_move(state, moves, rng)
    seat = state.active
    for move in moves:
        if move[0] in ("build_landmark", "contribute"):
            after = state.copy()
            play(after, move)
            if after.winner == seat:
                return move
    candidates = _candidates(state, moves, rng)
    if len(candidates) == 1:
        return candidates[0]
    first, extra = _plan(len(candidates), _budget(len(state.players)))
    seeds = [rng.getrandbits(62) for _ in range(first + extra)]
    totals = {move: _total(state, move, seeds[:first], seat) for move in candidates}
    if extra:
        others = sorted(candidates[1:], key=lambda move: -totals[move])
        finalists = [candidates[0], *others[: FINALISTS - 1]]
        for move in finalists:
            totals[move] += _total(state, move, seeds[first:], seat)
        candidates = finalists
    best, best_score = candidates[0], -math.inf
    for move in candidates:
        score = totals[move] / (first + extra)
        if move is candidates[0]:
            score += GREEDY_MARGIN
        if score > best_score:
            best, best_score = move, score
    return best


def _budget(players: int) -> int:
    return PLAYOUT_BUDGET - SEAT_DISCOUNT * (players - 2)


def _plan(count: int, budget: int) -> tuple[int, int]:
    """Playouts every candidate gets, and how many more each finalist gets."""
    if count <= FINALISTS:
        return budget // count, 0
    first = max(min(FIRST_ROUND, budget // count), 1)
    return first, (budget - first * count) // FINALISTS


def _total(state: GameState, move: tuple, seeds: list[int], seat: int) -> float:
    return sum(_playout(state, move, seed, seat) for seed in seeds)


def _candidates(state: GameState, moves, rng: random.Random) -> list[tuple]:
    """Greedy's choice first (it keeps ties), then every step towards the win, the best few
    establishments and passing."""
    chosen = [greedy_move(state, moves, rng)]
    for move in moves:
        if move[0] in STEPS_AND_PASSING and move not in chosen:
            chosen.append(move)
    for move in best_income_ranked(state, state.active, moves)[:ESTABLISHMENTS]:
        if move not in chosen:
            chosen.append(move)
    return chosen


def _determinised(state: GameState, seed: int) -> GameState:
    """A copy whose dice (and face-down market deck) come from the bot's guess, not the game."""
    trial = state.copy()
    trial.setup = {**state.setup, "seed": seed}
    if trial.market_deck:
        deck, _counter = shuffled(list(trial.market_deck), seed, 0)
        trial.market_deck = tuple(deck)
    return trial


def _playout(state: GameState, move: tuple, seed: int, seat: int) -> float:
    trial = _determinised(state, seed)
    play(trial, move)
    stop = state.turn + HORIZON_TURNS
    rng = random.Random(seed)
    while trial.winner is None and trial.turn < stop:
        play(trial, greedy_move(trial, legal_moves(trial), rng))
    return _chance_to_win(trial, seat)


def _chance_to_win(state: GameState, seat: int) -> float:
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    if has_won(state, seat):
        return 1.0
    mine = rounds_to_win(state, seat)
    others = [other for other in range(len(state.players)) if other != seat]
    theirs = min(rounds_to_win(state, other) for other in others)
    return 1 / (1 + math.exp((mine - theirs) / LEAD_SCALE))


expert_bot = on_actions(expert_move)
MOVE_BOTS["expert"] = expert_move
BOTS["expert"] = expert_bot
