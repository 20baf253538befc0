"""A host's own decks: adding one (three TOML files or a zip archive) and deleting one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from campaign.deck_text import localised
from campaign.deck_uploads import DeckRefused, add_deck, delete_deck
from campaign.forms import AddDeckForm
from legacy_deck.models import UploadedDeck


@login_required
@require_http_methods(["GET", "POST"])
def add(request: HttpRequest) -> HttpResponse:
    form = AddDeckForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            row = add_deck(form.cleaned_data["files"], owner=request.user)
        except DeckRefused as refused:
            problems = refused.problems
        else:
            title = row.box_back["title"]
            messages.success(
                request,
                _("The deck “%(title)s” is added: choose it for a new campaign.")
                % {"title": localised(title)},
            )
            return redirect("campaign:new")
    own = UploadedDeck.objects.filter(owner=request.user).defer("components", "deck", "boxes")
    return render(
        request,
        "campaign/add_deck.html",
        {"form": form, "problems": problems, "own": own},
        status=400 if form.errors or problems else 200,
    )


@login_required
@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    row = UploadedDeck.objects.filter(pk=pk, owner=request.user).first()
    if row is None:  # not one of this host's: said on their page (a 404 would be cached)
        messages.error(request, _("You have added no such deck."))
        return redirect("campaign:add_deck")
    try:
        delete_deck(row)
    except DeckRefused as refused:
        for problem in refused.problems:
            messages.error(request, problem)
    else:
        messages.success(request, _("The deck is deleted."))
    return redirect("campaign:add_deck")
