"""What a game's stream sends each page, worked out once per version where pages can share it.

When a game changes, every open page of its table wakes. In this process the game's row, its
state and its latest log entries are read once per version (a `Snapshot`), and pages that show
the same board share one rendering: every seat that may neither act nor undo (it waits for
someone else) sees the same board but for its own link's key and which city is its own, which
are put in afterwards; every watcher sees the very same board. The seat to act, the one that
may undo and the host's screen get their own rendering. A move's answer (`answer`) is made the
same way in the process that took the move: the game it has in hand is that version's snapshot,
and the board it answers with is its mover's stream's and, if it waits, the waiting seats'.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import translation

from live import Update
from play import views
from play.engine import GameState
from play.models import Game

KEPT = 256  # versions (and renderings) kept per process; a version is read within seconds


@dataclass
class Snapshot:
    game: Game
    state: GameState
    entries: list


class _Recent:
    """A small thread-safe LRU: the streams look from several worker threads."""

    def __init__(self, size: int):
        self.size = size
        self.items: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key, value):
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return value


_snapshots = _Recent(KEPT)
_shared_boards = _Recent(KEPT * 2)  # a version's board for the seats that wait, and watchers'
_own_boards = _Recent(KEPT * 4)


def _own(request, game: Game, who, language: str) -> tuple:
    # One phone's board: its seat, language and CSRF cookie (the token in its forms)
    return (game.code, game.version, language, who, request.META.get("CSRF_COOKIE", ""))


def answer(request, game: Game, who) -> str:
    """The board a move is answered with, the mover's page showing it at once. Made as its
    table's streams make theirs: the game as it stands now is kept for them (they need not read
    it again), a board that waits for someone else is shared with the seats that wait too, and
    the mover's own stream, woken by this very move, sends this board without making it again."""
    language = translation.get_language()
    snap = Snapshot(game, game.load(), views.log_entries(game))
    _snapshots.put((game.pk, game.version, game.code), snap)
    html = board(request, snap, who, language)
    _own_boards.put(_own(request, game, who, language), html)
    return html


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
    snap = Snapshot(game, game.load(), views.log_entries(game))
    return _snapshots.put((pk, version, code), snap)


def board(request, snap: Snapshot, who, language: str) -> str:
    """The board as `who`'s page shows it at the snapshot's version."""
    game = snap.game
    made = _own_boards.get(_own(request, game, who, language))
    if made is not None:
        return made
    waiting = isinstance(who, int) and views.waits(game, snap.state, snap.entries, who)
    shared_as = (game.code, game.version, language, "wait" if waiting else "watch")
    if waiting and (shared := _shared_boards.get(shared_as)) is not None:
        seat, html = shared
        return html.replace(game.key_for(seat), game.key_for(who)).replace(
            f'data-you="{seat}"', f'data-you="{who}"'
        )
    if who is None and (shared := _shared_boards.get(shared_as)) is not None:
        return shared
    ctx = views.context(request, game, who, state=snap.state, entries=snap.entries)
    html = render_to_string("play/game.html#board", ctx, request)
    if who is None:
        _shared_boards.put(shared_as, html)
    elif waiting and "csrfmiddlewaretoken" not in html:
        _shared_boards.put(shared_as, (who, html))
    return html


def update(
    request, pk: int, who, language: str, seen: str | None, link: tuple[str, str | None]
) -> Update | None:
    """What the stream of `who`'s page sends, the page showing version `seen` (live.Look).
    `link` is the page's (code, key) when it connected: once the game's links are renewed it
    opens nothing, and its stream ends (its boards would carry the new links)."""
    row = (
        Game.objects.filter(pk=pk)
        .values_list(
            "version",
            "finished",
            "rematch_offered",
            "rematched_as_id",
            "code",
            "host_secret",
            "seats",
        )
        .first()
    )
    if row is None:
        return Update("end", "gone", last=True)
    version, finished, rematch_offered, rematched, code, host_secret, seats = row
    if (code, Game(host_secret=host_secret, seats=seats).key_for(who)) != link:
        return Update("end", "gone", last=True)
    done = finished and not rematch_offered  # nothing can change any more
    with translation.override(language):
        if rematched is not None:
            game = Game.objects.select_related("rematched_as").get(pk=pk)
            return Update("rematch", views.rematch_path(game, who), last=True)
        if seen == str(version):
            return Update("end", "over", last=True) if done else None
        snap = snapshot(pk, version, code)
        if snap is None:
            return update(request, pk, who, language, seen, link)  # it moved on as we looked
        return Update("board", board(request, snap, who, language), id=str(version), last=done)
