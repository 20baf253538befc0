"""Free play after the campaign: the Yōkai rule chosen once, then one game after another."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from campaign import dashboard, flow
from campaign.models import StepKind

from .common import campaign_at, common, flow_errors, posted_version


@require_http_methods(["GET", "POST"])
@flow_errors
def free(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = campaign_at(table_secret)
    open_for_free_play = campaign.may(StepKind.FREE_PLAY)
    if request.method == "POST" and open_for_free_play:
        try:
            flow.start_free_play(
                campaign,
                yokai_rule=request.POST.get("yokai_rule", ""),
                version=posted_version(request),
                by="table",
            )
        except flow.FlowError as error:
            messages.error(request, error.message)
            return redirect("campaign:free", table_secret)
        return redirect("campaign:picks", table_secret)
    ctx = common(campaign)
    ctx.update(
        open_for_free_play=open_for_free_play,
        choices=dashboard.free_play_choices(campaign, campaign.deck),
        games=list(
            campaign.games.filter(chapter__gt=campaign.games_total).select_related("winner", "game")
        ),
        next=dashboard.next_step(campaign),
    )
    return render(request, "campaign/free.html", ctx)
