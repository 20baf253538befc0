"""Reading the deck: the STOP before a game turned at the table, an event STOP turned by what
happens in a game (the `move_made` signal), and the game's end read down to its STOP."""

from __future__ import annotations

from django.dispatch import receiver
from django.utils.translation import gettext as _

from campaign.decks import deck_of, reader_of
from campaign.errors import FlowError, WrongPhase
from campaign.models import Campaign, ChapterGame, Phase, StepKind
from legacy_deck.format import Side, Stop
from legacy_deck.reader import ReaderError, advance, deck_events, read_so_far, waiting_at
from play.models import Game
from play.signals import move_made

from .picking import begin_picking
from .step import READER_OUT_OF_STEP, NothingToDo, Step, taking


def read_on(campaign: Campaign, *, version: int | None = None, by: str = "") -> list[Side]:
    """Turn the STOP before the next game and read up to the next one; then the mayors pick
    (those with no choice, and bots, at once). Returns the sides read."""
    with taking(campaign, StepKind.READ, version, by) as step:
        stop = Stop("before_game", step.campaign.chapter)
        try:
            reading = advance(step.deck, step.reader, stop)
        except ReaderError:
            raise FlowError(_(READER_OUT_OF_STEP)) from None
        step.reader = reading.state
        step.write_deck_places()
        step.move_to(Phase.PICKING)
        begin_picking(step)
    return list(reading.revealed)


def end_read(campaign: Campaign, *, by: str = "") -> None:
    """The table has read what the game's end reveals down to its STOP: the winner's moment
    is next (the table may also go there before, having read the cards themselves)."""
    with taking(campaign, StepKind.END_READ, None, by) as step:
        step.move_to(Phase.WINNERS_MOMENT)


def sides_read(campaign: Campaign) -> list[Side]:
    """Every side the table has read, in order."""
    return read_so_far(deck_of(campaign), reader_of(campaign))


@receiver(move_made)
def _on_move(sender, game: Game, seat: int | None, events: list[dict], **kwargs) -> None:
    """An engine event the deck waits for turns its event STOP at once; that move is final."""
    happened = deck_events(events)
    if not happened or game.finished or game.rematch_offered:
        # an event of the winning move is read with the game's end, ahead of it (RULES.md §6):
        # turned now, no board would show it before the end's reading passed it by. A game
        # that offers a rematch is no chapter (play.Game.rematch_offered): nothing to look up.
        return
    chapter_game = ChapterGame.objects.filter(game=game).select_related("campaign").first()
    if chapter_game is None or not _waits_for(chapter_game, happened):
        return
    try:
        with taking(chapter_game.campaign, StepKind.EVENT, None, "") as step:
            if not _waits_for(chapter_game, happened, step):
                raise NothingToDo
            stop = waiting_at(step.deck, step.reader)
            step.reader = advance(step.deck, step.reader, stop).state
            game.keep_last_move()
    except (WrongPhase, NothingToDo):
        return


def _waits_for(chapter_game: ChapterGame, happened: set[str], step: Step | None = None) -> bool:
    """Whether this game's campaign waits at an event STOP of this game for one of these."""
    campaign = step.campaign if step else chapter_game.campaign
    stop = waiting_at(deck_of(campaign), step.reader if step else reader_of(campaign))
    return (
        stop is not None
        and stop.moment == "event"
        and stop.game == campaign.chapter == chapter_game.chapter
        and stop.event in happened
    )
