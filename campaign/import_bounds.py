"""What a campaign backup may hold, checked on the whole file before anything of it is written
(issue 27): no more than a real campaign holds, and only what the campaign's flow can produce;
and the links it is imported with, new ones (`with_new_links`).

campaign.backup's import calls `check_bounds(doc)` first; a file it refuses costs a look at its
JSON, not a replay of its games, and leaves nothing behind. The import's own checks (each
field's type and length, the deck, the reading, every game replayed) still follow.
"""

from __future__ import annotations

import copy
import datetime
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from play.engine import bounds
from play.engine.bots import BOTS
from play.models import HUMAN
from play.models import _token as game_key

from .models import _secret as campaign_secret

# A game of the app is a few hundred actions (a bot campaign's chapters: 100-130 each); the
# import of one game alone takes at most GAME_IMPORT_MAX_ACTIONS, and a campaign's games all
# together at most this many.
CAMPAIGN_MAX_ACTIONS = 20_000
# The first Golden Book entry cannot be older than the app, nor any date in the future (a day's
# grace for time zones).
EARLIEST_DATE = datetime.date(2020, 1, 1)
MAX_CIRCLES = bounds.CIRCLES.high
# A mayor's picks in free play, as many as the deck says (four in ours): the file's deck is looked
# up after these bounds, which only keep what no deck could ask for out.
MAX_FREE_PLAY_PICKS = bounds.PICKS.high


def _refuse(what: str) -> Exception:
    from .backup import BackupError  # it calls check_bounds

    return BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": what})


def _date_in_bounds(value: Any) -> bool:
    try:
        date = datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return EARLIEST_DATE <= date <= datetime.date.today() + datetime.timedelta(days=1)


def check_bounds(doc: Any) -> None:
    """BackupError unless the file holds at most what the flow could have made."""
    if not isinstance(doc, dict) or not isinstance(doc.get("campaign"), dict):
        return  # the import says what is wrong with its shape
    chapter = doc["campaign"].get("chapter")
    if type(chapter) is not int or chapter < 1:
        return
    mayors = doc.get("mayors")
    _check_mayors(mayors)
    _check_games(doc.get("games"), chapter, len(mayors) if isinstance(mayors, list) else None)
    _check_golden_book(doc.get("golden_book"), chapter)


def _check_mayors(rows: Any) -> None:
    if not isinstance(rows, list):
        return
    for row in rows:
        if not isinstance(row, dict):
            continue
        if row.get("kind") not in (HUMAN, *BOTS):
            raise _refuse("kind")
        circles = row.get("circles")
        if type(circles) is int and circles > MAX_CIRCLES:
            raise _refuse("circles")
        picks = row.get("picks")
        most = max(circles if type(circles) is int else 0, MAX_FREE_PLAY_PICKS)
        if isinstance(picks, list) and len(picks) > most:
            raise _refuse("picks")


def _check_games(rows: Any, chapter: int, mayors: int | None) -> None:
    """One game per chapter played (free play's games are numbered on after the tenth), none
    ahead of the campaign, a seat for each mayor and no more, no game longer than a game
    import may be, and no more actions in all than a long campaign holds."""
    if not isinstance(rows, list):
        return
    if len(rows) > chapter:
        raise _refuse("games")
    chapters, actions = set(), 0
    for row in rows:
        if not isinstance(row, dict):
            continue
        number = row.get("chapter")
        if type(number) is int and (number > chapter or number in chapters):
            raise _refuse("chapter")
        chapters.add(number)
        game = row.get("game")
        if not isinstance(game, dict):
            continue
        moves = game.get("actions")
        if isinstance(moves, list):
            if len(moves) > settings.GAME_IMPORT_MAX_ACTIONS:
                raise _refuse("actions")
            actions += len(moves)
        seats = game.get("seats")
        if isinstance(seats, list) and len(seats) != mayors:
            raise _refuse("seats")
        played_on = row.get("played_on")
        if played_on is not None and not _date_in_bounds(played_on):
            raise _refuse("played_on")
    if actions > CAMPAIGN_MAX_ACTIONS:
        raise _refuse("actions")


def _check_golden_book(rows: Any, chapter: int) -> None:
    """At most one entry a game played, each for a chapter played, dated within the app's life."""
    if not isinstance(rows, list):
        return
    if len(rows) > chapter:
        raise _refuse("golden_book")
    chapters = set()
    for row in rows:
        if not isinstance(row, dict):
            continue
        number = row.get("chapter")
        if type(number) is int and (number > chapter or number in chapters):
            raise _refuse("golden_book")
        chapters.add(number)
        if not _date_in_bounds(row.get("date")):
            raise _refuse("date")


def with_new_links(doc: Any) -> Any:
    """The file with every link's secret replaced by a new one of the app's own strength: the
    table's, each mayor's, and each game's code, host key and seat keys. A backup's links may
    have leaked with the file, or been chosen by whoever wrote it ("a" * 32); the importer is
    shown the new ones. The rest of the file is left for the import to check."""
    if not isinstance(doc, dict):
        return doc
    doc = copy.deepcopy(doc)
    data = doc.get("campaign")
    if isinstance(data, dict) and "table_secret" in data:
        data["table_secret"] = campaign_secret()
    for mayor in _dicts(doc.get("mayors")):
        if "secret" in mayor:
            mayor["secret"] = campaign_secret()
    for row in _dicts(doc.get("games")):
        game = row.get("game")
        if not isinstance(game, dict):
            continue
        for key in ("code", "host_secret"):
            if key in game:
                game[key] = game_key()
        if isinstance(game.get("seat_secrets"), list):
            game["seat_secrets"] = [game_key() for _ in game["seat_secrets"]]
    return doc


def _dicts(value: Any) -> list[dict]:
    return [row for row in value if isinstance(row, dict)] if isinstance(value, list) else []
