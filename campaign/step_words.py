"""A campaign's last step in words, as the host's take-back names it ("Bert recorded as the
winner of game 6"), from what the step kept of itself (`CampaignSnapshot.words`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from machikoro.names import isolated

from . import snapshots
from .models import Campaign, CampaignSnapshot, StepKind


@dataclass(frozen=True)
class LastStep:
    words: str  # what taking it back undoes
    kind: str  # its StepKind
    game_moves: int  # moves made in the app game that goes with it (0: none goes)


def game_words(campaign: Campaign, chapter: int) -> str:
    """A game of the campaign by its number: a chapter's, or one of free play."""
    total = campaign.games_total
    if chapter > total:
        return _("game %(n)s of free play") % {"n": chapter - total}
    return _("game %(n)s") % {"n": chapter}


def step_words(campaign: Campaign, snapshot: CampaignSnapshot, names: dict[int, str]) -> str:
    """What the step did, in words of the active language (`names`: mayors' names by seat)."""
    said = snapshot.words
    values = {
        "game": game_words(campaign, said.get("chapter", campaign.chapter)),
        "name": isolated(names.get(said.get("seat"), "?")),
    }
    kind, started = snapshot.kind, bool(said.get("started"))
    if kind == StepKind.READ:
        if started:
            text = _("the deck read on before %(game)s, and the game set up for it")
        else:
            text = _("the deck read on before %(game)s")
    elif kind == StepKind.PICK:
        if started:
            text = _("%(name)s's picks for %(game)s, the last ones, and the game set up from them")
        else:
            text = _("%(name)s's picks for %(game)s")
    elif kind == StepKind.EVENT:
        text = _("the STOP turned during %(game)s")
    elif kind == StepKind.GAME_OVER:
        text = _("the result of %(game)s in the app: %(name)s won")
    elif kind == StepKind.RECORD:
        text = _("%(name)s recorded as the winner of %(game)s")
    elif kind == StepKind.AFTER_GAME:
        text = _("the winner's moment of %(game)s: %(name)s in the Golden Book")
    elif kind == StepKind.FREE_PLAY:
        text = _("the start of %(game)s")
    else:
        text = str(StepKind(kind).label) if kind in StepKind.values else kind
    return text % values


def last_step(campaign: Campaign) -> LastStep | None:
    """The step a take-back would undo now, or None at the campaign's start."""
    snapshot = snapshots.newest(campaign)
    if snapshot is None:
        return None
    names = {mayor.seat: mayor.name for mayor in campaign.mayors.all()}
    moves = 0
    if snapshot.words.get("started"):
        chapter_game = campaign.chapter_game()
        if chapter_game is not None and chapter_game.game is not None:
            moves = chapter_game.game.version
    return LastStep(step_words(campaign, snapshot, names), snapshot.kind, moves)
