"""Whole bot campaigns of a deck under the campaign's own rules: its balance as a whole.

Each campaign is played as campaign/flow plays it, without the database: the deck read STOP
by STOP, the chapter set up by legacy_deck.chapter_setup from the mayors' colours, circles and
picks, the game played out by greedy bots, the winner starting the next game, circles ticked as
the deck says for that winner and the flags planted, the winner's side chosen as a bot would
(campaign/bot_choices.py), picks as a bot would (legacy_deck.setup.default_picks).

Used by `check_deck --simulate N` (for a deck's author) and bench/campaign_balance.py.

Goals (issue 7): each chapter's median length 10–25 rounds; no seat wins more than its fair
share + 10 points of all chapters, nor less than fair share − 10; the winner of a chapter wins
the next one at most fair share + 15 points (no runaway leader).
"""

from __future__ import annotations

import random
import statistics

from campaign.bot_choices import bot_side
from campaign.places import ledger_now
from campaign.progress import circles_ticked, instructions_of, presented_piles, sides_of_game_end
from legacy_deck.format import Deck, Stop
from legacy_deck.reader import DeckState, advance, choose
from legacy_deck.setup import chapter_setup, default_picks
from play.engine import legal_moves, new_game, play
from play.engine.bots import greedy_move

MAX_TURNS = 2000
ROUNDS = range(10, 26)  # a chapter's median length, in rounds
SEAT_SPREAD = 10  # points of all chapters' wins a seat may be off its fair share
REPEAT_SPREAD = 15  # points above fair share the last winner may win the next chapter


def play_campaign(deck: Deck, players: int, seed: int) -> list[dict]:
    """One campaign of greedy bots: per chapter its winner, start seat and length in rounds."""
    rng = random.Random(seed)
    colours = list(deck.shape.colours[:players])
    names = [f"Bot {seat + 1}" for seat in range(players)]
    circles = [deck.shape.start_circles] * players
    reader = advance(deck, DeckState.start(deck), "before_campaign").state
    last_winner = 0
    results = []
    for chapter in range(1, deck.shape.games + 1):
        reader = advance(deck, reader, Stop("before_game", chapter)).state
        ledger = ledger_now(deck, reader)
        picks = [
            default_picks(ledger.marketplace.get(colour, []), circles[seat], deck)
            for seat, colour in enumerate(colours)
        ]
        carry = {
            "last_winner": last_winner,
            "choices": dict(reader.choices),
            "circles": list(circles),
            "picks": picks,
        }
        setup = chapter_setup(
            deck, chapter, names, carry, seed=rng.randrange(2**31), reader=reader, colours=colours
        )
        state = new_game(setup)
        start = state.active
        while state.winner is None and state.turn <= MAX_TURNS:
            play(state, greedy_move(state, legal_moves(state), rng))
        winner = state.winner
        flags = {seat for seat, player in enumerate(state.players) if player.flag}
        results.append(
            {"chapter": chapter, "winner": winner, "start": start, "rounds": state.round}
        )
        # an event STOP that was not turned during the game is turned with its end
        reader = advance(deck, reader, Stop("after_game", chapter)).state
        sides = sides_of_game_end(deck, reader, chapter)
        ticks = circles_ticked(instructions_of(sides, "tick_circles"), players, winner, flags)
        circles = [have + more for have, more in zip(circles, ticks, strict=True)]
        for cid in presented_piles(sides):
            reader = choose(deck, reader, cid, bot_side(deck.components[cid].sides))
        last_winner = winner
    return results


def measure(deck: Deck, players: int, campaigns: int, seed: int) -> dict:
    """`campaigns` bot campaigns with `players` mayors: each chapter's median rounds, each
    seat's share of all wins, how often a chapter's winner won the next one (percent)."""
    chapters = {c: [] for c in range(1, deck.shape.games + 1)}
    wins = [0] * players
    repeat, repeat_chances = 0, 0
    for number in range(campaigns):
        results = play_campaign(deck, players, seed * 1_000_003 + number)
        for result in results:
            chapters[result["chapter"]].append(result["rounds"])
            if result["winner"] is not None:
                wins[result["winner"]] += 1
        for before, after in zip(results, results[1:], strict=False):
            repeat_chances += 1
            repeat += before["winner"] == after["winner"]
    total = sum(wins) or 1
    return {
        "players": players,
        "median_rounds": {c: statistics.median(r) for c, r in chapters.items()},
        "seat_share": [100 * w / total for w in wins],
        "repeat": 100 * repeat / repeat_chances if repeat_chances else 0.0,
    }


def misses(row: dict) -> list[str]:
    """The goals a row of `measure` misses, each said in a line."""
    fair = 100 / row["players"]
    found = []
    for chapter, rounds in row["median_rounds"].items():
        if not ROUNDS.start <= rounds <= ROUNDS.stop - 1:  # a median may be a half
            found.append(f"chapter {chapter}: median {rounds} rounds")
    for seat, share in enumerate(row["seat_share"]):
        if share > fair + SEAT_SPREAD or share < fair - SEAT_SPREAD:
            found.append(f"seat {seat + 1} wins {share:.0f}% (fair {fair:.0f}%)")
    if row["repeat"] > fair + REPEAT_SPREAD:
        found.append(f"the winner wins the next chapter {row['repeat']:.0f}% (fair {fair:.0f}%)")
    return found


def table_head(deck: Deck) -> list[str]:
    return [
        f"| mayors | median rounds, chapters 1–{deck.shape.games} | wins by seat % "
        "| winner wins next % | goals |",
        "| --- | --- | --- | --- | --- |",
    ]


def table_row(row: dict) -> tuple[str, list[str]]:
    """A row of the balance table, and the goals it misses."""
    rounds = ", ".join(f"{r:g}" for r in row["median_rounds"].values())
    shares = ", ".join(f"{s:.0f}" for s in row["seat_share"])
    found = misses(row)
    verdict = "met" if not found else "MISSED: " + "; ".join(found)
    return f"| {row['players']} | {rounds} | {shares} | {row['repeat']:.0f} | {verdict} |", found
