"""The winner's moment: the Golden Book entry and the side of the new pile."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign import dashboard, flow
from campaign.bot_choices import bot_pile_side
from campaign.forms import GoldenBookForm
from campaign.models import StepKind
from machikoro.names import isolated

from .common import campaign_at, common, flow_errors, posted_version


@require_http_methods(["GET", "POST"])
@flow_errors
def after(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    if not campaign.may(StepKind.AFTER_GAME):
        messages.info(request, _("There is no game waiting for its winner."))
        return redirect("campaign:table", table_secret)
    chapter_game = campaign.chapter_game()
    winner = chapter_game.winner
    piles = dashboard.new_pile_view(campaign)
    # a bot that won has chosen its side already: the table sees it and confirms
    bot_choice = bot_pile_side(flow.new_pile(campaign)) if winner.is_bot else None
    form = GoldenBookForm(
        request.POST or None,
        initial={
            "date": chapter_game.played_on,
            "name": winner.name,
            "city_name": winner.city_name,
            "side": bot_choice,
        },
        needs_side=bool(piles),
        ended_at=_ended_at(chapter_game),
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            flow.finish_after_game(
                campaign,
                side=data.get("side") or None,
                date=data["date"],
                name=data["name"],
                city_name=data["city_name"],
                version=posted_version(request),
                by=winner.name,
            )
        except flow.FlowError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _signed(data, piles, chapter_game.chapter))
            if campaign.in_free_play:  # the last game: its Golden Book is complete
                return redirect("campaign:book", table_secret)
            pages = dashboard.reading_pages(flow.deck_of(campaign), flow.reader_of(campaign))
            return redirect("campaign:read", table_secret, len(pages))
    ctx = common(campaign)
    ctx.update(
        form=form,
        winner=winner,
        colour=winner.colour,
        chapter_game=chapter_game,
        piles=piles,
        bot_choice=bot_choice,
    )
    return render(request, "campaign/after.html", ctx, status=400 if form.errors else 200)


def _signed(data: dict, piles: list[dict], chapter: int) -> str:
    """What the table is told once the winner has signed (and chosen a side)."""
    said = _("%(name)s has signed the Golden Book for game %(n)s.") % {
        "name": isolated(data["name"]),
        "n": chapter,
    }
    for pile in piles:
        side = data.get("side")
        if side in ("a", "b"):
            said += " " + _("The new pile lies with %(card)s up, for good.") % {
                "card": pile[side]["name"]
            }
    return said


def _ended_at(chapter_game):
    """When the app's game of the chapter ended (its last move); None for a game the group
    played with the box and recorded with its own date."""
    game = chapter_game.game
    if chapter_game.source != chapter_game.Source.APP or game is None:
        return None
    return game.updated
