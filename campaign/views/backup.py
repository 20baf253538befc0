"""The campaign's backup in the browser: download it from the table link, import it as a host."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from campaign.backup import BackupError, export_text, import_text
from campaign.forms import ImportCampaignForm
from campaign.models import Campaign


@require_safe
def export(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = Campaign.objects.filter(table_secret=table_secret).first()
    if campaign is None:
        raise Http404(_("This link does not belong to a campaign."))
    response = HttpResponse(export_text(campaign), content_type="application/json")
    name = slugify(campaign.name) or "campaign"
    response["Content-Disposition"] = (
        f'attachment; filename="{name}-{campaign.created:%Y%m%d}-chapter-{campaign.chapter}.json"'
    )
    return response


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
            return redirect(f"/c/{campaign.table_secret}/")
    status = 400 if form.errors else 200
    return render(request, "campaign/import.html", {"form": form}, status=status)
