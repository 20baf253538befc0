"""The host takes back the campaign's last step: a page that says in words what will be undone
and asks once; the work is `flow.take_back`. Only the campaign's owner, logged in, on the
table's link (campaign/views/access.py)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign import flow
from campaign.models import Campaign
from campaign.step_words import last_step

from .access import host_page
from .common import common, flow_errors, posted_version


@require_http_methods(["GET", "POST"])
@host_page
@flow_errors
def take_back(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    last = last_step(campaign)
    if last is None:
        messages.info(request, _("There is no step to take back: the campaign is at its start."))
        return redirect("campaign:table", campaign.table_secret)
    error = None
    if request.method == "POST":
        try:
            flow.take_back(campaign, version=posted_version(request), by="")
        except flow.FlowError as refused:
            error = refused.message
            campaign.refresh_from_db()
            last = last_step(campaign)
            if last is None:
                messages.info(request, error)
                return redirect("campaign:table", campaign.table_secret)
        else:
            messages.success(request, _("Taken back: %(step)s.") % {"step": last.words})
            return redirect("campaign:table", campaign.table_secret)
    ctx = common(campaign)
    ctx.update(last=last, error=error)
    return render(request, "campaign/take_back.html", ctx, status=409 if error else 200)
