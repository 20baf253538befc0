"""How an open page learns the campaign has moved on while its stream is down (or without one):
a poll of what it shows. What a page shows is its "moment" (the same for its stream,
campaign/views/events.py): the campaign's version, or for a mayor's own page, what that page
depends on."""

from __future__ import annotations

from typing import NamedTuple

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from campaign.models import Campaign, Mayor


def mayor_moment(phase: str, chapter: int, picked: bool) -> str:
    """What a mayor's own page depends on. Another mayor's pick moves the campaign's version
    but must not reload a phone whose owner is ticking their own cards."""
    return f"{phase}.{chapter}.{int(picked)}"


def table_moment(table_secret: str) -> str | None:
    """The campaign's version, which the table's pages show; None once the link opens nothing."""
    version = (
        Campaign.objects.filter(table_secret=table_secret).values_list("version", flat=True).first()
    )
    return None if version is None else str(version)


class MayorMoments(NamedTuple):
    version: str  # the campaign's: their dashboard and their seat follow it
    own_page: str  # what their own page shows (mayor_moment)


def mayor_moments(mayor_secret: str) -> MayorMoments | None:
    """What a mayor's pages show now; None once the link opens nothing."""
    row = (
        Mayor.objects.filter(secret=mayor_secret)
        .values_list("campaign__version", "campaign__phase", "campaign__chapter", "picks")
        .first()
    )
    if row is None:
        return None
    version, phase, chapter, picks = row
    return MayorMoments(str(version), mayor_moment(phase, chapter, picks is not None))


@require_GET
def poll(request: HttpRequest, table_secret: str) -> HttpResponse:
    """204 while the campaign stands where the page shows it; else the page reloads itself."""
    return _poll_answer(request.GET.get("v"), table_moment(table_secret))


@require_GET
def mayor_poll(request: HttpRequest, mayor_secret: str) -> HttpResponse:
    moments = mayor_moments(mayor_secret)
    if moments is None:
        raise Http404
    if "k" in request.GET:
        return _poll_answer(request.GET["k"], moments.own_page)
    return _poll_answer(request.GET.get("v"), moments.version)


def _poll_answer(shown: str | None, now: str | None) -> HttpResponse:
    if now is None:
        raise Http404
    if shown == now:
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Refresh"] = "true"
    return response
