"""How an open page learns the campaign has moved on: a poll of its version."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from campaign.models import Campaign, Mayor


@require_GET
def poll(request: HttpRequest, table_secret: str) -> HttpResponse:
    """204 while the campaign stands where the page shows it; else the page reloads itself."""
    version = (
        Campaign.objects.filter(table_secret=table_secret).values_list("version", flat=True).first()
    )
    return _poll_answer(request, version)


def mayor_moment(phase: str, chapter: int, picked: bool) -> str:
    """What a mayor's own page depends on. Another mayor's pick moves the campaign's version
    but must not reload a phone whose owner is ticking their own cards."""
    return f"{phase}.{chapter}.{int(picked)}"


@require_GET
def mayor_poll(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    row = (
        Mayor.objects.filter(secret=mayor_secret)
        .values_list("campaign__version", "campaign__phase", "campaign__chapter", "picks")
        .first()
    )
    if row is None:
        raise Http404
    version, phase, chapter, picks = row
    if "k" in request.GET:
        same = request.GET["k"] == mayor_moment(phase, chapter, picks is not None)
        return HttpResponse(status=204) if same else _reload()
    return _poll_answer(request, version)


def _poll_answer(request, version) -> HttpResponse:
    if version is None:
        raise Http404
    if str(version) == request.GET.get("v"):
        return HttpResponse(status=204)
    return _reload()


def _reload() -> HttpResponse:
    response = HttpResponse(status=200)
    response["HX-Refresh"] = "true"
    return response
