"""The host's own pages: new links for the campaign, and deleting it. Only the campaign's
owner, logged in, on the table's link (campaign/views/access.py); the work is done by
campaign/hosting.py."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign import hosting
from campaign.models import Campaign
from machikoro.names import isolated

from .access import host_page


@require_http_methods(["GET", "POST"])
@host_page
def renew(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    if request.method == "POST":
        if hosting.renew_links(campaign):
            messages.success(
                request, _("The campaign has new links: the old ones open nothing any more.")
            )
        else:  # another press renewed them a moment ago: these are the new ones
            messages.info(
                request, _("The links were renewed a moment ago: these are the new ones.")
            )
        return redirect("campaign:links", campaign.table_secret)
    return render(request, "campaign/renew.html", {"campaign": campaign})


@require_http_methods(["GET", "POST"])
@host_page
def delete(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    error = None
    if request.method == "POST":
        if request.POST.get("name", "").strip() == campaign.name.strip():
            name = campaign.name
            hosting.delete_campaign(campaign)
            messages.success(request, _("%(name)s has been deleted.") % {"name": isolated(name)})
            return redirect("campaign:mine")
        error = _("Type the campaign's name exactly as it is written to delete it.")
    return render(
        request,
        "campaign/delete.html",
        {"campaign": campaign, "error": error},
        status=400 if error else 200,
    )
