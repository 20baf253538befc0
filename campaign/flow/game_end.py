"""The end of a game: its last move in the app (the `game_finished` signal), or a game played
with the box recorded from the table. Either way the winner is recorded and the deck reads
what the game's end reveals. An app game's end that was taken back is taken again from the
table (`take_game_end`): the game still stands at its winning move."""

from __future__ import annotations

import datetime

from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.errors import FlowError, WrongPhase
from campaign.models import Campaign, ChapterGame, Phase, StepKind
from legacy_deck.format import Stop
from legacy_deck.reader import ReaderError, advance
from play.models import Game
from play.signals import game_finished

from .step import READER_OUT_OF_STEP, NothingToDo, Step, taking


def record_table_game(
    campaign: Campaign,
    winner: int,
    played_on: datetime.date,
    *,
    flags: list[int] | None = None,
    version: int | None = None,
    by: str = "",
) -> None:
    """A game played with the box instead of the app: its date and winner (and who planted a
    flag, if the deck asks; by default only the winner, who needs one to win)."""
    with taking(campaign, StepKind.RECORD, version, by) as step:
        seats = range(len(step.mayors))
        if winner not in seats:
            raise FlowError(_("Choose the mayor who won."))
        flags = sorted({winner, *(flags or [])})
        if any(seat not in seats for seat in flags):
            raise FlowError(_("Only the campaign's mayors can plant a flag."))
        if not isinstance(played_on, datetime.date):
            raise FlowError(_("Give the date the game was played."))
        chapter_game = step.chapter_game() or ChapterGame(
            campaign=step.campaign, chapter=step.campaign.chapter
        )
        chapter_game.game = None  # an app game begun for this chapter stays, unlinked
        chapter_game.source = ChapterGame.Source.TABLE
        chapter_game.played_on = played_on
        game_over(step, chapter_game, winner, flags, coins=[])


def game_over(step: Step, chapter_game: ChapterGame, winner: int, flags, coins) -> None:
    """The winner, flags and coins recorded; in a chapter, the deck reads the game's end."""
    step.words["seat"] = winner
    chapter_game.winner = step.mayors[winner]
    chapter_game.flags = list(flags)
    chapter_game.final_coins = list(coins)
    if chapter_game.played_on is None:
        chapter_game.played_on = timezone.localdate()
    chapter_game._change_reason = step.reason
    chapter_game.save()
    if step.campaign.in_free_play:
        # free play keeps no deck: the cities go back into the bags, and on to the next
        step.write_deck_places()
        for mayor in step.mayors:
            mayor.picks = None
        step.save_mayors(step.mayors, ["picks"])
        step.move_to(Phase.FREE_PLAY)
        return
    try:
        reading = advance(step.deck, step.reader, Stop("after_game", step.campaign.chapter))
    except ReaderError:
        raise FlowError(_(READER_OUT_OF_STEP)) from None
    step.reader = reading.state
    step.move_to(Phase.AFTER_GAME)


def take_game_end(campaign: Campaign, *, version: int | None = None, by: str = "") -> None:
    """The end of the chapter's game in the app taken (again): after its end was taken back,
    the game still stands at its last move, won."""
    with taking(campaign, StepKind.GAME_OVER, version, by) as step:
        chapter_game = step.chapter_game()
        game = chapter_game.game if chapter_game else None
        if game is None or not game.finished:
            raise FlowError(_("The game in the app is not over yet."))
        _app_game_over(step, chapter_game, game)


def _app_game_over(step: Step, chapter_game: ChapterGame, game: Game) -> None:
    state = game.load()
    flags = [seat for seat, player in enumerate(state.players) if player.flag]
    coins = [player.coins for player in state.players]
    game_over(step, chapter_game, state.winner, flags, coins)


@receiver(game_finished)
def _on_game_finished(sender, game: Game, **kwargs) -> None:
    """The winner is recorded in the transaction of the move that won."""
    chapter_game = ChapterGame.objects.filter(game=game).first()
    if chapter_game is None:
        return
    try:
        with taking(chapter_game.campaign, StepKind.GAME_OVER, None, "") as step:
            if chapter_game.chapter != step.campaign.chapter:
                raise NothingToDo
            _app_game_over(step, chapter_game, game)
    except (WrongPhase, NothingToDo):
        return  # the chapter was recorded from the table meanwhile: this game stands alone
