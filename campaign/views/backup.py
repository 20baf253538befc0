"""The campaign's backup in the browser: the host downloads it from the table's link and imports
it on My campaigns."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from campaign.backup import BackupError, export_text, import_text
from campaign.forms import ImportCampaignForm
from campaign.models import Campaign, Phase

from .access import host_page


@require_safe
@host_page
def export(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    """The backup: the host's alone (it holds every link of the campaign)."""
    response = HttpResponse(export_text(campaign), content_type="application/json")
    name = slugify(campaign.name) or "campaign"
    response["Content-Disposition"] = (
        f'attachment; filename="{name}-{campaign.created:%Y%m%d}-{_how_far(campaign)}.json"'
    )
    return response


def _how_far(campaign: Campaign) -> str:
    """The file name's word for how far the campaign is: its chapter while it lasts (a finished
    ten-game campaign is at chapter 11, which no deck has)."""
    if campaign.phase == Phase.FINISHED:
        return "campaign-over"
    if campaign.phase == Phase.FREE_PLAY:
        return "free-play"
    return f"chapter-{campaign.chapter}"


@login_required
@require_http_methods(["GET", "POST"])
def import_campaign(request: HttpRequest) -> HttpResponse:
    form = ImportCampaignForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = import_text(form.cleaned_data["file"], owner=request.user)
        except BackupError as error:
            form.add_error("file", str(error))
        else:
            # every link of the file was replaced (campaign.import_bounds.with_new_links)
            messages.success(
                request,
                _("The campaign is imported with new links: give the mayors theirs from here."),
            )
            return redirect("campaign:links", campaign.table_secret)
    status = 400 if form.errors else 200
    return render(request, "campaign/import.html", {"form": form}, status=status)
