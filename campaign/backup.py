"""A campaign as one JSON file, and back: the group's backup between evenings.

    text = export_text(campaign)          # {"format": 1, "kind": "machikoro-campaign", …}
    campaign = import_text(text, owner=user)   # BackupError (a message) and nothing written

The file holds what the campaign stores and what the table has read, never anything of the deck
ahead of the reader: components still in the deck or in a closed box are left out (the import
works them out again from the deck, which must be the same deck: id and content hash). Nor does it
hold picks that are still secret: a backup made while the mayors pick restores with every mayor
still to pick (bots, and mayors whose bag leaves no choice, pick again at once). Every
game of the campaign is in it as its setup and its actions, so each replays exactly. An import
gives every link a new secret (campaign.import_bounds.with_new_links: a file's links may have
leaked with it, or been chosen by whoever wrote it); exporting an imported campaign gives the
same file but for those. The history is not in the file: an
import starts a new history, whose first entries say the campaign was imported.
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from legacy_deck.format import Stop
from legacy_deck.reader import DeckState, advance, waiting_at
from machikoro import names
from play.engine import IllegalAction
from play.engine.replay import replay, transcript, with_seed
from play.models import Game
from play.seeds import fresh_seed

from . import decks, flow
from .errors import BackupError, FlowError
from .flow.picking import begin_picking
from .import_bounds import check_bounds, with_new_links
from .models import (
    Campaign,
    ChapterGame,
    ComponentPlace,
    GoldenBookEntry,
    Mayor,
    Phase,
    Place,
    RuleCard,
    SideChoice,
    StuckSticker,
)

FORMAT = 1
KIND = "machikoro-campaign"
MAX_BYTES = 4 * 1024 * 1024  # a ten-chapter campaign with free play is well under 1 MB
MAX_DEPTH = 40
UNREAD = (Place.DECK, Place.BOX, Place.START)
# The largest value each kind of number column holds (Django's ranges for PostgreSQL): a number
# is checked against these before anything is written, never left to the database to refuse.
SMALL_INT = 32767
BIG_INT = 2**63 - 1
# Links as the app makes them (secrets.token_urlsafe): a campaign's and a mayor's of 24 bytes, a
# game's code and keys of 16 bytes (games made before: 12).
URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")
CAMPAIGN_SECRET_LENGTHS = (32,)
GAME_SECRET_LENGTHS = (22, 16)


# --- export ---------------------------------------------------------------------------------


def export_text(campaign: Campaign) -> str:
    return json.dumps(export(campaign), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def export(campaign: Campaign) -> dict:
    mayors = list(campaign.mayors.order_by("seat"))
    seat = {mayor.pk: mayor.seat for mayor in mayors}
    # While the mayors pick, what each has picked is theirs alone, so the file has none of it.
    picks_secret = campaign.phase == Phase.PICKING
    return {
        "format": FORMAT,
        "kind": KIND,
        "deck": {"id": campaign.deck_id, "digest": campaign.deck_digest},
        "campaign": {
            "name": campaign.name,
            "table_secret": campaign.table_secret,
            "chosen_seed": campaign.chosen_seed,
            "reader": DeckState.from_dict(campaign.reader).to_dict(),
            "chapter": campaign.chapter,
            "phase": campaign.phase,
            "version": campaign.version,
            "yokai_rule": campaign.yokai_rule,
            "created": campaign.created.isoformat(),
        },
        "mayors": [
            {
                "seat": m.seat,
                "colour": m.colour,
                "name": m.name,
                "city_name": m.city_name,
                "circles": m.circles,
                "kind": m.kind,
                "secret": m.secret,
                "picks": None if picks_secret else m.picks,
            }
            for m in mayors
        ],
        "places": [
            {
                "component": p.component,
                "place": p.place,
                "mayor": seat.get(p.mayor_id),
                "box": p.box,
                "order": p.order,
            }
            for p in campaign.places.exclude(place__in=UNREAD).order_by("component")
        ],
        "stickers": [
            {"sticker": s.sticker, "card": s.card, "chapter": s.chapter}
            for s in campaign.stickers.order_by("sticker")
        ],
        "rule_stack": [
            {"component": r.component, "position": r.position, "chapter": r.chapter}
            for r in campaign.rule_stack.order_by("position")
        ],
        "sides": [
            {
                "component": s.component,
                "side": s.side,
                "chosen_by": seat.get(s.chosen_by_id),
                "chapter": s.chapter,
            }
            for s in campaign.sides.order_by("component")
        ],
        "games": [
            _game(g, seat) for g in campaign.games.select_related("game").order_by("chapter")
        ],
        "golden_book": [
            {
                "chapter": e.chapter,
                "mayor": seat[e.mayor_id],
                "name": e.name,
                "city_name": e.city_name,
                "date": e.date.isoformat(),
            }
            for e in campaign.golden_book.order_by("chapter")
        ],
    }


def _game(chapter_game: ChapterGame, seat: dict[int, int]) -> dict:
    game = chapter_game.game
    return {
        "chapter": chapter_game.chapter,
        "source": chapter_game.source,
        "winner": seat.get(chapter_game.winner_id),
        "played_on": chapter_game.played_on.isoformat() if chapter_game.played_on else None,
        "flags": chapter_game.flags,
        "final_coins": chapter_game.final_coins,
        "game": None
        if game is None
        else {
            **_game_export(game),
            "code": game.code,
            "host_secret": game.host_secret,
            "seat_secrets": [s["secret"] for s in game.seats],
            "undo_floor": game.undo_floor,
        },
    }


# --- import ---------------------------------------------------------------------------------


def import_text(text: str | bytes, *, owner=None) -> Campaign:
    """The campaign in a backup file, stored anew with new links (import_bounds.with_new_links:
    on the installation it came from it is a copy, and the original keeps its own); BackupError
    with a message if it cannot be."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise BackupError(_("The file is too large to be a campaign backup."))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BackupError(_("The file is not a campaign backup (it is not text).")) from None
    if len(text) > MAX_BYTES:
        raise BackupError(_("The file is too large to be a campaign backup."))
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise BackupError(_("The file is damaged: it is not readable JSON.")) from None
    _check_depth(doc)
    return import_doc(doc, owner=owner)


def import_doc(doc: Any, *, owner=None) -> Campaign:
    """The campaign in a parsed backup, stored anew; BackupError with a message if it cannot be."""
    try:
        return _import(doc, owner)
    except BackupError:
        raise
    except IntegrityError:
        raise BackupError(_("This campaign is in this installation already.")) from None
    except (KeyError, IndexError, TypeError, ValueError, OverflowError, IllegalAction) as error:
        raise BackupError(
            _("The file is damaged: %(what)s does not fit.") % {"what": _where(error)}
        ) from None


def _import(doc: Any, owner) -> Campaign:
    if not isinstance(doc, dict) or doc.get("kind") != KIND:
        raise BackupError(_("This file is not a campaign backup of this app."))
    version = doc.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BackupError(_("The file does not say which backup format it has."))
    if version > FORMAT:
        raise BackupError(
            _(
                "The file was made by a newer version of this app (format %(format)s); "
                "update the app to import it."
            )
            % {"format": version}
        )
    if version != FORMAT:
        raise BackupError(_("This backup format is not known."))
    check_bounds(doc)  # before anything is written or replayed
    _check_names(doc)
    doc = with_new_links(doc)
    declared = _dict(doc, "deck")
    found = decks.find_deck(
        str(declared.get("id"))[:64],
        str(declared.get("digest"))[:64],
        owner_id=getattr(owner, "pk", None),
    )
    if found is None:
        raise BackupError(
            _(
                "The campaign was played with the legacy deck “%(deck)s” in a version this "
                "installation does not have. Add that deck first (New campaign, Add a deck), "
                "then import the file again."
            )
            % {"deck": str(declared.get("id"))[:64]}
        )
    deck, row = found
    with transaction.atomic():
        try:
            added_deck = decks.locked_row(row) if row is not None else None
        except FlowError as error:
            raise BackupError(error.message) from None
        return _store(doc, deck, added_deck, owner)


def _store(doc: dict, deck, added_deck, owner) -> Campaign:
    data = _dict(doc, "campaign")
    reader = DeckState.from_dict(_dict(data, "reader"))
    if reader.deck_id != deck.id or not deck.reads_like(reader.digest):
        raise BackupError(_("The file is damaged: its reading does not match its deck."))
    if not 0 < reader.position <= len(deck.sides()) or not _reading_begins_at_a_stop(deck, reader):
        raise BackupError(_("The file is damaged: its reading is out of the deck."))
    for component, side in reader.choices:  # stored as JSON: PostgreSQL refuses Infinity
        known = deck.components.get(component)
        if side not in ("a", "b") or known is None or known.kind != "double_sided":
            raise BackupError(
                _("The file is damaged: %(what)s does not fit.") % {"what": "choices"}
            )
    phase = _text(data, "phase", 16)
    if phase not in Phase.values:
        raise BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": "phase"})
    created = datetime.datetime.fromisoformat(_text(data, "created", 40))
    if created.tzinfo is None:
        raise _Field("created")
    campaign = Campaign(
        name=_text(data, "name", 80),
        owner=owner,
        table_secret=_secret(data, "table_secret", CAMPAIGN_SECRET_LENGTHS),
        deck_id=deck.id,
        deck_digest=deck.digest,
        added_deck=added_deck,
        # A file from before chosen seeds holds the seed the campaign was given at random: its
        # coming games draw their own instead (`Campaign.chosen_seed`).
        chosen_seed=None if data.get("chosen_seed") is None else _int(data, "chosen_seed", BIG_INT),
        reader=reader.to_dict(),
        chapter=_int(data, "chapter", 1000, low=1),
        phase=phase,
        version=_int(data, "version", 10**9),
        yokai_rule=_text(data, "yokai_rule", 32, empty=True),
    )
    campaign._change_reason = "import"
    campaign.save()
    campaign.created = created
    Campaign.objects.filter(pk=campaign.pk).update(created=created)
    mayor_rows = _list(doc, "mayors", 4)
    if not 2 <= len(mayor_rows) <= 4:
        raise BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": "mayors"})
    mayors = []
    for index, row in enumerate(mayor_rows):
        row = _dict(row, None)
        picks = row.get("picks")
        if picks is not None and not (
            isinstance(picks, list) and all(isinstance(p, str) and len(p) < 65 for p in picks)
        ):
            raise BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": "picks"})
        if phase == Phase.PICKING:
            picks = None  # (files made before picks were left out): everyone picks anew
        colour = _text(row, "colour", 16)
        if colour not in deck.shape.colours or _int(row, "seat", 4) != index:
            raise BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": "mayors"})
        mayors.append(
            Mayor(
                campaign=campaign,
                seat=index,
                colour=colour,
                name=_text(row, "name", 40),
                city_name=_text(row, "city_name", 60),
                circles=_int(row, "circles", 100),
                kind=_text(row, "kind", 16),
                secret=_secret(row, "secret", CAMPAIGN_SECRET_LENGTHS),
                picks=picks,
            )
        )
    links = [campaign.table_secret, *(mayor.secret for mayor in mayors)]
    if len(set(links)) != len(links):
        raise _Field("secret")
    mayors = bulk_create_with_history(mayors, Mayor, default_change_reason="import")
    mayors = list(campaign.mayors.order_by("seat"))
    by_seat = {m.seat: m for m in mayors}

    def mayor_at(value) -> Mayor | None:
        if value is None:
            return None
        if type(value) is not int or value not in by_seat:
            raise BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": "seat"})
        return by_seat[value]

    _store_places(doc, deck, campaign, reader, mayors, mayor_at)
    if phase == Phase.PICKING:
        begin_picking(flow.Step(campaign, deck, reader, mayors, "import"))
        if campaign.phase != Phase.PICKING:  # nobody was left to pick: not a real backup
            raise BackupError(_("The file is damaged: its phase, chapter and reading disagree."))
    bulk_create_with_history(
        [
            StuckSticker(
                campaign=campaign,
                sticker=_component(row, "sticker", deck),
                card=_text(row, "card", 64),
                chapter=_int(row, "chapter", 1000),
            )
            for row in _rows(doc, "stickers", 200)
        ],
        StuckSticker,
        default_change_reason="import",
    )
    bulk_create_with_history(
        [
            RuleCard(
                campaign=campaign,
                component=_component(row, "component", deck),
                position=_int(row, "position", 1000),
                chapter=_int(row, "chapter", 1000),
            )
            for row in _rows(doc, "rule_stack", 200)
        ],
        RuleCard,
        default_change_reason="import",
    )
    sides = []
    for row in _rows(doc, "sides", 200):
        side = _text(row, "side", 1)
        if side not in ("a", "b"):
            raise BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": "side"})
        sides.append(
            SideChoice(
                campaign=campaign,
                component=_component(row, "component", deck),
                side=side,
                chosen_by=mayor_at(row.get("chosen_by")),
                chapter=_int(row, "chapter", 1000),
            )
        )
    bulk_create_with_history(sides, SideChoice, default_change_reason="import")
    for row in _rows(doc, "games", 1000):
        _store_game(row, campaign, mayor_at, [m.kind for m in mayors])
    bulk_create_with_history(
        [
            GoldenBookEntry(
                campaign=campaign,
                chapter=_int(row, "chapter", 1000),
                mayor=mayor_at(row.get("mayor")),
                name=_text(row, "name", 40),
                city_name=_text(row, "city_name", 60),
                date=datetime.date.fromisoformat(_text(row, "date", 10)),
            )
            for row in _rows(doc, "golden_book", 1000)
        ],
        GoldenBookEntry,
        default_change_reason="import",
    )
    _check_coherent(campaign, deck, reader)
    return campaign


def _reading_begins_at_a_stop(deck, reader: DeckState) -> bool:
    """The latest reading (if the file says where it began) begins at a STOP already read."""
    start = reader.reading_from
    return start is None or (0 <= start < reader.position and deck.sides()[start].stop is not None)


def _check_coherent(campaign: Campaign, deck, reader: DeckState) -> None:
    """The phase, the chapter, the reading and the games must tell the same story."""
    chapter, phase = campaign.chapter, campaign.phase
    waiting = waiting_at(deck, reader)
    current = campaign.games.filter(chapter=chapter).first()
    if not campaign.in_free_play:
        expected = {
            Phase.READING: {Stop("before_game", chapter)},
            Phase.AFTER_GAME: {Stop("before_game", chapter + 1), None},
            Phase.WINNERS_MOMENT: {Stop("before_game", chapter + 1), None},
        }.get(phase)
        if phase in (Phase.FINISHED, Phase.FREE_PLAY):
            coherent = False
        elif expected is not None:
            coherent = waiting in expected
        else:  # picking or playing: the game's STOP is turned, its end is not
            coherent = (
                waiting is not None
                and waiting.game == chapter
                and (waiting.moment in ("event", "after_game"))
            )
    else:
        coherent = waiting is None and phase != Phase.READING
    if phase == Phase.PLAYING:
        coherent = coherent and current is not None and current.game is not None
    if campaign.game_over:
        coherent = coherent and current is not None and current.winner is not None
    if not coherent:
        raise BackupError(_("The file is damaged: its phase, chapter and reading disagree."))


def _store_places(doc, deck, campaign, reader, mayors, mayor_at) -> None:
    """Every component where the deck's bookkeeping puts it (those not yet read included),
    then what the file says of the read ones (a correction made in the admin survives)."""
    step = flow.Step(campaign, deck, reader, mayors, "import")
    # every component (`only` accepts all), but not the rule stack and stickers: the file has them
    step.write_deck_places(only=lambda cid, row: True)
    if campaign.phase == Phase.PLAYING and all(m.picks is not None for m in mayors):
        # the picks come out of the bags just written
        step.write_deck_places(cities=step.picked_cities(), only=lambda cid, row: True)
    rows = step.rows()
    changed = []
    listed = set()
    for entry in _rows(doc, "places", 2000):
        cid = _component(entry, "component", deck)
        listed.add(cid)
        place = _text(entry, "place", 16)
        if place not in Place.values or place in UNREAD:
            raise BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": cid})
        row = rows[cid]
        if row.place in UNREAD:
            raise BackupError(
                _("The file names a component the campaign has not read yet (%(what)s).")
                % {"what": cid}
            )
        mayor = mayor_at(entry.get("mayor"))
        box = None if entry.get("box") is None else _int(entry, "box", SMALL_INT)
        row.place, row.mayor, row.box, row.order = place, mayor, box, _int(entry, "order", 1000)
        changed.append(row)
    bulk_update_with_history(
        changed, ComponentPlace, ["place", "mayor", "box", "order"], default_change_reason="import"
    )
    # What the file leaves out was unread when it was written. The campaign may have read further
    # than it has put things away: a game's end and an event STOP read cards whose components the
    # next step puts in place. Those stay where unread components lie, as they did.
    first_stop = advance(deck, DeckState.start(deck), "before_campaign").state
    unread = flow.Step(campaign, deck, first_stop, mayors, "import")
    unread.write_deck_places(
        only=lambda cid, row: cid not in listed and row is not None and row.place not in UNREAD
    )


def _store_game(row: dict, campaign: Campaign, mayor_at, kinds: list[str]) -> None:
    source = _text(row, "source", 8)
    if source not in ChapterGame.Source.values:
        raise BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": "source"})
    game = None
    data = row.get("game")
    if data is not None:
        data = _dict(data, None)
        setup, actions = _dict(data, "setup"), _list(data, "actions", 20_000)
        if campaign.chosen_seed is None:
            setup, actions = _going_on_with_fresh_dice(setup, actions)
        game = Game.from_export(
            {"format": 1, "setup": setup, "seats": data.get("seats"), "actions": actions}
        )
        secrets_ = _list(data, "seat_secrets", 4)
        if len(secrets_) != len(game.seats):
            raise BackupError(_("The file is damaged: %(what)s does not fit.") % {"what": "seats"})
        game.code = _secret(data, "code", GAME_SECRET_LENGTHS)
        game.host_secret = _secret(data, "host_secret", GAME_SECRET_LENGTHS)
        game.seats = [
            {
                **seat,
                "secret": _secret({"seat_secrets": secret}, "seat_secrets", GAME_SECRET_LENGTHS),
            }
            for seat, secret in zip(game.seats, secrets_, strict=True)
        ]
        keys = [game.code, game.host_secret, *(seat["secret"] for seat in game.seats)]
        if len(set(keys)) != len(keys):
            raise _Field("seat_secrets")
        game.undo_floor = _int(data, "undo_floor", 20_000)
        game.rematch_offered = False
        game.seed_chosen = campaign.chosen_seed is not None
        game.set_seat_colours([mayor_at(seat).colour for seat in range(len(game.seats))])
        game.save(
            update_fields=[
                "code",
                "host_secret",
                "seats",
                "undo_floor",
                "rematch_offered",
                "seed_chosen",
            ]
        )
    played_on = row.get("played_on")
    chapter_game = ChapterGame(
        campaign=campaign,
        chapter=_int(row, "chapter", 1000, low=1),
        game=game,
        source=source,
        winner=mayor_at(row.get("winner")),
        played_on=datetime.date.fromisoformat(played_on) if played_on is not None else None,
        flags=[_seat_number(v) for v in _list(row, "flags", 4)],
        final_coins=[_int({"c": v}, "c", 10**6) for v in _list(row, "final_coins", 4)],
    )
    chapter_game._change_reason = "import"
    chapter_game.save()


# --- names (machikoro.names) -----------------------------------------------------------------


def _check_names(doc: dict) -> None:
    """The names of the file as the forms take them: each readable, no two mayors' or cities'
    alike (the mayors' are checked once more, with their limits, where they are stored)."""
    mayors = [row for row in doc.get("mayors") or () if isinstance(row, dict)]
    entries = [row for row in doc.get("golden_book") or () if isinstance(row, dict)]
    campaign = doc.get("campaign") if isinstance(doc.get("campaign"), dict) else {}
    found = [campaign.get("name")]
    for row in (*mayors, *entries):
        found += [row.get("name"), row.get("city_name")]
    for name in found:
        problem = names.refusal(name) if isinstance(name, str) and name.strip() else None
        if problem is not None:
            raise BackupError(_("A name in the file cannot be taken: %(why)s") % {"why": problem})
    for kind in ("name", "city_name"):
        alike = names.look_alike_refusal(
            row[kind] for row in mayors if isinstance(row.get(kind), str)
        )
        if alike is not None:
            raise BackupError(alike)


# --- the dice of a game under way (RULES.md §6, turn 5) ------------------------------------


def _game_export(game: Game) -> dict:
    """A game as the file holds it. One under way, unless the players chose its seed, without
    the seed that makes its coming rolls (the host would foresee them): its rolls made so far
    instead (play.engine.replay.transcript). A finished one whole, with its seed."""
    doc = game.export()
    if game.seed_shown:
        return doc
    doc["setup"], doc["actions"] = transcript(doc["setup"], doc["actions"])
    return doc


def _going_on_with_fresh_dice(setup: dict, actions: list) -> tuple[dict, list]:
    """A game of the file that was under way replays the rolls it made and goes on with a fresh
    seed (a file from before holds the old seed: its rolls are taken from it first). A finished
    game keeps its seed: it replays exactly and shows it. Raises IllegalAction or ValueError
    (a damaged file) if the game cannot be replayed."""
    if not all(isinstance(action, dict) for action in actions):
        raise _Field("actions")
    if "seed" in setup:
        if replay(setup, actions).winner is not None:
            return setup, actions
        setup, actions = transcript(setup, actions)
    return with_seed(setup, actions, fresh_seed()), actions


# --- small checks ---------------------------------------------------------------------------


def _check_depth(value, depth: int = 0) -> None:
    if depth > MAX_DEPTH:
        raise BackupError(_("The file is damaged: it is nested too deeply."))
    if isinstance(value, dict):
        for item in value.values():
            _check_depth(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_depth(item, depth + 1)


class _Field(ValueError):
    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def _where(error: Exception) -> str:
    return error.name if isinstance(error, _Field) else _("a part of it")


def _dict(data, key) -> dict:
    value = data if key is None else (data.get(key) if isinstance(data, dict) else None)
    if not isinstance(value, dict):
        raise _Field(key or "entry")
    return value


def _list(data: dict, key: str, most: int) -> list:
    value = data.get(key)
    if not isinstance(value, list) or len(value) > most:
        raise _Field(key)
    return value


def _rows(data: dict, key: str, most: int) -> list[dict]:
    return [_dict(row, None) for row in _list(data, key, most)]


def _text(data: dict, key: str, most: int, *, empty: bool = False) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > most or (not empty and not value.strip()):
        raise _Field(key)
    if "\x00" in value:
        raise _Field(key)
    return value


def _int(data: dict, key: str, most: int, *, low: int = 0) -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= most:
        raise _Field(key)
    return value


def _seat_number(value) -> int:
    if type(value) is not int or not 0 <= value < 4:
        raise _Field("flags")
    return value


def _secret(data: dict, key: str, lengths: tuple[int, ...]) -> str:
    """A link's secret as the app makes them: URL-safe base64 of one of the app's lengths."""
    value = _text(data, key, max(lengths))
    if len(value) not in lengths or not URL_SAFE.fullmatch(value):
        raise _Field(key)
    return value


def _component(data: dict, key: str, deck) -> str:
    value = _text(data, key, 64)
    if value not in deck.components:
        raise _Field(key)
    return value
