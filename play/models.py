"""A game in the database: its setup, its current state, a version, its seats, and the log.

The state is kept as the engine's JSON text (never parsed to answer a poll); the log
(`GameAction`) is append-only and, replayed from the setup, gives the stored state exactly.
An undo is an entry of its own: replaying skips the action it took back.
"""

from __future__ import annotations

import json
import logging
import random
import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import NamedTuple

from django.conf import settings
from django.db import connection, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from machikoro import statements
from machikoro.live import announce, announcement
from play.engine import GameState, IllegalAction, apply_action, legal_actions, new_game
from play.engine.bots import BOTS, choose_action
from play.engine.catalog import EDITIONS
from play.engine.errors import shown
from play.engine.replay import apply_logged, replay
from play.player_colours import PLAYER_COLOURS
from play.seeds import fresh_seed
from play.signals import game_finished, move_made

logger = logging.getLogger(__name__)

HUMAN = "human"
# How fast bots move, chosen per game. Every pace keeps the pause after a person's build,
# so it can still be undone before a bot rolls.
RELAXED, QUICK, INSTANT = "relaxed", "quick", "instant"
PACES = (RELAXED, QUICK, INSTANT)
QUICK_SHARE = 0.3  # of the relaxed pause between two bot steps
SEAT_KINDS = (HUMAN, *BOTS)
# Actions a human may take back before the next roll: the build step's one action is a choice
# (a build, a landmark, a contribution, a voyage, a day of rest), dice are not.
UNDOABLE = frozenset({"build", "build_landmark", "contribute", "sail", "rest"})
UNDO = "undo"
# Marks an action the app took because it was the only one (never a roll: dice stay a person's).
ONLY_CHOICE = "only_choice"


def only_choice(state: GameState) -> dict | None:
    """The action to take by itself: the one legal action, unless it is a roll."""
    if state.winner is not None:
        return None
    actions = legal_actions(state)
    if len(actions) == 1 and actions[0].get("type") != "roll":
        return actions[0]
    return None


# 16 random bytes, 128 bits, 22 URL-safe characters: the game's code (it watches) and each
# host's and seat's key (they act). Games made before keep their 96-bit links, which still work.
SECRET_BYTES = 16
LOG_LENGTH = 30  # of the log's last entries, a board shows


def _token() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def effective_actions(log: list[dict]) -> list[dict]:
    """The actions in force: every entry of the log, less those an undo took back."""
    stack: list[dict] = []
    for action in log:
        if action.get("type") == UNDO:
            stack.pop()
        else:
            stack.append(action)
    return stack


class StaleVersion(Exception):
    """The move was made on a version of the game that is no longer current."""


class NotYourTurn(Exception):
    """The link that made the move may not act for the seat whose decision it is."""


class PhoneInHand(Exception):
    """The shared screen acts for a seat whose own phone was seen lately: it asks first."""

    def __init__(self, seat: int):
        super().__init__(seat)
        self.seat = seat


class NoRematch(Exception):
    """This game offers no rematch (yet); the message says why, in the user's language."""


class SeatBoard(NamedTuple):
    """One board of a game's version: made for seat `made_for` (its link's key is in it), seen
    by `seats` (play.board_maker; stored as a SharedBoard)."""

    made_for: int
    seats: tuple[int, ...]
    html: str


class StreamHead(NamedTuple):
    version: int
    finished: bool
    rematch_offered: bool
    rematched_as_id: int | None
    code: str
    links: Game  # holds only the host's and the seats' secrets: key_for() of each page's link
    shared: SeatBoard | None  # the page's seat's board at `version`, if it needs it


def _log_tail(entries) -> list[list]:
    """The last LOG_LENGTH of `entries` as the database gives them back: JSON's lists where
    the engine has tuples."""
    return json.loads(json.dumps([list(entry) for entry in entries[-LOG_LENGTH:]]))


class Game(models.Model):
    code = models.CharField(max_length=24, unique=True, default=_token)
    host_secret = models.CharField(max_length=24, default=_token)
    # The engine's setup as JSON text: its key order is part of the game (the random market's
    # deck is laid out in the setup's order), and PostgreSQL's jsonb would not keep it.
    setup_json = models.TextField()
    state = models.TextField()  # the engine's GameState.to_json()
    version = models.PositiveIntegerField(default=0)
    # [{"name": "Ann", "kind": "human" | bot name, "secret": "..."}], one per seat
    seats = models.JSONField()
    # When a bot seat is to act, the earliest moment it does (so people can follow each step).
    bot_due_at = models.DateTimeField(null=True, blank=True)
    finished = models.BooleanField(default=False)
    # Log entries before this index can no longer be undone: something outside the game acted
    # on them (the campaign turned a deck card because of that move).
    undo_floor = models.PositiveIntegerField(default=0)
    pace = models.CharField(max_length=8, default=RELAXED)
    # The players chose the seed on the start form: they know every coming roll by their own
    # choice, so the game shows it (any other game's seed is secret until the game has ended).
    seed_chosen = models.BooleanField(default=False)
    # A chapter of a campaign offers no rematch: what comes after it is the campaign's to say.
    rematch_offered = models.BooleanField(default=True)
    # The one rematch of this game, made by whoever pressed first; every page is led to it.
    rematched_as = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The log's last LOG_LENGTH entries, [index, seat, action, events] each: what a board
    # shows of it, kept with every entry appended, so that a board is made from the game's row
    # alone (a move made in another process than the one before needed its log read back: a
    # round trip inside the move, docs/live.md, "The fifth stop").
    log_tail = models.JSONField(default=list)

    # Not stored. Set by a move on the copy of the row it locked (`_append`): the state it
    # stored and the version it stored it at, which play.board_maker makes the version's boards from
    # instead of reading them back (once the copy is at another version, they are not its).
    stored_state: GameState | None = None
    stored_at: int | None = None

    class Meta:
        ordering = ["-created"]
        indexes = [
            # The bots' player (play.autoplay) asks for the steps due, earliest first.
            models.Index(
                fields=["bot_due_at"],
                condition=models.Q(bot_due_at__isnull=False),
                name="play_game_bot_due",
            )
        ]

    def __str__(self) -> str:
        return f"Game {self.code} v{self.version}"

    @classmethod
    def stream_head(cls, pk: int, who, language: str, seen: str | None) -> StreamHead | None:
        """What a page's stream looks at each time its game is announced, in one plain query
        (a stream looks several times per move, and building the ORM's query cost more than
        running it): the row's head and, when the page shows an older version, the board seat
        `who` sees now in `language`, if the process that took the move shared it."""
        seen_version = int(seen) if seen and seen.isdecimal() and len(seen) < 12 else -1
        seat_in = f"%,{who},%" if isinstance(who, int) else ""
        game, board = (connection.ops.quote_name(m._meta.db_table) for m in (cls, SharedBoard))
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT g.version, g.finished, g.rematch_offered, g.rematched_as_id, g.code,"
                f" g.host_secret, g.seats, b.made_for, b.seats, b.html FROM {game} g"
                f" LEFT JOIN {board} b ON b.game_id = g.id AND b.language = %s"
                f" AND b.version = g.version AND g.version <> %s AND b.seats LIKE %s"
                f" WHERE g.id = %s",
                [language, seen_version, seat_in, pk],
            )
            row = cursor.fetchone()
        if row is None:
            return None
        version, finished, rematch_offered, rematched_as_id, code, host_secret, seats = row[:7]
        made_for, seen_by, html = row[7:]
        seats = cls._meta.get_field("seats").from_db_value(seats, None, connection)
        shared = None
        if html is not None:
            shared = SeatBoard(made_for, SharedBoard.seats_from_text(seen_by), html)
        return StreamHead(
            version,
            bool(finished),
            bool(rematch_offered),
            rematched_as_id,
            code,
            cls(code=code, host_secret=host_secret, seats=seats),
            shared,
        )

    @classmethod
    def latest_boards(cls, pk: int, language: str) -> tuple[StreamHead, list[SeatBoard]] | None:
        """The row's head and every board of its latest version in `language` that the process
        of the move shared, in one plain query: what all of one process's streams of the game
        need once a move is announced (play.pushed.arriving). None if the game is gone."""
        game, board = (connection.ops.quote_name(m._meta.db_table) for m in (cls, SharedBoard))
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT g.version, g.finished, g.rematch_offered, g.rematched_as_id, g.code,"
                f" g.host_secret, g.seats, b.made_for, b.seats, b.html FROM {game} g"
                f" LEFT JOIN {board} b ON b.game_id = g.id AND b.language = %s"
                f" AND b.version = g.version WHERE g.id = %s",
                [language, pk],
            )
            rows = cursor.fetchall()
        if not rows:
            return None
        version, finished, rematch_offered, rematched_as_id, code, host_secret, seats = rows[0][:7]
        seats = cls._meta.get_field("seats").from_db_value(seats, None, connection)
        head = StreamHead(
            version,
            bool(finished),
            bool(rematch_offered),
            rematched_as_id,
            code,
            cls(code=code, host_secret=host_secret, seats=seats),
            None,
        )
        boards = [
            SeatBoard(made_for, SharedBoard.seats_from_text(seen_by), html)
            for *_head, made_for, seen_by, html in rows
            if html is not None
        ]
        return head, boards

    @property
    def live_channel(self) -> str:
        """What its pages' streams follow (machikoro.live.announce)."""
        return f"game:{self.pk}"

    def _announce(self) -> None:
        """Tell the pages following this game, and the bots' players, when its transaction
        commits: its version and when a bot is due next (a Unix timestamp). Something other
        than a move (new links, a rematch) says "-" where a move names its links' code
        (`_append`): each stream looks."""
        announce(self.live_channel, self._announced("-"))

    def _announced(self, code: str) -> str:
        due = f"{self.bot_due_at.timestamp():.3f}" if self.bot_due_at else "-"
        return f"{self.version} {due} {code}"

    # --- starting --------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        edition: str,
        seats: list[tuple[str, str]],
        *,
        seed: int | None = None,
        variants: list[str] = (),
        first_player: int | str = 0,
        pace: str = RELAXED,
    ) -> Game:
        """A new game of an edition; seats are (name, kind) pairs. IllegalAction if invalid."""
        if pace not in PACES:
            raise IllegalAction("unknown_pace", pace=shown(pace))
        seed_chosen = seed is not None
        if seed is None:
            seed = fresh_seed()
        for _name, kind in seats:
            if kind not in SEAT_KINDS:
                raise IllegalAction("unknown_seat_kind", kind=shown(kind))
        state = new_game(
            edition,
            players=[name for name, _kind in seats],
            seed=seed,
            variants=list(variants),
            first_player=first_player,
        )
        return cls.create_from(
            state, [kind for _name, kind in seats], pace=pace, seed_chosen=seed_chosen
        )

    @classmethod
    def create_from_setup(
        cls,
        setup: dict,
        kinds: list[str],
        *,
        pace: str = RELAXED,
        colours: list[str] | None = None,
        rematch_offered: bool = True,
        seed_chosen: bool = False,
    ) -> Game:
        """A new game from a full engine setup (a campaign's or a Legacy table's), one seat
        kind per player in the setup. IllegalAction if the setup or a kind is invalid.

        `colours` names each seat's colour (player_colours.PLAYER_COLOURS), for a table whose
        players have colours of their own, as a campaign's mayors do. `seed_chosen`: the
        setup's seed was chosen by the players, not drawn by `play.seeds`."""
        for kind in kinds:
            if kind not in SEAT_KINDS:
                raise IllegalAction("unknown_seat_kind", kind=shown(kind))
        return cls.create_from(
            new_game(setup),
            list(kinds),
            pace=pace,
            colours=colours or [],
            rematch_offered=rematch_offered,
            seed_chosen=seed_chosen,
        )

    def set_seat_colours(self, colours: list[str]) -> None:
        """Give each seat its player's colour (unsaved); seats without one keep the default."""
        self.seats = [
            {**seat, "colour": colours[index]}
            if index < len(colours) and colours[index] in PLAYER_COLOURS
            else seat
            for index, seat in enumerate(self.seats)
        ]

    @classmethod
    def create_from(
        cls,
        state: GameState,
        kinds: list[str],
        actions: list[dict] = (),
        *,
        pace=RELAXED,
        colours: list[str] = (),
        rematch_offered: bool = True,
        seed_chosen: bool = False,
    ) -> Game:
        """A stored game from a start state and the actions played on it (an import)."""
        entries = []
        final = state
        for action in actions:
            seat = final.active
            final, events = apply_logged(final, action)
            entries.append((seat, action, events))
        with transaction.atomic():
            game = cls(
                setup_json=json.dumps(state.setup, ensure_ascii=False),
                seats=[
                    {"name": player.name, "kind": kind, "secret": _token()}
                    for player, kind in zip(state.players, kinds, strict=True)
                ],
                version=len(entries),
                pace=pace,
                rematch_offered=rematch_offered,
                seed_chosen=seed_chosen,
            )
            game.set_seat_colours(list(colours))
            game._store(final)
            game.log_tail = _log_tail(
                [(index, *entry) for index, entry in enumerate(entries)][-LOG_LENGTH:]
            )
            game.save()
            if game.bot_due_at is not None:
                game._announce()  # the bots' players learn of a bot to move
            GameAction.objects.bulk_create(
                GameAction(game=game, index=i, seat=seat, action=action, events=events)
                for i, (seat, action, events) in enumerate(entries)
            )
        return game

    @classmethod
    def from_export(cls, doc: dict) -> Game:
        """A game from an export ({"format": 1, "setup", "actions"}); IllegalAction if bad.

        An export comes from outside: should the engine trip over it instead of refusing it,
        the error is logged with its traceback and the import refused, storing nothing."""
        try:
            return cls._from_export(doc)
        except IllegalAction:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
            logger.exception("The engine failed on an imported game instead of refusing it")
            raise IllegalAction("engine_cannot_play") from error

    @classmethod
    def _from_export(cls, doc: dict) -> Game:
        state = new_game(doc["setup"])
        kinds = [HUMAN] * len(state.players)
        seats = doc.get("seats") if isinstance(doc.get("seats"), list) else []
        for index, seat in enumerate(seats[: len(kinds)]):
            if isinstance(seat, dict) and seat.get("kind") in SEAT_KINDS:
                kinds[index] = seat["kind"]
        actions = doc["actions"]
        if not all(isinstance(action, dict) for action in actions):
            raise IllegalAction("action_not_a_dict")
        return cls.create_from(state, kinds, actions)

    @property
    def seed_shown(self) -> bool:
        """Whether the game's seed may be shown and exported: every coming roll follows from
        it, so only once the game has ended, or when the players chose it themselves."""
        return self.finished or self.seed_chosen

    def export(self) -> dict:
        """Setup (with its seed) and the actions in force: replays to this game's state.
        Holds the seed: give it to nobody but the host's account before `seed_shown`."""
        return {
            "format": 1,
            "setup": self.setup,
            "seats": [{"name": s["name"], "kind": s["kind"]} for s in self.seats],
            "actions": effective_actions(self.log()),
        }

    def rematch(self) -> Game:
        """This game's one rematch: the first call makes it, every later call finds it.

        The row is locked, so any number of phones pressing at once make a single game; where
        a database cannot lock a row, the claim is a conditional update and a loser's game goes.
        NoRematch before the game is over, and for a chapter of a campaign.
        """
        with transaction.atomic():
            locked = Game.objects.select_for_update().get(pk=self.pk)
            if not locked.finished:
                raise NoRematch(_("A rematch can start once the game is over."))
            if not locked.rematch_offered:
                raise NoRematch(
                    _(
                        "This game is a chapter of a campaign: "
                        "the campaign goes on from its own page."
                    )
                )
            if locked.rematched_as_id is None:
                made = locked._new_game_like_this()
                claimed = Game.objects.filter(pk=self.pk, rematched_as__isnull=True).update(
                    rematched_as=made
                )
                if not claimed:
                    made.delete()
                locked._announce()  # every page of this game follows into the rematch
            new = Game.objects.get(rematch_of__pk=self.pk)
        self.rematched_as = new
        return new

    def _new_game_like_this(self) -> Game:
        """A new game with the same edition, seats (in the same order), variants and start
        rule; a fresh seed.

        A game started from a full setup (a Legacy table, whose edition is no box) is set up
        again as it was, with a fresh seed, instead of falling back to the classic game."""
        setup = self.setup
        kinds = [seat["kind"] for seat in self.seats]
        if setup.get("edition") not in EDITIONS:
            return Game.create_from_setup({**setup, "seed": fresh_seed()}, kinds, pace=self.pace)
        return Game.start(
            setup.get("edition", "classic"),
            [(seat["name"], seat["kind"]) for seat in self.seats],
            variants=setup.get("variants", []),
            first_player=setup.get("first_player", 0),
            pace=self.pace,
        )

    def key_for(self, who: int | str | None) -> str | None:
        """The secret of the link that acts as `who` ('host', a seat index); None to watch."""
        if who == "host":
            return self.host_secret
        if isinstance(who, int):
            return self.seats[who]["secret"]
        return None

    def renew_links(self) -> None:
        """New secrets for every link of the game (its code, the host's and each seat's key),
        saved at once: the old links open nothing any more (a link that leaked)."""
        self.code = _token()
        self.host_secret = _token()
        self.seats = [{**seat, "secret": _token()} for seat in self.seats]
        self.save(update_fields=["code", "host_secret", "seats", "updated"])
        self._announce()  # the streams of pages open on the old links end

    # --- reading ---------------------------------------------------------------------------

    @property
    def setup(self) -> dict:
        return json.loads(self.setup_json)

    def load(self) -> GameState:
        return GameState.from_json(self.state)

    def seat_for(self, key: str) -> int | str | None:
        """'host' for the host's link, a seat index for a seat's link, None for anything else.

        Every secret is compared, each in constant time, so the answer's timing tells neither
        how much of a key was right nor which seat's it was. Bytes, since compare_digest
        refuses str with characters beyond ASCII."""
        given = key.encode("utf-8", "surrogatepass") if key else b""
        found = None
        candidates = [("host", self.host_secret)]
        candidates += [(index, seat["secret"]) for index, seat in enumerate(self.seats)]
        for who, secret in candidates:
            if secrets.compare_digest(given, secret.encode()) and given:
                found = who
        return found

    def may_act(self, who: int | str | None, seat: int) -> bool:
        """The host acts for any human seat; a seat's own link for that seat only."""
        if self.seats[seat]["kind"] != HUMAN:
            return False
        return who == "host" or who == seat

    def phone_in_hand(self, seat: int) -> bool:
        """Whether the seat's own link (its phone) was seen within PLAY_PHONE_SEEN_SECONDS:
        its page, poll or stream fetched (play.presence)."""
        since = timezone.now() - timedelta(seconds=settings.PLAY_PHONE_SEEN_SECONDS)
        return self.sightings.filter(seat=seat, at__gte=since).exists()

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat]["kind"] != HUMAN

    def replays_to_stored_state(self) -> bool:
        """The setup plus the log in force gives exactly the stored state (and version)."""
        log = self.log()
        state = replay(self.setup, effective_actions(log))
        return state == GameState.from_json(self.state) and len(log) == self.version

    def log(self) -> list[dict]:
        return list(self.actions.order_by("index").values_list("action", flat=True))

    def log_entries(self) -> list[tuple]:
        """The log's last LOG_LENGTH entries, (index, seat, action, events) each."""
        return [tuple(entry) for entry in self.log_tail]

    # --- moving ----------------------------------------------------------------------------

    def bot_delay(self, last_actor: int | None, last_action: dict | None) -> float:
        """Seconds a bot waits before its next step, by the game's pace: after a person's
        build always long enough to undo it; after a person's other moves, relaxed games
        wait as long, so the table can follow."""
        after_human = last_actor is None or not self.is_bot(last_actor)
        if after_human and (last_action or {}).get("type") in UNDOABLE:
            return settings.PLAY_BOT_DELAY_AFTER_HUMAN
        if self.pace == INSTANT:
            return 0.0
        if self.pace == QUICK:
            return settings.PLAY_BOT_DELAY * QUICK_SHARE
        return settings.PLAY_BOT_DELAY_AFTER_HUMAN if after_human else settings.PLAY_BOT_DELAY

    def _store(self, state: GameState, last_actor=None, last_action=None) -> None:
        self.state = state.to_json()
        self.finished = state.winner is not None
        if not self.finished and self.is_bot(state.active):
            delay = self.bot_delay(last_actor, last_action)
            self.bot_due_at = timezone.now() + timedelta(seconds=delay)
        else:
            self.bot_due_at = None

    def _locked(self, version: int) -> Game:
        return Game.objects.select_for_update().get(pk=self.pk)._at(version)

    def _at(self, version: int) -> Game:
        if self.version != version:
            raise StaleVersion
        return self

    def _append(self, state, seat, action, events) -> None:
        """Write a move: its log row, the game's row and the announcement that it was made,
        in one round trip (machikoro.statements). The announcement names the code of the links
        the move was made under: a stream that has that version's board in memory may send it
        without asking the database (play.pushed.from_memory)."""
        row = GameAction(game=self, index=self.version, seat=seat, action=action, events=events)
        was_finished = self.finished
        self._store(state, seat, action)
        self.version += 1
        self.log_tail = _log_tail([*self.log_tail, (row.index, seat, action, events)])
        self.stored_state, self.stored_at = state, self.version
        fields = ["state", "version", "bot_due_at", "finished", "updated", "log_tail"]
        statements.send_together(
            [
                statements.insert(row),
                statements.update(self, fields),
                *announcement(self.live_channel, self._announced(self.code)),
            ]
        )
        move_made.send(sender=Game, game=self, seat=seat, events=events)
        if self.finished and not was_finished:
            game_finished.send(sender=Game, game=self)

    def keep_last_move(self) -> None:
        """Make the moves made so far final: no undo reaches behind them any more."""
        self.undo_floor = self.version
        self.save(update_fields=["undo_floor"])

    def apply_action(
        self,
        action: dict,
        *,
        version: int,
        who: int | str | None,
        for_seat: int | None = None,
        then: Callable[[Game], object] | None = None,
        locked: bool = False,
    ) -> list[dict]:
        """Play a human's action made on `version`; returns the events. `then(game)` is called
        with the game as it stands after the move, inside its transaction (play.board_maker shares
        the board the waiting seats see with the other processes). `locked`: this copy of the
        row was read with its lock in the transaction the move is to be made in (the move's
        view reads the game that way: one round trip less).

        StaleVersion if someone moved first, NotYourTurn if `who` may not act for the active
        seat, PhoneInHand if the host's screen acts for a seat whose own phone was seen lately
        and was not confirmed by `for_seat` (that seat), IllegalAction if the rules forbid it.
        Nothing changes unless all is well.
        """
        # no savepoint of its own in the view's transaction (two round trips): a refusal ends
        # that whole transaction, in which nothing was written yet
        with transaction.atomic(savepoint=not locked):
            game = self._at(version) if locked else self._locked(version)
            state = game.load()
            if state.winner is not None:
                raise IllegalAction("game_over", player=state.players[state.winner].name)
            if not game.may_act(who, state.active):
                raise NotYourTurn
            seat = state.active
            if who == "host" and for_seat != seat and game.phone_in_hand(seat):
                raise PhoneInHand(seat)
            state, events = apply_action(state, action, seat=seat)
            game._append(state, seat, action, events)
            game._take_only_choices(state)
            if then is not None:
                then(game)
        self._take(game)
        return events

    def undo(self, *, version: int, who: int | str | None, for_seat: int | None = None) -> None:
        """Take back the last build-step action (UNDOABLE), if no die was rolled since; the
        host's screen taking back a seat's action whose phone was seen lately is asked first
        (PhoneInHand), as for a move."""
        with transaction.atomic():
            game = self._locked(version)
            last = game.actions.order_by("-index").first()
            if game.finished:
                raise IllegalAction("nothing_to_undo")
            if (
                last is None
                or last.seat is None
                or last.action.get("type") not in UNDOABLE
                or last.index < game.undo_floor
            ):
                raise IllegalAction("nothing_to_undo")
            if not game.may_act(who, last.seat):
                raise NotYourTurn
            if who == "host" and for_seat != last.seat and game.phone_in_hand(last.seat):
                raise PhoneInHand(last.seat)
            actions = effective_actions(game.log())
            actions.pop()
            state = replay(game.setup, actions)
            undone = {"type": UNDO, "player": last.seat, "undone": last.action}
            game._append(state, last.seat, {"type": UNDO}, [undone])
        self._take(game)

    def step_bots(self, *, limit: int = 200) -> int:
        """Let the bots whose time has come move; returns how many steps were made.

        With a delay, one step per call (each is then seen on the next poll); without one
        (tests), bots play until a human is to act or the game ends.

        A bot thinks outside the transaction, so no request waits on the row lock while a bot
        that looks ahead decides. First the request claims the step (a conditional update that
        moves `bot_due_at` a little ahead): the other phones polling meanwhile find no bot due
        and do not think the same thought again. The step is applied only if the locked row
        still has the version thought about and this request's claim; a request that dies
        while thinking leaves a claim that runs out, and the next poll takes the step.
        """
        steps = 0
        if self.bot_due_at is None or self.bot_due_at > timezone.now():
            return steps  # known without asking the database: no bot is due
        while steps < limit:
            version = self.version
            claim = timezone.now() + timedelta(seconds=settings.PLAY_BOT_THINK_SECONDS)
            claimed = Game.objects.filter(
                pk=self.pk, version=version, bot_due_at=self.bot_due_at
            ).update(bot_due_at=claim)
            if not claimed:
                break  # another request is letting this bot move, or the game moved on
            state = self.load()
            seat = state.active
            if state.winner is not None or not self.is_bot(seat):
                # A due mark left behind (the seat's kind changed, a row edited by hand): no bot
                # is to move, so the mark goes instead of failing at every round of autoplay.
                Game.objects.filter(pk=self.pk, version=version, bot_due_at=claim).update(
                    bot_due_at=None
                )
                self.bot_due_at = None
                break
            # The bot's own rng, new at each step: Random hashes the text (SHA-512) into its
            # state. The expert's trials draw their seeds from it, so they never roll the game's
            # dice, and what a step shows (one choice) tells nothing usable of a 64-bit seed.
            rng = random.Random(f"{state.seed}:{version}")
            action = choose_action(self.seats[seat]["kind"], state, rng)
            with transaction.atomic():
                game = Game.objects.select_for_update().get(pk=self.pk)
                if game.version != version or game.bot_due_at != claim:
                    break  # someone moved, or took the step over: this decision is dropped
                state, events = apply_action(state, action, seat=seat)
                game._append(state, seat, action, events)
                game._take_only_choices(state)
            steps += 1
            self._take(game)
            if self.bot_due_at is None or self.bot_due_at > timezone.now():
                break
        return steps

    def _take_only_choices(self, state: GameState) -> None:
        """Take every decision that has one answer (the TV Station's only opponent, building
        nothing with no coins), each as an entry of the log that says so. Inside the move's
        transaction, on the locked row."""
        while (action := only_choice(state)) is not None:
            seat = state.active
            state, events = apply_action(state, action, seat=seat)
            self._append(state, seat, action, [{"type": ONLY_CHOICE, "player": seat}, *events])

    def _take(self, other: Game) -> None:
        """Copy what a move changed from the locked copy of this row (saves a query)."""
        fields = ("state", "version", "bot_due_at", "finished", "undo_floor", "updated", "log_tail")
        for field in (*fields, "stored_state", "stored_at"):
            setattr(self, field, getattr(other, field))


class GameAction(models.Model):
    """One entry of a game's append-only log."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    index = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.JSONField()
    events = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="one_action_per_index"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.index} {self.action}"


class SeatSeen(models.Model):
    """When a seat's own link (its phone) last fetched its page, its poll or its stream: the
    shared screen asks before it acts for a seat whose phone is in someone's hand
    (`play.presence`)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sightings")
    seat = models.PositiveSmallIntegerField()
    at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_sighting_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seat} seen {self.at:%H:%M:%S}"


class SharedBoard(models.Model):
    """A board of a game's latest version in one language, made by the process that took the
    move inside the move's transaction: the app's other processes send it to the phones of
    `seats` instead of rendering it again (play.pushed). Seats that wait share one board, made
    for `made_for` (whose link's key it holds; each phone's own is put in when it is sent)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="shared_boards")
    language = models.CharField(max_length=16)
    made_for = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()
    seats = models.CharField(max_length=64)  # ",0,2,3,": found by LIKE in SQLite and PostgreSQL
    html = models.TextField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "language", "made_for"], name="one_shared_board_a_seat"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} v{self.version} {self.language} for {self.seats}"

    @classmethod
    def store(cls, game: Game, language: str, boards) -> None:
        """Keep `boards` (made_for, seats, html) as the boards of the game's latest version in
        `language`, in one statement (Django's bulk_create would send the pages as a PostgreSQL
        array, escaping every quote of them on the way)."""
        table = connection.ops.quote_name(cls._meta.db_table)
        rows = [
            (game.pk, language, game.version, made_for, cls.seats_text(seats), html)
            for made_for, seats, html in boards
        ]
        if not rows:
            return
        values = ", ".join(["(%s, %s, %s, %s, %s, %s)"] * len(rows))
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} (game_id, language, version, made_for, seats, html)"
                f" VALUES {values} ON CONFLICT (game_id, language, made_for) DO UPDATE SET"
                f" version = EXCLUDED.version, seats = EXCLUDED.seats, html = EXCLUDED.html",
                [value for row in rows for value in row],
            )

    @staticmethod
    def seats_text(seats) -> str:
        return "," + "".join(f"{seat}," for seat in seats)

    @staticmethod
    def seats_from_text(text: str) -> tuple[int, ...]:
        return tuple(int(seat) for seat in text.strip(",").split(","))
