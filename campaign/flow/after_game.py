"""After a chapter's game: the winner's choices, then the eight steps of the book (RULES.md §5)
and the rest of the after-game reading, all in one step."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from campaign.decks import deck_of, reader_of
from campaign.errors import FlowError
from campaign.models import (
    Campaign,
    ChapterGame,
    ComponentPlace,
    GoldenBookEntry,
    Mayor,
    Phase,
    Place,
    SideChoice,
    StepKind,
)
from campaign.progress import circles_ticked, instructions_of, presented_piles, sides_of_game_end
from legacy_deck.format import Side
from legacy_deck.reader import ReaderError, choose

from .create import CITY_LENGTH, NAME_LENGTH, checked_text
from .step import Step, taking


def finish_after_game(
    campaign: Campaign,
    *,
    side: str | None = None,
    name: str | None = None,
    city_name: str | None = None,
    date: datetime.date | None = None,
    version: int | None = None,
    by: str = "",
) -> None:
    """The winner's choices, then the eight after-game steps (RULES.md §5) and the rest of the
    after-game reading, in one transaction; the campaign then reads on to the next game."""
    with taking(campaign, StepKind.AFTER_GAME, version, by) as step:
        after = AfterGame(step, side=side, name=name, city_name=city_name, date=date)
        step.words["seat"] = after.winner.seat
        for book_step in AFTER_GAME_STEPS:
            book_step(after)
        after.carry_out_the_rest()
        last = step.campaign.chapter >= step.campaign.games_total
        step.campaign.chapter += 1
        step.move_to(Phase.FINISHED if last else Phase.READING)


def new_pile(campaign: Campaign) -> list[dict]:
    """The double-sided establishments the winner chooses a side for now, both sides each
    (only in the after-game phase: before, they are still in the deck)."""
    if not campaign.game_over:
        return []
    deck = deck_of(campaign)
    sides = sides_of_game_end(deck, reader_of(campaign), campaign.chapter)
    return [
        {"id": cid, "copies": deck.components[cid].copies, "sides": deck.components[cid].sides}
        for cid in presented_piles(sides)
    ]


@dataclass
class AfterGame:
    """What the eight steps share: the step, the winner's choices, the game and what its end
    revealed."""

    step: Step
    side: str | None = None
    name: str | None = None
    city_name: str | None = None
    date: datetime.date | None = None  # the Golden Book's date; by default the game's
    chapter_game: ChapterGame = field(init=False)
    winner: Mayor = field(init=False)
    sides: list[Side] = field(init=False)

    def __post_init__(self):
        self.chapter_game = self.step.chapter_game()
        if self.chapter_game is None or self.chapter_game.winner_id is None:
            raise FlowError(_("This game has no winner yet."))
        self.winner = self.step.mayor(self.chapter_game.winner_id)
        self.sides = sides_of_game_end(self.step.deck, self.step.reader, self.chapter)
        if self.double_sided() and self.side not in ("a", "b"):
            raise FlowError(_("Choose which side of the new establishments faces up."))

    @property
    def chapter(self) -> int:
        return self.step.campaign.chapter

    def double_sided(self) -> list[str]:
        return presented_piles(self.sides)

    def move(self, accept: Callable[[str, ComponentPlace | None], bool]) -> None:
        self.step.write_deck_places(only=accept)

    def kind(self, cid: str) -> str:
        return self.step.deck.components[cid].kind

    def carry_out_the_rest(self) -> None:
        """What else the after-game reading said: circles ticked, boxes opened, rule cards,
        stickers, components moved — and the deck reads on to the next STOP."""
        mayors = self.step.mayors
        ticks = circles_ticked(
            instructions_of(self.sides, "tick_circles"),
            len(mayors),
            self.winner.seat,
            set(self.chapter_game.flags),
        )
        if any(ticks):
            for mayor in mayors:
                mayor.circles += ticks[mayor.seat]
            self.step.save_mayors(mayors, ["circles"])
        self.step.write_deck_places()


def golden_book(after: AfterGame) -> None:
    """1. The winner writes date, name and city name in the Golden Book."""
    name = checked_text(
        after.name if after.name is not None else after.winner.name,
        NAME_LENGTH,
        _("The Golden Book needs the winner's name."),
    )
    city = checked_text(
        after.city_name if after.city_name is not None else after.winner.city_name,
        CITY_LENGTH,
        _("The Golden Book needs the city's name."),
    )
    entry = GoldenBookEntry(
        campaign=after.step.campaign,
        chapter=after.chapter,
        mayor=after.winner,
        name=name,
        city_name=city,
        date=after.date or after.chapter_game.played_on or timezone.localdate(),
    )
    entry._change_reason = after.step.reason
    entry.save()


def project_to_archive(after: AfterGame) -> None:
    """2. The community project goes to the archive."""
    after.move(lambda cid, row: after.kind(cid) == "project")


def leftmost_landmark_to_archive(after: AfterGame) -> None:
    """3. Each tableau's leftmost landmark (first by letter) goes to the archive."""
    after.move(lambda cid, row: after.kind(cid) == "landmark")


def marketplace_cards(after: AfterGame) -> None:
    """4. New marketplace cards into their colour's bag; colours nobody plays to the archive."""
    after.move(
        lambda cid, row: (
            after.kind(cid) == "marketplace" and (row is None or row.place != Place.CITY)
        )
    )


def double_sided_pile(after: AfterGame) -> None:
    """5. The winner chooses one side for the new double-sided establishments, for good."""
    step = after.step
    choices = []
    for cid in after.double_sided():
        try:
            step.reader = choose(step.deck, step.reader, cid, after.side)
        except ReaderError:
            raise FlowError(_("The side of this establishment was chosen already.")) from None
        choices.append(
            SideChoice(
                campaign=step.campaign,
                component=cid,
                side=after.side,
                chosen_by=after.winner,
                chapter=after.chapter,
            )
        )
    if choices:
        bulk_create_with_history(choices, SideChoice, default_change_reason=step.reason)
    after.move(lambda cid, row: after.kind(cid) == "double_sided")


def cities_to_bags(after: AfterGame) -> None:
    """6. Every city's marketplace cards go back into their mayor's bag."""
    after.move(lambda cid, row: row is not None and row.place == Place.CITY)
    for mayor in after.step.mayors:
        mayor.picks = None
    after.step.save_mayors(after.step.mayors, ["picks"])


def tidy_market(after: AfterGame) -> None:
    """7. The market is tidied, the new establishments sorted in by number."""
    after.move(lambda cid, row: after.kind(cid) in ("establishment", "double_sided"))


def coins_to_bank(after: AfterGame) -> None:
    """8. All coins go back to the bank: what each had is kept for the charts."""
    game = after.chapter_game.game
    if game is not None:
        state = game.load()
        after.chapter_game.final_coins = [player.coins for player in state.players]
        after.chapter_game._change_reason = after.step.reason
        after.chapter_game.save(update_fields=["final_coins"])


AFTER_GAME_STEPS: tuple[Callable[[AfterGame], None], ...] = (
    golden_book,
    project_to_archive,
    leftmost_landmark_to_archive,
    marketplace_cards,
    double_sided_pile,
    cities_to_bags,
    tidy_market,
    coins_to_bank,
)
