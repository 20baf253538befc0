"""A game played with the box, recorded from the table: its date and winner, then a page that
names the winner and asks once (with, in a chapter, who planted a flag) before it is taken."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign import flow
from campaign.forms import RecordForm
from campaign.models import StepKind
from campaign.step_words import game_words

from .common import campaign_at, common, flow_errors, posted_version


@require_http_methods(["GET", "POST"])
@flow_errors
def record(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    if not campaign.may(StepKind.RECORD):
        messages.info(request, _("There is no game to record now."))
        return redirect("campaign:table", table_secret)
    mayors = list(campaign.mayors.all())
    form = RecordForm(mayors, request.POST or None)
    confirming = refused = False
    if request.method == "POST" and form.is_valid() and "change" not in request.POST:
        if request.POST.get("confirmed") == "yes":
            try:
                flow.record_table_game(
                    campaign,
                    form.cleaned_data["winner"],
                    form.cleaned_data["played_on"],
                    flags=form.flags_ticked(),
                    version=posted_version(request),
                    by="table",
                )
            except flow.FlowError as error:
                form.add_error(None, error.message)
                refused = True
                campaign.refresh_from_db()
            else:
                if campaign.in_free_play:
                    return redirect("campaign:free", table_secret)
                return redirect("campaign:read_latest", table_secret)
        else:
            confirming = True
    chapter_game = campaign.chapter_game()
    in_app = chapter_game.game if chapter_game else None
    ctx = common(campaign)
    ctx.update(
        form=form,
        moves_in_app=in_app.version if in_app else 0,
        game_name=game_words(campaign, campaign.chapter),
        # the version the first page showed: a step taken meanwhile refuses the confirmation,
        # and the form then shows the campaign as it is now
        version=posted_version(request)
        if request.method == "POST" and not refused
        else campaign.version,
    )
    if confirming:
        winner = form.cleaned_data["winner"]
        ticked = form.flags_ticked()
        ctx.update(
            winner=next(m for m in mayors if m.seat == winner),
            ask_flags=not campaign.in_free_play,
            flag_choices=[
                {"mayor": m, "ticked": m.seat in ticked, "winner": m.seat == winner} for m in mayors
            ],
        )
        return render(request, "campaign/record_confirm.html", ctx)
    return render(request, "campaign/record.html", ctx, status=400 if form.errors else 200)
