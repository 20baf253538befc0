"""One place makes a game's board: for its page, for a move's answer and for its streams alike.

A board is made of the version's shared context (`version_context`: what every viewer sees
alike), the parts every viewer sees alike (the table before the market, the market, the table
after it: `Table`, made once a version and process, the market again for the seat that may
build) and each viewer's top (the turn panel, the end of the game). The process keeps what it
made of a version in memory, by version and language (`Recent`), and a move's process stores
every seat's board with the move for the app's other processes (`share`, `SharedBoard`).

A seat's page shows one of a version's few boards: every seat that may neither act nor undo
(it waits for someone else) sees the same board but for its own link's key and which city is
its own, which are put in when it is sent (`as_seat`); the seat to act and the one that may
undo each see their own. Those boards hold a placeholder where their forms' CSRF token goes,
so that any process can send them to the phone they are for. Watchers share one rendering per
process; the host's screen gets its own. The parts are Jinja2's templates
(templates/jinja2/play/board/, play.board_environment).

    share(request, game)              # inside a move's transaction: every seat's board, stored
    answer(request, game, who)        # the board a move is answered with (the one just shared)
    context(request, game, who)       # what a page of the game renders (a refusal's board too)
    whole(request, ctx)               # the board of such a page, made on its own
    board(request, snap, who, lang)   # the board `who` sees at a snapshot's version
    kept_board(code, version, lang, seat), keep(...), as_seat(...)   # play.pushed's memory

The views ask it for a page; play.pushed asks it for what a stream sends; it asks neither.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from play import board_environment, charts, presence
from play.board import standings, table_context, turn_context
from play.engine import GameState
from play.models import UNDOABLE, Game, SeatBoard, SharedBoard, effective_actions
from play.player_colours import own_colours
from play.recent import Recent

logger = logging.getLogger(__name__)

WATCH = "watch"  # the key of a watcher's link
KEPT = 256  # versions (and renderings) kept per process; a version is read within seconds

# Where a seat's board has its forms' CSRF token: each phone's own is put in when it is sent.
CSRF_PLACEHOLDER = "csrf-token-of-the-phone"

# --- what a board shows ----------------------------------------------------------------------


def may_undo(game: Game, state, entries: list[tuple], who) -> bool:
    """Whether `who` may take back the last move (a build step, no die rolled since)."""
    last = entries[-1] if entries else None
    return bool(
        last
        and state.winner is None
        and last[1] is not None
        and last[2].get("type") in UNDOABLE
        and game.version - 1 >= game.undo_floor
        and game.may_act(who, last[1])
    )


def waits(game: Game, state, entries: list[tuple], who) -> bool:
    """Whether `who` sees the board as everyone who waits for someone else does: nothing to
    do, nothing to take back, nobody has won (such a board is made once for all of them)."""
    return (
        state.winner is None
        and not game.may_act(who, state.active)
        and not may_undo(game, state, entries, who)
    )


def version_context(game: Game, state, entries) -> dict:
    """What the board shows every viewer of the game's version alike (made once for all of a
    version's boards)."""
    ctx = table_context(
        state, game.seats, entries, seed_shown=game.seed_shown, seed_chosen=game.seed_chosen
    )
    ctx.update(
        game=game,
        # the log is append-only: a place in it holds one action for good
        log_key="",
        # A finished game that offers no rematch changes no more: its page follows nothing.
        polling=not (game.finished and not game.rematch_offered),
        poll_ms=settings.PLAY_POLL_MS,
        waiting_for_bot=game.bot_due_at is not None,
    )
    if state.winner is not None:
        names = [p.name for p in state.players]
        colours = own_colours(game.seats)
        figures = charts.game_figures(game.setup, effective_actions(game.log()))
        ctx.update(
            standings=standings(state),
            coins_chart=charts.coins_chart(names, figures["coins"], colours),
            income_chart=charts.income_chart(names, figures["income"]),
            seat_legend=charts.legend(names, colours),
            colour_legend=charts.colour_legend(figures["income"]),
        )
    return ctx


def context(
    request, game: Game, who, *, error: str | None = None, state=None, entries=None, shared=None
) -> dict:
    """What the board shows `who`; `state` and `entries` when they were read already, `shared`
    the version's `version_context` when it was made already."""
    state = game.load() if state is None else state
    entries = game.log_entries() if entries is None else entries
    shared = version_context(game, state, entries) if shared is None else shared
    you = who if isinstance(who, int) else None
    may_act = state.winner is None and game.may_act(who, state.active)
    give = request.GET.get("give") if request.method == "GET" else None
    ctx = {
        **shared,
        **turn_context(state, shared["setup_key"], you=you, may_act=may_act, give=give),
    }
    ctx.update(
        key=game.key_for(who) or WATCH,
        who=who,
        mode="host" if who == "host" else ("seat" if you is not None else "watch"),
        may_act=may_act,
        error=error,
        can_undo=may_undo(game, state, entries, who),
        seat_name=game.seats[you]["name"] if you is not None else "",
        # This seat's phone is to act: its turn, told once (a bot's seat never acts by a link,
        # the host's screen and a watcher act for no seat of their own).
        act_key=f"{game.code}-{state.turn}" if you is not None and may_act else "",
    )
    if state.winner is not None and game.rematched_as_id:
        ctx["rematch_url"] = rematch_path(game, who)
    return ctx


def rematch_path(game: Game, who) -> str:
    """The page's own seat (or the host's link, or watching) in the game's rematch."""
    new = game.rematched_as
    key = new.key_for(who)
    return (
        reverse("play:game", args=[new.code, key])
        if key
        else reverse("play:watch", args=[new.code])
    )


def board_html(request, game: Game, key: str) -> SafeString:
    """The board as the holder of `key` sees it, to put inside another page (a campaign's
    game page shows it at once instead of fetching it after the page has loaded). A seat's
    own link showing it is its phone in someone's hand (play.presence)."""
    who = game.seat_for(key)
    if isinstance(who, int):
        presence.seen(game.pk, game.code, who)
    return whole(request, context(request, game, who))


def whole(request, ctx: dict) -> SafeString:
    """The board a page's `ctx` shows (a game's page, a refusal, a replay's step), made on its
    own: with the page's own words in it (an error, a question), it is no version's."""
    ctx = {**ctx, "csrf_token": CSRF_PLACEHOLDER}  # the page's own forms keep the real one
    html = "".join(_part(name, ctx) for name in PARTS)
    return mark_safe(_with_token(request, html))


# --- a version's boards, made once in each process ---------------------------------------


@dataclass
class Snapshot:
    game: Game
    state: GameState
    entries: list


@dataclass(frozen=True)
class Made:
    """A seat's board as this process keeps it: with the links (the seats' keys) it is sent
    with, and whether it is the game's last (nothing can change any more)."""

    board: SeatBoard
    links: Game
    done: bool


@dataclass(frozen=True)
class Table:
    """A version's board around its top, the same for every page of it: the market apart,
    by which of its cards are buttons (`market_holds`: none but for a viewer who may build)."""

    before_market: str
    after_market: str
    markets: dict[str, str]


_snapshots = Recent(KEPT)
_version_contexts = Recent(KEPT)  # (code, version, language) -> version_context
_tables = Recent(KEPT)  # (code, version, language, a seat's page) -> Table
_seat_boards = Recent(KEPT * 4)  # (code, version, language, seat) -> Made
_screen_boards = Recent(KEPT * 2)  # (code, version, language, "host" or None) -> html


def answer(request, game: Game, who) -> str:
    """The board a move is answered with, the mover's page showing it at once: the one its own
    stream sends (made by `share` in the move's transaction, or now)."""
    return board(request, _in_hand(game), who, translation.get_language())


def share(request, game: Game) -> None:
    """Inside a move's transaction (Game.apply_action's `then`): make every seat's board of
    the version the move made and store them with it, for every process. A board that cannot
    be made is left to each process to make (the move itself is never lost for it)."""
    language = translation.get_language()
    try:
        snap = _in_hand(game)
        made = {}
        for seat in range(len(game.seats)):
            found = _seat_board(request, snap, seat, language)
            made[found.made_for] = found
    except Exception:
        logger.exception("The boards of game %s v%s could not be made", game.pk, game.version)
        return
    SharedBoard.store(game, language, [(b.made_for, b.seats, b.html) for b in made.values()])


def forget() -> None:
    """Drop every board and snapshot this process keeps: a move's transaction failed to commit
    after `share` made its boards, and what was made for its version must never be sent for
    the move that takes that version next. Rare enough to start afresh."""
    for kept in (_snapshots, _version_contexts, _tables, _seat_boards, _screen_boards):
        kept.clear()
    board_environment.forget_pieces()  # a log line is kept by its place


def _in_hand(game: Game) -> Snapshot:
    """The snapshot of a game this process has in hand at its latest version (a move it took)."""
    return _snapshots.get((game.pk, game.version, game.code)) or _made(game) or _read(game)


def _made(game: Game) -> Snapshot | None:
    """The snapshot of the version the move in hand made, from what its copy of the game row
    wrote (Game._append): its state and its log's tail. None: not a move's copy of the row, or
    one read again since."""
    if game.stored_state is None or game.stored_at != game.version:
        return None
    snap = Snapshot(game, game.stored_state, game.log_entries())
    return _snapshots.put((game.pk, game.version, game.code), snap)


def _read(game: Game) -> Snapshot:
    snap = Snapshot(game, game.load(), game.log_entries())
    return _snapshots.put((game.pk, game.version, game.code), snap)


def snapshot(pk: int, version: int, code: str) -> Snapshot | None:
    """The game as it stands at `version` under the links of `code` (renewed links are a new
    code: nothing made for the old ones is sent again), read once; None if it has moved on
    meanwhile."""
    found = _snapshots.get((pk, version, code))
    if found is not None:
        return found
    game = Game.objects.filter(pk=pk).first()
    if game is None or (game.version, game.code) != (version, code):
        return None
    return _read(game)


def as_seat(request, found: SeatBoard, links: Game, who: int) -> str:
    """A seat's board as `who`'s phone is sent it: made for another seat that waits, its
    link's key and which city is its own differ; the token in its forms is the phone's."""
    html = found.html
    if found.made_for != who:
        html = html.replace(links.key_for(found.made_for), links.key_for(who)).replace(
            f'data-you="{found.made_for}"', f'data-you="{who}"'
        )
    return _with_token(request, html)


def _with_token(request, html: str) -> str:
    """A board with its forms' token for the phone of `request`: one masked token a request (a
    page's stream is one request for all it sends), as Django's own pages carry one in all
    their forms, rather than one masked afresh for every board a stream sends."""
    if CSRF_PLACEHOLDER not in html:
        return html
    token = getattr(request, "_board_csrf_token", None)
    if token is None:
        token = request._board_csrf_token = get_token(request)
    return html.replace(CSRF_PLACEHOLDER, token)


def _render(request, snap: Snapshot, who) -> str:
    """`who`'s board: its top (the turn panel) made for it, the rest made once per version for
    every page of it (the market again only for a viewer who may build). Its forms hold the
    placeholder of their token (put in as it is sent, `_with_token`)."""
    game = snap.game
    key = (game.code, game.version, translation.get_language())
    shared = _version_contexts.get(key) or _version_contexts.put(
        key, version_context(game, snap.state, snap.entries)
    )
    ctx = context(request, game, who, state=snap.state, entries=snap.entries, shared=shared)
    ctx["csrf_token"] = CSRF_PLACEHOLDER
    # a seat's page marks the cities "you" (its CSS shows its own), the others none
    table_key = (*key, ctx["mode"] == "seat")
    table = _tables.get(table_key) or _tables.put(
        table_key,
        Table(
            _part("board_before_market", ctx),
            _part("board_after_market", ctx),
            {},
        ),
    )
    market = table.markets.get(ctx["market_holds"])
    if market is None:
        market = table.markets[ctx["market_holds"]] = _part("board_market", ctx)
    return _part("board_top", ctx) + table.before_market + market + table.after_market


# A board's parts, in their order, and the template of each (templates/jinja2/play/board/).
PARTS = {
    "board_top": "top.html",
    "board_before_market": "before_market.html",
    "board_market": "market.html",
    "board_after_market": "after_market.html",
}


def _part(name: str, ctx: dict) -> str:
    # Without the request: a board's parts read nothing of it (its token is a placeholder).
    html = board_environment.render(f"play/board/{PARTS[name]}", ctx)
    return board_environment.LINE_BREAKS.sub(" ", html) if "\n" in html else html


def _seat_board(request, snap: Snapshot, seat: int, language: str) -> SeatBoard:
    """The board `seat` sees at the snapshot's version, made once in this process."""
    game = snap.game
    found = _seat_boards.get((game.code, game.version, language, seat))
    if found is not None:
        return found.board
    waiting = [
        other for other in range(len(game.seats)) if waits(game, snap.state, snap.entries, other)
    ]
    seats = tuple(waiting) if seat in waiting else (seat,)
    made = SeatBoard(seat, seats, _render(request, snap, seat))
    keep(made, game, game.version, language, game.finished and not game.rematch_offered)
    return made


def keep(made: SeatBoard, links: Game, version: int, language: str, done: bool) -> None:
    """Keep a board of `version` in memory for each seat that sees it."""
    kept = Made(made, links, done)
    for seat in made.seats:
        _seat_boards.put((links.code, version, language, seat), kept)


def kept_board(code: str, version: int, language: str, seat: int) -> Made | None:
    """The board `seat` sees at `version` under the links of `code`, if this process has it."""
    return _seat_boards.get((code, version, language, seat))


def board(request, snap: Snapshot, who, language: str) -> str:
    """The board as `who`'s page shows it at the snapshot's version."""
    game = snap.game
    if isinstance(who, int):
        return as_seat(request, _seat_board(request, snap, who, language), game, who)
    # the host's screen and a watcher's: one rendering each a version, whoever's screen it is
    key = (game.code, game.version, language, who)
    made = _screen_boards.get(key) or _screen_boards.put(key, _render(request, snap, who))
    return _with_token(request, made)
