"""Every step of a campaign, from the first deck card to free play.

Each step takes the campaign and what people chose, checks the phase against the phase machine
(`campaign.models.TRANSITIONS`), does all its work in one transaction (the campaign's row
locked), and moves the phase on:

    campaign = create_campaign("Seven Winds", [NewMayor("Ann", "Annaburg", "teal"), …])
    read_on(campaign)                         # reading → picking (→ playing if no one must pick)
    pick(campaign, mayor, ["wheat_field", …]) # the last pick starts the game: → playing
    # the game is played in `play`; its last move sends game_finished: → after_game
    end_read(campaign)                        # the game's end read to its STOP: → winners_moment
    record_table_game(campaign, winner_seat, date)   # or: a game played with the box
    finish_after_game(campaign, side="b")     # the eight steps; → reading (→ finished after 10)
    start_free_play(campaign, yokai_rule="yokai_coins")   # → picking → playing → free_play …
    take_back(campaign, version=7)            # the host: the last step undone, exactly

One module per step: `create`, `reading`, `picking`, `game_end`, `after_game` (the book's eight
steps), `free_play`, `take_back`; `step` is what they share (the lock, the checks, writing where
components lie, the snapshot each step keeps for taking it back). A step refused (wrong phase,
overtaken by another device, a bad choice) raises FlowError with a message in the active
language and changes nothing. Views, the admin and `play_campaign` call these functions and
nothing else. `our_deck`, `deck_of` and `reader_of` come from `campaign.decks` (a test that
installs another deck patches `campaign.decks.our_deck`).
"""

from campaign.decks import deck_of, our_deck, reader_of
from campaign.errors import FlowError, Overtaken, WrongPhase
from campaign.standings import golden_book_standings

from .after_game import AFTER_GAME_STEPS, finish_after_game, new_pile
from .create import (
    CAMPAIGN_NAME_LENGTH,
    CITY_LENGTH,
    MAX_MAYORS,
    MIN_MAYORS,
    NAME_LENGTH,
    NewMayor,
    create_campaign,
)
from .free_play import start_free_play
from .game_end import record_table_game, take_game_end
from .picking import may_pick, pick
from .reading import end_read, read_on, sides_read
from .step import Step
from .take_back import take_back

__all__ = [
    "AFTER_GAME_STEPS",
    "CAMPAIGN_NAME_LENGTH",
    "CITY_LENGTH",
    "MAX_MAYORS",
    "MIN_MAYORS",
    "NAME_LENGTH",
    "FlowError",
    "NewMayor",
    "Overtaken",
    "Step",
    "WrongPhase",
    "create_campaign",
    "deck_of",
    "end_read",
    "finish_after_game",
    "golden_book_standings",
    "may_pick",
    "new_pile",
    "our_deck",
    "pick",
    "read_on",
    "reader_of",
    "record_table_game",
    "sides_read",
    "start_free_play",
    "take_back",
    "take_game_end",
]
