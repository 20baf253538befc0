"""The mayors' secret marketplace picks; the last pick sets up and starts the game."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.errors import FlowError, Overtaken
from campaign.models import Campaign, ChapterGame, Mayor, Phase, StepKind
from legacy_deck.setup import SetupError, chapter_setup, check_picks, default_picks, free_play_setup
from legacy_deck.setup_refusals import setup_refusal_text
from machikoro.names import isolated
from play.engine import IllegalAction
from play.models import Game
from play.refusals import refusal_text, setup_table

from .step import Step, taking


def pick(
    campaign: Campaign,
    mayor: Mayor | int,
    cards: list[str],
    *,
    version: int | None = None,
    by: str = "",
) -> bool:
    """A mayor's secret marketplace picks (establishment ids of cards in their bag), or their
    picks changed while others still pick; the last mayor's pick starts the game. True if it
    did."""
    with taking(campaign, StepKind.PICK, version, by) as step:
        chosen = step.mayor(mayor)
        bag = step.bag(chosen)
        if not may_pick(step.campaign, chosen, len(bag)):
            raise Overtaken(_("%(name)s has picked already.") % {"name": isolated(chosen.name)})
        if chosen.picks is not None and list(chosen.picks) == list(cards):
            # the same pick pressed twice (a double tap, two tabs): stored once
            raise Overtaken(
                _("%(name)s has picked these cards already.") % {"name": isolated(chosen.name)}
            )
        allowed = step.campaign.picks_allowed(chosen)
        try:
            check_picks(bag, allowed, cards, chosen.name)
        except SetupError:
            raise FlowError(
                _("Pick exactly %(count)s of the marketplace cards in your bag.")
                % {"count": min(allowed, len(bag))}
            ) from None
        chosen.picks = list(cards)
        step.save_mayors([chosen], ["picks"])
        step.words["seat"] = chosen.seat
        return start_game_if_all_picked(step)


def may_pick(campaign: Campaign, mayor: Mayor, bag_size: int) -> bool:
    """Whether a mayor may pick now, or change their picks: a person, while the campaign is
    picking. The last mayor's pick starts the game, and with it every pick is final. A bot,
    or a mayor whose bag leaves no choice, was picked for at once and has nothing to change."""
    if not campaign.may(StepKind.PICK) or mayor.is_bot:
        return False
    return mayor.picks is None or bag_size > campaign.picks_allowed(mayor)


def begin_picking(step: Step) -> None:
    """Everyone picks anew; a bot, or a mayor whose bag leaves no choice, picks at once."""
    for mayor in step.mayors:
        bag = step.bag(mayor)
        allowed = step.campaign.picks_allowed(mayor)
        mayor.picks = (
            default_picks(bag, allowed, step.deck)
            if (mayor.is_bot or len(bag) <= allowed)
            else None
        )
    step.save_mayors(step.mayors, ["picks"])
    start_game_if_all_picked(step)


def start_game_if_all_picked(step: Step) -> bool:
    """The chapter's game (or a game of free play) set up from the picks, once all are in."""
    campaign, mayors = step.campaign, step.mayors
    if any(mayor.picks is None for mayor in mayors):
        return False
    carry = {
        "last_winner": _last_winner_seat(campaign),
        "choices": dict(step.reader.choices),
        "circles": [campaign.picks_allowed(mayor) for mayor in mayors],
        "picks": [list(mayor.picks) for mayor in mayors],
    }
    names = [mayor.name for mayor in mayors]
    colours = [mayor.colour for mayor in mayors]
    seed = campaign.game_seed()
    try:
        if campaign.in_free_play:
            setup = free_play_setup(
                step.deck, step.reader, names, colours, carry, campaign.yokai_rule, seed
            )
        else:
            setup = chapter_setup(
                step.deck, campaign.chapter, names, carry, seed, reader=step.reader, colours=colours
            )
    except SetupError as error:
        why = setup_refusal_text(error, step.deck)
        raise FlowError(_("The game cannot be set up: %(why)s") % {"why": why}) from None
    try:
        game = Game.create_from_setup(
            setup,
            [mayor.kind for mayor in mayors],
            colours=colours,
            rematch_offered=False,
            seed_chosen=campaign.chosen_seed is not None,
        )
    except IllegalAction as error:
        # the setup's own table names its Legacy cards, which the built-in catalogue lacks
        why = refusal_text(error, setup_table(setup))
        raise FlowError(_("The game cannot be set up: %(why)s") % {"why": why}) from None
    chapter_game = ChapterGame(campaign=campaign, chapter=campaign.chapter, game=game)
    chapter_game._change_reason = step.reason
    chapter_game.save()
    step.words["started"] = True
    step.move_to(Phase.PLAYING)
    step.write_deck_places(cities=step.picked_cities())
    return True


def _last_winner_seat(campaign: Campaign) -> int:
    last = (
        ChapterGame.objects.filter(campaign=campaign, winner__isnull=False)
        .order_by("-chapter")
        .values_list("winner__seat", flat=True)
        .first()
    )
    return last or 0
