"""What a game's stream sends each page, made once per version for every process.

When a game changes, every open page of its table wakes. A seat's page shows one of a version's
few boards: every seat that may neither act nor undo (it waits for someone else) sees the same
board but for its own link's key and which city is its own, which are put in afterwards; the
seat to act and the one that may undo each see their own. Those boards hold a placeholder where
their forms' CSRF token goes, so that any process can send them to the phone they are for.

The process that takes a move (`share`, inside the move's transaction) makes every seat's board
of the new version and stores them with the move (`SharedBoard`): the app's other processes,
woken when the move commits, read them with the game's row and render nothing; the process of
the move sends them from memory (`from_memory`: no worker thread, no query). A version made
otherwise (a bot's step, an undo) is rendered by the first page that needs it, once per
process. Watchers share one rendering per process; the host's screen gets its own.

Of a version's boards only the top (the turn panel, the end of the game) is made for each: what
every viewer sees alike (the cities, the market, the log) and the context it is made from are
made once per version and process (`Table`), the market again for the seat that may build.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from dataclasses import dataclass

from django.core.cache import caches
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import translation

from machikoro.live import Update, in_a_worker
from play import views
from play.engine import GameState
from play.models import Game, SeatBoard, SharedBoard
from play.recent import Recent

logger = logging.getLogger(__name__)

KEPT = 256  # versions (and renderings) kept per process; a version is read within seconds

# Where a seat's board has its forms' CSRF token: each phone's own is put in when it is sent.
CSRF_PLACEHOLDER = "csrf-token-of-the-phone"

# Line breaks and the indentation after them: in HTML (the board has no <pre>, no textarea and
# no script) they are one space, and a board on one line is one `data:` line of its stream.
_LINE_BREAKS = re.compile(r"\n\s*")


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
_version_contexts = Recent(KEPT)  # (code, version, language) -> views.version_context
_tables = Recent(KEPT)  # (code, version, language, a seat's page) -> Table
_seat_boards = Recent(KEPT * 4)  # (code, version, language, seat) -> Made
_watch_boards = Recent(KEPT)  # (code, version, language) -> html
_host_boards = Recent(KEPT)  # (code, version, language, CSRF cookie) -> html


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
    for kept in (_snapshots, _version_contexts, _tables, _seat_boards, _watch_boards, _host_boards):
        kept.clear()
    # the board's fragments (templates/play/game.html): by version, and a log line by its place
    caches["default"].clear()
    caches["board_pieces"].clear()


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


def _as_seat(request, found: SeatBoard, links: Game, who: int) -> str:
    """A seat's board as `who`'s phone is sent it: made for another seat that waits, its
    link's key and which city is its own differ; the token in its forms is the phone's."""
    html = found.html
    if found.made_for != who:
        html = html.replace(links.key_for(found.made_for), links.key_for(who)).replace(
            f'data-you="{found.made_for}"', f'data-you="{who}"'
        )
    if CSRF_PLACEHOLDER in html:
        html = html.replace(CSRF_PLACEHOLDER, get_token(request))
    return html


def _render(request, snap: Snapshot, who, **extra) -> str:
    """`who`'s board: its top (the turn panel) made for it, the rest made once per version for
    every page of it (the market again only for a viewer who may build)."""
    game = snap.game
    key = (game.code, game.version, translation.get_language())
    shared = _version_contexts.get(key) or _version_contexts.put(
        key, views.version_context(game, snap.state, snap.entries)
    )
    ctx = views.context(request, game, who, state=snap.state, entries=snap.entries, shared=shared)
    ctx.update(extra)
    # a seat's page marks the cities "you" (its CSS shows its own), the others none
    table_key = (*key, ctx["mode"] == "seat")
    table = _tables.get(table_key) or _tables.put(
        table_key,
        Table(
            _part(request, "board_before_market", ctx),
            _part(request, "board_after_market", ctx),
            {},
        ),
    )
    market = table.markets.get(ctx["market_holds"])
    if market is None:
        market = table.markets[ctx["market_holds"]] = _part(request, "board_market", ctx)
    return _part(request, "board_top", ctx) + table.before_market + market + table.after_market


def _part(request, name: str, ctx: dict) -> str:
    return _LINE_BREAKS.sub(" ", render_to_string(f"play/game.html#{name}", ctx, request))


def _seat_board(request, snap: Snapshot, seat: int, language: str) -> SeatBoard:
    """The board `seat` sees at the snapshot's version, made once in this process."""
    game = snap.game
    found = _seat_boards.get((game.code, game.version, language, seat))
    if found is not None:
        return found.board
    waiting = [
        other
        for other in range(len(game.seats))
        if views.waits(game, snap.state, snap.entries, other)
    ]
    seats = tuple(waiting) if seat in waiting else (seat,)
    made = SeatBoard(seat, seats, _render(request, snap, seat, csrf_token=CSRF_PLACEHOLDER))
    _keep(made, game, game.version, language, game.finished and not game.rematch_offered)
    return made


def _keep(made: SeatBoard, links: Game, version: int, language: str, done: bool) -> None:
    kept = Made(made, links, done)
    for seat in made.seats:
        _seat_boards.put((links.code, version, language, seat), kept)


def board(request, snap: Snapshot, who, language: str) -> str:
    """The board as `who`'s page shows it at the snapshot's version."""
    game = snap.game
    if isinstance(who, int):
        return _as_seat(request, _seat_board(request, snap, who, language), game, who)
    if who is None:
        key = (game.code, game.version, language)
        return _watch_boards.get(key) or _watch_boards.put(key, _render(request, snap, None))
    key = (game.code, game.version, language, request.META.get("CSRF_COOKIE", ""))
    return _host_boards.get(key) or _host_boards.put(key, _render(request, snap, who))


def from_memory(
    request, pk: int, who, language: str, seen: str | None, link: tuple, payload: str
) -> Update | None:
    """What `update` would send, when the announcement that woke the stream is a move newer
    than the page's version under the page's own links, and this process has the seat's board
    of it in memory (the move was taken here, or another page of its table was sent it): no
    worker thread, no query (machikoro.live.FromMemory). None: the stream looks as usual."""
    version = _newer_move(who, seen, link, payload)
    if version is None:
        return None
    kept = _seat_boards.get((link[0], version, language, who))
    if kept is None:
        return None
    return Update(
        "board", _as_seat(request, kept.board, kept.links, who), id=str(version), last=kept.done
    )


def _newer_move(who, seen: str | None, link: tuple, payload: str) -> int | None:
    """The version of the move an announcement names, if a seat's page under the move's links
    shows an older one."""
    version, _due, code = (payload.split(" ") + ["", "", ""])[:3]
    if not isinstance(who, int) or code != link[0]:
        return None  # not a seat, or not a move ("-"), or new links
    if not version.isdigit() or not (seen or "").isdigit() or int(version) <= int(seen):
        return None  # a page without a version, or one the announcement was overtaken by
    return int(version)


# (pk, version, language) -> the one read of a move's stored boards this process is making
_arriving: dict[tuple[int, int, str], asyncio.Future] = {}


async def arriving(
    request, pk: int, who, language: str, seen: str | None, link: tuple, payload: str
) -> Update | None:
    """`from_memory`, else, for a move taken in another process, what it would send once this
    process has read that move's stored boards: one query and one worker thread for all of
    this process's streams of the game (each stream looking by itself cost a thread and a
    query per phone: docs/live.md). None: the stream looks as usual (new links, a version
    made otherwise, a rematch)."""
    found = from_memory(request, pk, who, language, seen, link, payload)
    version = _newer_move(who, seen, link, payload)
    if found is not None or version is None:
        return found
    key = (pk, version, language)
    reading = _arriving.get(key)
    if reading is None:
        reading = asyncio.ensure_future(in_a_worker(_keep_shared, pk, language))
        _arriving[key] = reading
        reading.add_done_callback(lambda _done: _arriving.pop(key, None))
    with contextlib.suppress(Exception):  # logged by _keep_shared; the stream looks itself
        await asyncio.shield(reading)
    return from_memory(request, pk, who, language, seen, link, payload)


def _keep_shared(pk: int, language: str) -> None:
    """Keep in memory the boards the process of the game's latest move stored with it."""
    try:
        found = Game.latest_boards(pk, language)
    except Exception:
        logger.exception("The shared boards of game %s could not be read", pk)
        raise
    if found is None:
        return
    head, boards = found
    if head.rematched_as_id is not None:
        return  # its streams are sent where to go, by `update`
    done = head.finished and not head.rematch_offered
    for made in boards:
        _keep(made, head.links, head.version, language, done)


def update(
    request, pk: int, who, language: str, seen: str | None, link: tuple[str, str | None]
) -> Update | None:
    """What the stream of `who`'s page sends, the page showing version `seen` (machikoro.live.Look).
    `link` is the page's (code, key) when it connected: once the game's links are renewed it
    opens nothing, and its stream ends (its boards would carry the new links)."""
    head = Game.stream_head(pk, who, language, seen)
    if head is None:
        return Update("end", "gone", last=True)
    if (head.code, head.links.key_for(who)) != link:
        return Update("end", "gone", last=True)
    version = head.version
    done = head.finished and not head.rematch_offered  # nothing can change any more
    with translation.override(language):
        if head.rematched_as_id is not None:
            game = Game.objects.select_related("rematched_as").get(pk=pk)
            return Update("rematch", views.rematch_path(game, who), last=True)
        if seen == str(version):
            return Update("end", "over", last=True) if done else None
        if head.shared is not None:  # made by the process of the move
            made = head.shared
            _keep(made, head.links, version, language, done)
            html = _as_seat(request, made, head.links, who)
            return Update("board", html, id=str(version), last=done)
        snap = snapshot(pk, version, head.code)
        if snap is None:
            return update(request, pk, who, language, seen, link)  # it moved on as we looked
        return Update("board", board(request, snap, who, language), id=str(version), last=done)
