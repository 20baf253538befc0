"""Whether a seat's own phone is in someone's hand: seen lately fetching its page, its poll or
its stream.

The shared screen (the host's link) may act for every human seat, since a phone can die; but a
tap on the laptop must not play Anna's turn while her phone is in her hand, so it asks first when
her phone was seen within PLAY_PHONE_SEEN_SECONDS (`Game.phone_in_hand`; `Game.apply_action`
raises `PhoneInHand` until the screen confirms).

A phone polls every second or two and its stream pings every LIVE_HEARTBEAT_SECONDS: each
process writes a seat's sighting at most once per `rewrite_after()`, so a poll answered 204
still costs one query nearly always, and a phone that only holds its stream open is written at
every other ping, not at each (1,000 open phones: 25 writes a second instead of 50).
"""

from __future__ import annotations

import threading
import time

from django.conf import settings
from django.utils import timezone

from play.models import SeatSeen

_written: dict[tuple[int, str, int], float] = {}  # (game pk, code, seat) -> monotonic time
_lock = threading.Lock()
_KEPT = 4096


def rewrite_after() -> float:
    """Seconds a process waits before writing a seat's sighting again. A phone whose stream
    pings every heartbeat is then written at least every heartbeat plus this, which stays
    within the window by half a heartbeat (a late ping): it never looks gone while it pings."""
    heartbeat = settings.LIVE_HEARTBEAT_SECONDS
    return max(0.0, settings.PLAY_PHONE_SEEN_SECONDS - 1.5 * heartbeat)


def seen(game_pk: int, code: str, seat: int) -> None:
    """The seat's own link fetched something just now (a page, a poll, its stream's ping)."""
    key = (game_pk, code, seat)  # the code too: a test database reuses primary keys
    now = time.monotonic()
    with _lock:
        last = _written.get(key)
        if last is not None and now - last < rewrite_after():
            return
        if len(_written) >= _KEPT:
            _written.clear()
        _written[key] = now
    SeatSeen.objects.bulk_create(
        [SeatSeen(game_id=game_pk, seat=seat, at=timezone.now())],
        update_conflicts=True,
        unique_fields=["game", "seat"],
        update_fields=["at"],
    )
