"""A host's campaigns: the list, a new one, and how a campaign works."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Exists, OuterRef
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from campaign import decks, flow
from campaign.deck_text import cover_words
from campaign.forms import NewCampaignForm
from campaign.models import Campaign
from play import guide
from play.engine import bounds


@require_GET
def how_it_works(request: HttpRequest) -> HttpResponse:
    """How a campaign works, told as the closed box tells it: nothing of the deck but what its
    box's back says (how many games, how many mayors), when the dashboard's link gives them
    (`?games=3&mayors=4`); without them, the page names no count of games. The link carries the
    two numbers, not the deck's id: an id may be a word of the deck's that nobody has read."""
    editions = [(code, guide.edition_name(code)) for code in guide.EDITIONS]
    box = _box_back(request.GET.get("games", ""), request.GET.get("mayors", ""))
    return render(
        request,
        "campaign/how_it_works.html",
        {"editions": editions, "colours": guide.colour_rules(), "box": box},
    )


def _box_back(games: str, mayors: str) -> dict | None:
    """The two numbers of the box's back a link gives, or None unless both are whole numbers
    in the deck format's bounds."""
    try:
        games, mayors = int(games[:4]), int(mayors[:2])
    except ValueError:
        return None
    if not (bounds.Bound(1, bounds.DECK_NUMBER.high).holds(games) and 2 <= mayors <= 4):
        return None
    return {"games": games, "most_mayors": mayors}


@login_required
@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    # a restored backup is a copy beside its original: the row says which, and since when
    restored = Campaign.history.filter(id=OuterRef("pk"), history_change_reason="import")
    campaigns = list(
        Campaign.objects.filter(owner=request.user)
        .annotate(restored=Exists(restored))
        .prefetch_related("mayors")
        .order_by("-updated")
    )
    return render(request, "campaign/mine.html", {"campaigns": campaigns})


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    choices = decks.decks_for(request.user)
    form = NewCampaignForm(request.POST or None, decks=choices)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = flow.create_campaign(
                form.cleaned_data["name"],
                form.cleaned_data["mayors"],
                deck=form.cleaned_data["deck"],
                added_deck=form.cleaned_data["added_deck"],
                owner=request.user,
                by=request.user.get_username(),
            )
        except flow.FlowError as error:
            form.add_error(None, error.message)
        else:
            return redirect("campaign:links", campaign.table_secret)
    chosen = form["deck"].value()
    return render(
        request,
        "campaign/new.html",
        {
            "form": form,
            "decks": [(choice, cover_words(choice.box_back, choice.rounds)) for choice in choices],
            "chosen": chosen,
        },
        status=400 if form.errors else 200,
    )
