"""Pages and moves. Function views; with htmx a view answers with the board alone.

Links: /g/<code>/watch/ watches; /g/<code>/<key>/ plays, where key is the host's secret (one
shared screen: acts for whichever human seat is active) or a seat's secret (that seat only).
"""

from __future__ import annotations

from functools import partial

from django.conf import settings
from django.db import DatabaseError, transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from machikoro.errors import answer_csrf_failure_with
from machikoro.links import qr_code, reachable_url
from machikoro.live import Update, event_stream, in_a_worker
from play import board_maker, guide, presence, pushed
from play.board import board_context
from play.board_maker import WATCH, context, rematch_path
from play.engine import IllegalAction, replay_steps
from play.forms import ImportForm, StartForm
from play.limits import UnreadableInput, load_action
from play.models import (
    HUMAN,
    LOG_LENGTH,
    Game,
    NoRematch,
    NotYourTurn,
    PhoneInHand,
    StaleVersion,
    effective_actions,
)
from play.refusals import refusal_text, setup_table

# --- helpers -------------------------------------------------------------------------------------


def _game_and_viewer(code: str, key: str, *, locked: bool = False) -> tuple[Game, int | str | None]:
    """The game of `code` (its row locked for the transaction, if `locked`), and who `key` is
    at it: a seat, "host", or None for a watcher."""
    game = get_object_or_404(Game.objects.select_for_update() if locked else Game, code=code)
    if key == WATCH:
        return game, None
    who = game.seat_for(key)
    if who is None:
        raise Http404(_("This link does not belong to this game."))
    return game, who


def _seen(game: Game, who) -> None:
    """A seat's own link fetched something: its phone is in someone's hand (play.presence)."""
    if isinstance(who, int):
        presence.seen(game.pk, game.code, who)


def _share_links(request: HttpRequest, game: Game) -> list[dict]:
    links = []
    for index, seat in enumerate(game.seats):
        if seat["kind"] != HUMAN:
            continue
        url = reachable_url(request, reverse("play:game", args=[game.code, seat["secret"]]))
        links.append(
            {
                "index": index,
                "name": seat["name"],
                "url": url,
                "qr": qr_code(url),
            }
        )
    return links


def _board(request, game: Game, who, *, error=None, status=200) -> HttpResponse:
    if request.htmx and request.method == "POST" and error is None:
        # A move's answer: made as the streams of its table make theirs (and shared with them)
        return HttpResponse(board_maker.answer(request, game, who))
    ctx = context(request, game, who, error=error)
    if request.htmx:
        return HttpResponse(board_maker.whole(request, ctx), status=status)
    ctx["board"] = board_maker.whole(request, ctx)
    if who == "host":
        ctx["share_links"] = _share_links(request, game)
        ctx["watch_url"] = reachable_url(request, reverse("play:watch", args=[game.code]))
    if ctx["polling"] and not game.rematched_as_id:
        events = reverse("play:events", args=[game.code, game.key_for(who) or WATCH])
        ctx["live_url"] = f"{events}?v={game.version}"
        ctx["heartbeat_ms"] = int(settings.LIVE_HEARTBEAT_SECONDS * 1000)
    return render(request, "play/game.html", ctx, status=status)


# --- pages ---------------------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def home(request: HttpRequest) -> HttpResponse:
    form = StartForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = Game.start(
                data["edition"],
                data["seats"],
                seed=data["seed"],
                variants=data["variants"],
                first_player=data["first"],
                pace=data["pace"],
            )
        except IllegalAction as error:
            message = _("The game could not be started: %(reason)s")
            form.add_error(None, message % {"reason": refusal_text(error)})
        else:
            game.step_bots()
            return redirect("play:game", game.code, game.host_secret)
    return render(request, "play/home.html", {"form": form}, status=400 if form.errors else 200)


@require_safe
def game_page(request: HttpRequest, code: str, key: str = WATCH) -> HttpResponse:
    game, who = _game_and_viewer(code, key)
    if _moves_bots(request):
        _seen(game, who)
        game.step_bots()
    return _board(request, game, who)


@require_safe
def poll(request: HttpRequest, code: str, key: str) -> HttpResponse:
    """204 when the version the page shows is still current (one indexed query); else the board."""
    row = (
        Game.objects.filter(code=code)
        .values_list("pk", "version", "bot_due_at", "host_secret", "seats", "rematched_as_id")
        .first()
    )
    if row is None:
        raise Http404
    pk, version, bot_due_at, host_secret, seats, rematch_id = row
    # Even a 204 tells that the game moved: only to its own links.
    who = None if key == WATCH else Game(host_secret=host_secret, seats=seats).seat_for(key)
    if key != WATCH and who is None:
        raise Http404(_("This link does not belong to this game."))
    if isinstance(who, int):
        presence.seen(pk, code, who, soon=True)
    if rematch_id is not None:
        game, who = _game_and_viewer(code, key)
        return _to_rematch(request, game, who)
    bot_due = bot_due_at is not None and bot_due_at <= timezone.now()
    if str(version) == request.GET.get("v") and not bot_due:
        return HttpResponse(status=204)
    game, who = _game_and_viewer(code, key)
    if bot_due and _moves_bots(request):
        game.step_bots()
    return _board(request, game, who)


async def events(request: HttpRequest, code: str, key: str) -> HttpResponse:
    """The game's stream of server-sent events: the board each time the game changes (for this
    page's seat, in its language), and where to go when a rematch is made."""
    game, who = await in_a_worker(_game_and_viewer, code, key)
    language = translation.get_language()

    link = (game.code, game.key_for(who))

    def look(seen: str | None) -> Update | None:
        return pushed.update(request, game.pk, who, language, seen, link)

    async def alive() -> None:
        if isinstance(who, int):
            await presence.seen_by_a_stream(game.pk, game.code, who)

    async def known(seen: str | None, payload: str) -> Update | None:
        return await pushed.arriving(request, game.pk, who, language, seen, link, payload)

    return event_stream(request, game.live_channel, look, alive=alive, from_memory=known)


def _moves_bots(request: HttpRequest) -> bool:
    # A GET lets a bot whose time has come take its step; a HEAD (a link preview, a monitor)
    # is answered like a GET but changes nothing.
    return request.method == "GET"


def _refused(request, game, who, message: str, status: int) -> HttpResponse:
    game.refresh_from_db()
    return _board(request, game, who, error=message, status=status)


@require_POST
def move(request: HttpRequest, code: str, key: str) -> HttpResponse:
    try:
        version = int(request.POST["version"])
        action = load_action(request.POST.get("action", ""))
    except UnreadableInput as error:
        message = _("This move could not be read: %(reason)s") % {"reason": error}
        return _refused(request, *_game_and_viewer(code, key), message, 400)
    except (KeyError, ValueError):
        return _refused(
            request, *_game_and_viewer(code, key), _("This move could not be read."), 400
        )
    try:
        try:
            # the game is read once, locked (a round trip less than reading it, then locking it)
            with transaction.atomic():
                game, who = _game_and_viewer(code, key, locked=True)
                game.apply_action(
                    action,
                    version=version,
                    who=who,
                    for_seat=_confirmed_for(request),
                    then=partial(board_maker.share, request),
                    locked=True,
                )
        except DatabaseError:
            board_maker.forget()  # boards made for a version that did not commit
            raise
    except PhoneInHand as asking:
        return _ask_first(request, game, who, asking.seat)
    except StaleVersion:
        return _refused(
            request,
            game,
            who,
            _(
                "The game moved on before your move arrived; nothing was changed. "
                "Here is the board now."
            ),
            409,
        )
    except NotYourTurn:
        return _refused(
            request,
            game,
            who,
            _("This device may not act now: it is someone else's decision."),
            403,
        )
    except IllegalAction as error:
        reason = refusal_text(error, game.load().table)
        return _refused(
            request, game, who, _("That move is not allowed: %(reason)s") % {"reason": reason}, 400
        )
    game.step_bots()
    if request.htmx:
        return _board(request, game, who)
    return redirect("play:game", game.code, key)


def _confirmed_for(request: HttpRequest) -> int | None:
    """The seat the shared screen was asked about and confirmed acting for, if any."""
    value = request.POST.get("for_seat", "")
    return int(value) if value.isdecimal() and len(value) < 3 else None


def _ask_first(request: HttpRequest, game: Game, who, seat: int, *, undo=False) -> HttpResponse:
    """The board with the question: act for this seat although its phone is in someone's
    hand? Yes posts the same move (or undo) again, confirmed; no leaves it to the phone."""
    ctx = context(request, game, who)
    ctx["ask_for"] = {
        "seat": seat,
        "name": game.seats[seat]["name"],
        "action": request.POST.get("action", ""),
        "undo": undo,
    }
    ctx["can_undo"] = False
    if request.htmx:
        return HttpResponse(board_maker.whole(request, ctx))
    ctx["board"] = board_maker.whole(request, ctx)
    return render(request, "play/game.html", ctx)


@require_POST
def undo(request: HttpRequest, code: str, key: str) -> HttpResponse:
    game, who = _game_and_viewer(code, key)
    try:
        game.undo(
            version=int(request.POST.get("version", "-1")),
            who=who,
            for_seat=_confirmed_for(request),
        )
    except PhoneInHand as asking:
        return _ask_first(request, game, who, asking.seat, undo=True)
    except (StaleVersion, ValueError):
        # IllegalAction is a ValueError too; both leave the game as it was.
        return _refused(request, game, who, _("There is nothing to undo any more."), 409)
    except NotYourTurn:
        return _refused(request, game, who, _("Only the player who built may undo it."), 403)
    if request.htmx:
        return _board(request, game, who)
    return redirect("play:game", game.code, key)


def _to_rematch(request: HttpRequest, game: Game, who) -> HttpResponse:
    """Lead this page into the rematch: at once, or (htmx) by the page itself."""
    target = rematch_path(game, who)
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target
        return response
    return redirect(target)


@require_POST
def rematch(request: HttpRequest, code: str, key: str) -> HttpResponse:
    game, who = _game_and_viewer(code, key)
    if who is None:
        raise Http404
    try:
        new = game.rematch()
    except NoRematch as refusal:
        return _refused(request, game, who, str(refusal), 409)
    new.step_bots()
    return _to_rematch(request, game, who)


def refused_after_csrf_failure(request: HttpRequest, code: str, key: str) -> HttpResponse:
    """A move whose CSRF check failed: the board as it is, with fresh tokens and a message."""
    game, who = _game_and_viewer(code, key)
    message = _(
        "This page was out of date, so your move was not made. Nothing was changed: try again."
    )
    return _refused(request, game, who, message, 403)


answer_csrf_failure_with(refused_after_csrf_failure, move, undo, rematch)


@require_safe
def export(request: HttpRequest, code: str) -> HttpResponse:
    """The game as a file that replays; refused while its seed is secret (`Game.seed_shown`):
    the file holds the seed, from which every coming roll follows."""
    game = get_object_or_404(Game, code=code)
    if not game.seed_shown:
        text = _(
            "A game can be exported once it is over: until then the seed its dice come from "
            "stays secret, so that nobody can know a roll before it is made. Its replay move "
            "by move is open already."
        )
        ctx = {"title": _("The game is not over yet"), "text": text, "game": game}
        return render(request, "play/export_refused.html", ctx, status=409)
    response = JsonResponse(game.export(), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="machikoro-{game.code}.json"'
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def import_game(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        doc = form.cleaned_data["doc"]
        try:
            game = Game.from_export(doc)
        except IllegalAction as error:
            # the export's own table names its Legacy cards, which the built-in catalogue lacks
            reason = refusal_text(error, setup_table(doc.get("setup")))
            form.add_error(None, _("This game does not replay: %(reason)s") % {"reason": reason})
        else:
            return redirect("play:replay", game.code)
    return render(request, "play/import.html", {"form": form}, status=400 if form.errors else 200)


@require_safe
def replay_view(request: HttpRequest, code: str) -> HttpResponse:
    """The game as it stood after `step` moves, with controls to step, play and jump."""
    game = get_object_or_404(Game, code=code)
    actions = effective_actions(game.log())
    try:
        step = max(0, min(int(request.GET.get("step", "0")), len(actions)))
    except ValueError:
        step = 0
    entries = []
    turn_starts = [(1, 0)]  # (turn number, the step at which it begins)
    shown = None
    try:
        for index, (state, events) in enumerate(replay_steps(game.setup, actions)):
            if index == step:
                shown = state
            if index and any(event.get("type") == "turn" for event in events):
                turn_starts.append((state.turn, index))
            if 0 < index <= step:
                entries.append((index - 1, None, actions[index - 1], events))
    except IllegalAction:  # stored before a bound it breaks (play/engine/bounds.py)
        text = _(
            "This game was stored with numbers this version of the app no longer plays (a card "
            "paying more than the rules allow, for one), so it cannot be replayed here. Its "
            "page still shows how it ended."
        )
        ctx = {"title": _("This game cannot be replayed"), "text": text, "game": game}
        return render(request, "play/export_refused.html", ctx, status=409)
    ctx = board_context(
        shown,
        game.seats,
        entries[-LOG_LENGTH:],
        seed_shown=game.seed_shown,
        seed_chosen=game.seed_chosen,
    )
    ctx.update(
        game=game,
        exportable=game.seed_shown,
        # a replay's steps are the actions in force, which an undo changes: its log's lines
        # are kept per version
        log_key=f"replay:{game.version}",
        step=step,
        steps=len(actions),
        previous=max(step - 1, 0),
        next=min(step + 1, len(actions)),
        turn_starts=turn_starts,
        turn_now=shown.turn,
        polling=False,
        replay=True,
    )
    ctx["board"] = board_maker.whole(request, ctx)
    template = "play/replay.html#replay" if request.htmx else "play/replay.html"
    return render(request, template, ctx)


@require_safe
def how_to_play(request: HttpRequest, edition: str) -> HttpResponse:
    """How to play one edition, with a reference of its cards and what their icons mean."""
    try:
        content = guide.guide(edition)
    except KeyError:
        raise Http404(_("There is no such edition.")) from None
    others = [(code, guide.edition_name(code)) for code in guide.EDITIONS if code != edition]
    return render(request, "play/how_to_play.html", {"guide": content, "others": others})
