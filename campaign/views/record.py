"""A game played with the box, recorded from the table: its date and winner."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign import flow
from campaign.forms import RecordForm
from campaign.models import StepKind

from .common import campaign_at, common, flow_errors, posted_version


@require_http_methods(["GET", "POST"])
@flow_errors
def record(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    if not campaign.may(StepKind.RECORD):
        messages.info(request, _("There is no game to record now."))
        return redirect("campaign:table", table_secret)
    form = RecordForm(list(campaign.mayors.all()), request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            flow.record_table_game(
                campaign,
                form.cleaned_data["winner"],
                form.cleaned_data["played_on"],
                version=posted_version(request),
                by="table",
            )
        except flow.FlowError as error:
            form.add_error(None, error.message)
        else:
            if campaign.in_free_play:
                return redirect("campaign:free", table_secret)
            return redirect("campaign:read_latest", table_secret)
    chapter_game = campaign.chapter_game()
    in_app = chapter_game.game if chapter_game else None
    ctx = common(campaign)
    ctx.update(form=form, moves_in_app=in_app.version if in_app else 0)
    return render(request, "campaign/record.html", ctx, status=400 if form.errors else 200)
