"""What a game's stream sends each page: the board of each new version, as play.board_maker
made it, delivered.

When a game changes, every open page of its table wakes (machikoro.live). In the process that
took the move, a seat's stream finds its board in memory and sends it at once (`from_memory`:
no worker thread, no query). Elsewhere the process's streams of the game wait on one read of
every board the move stored with it (`arriving`), and each sends its own from memory. A stream
that still lacks its board (new links, a version made otherwise, a rematch) looks (`update`):
one plain query for the game's row and the page's stored board, else the board made here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from django.utils import translation

from machikoro.live import Update, in_a_worker
from play import board_maker
from play.models import Game

logger = logging.getLogger(__name__)


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
    kept = board_maker.kept_board(link[0], version, language, who)
    if kept is None:
        return None
    html = board_maker.as_seat(request, kept.board, kept.links, who)
    return Update("board", html, id=str(version), last=kept.done)


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
        board_maker.keep(made, head.links, head.version, language, done)


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
            return Update("rematch", board_maker.rematch_path(game, who), last=True)
        if seen == str(version):
            return Update("end", "over", last=True) if done else None
        if head.shared is not None:  # made by the process of the move
            made = head.shared
            board_maker.keep(made, head.links, version, language, done)
            html = board_maker.as_seat(request, made, head.links, who)
            return Update("board", html, id=str(version), last=done)
        snap = board_maker.snapshot(pk, version, head.code)
        if snap is None:
            return update(request, pk, who, language, seen, link)  # it moved on as we looked
        html = board_maker.board(request, snap, who, language)
        return Update("board", html, id=str(version), last=done)
