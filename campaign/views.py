"""The campaign at the table: function views that read through campaign/dashboard.py and change
things only through campaign/flow.py.

Links: /c/<table secret>/… is the shared screen (the host's table); /c/<table secret>/m/<mayor
secret>/… is one mayor's phone. Both are secrets; a wrong one is a 404 that names nothing.
"""

from __future__ import annotations

import functools
import re

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.links import qr_code, reachable_url
from play import guide
from play.models import Game

from . import charts, dashboard, flow
from .deck_text import component_name, localised
from .forms import GoldenBookForm, NewCampaignForm, RecordForm, SignUpForm
from .models import Campaign, ChapterGame, ComponentPlace, Mayor, Phase


def _campaign(table_secret: str) -> Campaign:
    return get_object_or_404(Campaign, table_secret=table_secret)


def _mayor(campaign: Campaign, secret: str) -> Mayor:
    return get_object_or_404(Mayor, campaign=campaign, secret=secret)


def _flow_errors(view):
    """A campaign whose deck cannot be read here gets its message, never a 500."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except flow.FlowError as error:
            return render(request, "campaign/problem.html", {"message": error.message}, status=409)

    return wrapper


# A page's version as the forms send it; anything else (missing, empty, "abc", "1.0", 5,000
# digits, "１" or " 1") is a version no campaign has, refused like a stale page, never unchecked.
_VERSION = re.compile(r"[0-9]{1,10}")
UNREADABLE_VERSION = -1


def _version(request: HttpRequest) -> int:
    value = request.POST.get("version", "")
    return int(value) if _VERSION.fullmatch(value) else UNREADABLE_VERSION


def _table_url(campaign: Campaign, name: str = "campaign:table", *args) -> str:
    return reverse(name, args=[campaign.table_secret, *args])


def _common(campaign: Campaign) -> dict:
    deck = flow.deck_of(campaign)
    reader = flow.reader_of(campaign)
    return {
        "campaign": campaign,
        "deck": deck,
        "reader": reader,
        "games_total": deck.shape.games,
        "in_free_play": campaign.chapter > deck.shape.games,
    }


def next_step(campaign: Campaign, deck) -> dict:
    """The one main button of the table: what to do now."""
    phase = campaign.phase
    if phase == Phase.READING:
        return {
            "label": _("Read the deck aloud"),
            "url": _table_url(campaign, "campaign:read_latest"),
            "icon": "bi-book",
        }
    if phase == Phase.PICKING:
        return {
            "label": _("Pick marketplace cards"),
            "url": _table_url(campaign, "campaign:picks"),
            "icon": "bi-hand-index",
        }
    if phase == Phase.PLAYING:
        if campaign.chapter > deck.shape.games:
            label = _("Play the free game")
        else:
            label = _("Play game %(n)s") % {"n": campaign.chapter}
        return {"label": label, "url": _table_url(campaign, "campaign:game"), "icon": "bi-dice-5"}
    if phase == Phase.AFTER_GAME:
        return {
            "label": _("Read what the game's end reveals"),
            "url": _table_url(campaign, "campaign:read_latest"),
            "icon": "bi-book",
        }
    if phase == Phase.FINISHED:
        return {
            "label": _("The campaign is over: free play"),
            "url": _table_url(campaign, "campaign:free"),
            "icon": "bi-stars",
        }
    return {
        "label": _("Another game of free play"),
        "url": _table_url(campaign, "campaign:free"),
        "icon": "bi-stars",
    }


def _poll(campaign: Campaign, url: str) -> dict:
    return {"poll_url": f"{url}?v={campaign.version}", "poll_ms": settings.PLAY_POLL_MS}


# --- accounts -------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("campaign:mine")
    return render(
        request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200
    )


@require_GET
def how_it_works(request: HttpRequest) -> HttpResponse:
    """How a campaign works, told as the closed box tells it: nothing of the deck."""
    editions = [(code, guide.edition_name(code)) for code in guide.EDITIONS]
    return render(
        request,
        "campaign/how_it_works.html",
        {"editions": editions, "colours": guide.colour_rules()},
    )


@login_required
@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    campaigns = list(
        Campaign.objects.filter(owner=request.user).prefetch_related("mayors").order_by("-updated")
    )
    return render(request, "campaign/mine.html", {"campaigns": campaigns})


@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    form = NewCampaignForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = flow.create_campaign(
                form.cleaned_data["name"],
                form.cleaned_data["mayors"],
                owner=request.user,
                by=request.user.get_username(),
            )
        except flow.FlowError as error:
            form.add_error(None, error.message)
        else:
            return redirect("campaign:links", campaign.table_secret)
    return render(request, "campaign/new.html", {"form": form}, status=400 if form.errors else 200)


# --- the table -------------------------------------------------------------------------------


@require_GET
@_flow_errors
def table(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    ctx = _common(campaign)
    deck, reader = ctx["deck"], ctx["reader"]
    mayors = list(campaign.mayors.all())
    games = list(campaign.games.select_related("winner"))
    places = list(
        ComponentPlace.objects.filter(campaign=campaign, place__in=["reserve", "archive"]).only(
            "component", "place"
        )
    )
    ctx.update(
        mayors=[dashboard.mayor_view(m) for m in mayors],
        timeline=dashboard.timeline(campaign, deck, reader, games),
        next=next_step(campaign, deck),
        book=list(campaign.golden_book.all()),
        rules=dashboard.rule_stack(campaign, deck),
        stickers=dashboard.stickers(campaign, deck),
        places=dashboard.places_seen(campaign, deck, reader, places),
        read=dashboard.read_aloud(deck, reader),
        history=dashboard.history(campaign),
        free_games=[g for g in games if g.chapter > deck.shape.games],
        **_poll(campaign, _table_url(campaign, "campaign:poll")),
    )
    return render(request, "campaign/dashboard.html", ctx)


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
def mayor_poll(request: HttpRequest, table_secret: str, mayor_secret: str) -> HttpResponse:
    row = (
        Mayor.objects.filter(campaign__table_secret=table_secret, secret=mayor_secret)
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


@require_GET
def links(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    table_url = reachable_url(request, _table_url(campaign))
    rows = []
    for mayor in campaign.mayors.all():
        if mayor.is_bot:
            continue
        url = reachable_url(
            request, reverse("campaign:mayor", args=[campaign.table_secret, mayor.secret])
        )
        rows.append({"mayor": mayor, "colour": mayor.colour, "url": url, "qr": qr_code(url)})
    return render(
        request,
        "campaign/links.html",
        {"campaign": campaign, "table_url": table_url, "rows": rows},
    )


# --- reading ----------------------------------------------------------------------------------


@require_GET
@_flow_errors
def read_latest(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    ctx = _common(campaign)
    pages = dashboard.reading_pages(ctx["deck"], ctx["reader"])
    return redirect("campaign:read", table_secret, dashboard.latest_reading_page(pages))


@require_GET
@_flow_errors
def read(request: HttpRequest, table_secret: str, page: int) -> HttpResponse:
    campaign = _campaign(table_secret)
    ctx = _common(campaign)
    deck, reader = ctx["deck"], ctx["reader"]
    pages = dashboard.reading_pages(deck, reader)
    if not 1 <= page <= len(pages):
        return redirect("campaign:read", table_secret, len(pages))
    current = pages[page - 1]
    ctx.update(
        page=dashboard.page_view(deck, reader, current),
        pages=len(pages),
        previous=page - 1 if page > 1 else None,
        following=page + 1 if page < len(pages) else None,
        may_turn=(
            current.kind == "stop"
            and campaign.phase == Phase.READING
            and campaign.chapter <= deck.shape.games
        ),
        next=next_step(campaign, deck),
        **_poll(campaign, _table_url(campaign, "campaign:poll")),
    )
    if current.kind == "stop" and campaign.phase == Phase.AFTER_GAME:
        ctx["next"] = {
            "label": _("The winner's moment"),
            "url": _table_url(campaign, "campaign:after"),
            "icon": "bi-trophy",
        }
    return render(request, "campaign/read.html", ctx)


@require_POST
@_flow_errors
def turn_stop(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    before = dashboard.reading_pages(flow.deck_of(campaign), flow.reader_of(campaign))
    try:
        flow.read_on(campaign, version=_version(request), by="table")
    except flow.FlowError as error:
        messages.error(request, error.message)
        return redirect("campaign:read_latest", table_secret)
    # the first page of what was just read: where the STOP page was
    return redirect("campaign:read", table_secret, len(before))


# --- picks -------------------------------------------------------------------------------------


@require_GET
@_flow_errors
def picks(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    ctx = _common(campaign)
    ctx.update(
        mayors=[dashboard.mayor_view(m) for m in campaign.mayors.all()],
        next=next_step(campaign, ctx["deck"]),
        **_poll(campaign, _table_url(campaign, "campaign:poll")),
    )
    return render(request, "campaign/picks.html", ctx)


def _pick_context(campaign: Campaign, deck, mayor: Mayor) -> dict:
    return {
        "mayor": mayor,
        "colour": mayor.colour,
        "bag": dashboard.bag(campaign, deck, mayor),
        "allowed": dashboard.picks_allowed(campaign, deck, mayor),
    }


def _take_picks(request, campaign: Campaign, deck, mayor: Mayor) -> str | None:
    """The pick from the posted form; the flow's message when it is refused."""
    chosen = request.POST.getlist("card")
    bag = {c["component"]: c["establishment"] for c in dashboard.bag(campaign, deck, mayor)}
    if any(cid not in bag for cid in chosen) or len(set(chosen)) != len(chosen):
        return _("Pick exactly %(count)s of the marketplace cards in your bag.") % {
            "count": min(dashboard.picks_allowed(campaign, deck, mayor), len(bag))
        }
    try:
        # no version: another mayor's pick in between changes nothing of this one
        flow.pick(campaign, mayor, [bag[cid] for cid in chosen])
    except flow.FlowError as error:
        return error.message
    return None


@require_http_methods(["GET", "POST"])
@_flow_errors
def pick_at_table(request: HttpRequest, table_secret: str, seat: int) -> HttpResponse:
    """One mayor picks on the shared screen, behind a 'pass the device' cover."""
    campaign = _campaign(table_secret)
    mayor = get_object_or_404(Mayor, campaign=campaign, seat=seat)
    ctx = _common(campaign)
    if campaign.phase != Phase.PICKING or mayor.picks is not None or mayor.is_bot:
        return redirect("campaign:picks", table_secret)
    error = None
    if request.method == "POST":
        error = _take_picks(request, campaign, ctx["deck"], mayor)
        if error is None:
            messages.success(
                request,
                _("Thank you, %(name)s. Pass the device back to the table.") % {"name": mayor.name},
            )
            return redirect("campaign:picks", table_secret)
    ctx.update(
        _pick_context(campaign, ctx["deck"], mayor),
        shown=request.method == "POST" or request.GET.get("show") == "1",
        error=error,
        ticked=request.POST.getlist("card") if error else [],  # a refused pick keeps its ticks
        action=reverse("campaign:pick_at_table", args=[table_secret, seat]),
    )
    return render(request, "campaign/pick.html", ctx, status=400 if error else 200)


# --- a mayor's phone --------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@_flow_errors
def mayor(request: HttpRequest, table_secret: str, mayor_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    me = _mayor(campaign, mayor_secret)
    ctx = _common(campaign)
    error = None
    if request.method == "POST":
        error = _take_picks(request, campaign, ctx["deck"], me)
        if error is None:
            return redirect("campaign:mayor", table_secret, mayor_secret)
    others = [dashboard.mayor_view(m) for m in campaign.mayors.all()]
    ctx.update(
        _pick_context(campaign, ctx["deck"], me),
        me=me,
        mine=dashboard.mayor_view(me),
        others=others,
        my_picks=[component_name(ctx["deck"], cid) for cid in (me.picks or [])],
        read=dashboard.read_aloud(ctx["deck"], ctx["reader"]),
        game_just_played=_game_just_played(campaign),
        may_pick=campaign.phase == Phase.PICKING and me.picks is None and not me.is_bot,
        error=error,
        ticked=request.POST.getlist("card") if error else [],  # a refused pick keeps its ticks
        shown=True,
        action=reverse("campaign:mayor", args=[table_secret, mayor_secret]),
        poll_url=reverse("campaign:mayor_poll", args=[table_secret, mayor_secret])
        + "?k="
        + mayor_moment(campaign.phase, campaign.chapter, me.picks is not None),
        poll_ms=settings.PLAY_POLL_MS,
    )
    return render(request, "campaign/mayor.html", ctx, status=400 if error else 200)


def _game_just_played(campaign: Campaign) -> ChapterGame | None:
    """The chapter's game while its winner's moment waits, with its winner."""
    if campaign.phase != Phase.AFTER_GAME:
        return None
    return campaign.chapter_game()


# --- the chapter's game -------------------------------------------------------------------------


def _game_context(campaign: Campaign, ctx: dict) -> dict:
    deck, reader = ctx["deck"], ctx["reader"]
    chapter_game = campaign.chapter_game()
    titles = dashboard.chapter_titles(deck, reader)
    mayors = list(campaign.mayors.all())
    revealed = campaign.phase != Phase.PICKING and all(m.picks is not None for m in mayors)
    return {
        "chapter_game": chapter_game,
        "title": titles.get(campaign.chapter, ""),
        "rules": dashboard.rule_stack(
            campaign, deck, dashboard.rule_cards(campaign, deck, this_game=True)
        ),
        "events": dashboard.event_cards(campaign, deck, reader),
        "picks": [
            {
                "mayor": m,
                "colour": m.colour,
                "cards": [component_name(deck, cid) for cid in (m.picks or [])],
            }
            for m in mayors
        ]
        if revealed
        else [],
        "playing": campaign.phase == Phase.PLAYING and chapter_game and chapter_game.game,
        # the finished board (standings, charts) stays until the winner's moment is over
        "board_shown": campaign.phase in (Phase.PLAYING, Phase.AFTER_GAME)
        and chapter_game
        and chapter_game.game,
    }


@require_GET
@_flow_errors
def game(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    ctx = _common(campaign)
    ctx.update(_game_context(campaign, ctx))
    play_game: Game | None = ctx["chapter_game"].game if ctx["chapter_game"] else None
    ctx.update(
        board_key=play_game.host_secret if play_game else "",
        play_game=play_game,
        next=next_step(campaign, ctx["deck"]),
        is_table=True,
        **_poll(campaign, _table_url(campaign, "campaign:poll")),
    )
    return render(request, "campaign/game.html", ctx)


@require_GET
@_flow_errors
def mayor_game(request: HttpRequest, table_secret: str, mayor_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    me = _mayor(campaign, mayor_secret)
    ctx = _common(campaign)
    ctx.update(_game_context(campaign, ctx))
    play_game: Game | None = ctx["chapter_game"].game if ctx["chapter_game"] else None
    key = ""
    if play_game is not None and me.seat < len(play_game.seats):
        key = play_game.seats[me.seat]["secret"]
    ctx.update(
        me=me,
        colour=me.colour,
        board_key=key,
        play_game=play_game,
        is_table=False,
        **_poll(campaign, reverse("campaign:mayor_poll", args=[table_secret, mayor_secret])),
    )
    return render(request, "campaign/game.html", ctx)


# --- after the game ------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@_flow_errors
def after(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    if campaign.phase != Phase.AFTER_GAME:
        messages.info(request, _("There is no game waiting for its winner."))
        return redirect("campaign:table", table_secret)
    ctx = _common(campaign)
    chapter_game = campaign.chapter_game()
    winner = chapter_game.winner
    piles = dashboard.new_pile_view(campaign)
    form = GoldenBookForm(
        request.POST or None,
        initial={
            "date": chapter_game.played_on,
            "name": winner.name,
            "city_name": winner.city_name,
        },
        needs_side=bool(piles),
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            flow.finish_after_game(
                campaign,
                side=data.get("side") or None,
                date=data["date"],
                name=data["name"],
                city_name=data["city_name"],
                version=_version(request),
                by=winner.name,
            )
        except flow.FlowError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _signed(data, piles, chapter_game.chapter))
            if campaign.phase == Phase.FINISHED:
                return redirect("campaign:book", table_secret)
            pages = dashboard.reading_pages(flow.deck_of(campaign), flow.reader_of(campaign))
            return redirect("campaign:read", table_secret, len(pages))
    ctx.update(
        form=form,
        winner=winner,
        colour=winner.colour,
        chapter_game=chapter_game,
        piles=piles,
    )
    return render(request, "campaign/after.html", ctx, status=400 if form.errors else 200)


def _signed(data: dict, piles: list[dict], chapter: int) -> str:
    """What the table is told once the winner has signed (and chosen a side)."""
    said = _("%(name)s has signed the Golden Book for game %(n)s.") % {
        "name": data["name"],
        "n": chapter,
    }
    for pile in piles:
        side = data.get("side")
        if side in ("a", "b"):
            said += " " + _("The new pile lies with %(card)s up, for good.") % {
                "card": pile[side]["name"]
            }
    return said


@require_http_methods(["GET", "POST"])
@_flow_errors
def record(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    if campaign.phase not in (Phase.PICKING, Phase.PLAYING):
        messages.info(request, _("There is no game to record now."))
        return redirect("campaign:table", table_secret)
    ctx = _common(campaign)
    mayors = list(campaign.mayors.all())
    form = RecordForm(mayors, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            flow.record_table_game(
                campaign,
                form.cleaned_data["winner"],
                form.cleaned_data["played_on"],
                version=_version(request),
                by="table",
            )
        except flow.FlowError as error:
            form.add_error(None, error.message)
        else:
            if campaign.phase == Phase.FREE_PLAY:
                return redirect("campaign:free", table_secret)
            return redirect("campaign:read_latest", table_secret)
    chapter_game = campaign.chapter_game()
    in_app = chapter_game.game if chapter_game else None
    ctx.update(form=form, moves_in_app=in_app.version if in_app else 0)
    return render(request, "campaign/record.html", ctx, status=400 if form.errors else 200)


# --- the Golden Book, charts, free play -----------------------------------------------------------


@require_GET
@_flow_errors
def book(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    ctx = _common(campaign)
    over = campaign.phase in (Phase.FINISHED, Phase.FREE_PLAY)
    entries = list(campaign.golden_book.select_related("mayor"))
    ctx.update(
        blank_rows=range(len(entries) + 1, ctx["games_total"] + 1) if not over else [],
        entries=entries,
        standings=flow.golden_book_standings(campaign) if over else None,
        over=over,
    )
    return render(request, "campaign/book.html", ctx)


@require_GET
@_flow_errors
def chart_page(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    ctx = _common(campaign)
    mayors = list(campaign.mayors.all())
    games = [g for g in campaign.games.select_related("winner") if g.chapter <= ctx["games_total"]]
    ctx.update(
        wins_chart=charts.wins_chart(mayors, games),
        coins_chart=charts.coins_chart(mayors, games),
        legend=[{"name": m.name, "colour": m.colour} for m in mayors],
        has_games=bool(games),
    )
    return render(request, "campaign/charts.html", ctx)


@require_http_methods(["GET", "POST"])
@_flow_errors
def free(request: HttpRequest, table_secret: str) -> HttpResponse:
    campaign = _campaign(table_secret)
    ctx = _common(campaign)
    deck = ctx["deck"]
    open_for_free_play = campaign.phase in (Phase.FINISHED, Phase.FREE_PLAY)
    if request.method == "POST" and open_for_free_play:
        try:
            flow.start_free_play(
                campaign,
                yokai_rule=request.POST.get("yokai_rule", ""),
                version=_version(request),
                by="table",
            )
        except flow.FlowError as error:
            messages.error(request, error.message)
            return redirect("campaign:free", table_secret)
        return redirect("campaign:picks", table_secret)
    choices = []
    if open_for_free_play:
        for rule in deck.shape.free_play_rules:
            component = next(
                (c for c in deck.components.values() if c.kind == "rule" and c.rule == rule), None
            )
            choices.append(
                {
                    "rule": rule,
                    "name": localised(component.name) if component else rule,
                    "text": localised(component.text) if component else "",
                    "chosen": campaign.yokai_rule == rule,
                }
            )
    ctx.update(
        open_for_free_play=open_for_free_play,
        choices=choices,
        games=list(
            campaign.games.filter(chapter__gt=deck.shape.games).select_related("winner", "game")
        ),
        next=next_step(campaign, deck),
    )
    return render(request, "campaign/free.html", ctx)
