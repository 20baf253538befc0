"""Every step of a campaign, from the first deck card to free play.

Each public function takes the campaign and what people chose, checks the phase, does all its
work in one transaction (the campaign's row locked), and moves the phase on:

    campaign = create_campaign("Seven Winds", [NewMayor("Ann", "Annaburg", "teal"), …])
    read_on(campaign)                         # reading → picking (→ playing if no one must pick)
    pick(campaign, mayor, ["wheat_field", …]) # the last pick starts the game: → playing
    # the game is played in `play`; its last move sends game_finished: → after_game
    record_table_game(campaign, winner_seat, date)   # or: a game played with the box
    finish_after_game(campaign, side="b")     # the eight steps; → reading (→ finished after 10)
    start_free_play(campaign, yokai_rule="yokai_coins")   # → picking → playing → free_play …

A step refused (wrong phase, overtaken by another device, a bad choice) raises FlowError with a
message in the active language and changes nothing. Views, the admin and `play_campaign` call
these functions and nothing else.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache

from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from legacy_deck.format import Deck, Side, Stop
from legacy_deck.loader import load_deck
from legacy_deck.reader import (
    DeckState,
    ReaderError,
    advance,
    choose,
    deck_events,
    read_so_far,
    waiting_at,
)
from legacy_deck.setup import (
    FREE_PLAY_PICKS,
    SetupError,
    chapter_setup,
    check_picks,
    default_picks,
    free_play_setup,
)
from legacy_deck.timeline import Ledger
from play.engine import IllegalAction
from play.engine.bots import BOTS
from play.models import HUMAN, Game
from play.refusals import refusal_text
from play.signals import game_finished, move_made

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
from .places import city_cards, ledger_now, spots
from .progress import circles_ticked, instructions_of, presented_piles, sides_of_game_end

MAX_MAYORS = 4
MIN_MAYORS = 2
NAME_LENGTH = 40
CITY_LENGTH = 60
CAMPAIGN_NAME_LENGTH = 80
READER_OUT_OF_STEP = gettext_noop(
    "The deck cannot be read on here: the campaign's reading is out of step with the deck."
)


class FlowError(Exception):
    """A step that cannot be taken now; `message` says why, in the active language."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class WrongPhase(FlowError):
    """The campaign is not in the phase the step belongs to (it happened, or is still ahead)."""


class Overtaken(FlowError):
    """Another device took a step since this one was shown: the step changes nothing."""


class _NothingToDo(Exception):
    """Raised inside a step that turns out to have nothing to do: it writes nothing."""


@dataclass(frozen=True)
class NewMayor:
    name: str
    city_name: str
    colour: str
    kind: str = HUMAN


@cache
def our_deck() -> Deck:
    """The deck this installation ships (legacy_deck/content), loaded and checked once."""
    return load_deck()


def deck_of(campaign: Campaign) -> Deck:
    deck = our_deck()
    if campaign.deck_id != deck.id or not deck.reads_like(campaign.deck_digest):
        raise FlowError(
            _(
                "This campaign was begun with another legacy deck (%(theirs)s) than the one "
                "installed here (%(ours)s); it cannot be read on with this one."
            )
            % {"theirs": campaign.deck_id, "ours": deck.id}
        )
    return deck


def reader_of(campaign: Campaign) -> DeckState:
    return DeckState.from_dict(campaign.reader)


# --- the steps ------------------------------------------------------------------------------


def create_campaign(
    name: str, mayors: list[NewMayor], *, owner=None, seed: int | None = None, by: str = ""
) -> Campaign:
    """A new campaign: its mayors, and the deck read up to the first STOP (the start cards)."""
    deck = our_deck()
    name = _checked_text(name, CAMPAIGN_NAME_LENGTH, _("The campaign needs a name."))
    mayors = _checked_mayors(deck, mayors)
    reading = advance(deck, DeckState.start(deck), "before_campaign")
    with transaction.atomic():
        campaign = Campaign(
            name=name,
            owner=owner,
            deck_id=deck.id,
            deck_digest=deck.digest,
            reader=reading.state.to_dict(),
            phase=Phase.READING,
            chapter=1,
        )
        if seed is not None:
            campaign.seed = seed
        campaign._change_reason = by or "create"
        campaign.save()
        rows = bulk_create_with_history(
            [
                Mayor(
                    campaign=campaign,
                    seat=seat,
                    colour=mayor.colour,
                    name=mayor.name,
                    city_name=mayor.city_name,
                    circles=deck.shape.start_circles,
                    kind=mayor.kind,
                )
                for seat, mayor in enumerate(mayors)
            ],
            Mayor,
            default_change_reason=by or "create",
        )
        if not rows[0].pk:  # backends that do not return ids from a bulk insert
            rows = list(campaign.mayors.order_by("seat"))
        Table(campaign, deck, reading.state, rows, by or "create").write_deck_places()
    return campaign


def read_on(campaign: Campaign, *, version: int | None = None, by: str = "") -> list[Side]:
    """Turn the STOP before the next game and read up to the next one; then the mayors pick
    (those with no choice, and bots, at once). Returns the sides read."""
    with _step(campaign, (Phase.READING,), version, by or "read") as table:
        stop = Stop("before_game", table.campaign.chapter)
        try:
            reading = advance(table.deck, table.reader, stop)
        except ReaderError:
            raise FlowError(_(READER_OUT_OF_STEP)) from None
        table.reader = reading.state
        table.write_deck_places()
        table.campaign.phase = Phase.PICKING
        table.begin_picking()
    return list(reading.revealed)


def pick(
    campaign: Campaign,
    mayor: Mayor | int,
    cards: list[str],
    *,
    version: int | None = None,
    by: str = "",
) -> bool:
    """A mayor's secret marketplace picks; the last one starts the game. True if it did."""
    with _step(campaign, (Phase.PICKING,), version, by or "pick") as table:
        chosen = table.mayor(mayor)
        if chosen.picks is not None:
            raise Overtaken(_("%(name)s has picked already.") % {"name": chosen.name})
        bag = table.bag(chosen)
        try:
            check_picks(bag, table.picks_allowed(chosen), list(cards), chosen.seat)
        except SetupError:
            raise FlowError(
                _("Pick exactly %(count)s of the marketplace cards in your bag.")
                % {"count": min(table.picks_allowed(chosen), len(bag))}
            ) from None
        chosen.picks = list(cards)
        table.save_mayors([chosen], ["picks"])
        return table.start_game_if_all_picked()


def record_table_game(
    campaign: Campaign,
    winner: int,
    played_on: datetime.date,
    *,
    flags: list[int] | None = None,
    version: int | None = None,
    by: str = "",
) -> None:
    """A game played with the box instead of the app: its date and winner (and who planted a
    flag, if the deck asks; by default only the winner, who needs one to win)."""
    with _step(campaign, (Phase.PICKING, Phase.PLAYING), version, by or "record") as table:
        seats = range(len(table.mayors))
        if winner not in seats:
            raise FlowError(_("Choose the mayor who won."))
        flags = sorted({winner, *(flags or [])})
        if any(seat not in seats for seat in flags):
            raise FlowError(_("Only the campaign's mayors can plant a flag."))
        if not isinstance(played_on, datetime.date):
            raise FlowError(_("Give the date the game was played."))
        chapter_game = table.chapter_game() or ChapterGame(
            campaign=table.campaign, chapter=table.campaign.chapter
        )
        chapter_game.game = None  # an app game begun for this chapter stays, unlinked
        chapter_game.source = ChapterGame.Source.TABLE
        chapter_game.played_on = played_on
        table.game_over(chapter_game, winner, flags, coins=[])


def finish_after_game(
    campaign: Campaign,
    *,
    side: str | None = None,
    name: str | None = None,
    city_name: str | None = None,
    date: datetime.date | None = None,
    version: int | None = None,
    by: str = "",
) -> None:
    """The winner's choices, then the eight after-game steps (RULES.md §5) and the rest of the
    after-game reading, in one transaction; the campaign then reads on to the next game."""
    with _step(campaign, (Phase.AFTER_GAME,), version, by or "after game") as table:
        after = _AfterGame(table, side=side, name=name, city_name=city_name, date=date)
        for step in AFTER_GAME_STEPS:
            step(after)
        after.carry_out_the_rest()
        finished = table.campaign.chapter >= table.deck.shape.games
        table.campaign.chapter += 1
        table.campaign.phase = Phase.FINISHED if finished else Phase.READING


def start_free_play(
    campaign: Campaign,
    *,
    yokai_rule: str,
    version: int | None = None,
    by: str = "",
) -> None:
    """A game of free play: the table's Yōkai rule (chosen once, for good), then picks."""
    with _step(campaign, (Phase.FINISHED, Phase.FREE_PLAY), version, by or "free play") as table:
        rules = table.deck.shape.free_play_rules
        if yokai_rule not in rules:
            raise FlowError(_("Choose one of the two Yōkai rules."))
        if table.campaign.yokai_rule and table.campaign.yokai_rule != yokai_rule:
            raise FlowError(_("The table chose its Yōkai rule for good at the first free play."))
        table.campaign.yokai_rule = yokai_rule
        if table.campaign.phase == Phase.FREE_PLAY:
            table.campaign.chapter += 1
        table.campaign.phase = Phase.PICKING
        table.begin_picking()


# --- what the table may read ------------------------------------------------------------------


def sides_read(campaign: Campaign) -> list[Side]:
    return read_so_far(deck_of(campaign), reader_of(campaign))


def golden_book_standings(campaign: Campaign) -> dict:
    """The overall result (RULES.md §6): most Golden Book entries; a tie is a shared title,
    each tied mayor with their latest win."""
    entries = list(campaign.golden_book.select_related("mayor"))
    wins: dict[int, list[GoldenBookEntry]] = {}
    for entry in entries:
        wins.setdefault(entry.mayor_id, []).append(entry)
    mayors = list(campaign.mayors.all())
    table = sorted(
        (
            {
                "mayor": mayor,
                "wins": len(wins.get(mayor.pk, [])),
                "latest": max((e.chapter for e in wins.get(mayor.pk, [])), default=None),
            }
            for mayor in mayors
        ),
        key=lambda row: (-row["wins"], row["mayor"].seat),
    )
    best = table[0]["wins"] if table else 0
    champions = [row for row in table if row["wins"] == best and best > 0]
    return {"table": table, "champions": champions, "shared": len(champions) > 1}


# --- inside a step --------------------------------------------------------------------------


@contextmanager
def _step(
    campaign: Campaign, phases: tuple[str, ...], version: int | None, reason: str
) -> Iterator[Table]:
    """Lock the campaign's row, check the phase (and the version the step was shown on), and
    save everything the step changed when it ends well; any exception undoes all of it."""
    with transaction.atomic():
        locked = Campaign.objects.select_for_update().get(pk=campaign.pk)
        if version is not None and locked.version != version:
            raise Overtaken(
                _("Someone at the table took this step a moment ago; nothing else changed.")
            )
        if locked.phase not in phases:
            raise WrongPhase(
                _("The campaign is at “%(phase)s”; that step is not possible now.")
                % {"phase": locked.get_phase_display()}
            )
        table = Table(
            locked,
            deck_of(locked),
            reader_of(locked),
            list(locked.mayors.order_by("seat")),
            reason,
        )
        yield table
        table.save_campaign()
    for name in ("reader", "phase", "chapter", "version", "yokai_rule", "updated"):
        setattr(campaign, name, getattr(locked, name))


class Table:
    """A campaign during one step: its locked row, deck, reader and mayors."""

    def __init__(self, campaign, deck: Deck, reader: DeckState, mayors: list[Mayor], reason):
        self.campaign = campaign
        self.deck = deck
        self.reader = reader
        self.mayors = mayors
        self.reason = reason
        self._ledger: tuple[int, Ledger] | None = None
        self._rows: dict[str, ComponentPlace] | None = None

    def ledger(self) -> Ledger:
        """The deck's bookkeeping at the reader's position (worked out once per position)."""
        if self._ledger is None or self._ledger[0] != self.reader.position:
            self._ledger = (self.reader.position, ledger_now(self.deck, self.reader))
        return self._ledger[1]

    def rows(self) -> dict[str, ComponentPlace]:
        """The campaign's ComponentPlace rows by component, read once per step."""
        if self._rows is None:
            self._rows = {row.component: row for row in self.campaign.places.all()}
        return self._rows

    # reading

    def mayor(self, mayor: Mayor | int) -> Mayor:
        pk = mayor.pk if isinstance(mayor, Mayor) else mayor
        for candidate in self.mayors:
            if candidate.pk == pk:
                return candidate
        raise FlowError(_("That mayor does not belong to this campaign."))

    def seat_of_colour(self) -> dict[str, int]:
        return {mayor.colour: mayor.seat for mayor in self.mayors}

    def bag(self, mayor: Mayor) -> list[str]:
        """The establishment ids of the marketplace cards in a mayor's bag."""
        return [self.deck.components[cid].establishment for cid in self.bag_components(mayor)]

    def bag_components(self, mayor: Mayor) -> list[str]:
        ledger = self.ledger()
        own = f"bag:{mayor.colour}"
        return [cid for cid, where in ledger.where.items() if where == own]

    def picks_allowed(self, mayor: Mayor) -> int:
        if self.campaign.chapter > self.deck.shape.games:
            return FREE_PLAY_PICKS
        return mayor.circles

    def chapter_game(self) -> ChapterGame | None:
        return self.campaign.chapter_game()

    # picking and starting

    def begin_picking(self) -> None:
        """Everyone picks anew; a bot, or a mayor whose bag leaves no choice, picks at once."""
        for mayor in self.mayors:
            bag = self.bag(mayor)
            allowed = self.picks_allowed(mayor)
            mayor.picks = (
                default_picks(bag, allowed, self.deck)
                if (mayor.is_bot or len(bag) <= allowed)
                else None
            )
        self.save_mayors(self.mayors, ["picks"])
        self.start_game_if_all_picked()

    def start_game_if_all_picked(self) -> bool:
        if any(mayor.picks is None for mayor in self.mayors):
            return False
        carry = {
            "last_winner": self.last_winner_seat(),
            "choices": dict(self.reader.choices),
            "circles": [self.picks_allowed(mayor) for mayor in self.mayors],
            "picks": [list(mayor.picks) for mayor in self.mayors],
        }
        names = [mayor.name for mayor in self.mayors]
        colours = [mayor.colour for mayor in self.mayors]
        seed = (self.campaign.seed * 1_000_003 + self.campaign.chapter) % 2**31
        try:
            if self.campaign.chapter > self.deck.shape.games:
                setup = free_play_setup(
                    self.deck, self.reader, names, colours, carry, self.campaign.yokai_rule, seed
                )
            else:
                setup = chapter_setup(
                    self.deck,
                    self.campaign.chapter,
                    names,
                    carry,
                    seed,
                    reader=self.reader,
                    colours=colours,
                )
            game = Game.create_from_setup(
                setup,
                [mayor.kind for mayor in self.mayors],
                colours=[mayor.colour for mayor in self.mayors],
                rematch_offered=False,
            )
        except (SetupError, IllegalAction) as error:
            why = refusal_text(error) if isinstance(error, IllegalAction) else error
            raise FlowError(_("The game cannot be set up: %(why)s") % {"why": why}) from None
        chapter_game = ChapterGame(campaign=self.campaign, chapter=self.campaign.chapter, game=game)
        chapter_game._change_reason = self.reason
        chapter_game.save()
        self.campaign.phase = Phase.PLAYING
        self.write_deck_places(cities=self.picked_cities())
        return True

    def picked_cities(self) -> dict[int, list[str]]:
        """The marketplace cards each mayor's picks put in their city, by seat."""
        return {
            mayor.seat: city_cards(self.deck, self.bag_components(mayor), mayor.picks)
            for mayor in self.mayors
        }

    def last_winner_seat(self) -> int:
        last = (
            ChapterGame.objects.filter(campaign=self.campaign, winner__isnull=False)
            .order_by("-chapter")
            .values_list("winner__seat", flat=True)
            .first()
        )
        return last or 0

    # the end of a game

    def game_over(self, chapter_game: ChapterGame, winner: int, flags, coins) -> None:
        chapter_game.winner = self.mayors[winner]
        chapter_game.flags = list(flags)
        chapter_game.final_coins = list(coins)
        if chapter_game.played_on is None:
            chapter_game.played_on = timezone.localdate()
        chapter_game._change_reason = self.reason
        chapter_game.save()
        if self.campaign.chapter > self.deck.shape.games:
            # free play keeps no deck: the cities go back into the bags, and on to the next
            self.write_deck_places()
            for mayor in self.mayors:
                mayor.picks = None
            self.save_mayors(self.mayors, ["picks"])
            self.campaign.phase = Phase.FREE_PLAY
            return
        try:
            reading = advance(self.deck, self.reader, Stop("after_game", self.campaign.chapter))
        except ReaderError:
            raise FlowError(_(READER_OUT_OF_STEP)) from None
        self.reader = reading.state
        self.campaign.phase = Phase.AFTER_GAME

    # writing

    def save_mayors(self, mayors: list[Mayor], fields: list[str]) -> None:
        bulk_update_with_history(mayors, Mayor, fields, default_change_reason=self.reason)

    def save_campaign(self) -> None:
        self.campaign.reader = self.reader.to_dict()
        self.campaign.version += 1
        self.campaign._change_reason = self.reason
        self.campaign.save()

    def write_deck_places(
        self,
        cities: dict[int, list[str]] | None = None,
        only: Callable[[str, ComponentPlace | None], bool] | None = None,
    ) -> None:
        """Write where the deck's bookkeeping says each component is (those `only` accepts),
        and the rule stack and stickers as they stand; rows that are right stay untouched."""
        ledger = self.ledger()
        target = spots(self.deck, ledger, self.seat_of_colour(), dict(self.reader.choices), cities)
        mayor_at = {mayor.seat: mayor for mayor in self.mayors}
        rows = self.rows()
        new, changed = [], []
        for cid, spot in target.items():
            row = rows.get(cid)
            if only is not None and not only(cid, row):
                continue
            mayor = mayor_at.get(spot.seat) if spot.seat is not None else None
            values = {"place": spot.place, "mayor": mayor, "box": spot.box, "order": spot.order}
            if row is None:
                kind = self.deck.components[cid].kind
                new.append(
                    ComponentPlace(campaign=self.campaign, component=cid, kind=kind, **values)
                )
            elif (row.place, row.mayor_id, row.box, row.order) != (
                spot.place,
                mayor.pk if mayor else None,
                spot.box,
                spot.order,
            ):
                for name, value in values.items():
                    setattr(row, name, value)
                changed.append(row)
        if new:
            bulk_create_with_history(new, ComponentPlace, default_change_reason=self.reason)
            rows.update((row.component, row) for row in new)
        if changed:
            bulk_update_with_history(
                changed,
                ComponentPlace,
                ["place", "mayor", "box", "order"],
                default_change_reason=self.reason,
            )
        if only is None:
            self._write_rule_stack(ledger.rules)
            self._write_stickers(ledger.stickers)

    def _write_rule_stack(self, rules: list[str]) -> None:
        have = {row.component for row in self.campaign.rule_stack.all()}
        new = [
            RuleCard(
                campaign=self.campaign,
                component=cid,
                position=position,
                chapter=self._in_force_from(),
            )
            for position, cid in enumerate(rules)
            if cid not in have
        ]
        if new:
            bulk_create_with_history(new, RuleCard, default_change_reason=self.reason)

    def _write_stickers(self, stuck: list[tuple[str, str]]) -> None:
        have = {row.sticker for row in self.campaign.stickers.all()}
        new = [
            StuckSticker(
                campaign=self.campaign, sticker=sid, card=card, chapter=self._in_force_from()
            )
            for sid, card in stuck
            if sid not in have
        ]
        if new:
            bulk_create_with_history(new, StuckSticker, default_change_reason=self.reason)

    def _in_force_from(self) -> int:
        """The first game a rule or sticker read now applies to."""
        after = self.campaign.phase in (Phase.AFTER_GAME, Phase.PLAYING)
        return self.campaign.chapter + (1 if after else 0)


# --- after a game: the eight steps of RULES.md §5 ----------------------------------------------


@dataclass
class _AfterGame:
    table: Table
    side: str | None = None
    name: str | None = None
    city_name: str | None = None
    date: datetime.date | None = None  # the Golden Book's date; by default the game's
    chapter_game: ChapterGame = field(init=False)
    winner: Mayor = field(init=False)
    sides: list[Side] = field(init=False)

    def __post_init__(self):
        self.chapter_game = self.table.chapter_game()
        if self.chapter_game is None or self.chapter_game.winner_id is None:
            raise FlowError(_("This game has no winner yet."))
        self.winner = self.table.mayor(self.chapter_game.winner_id)
        self.sides = sides_of_game_end(self.table.deck, self.table.reader, self.chapter)
        presented = self.double_sided()
        if presented and self.side not in ("a", "b"):
            raise FlowError(_("Choose which side of the new establishments faces up."))

    @property
    def chapter(self) -> int:
        return self.table.campaign.chapter

    def double_sided(self) -> list[str]:
        return presented_piles(self.sides)

    def move(self, accept: Callable[[str, ComponentPlace | None], bool]) -> None:
        self.table.write_deck_places(only=accept)

    def kind(self, cid: str) -> str:
        return self.table.deck.components[cid].kind

    def carry_out_the_rest(self) -> None:
        """What else the after-game reading said: circles ticked, boxes opened, rule cards,
        stickers, components moved — and the deck reads on to the next STOP."""
        mayors = self.table.mayors
        ticks = circles_ticked(
            instructions_of(self.sides, "tick_circles"),
            len(mayors),
            self.winner.seat,
            set(self.chapter_game.flags),
        )
        if any(ticks):
            for mayor in mayors:
                mayor.circles += ticks[mayor.seat]
            self.table.save_mayors(mayors, ["circles"])
        self.table.write_deck_places()


def golden_book(after: _AfterGame) -> None:
    """1. The winner writes date, name and city name in the Golden Book."""
    name = _checked_text(
        after.name if after.name is not None else after.winner.name,
        NAME_LENGTH,
        _("The Golden Book needs the winner's name."),
    )
    city = _checked_text(
        after.city_name if after.city_name is not None else after.winner.city_name,
        CITY_LENGTH,
        _("The Golden Book needs the city's name."),
    )
    entry = GoldenBookEntry(
        campaign=after.table.campaign,
        chapter=after.chapter,
        mayor=after.winner,
        name=name,
        city_name=city,
        date=after.date or after.chapter_game.played_on or timezone.localdate(),
    )
    entry._change_reason = after.table.reason
    entry.save()


def project_to_archive(after: _AfterGame) -> None:
    """2. The community project goes to the archive."""
    after.move(lambda cid, row: after.kind(cid) == "project")


def leftmost_landmark_to_archive(after: _AfterGame) -> None:
    """3. Each tableau's leftmost landmark (first by letter) goes to the archive."""
    after.move(lambda cid, row: after.kind(cid) == "landmark")


def marketplace_cards(after: _AfterGame) -> None:
    """4. New marketplace cards into their colour's bag; colours nobody plays to the archive."""
    after.move(
        lambda cid, row: (
            after.kind(cid) == "marketplace" and (row is None or row.place != Place.CITY)
        )
    )


def double_sided_pile(after: _AfterGame) -> None:
    """5. The winner chooses one side for the new double-sided establishments, for good."""
    table = after.table
    choices = []
    for cid in after.double_sided():
        try:
            table.reader = choose(table.deck, table.reader, cid, after.side)
        except ReaderError:
            raise FlowError(_("The side of this establishment was chosen already.")) from None
        choices.append(
            SideChoice(
                campaign=table.campaign,
                component=cid,
                side=after.side,
                chosen_by=after.winner,
                chapter=after.chapter,
            )
        )
    if choices:
        bulk_create_with_history(choices, SideChoice, default_change_reason=table.reason)
    after.move(lambda cid, row: after.kind(cid) == "double_sided")


def cities_to_bags(after: _AfterGame) -> None:
    """6. Every city's marketplace cards go back into their mayor's bag."""
    after.move(lambda cid, row: row is not None and row.place == Place.CITY)
    for mayor in after.table.mayors:
        mayor.picks = None
    after.table.save_mayors(after.table.mayors, ["picks"])


def tidy_market(after: _AfterGame) -> None:
    """7. The market is tidied, the new establishments sorted in by number."""
    after.move(lambda cid, row: after.kind(cid) in ("establishment", "double_sided"))


def coins_to_bank(after: _AfterGame) -> None:
    """8. All coins go back to the bank: what each had is kept for the charts."""
    game = after.chapter_game.game
    if game is not None:
        state = game.load()
        after.chapter_game.final_coins = [player.coins for player in state.players]
        after.chapter_game._change_reason = after.table.reason
        after.chapter_game.save(update_fields=["final_coins"])


AFTER_GAME_STEPS: tuple[Callable[[_AfterGame], None], ...] = (
    golden_book,
    project_to_archive,
    leftmost_landmark_to_archive,
    marketplace_cards,
    double_sided_pile,
    cities_to_bags,
    tidy_market,
    coins_to_bank,
)


def new_pile(campaign: Campaign) -> list[dict]:
    """The double-sided establishments the winner chooses a side for now, both sides each
    (only in the after-game phase: before, they are still in the deck)."""
    if campaign.phase != Phase.AFTER_GAME:
        return []
    deck = deck_of(campaign)
    sides = sides_of_game_end(deck, reader_of(campaign), campaign.chapter)
    return [
        {"id": cid, "copies": deck.components[cid].copies, "sides": deck.components[cid].sides}
        for cid in presented_piles(sides)
    ]


# --- what play announces ----------------------------------------------------------------------


@receiver(game_finished)
def _on_game_finished(sender, game: Game, **kwargs) -> None:
    """The winner is recorded in the transaction of the move that won."""
    chapter_game = ChapterGame.objects.filter(game=game).first()
    if chapter_game is None:
        return
    try:
        with _step(chapter_game.campaign, (Phase.PLAYING,), None, "game over") as table:
            if chapter_game.chapter != table.campaign.chapter:
                raise _NothingToDo
            state = game.load()
            flags = [seat for seat, player in enumerate(state.players) if player.flag]
            coins = [player.coins for player in state.players]
            table.game_over(chapter_game, state.winner, flags, coins)
    except (WrongPhase, _NothingToDo):
        return  # the chapter was recorded from the table meanwhile: this game stands alone


@receiver(move_made)
def _on_move(sender, game: Game, seat: int | None, events: list[dict], **kwargs) -> None:
    """An engine event the deck waits for turns its event STOP at once; that move is final."""
    happened = deck_events(events)
    if not happened:
        return
    chapter_game = ChapterGame.objects.filter(game=game).select_related("campaign").first()
    if chapter_game is None or not _waits_for(chapter_game, happened):
        return
    try:
        with _step(chapter_game.campaign, (Phase.PLAYING,), None, "event") as table:
            if not _waits_for(chapter_game, happened, table):
                raise _NothingToDo
            stop = waiting_at(table.deck, table.reader)
            table.reader = advance(table.deck, table.reader, stop).state
            game.keep_last_move()
    except (WrongPhase, _NothingToDo):
        return


def _waits_for(chapter_game: ChapterGame, happened: set[str], table: Table | None = None) -> bool:
    """Whether this game's campaign waits at an event STOP of this game for one of these."""
    campaign = table.campaign if table else chapter_game.campaign
    deck = deck_of(campaign)
    stop = waiting_at(deck, table.reader if table else reader_of(campaign))
    return (
        stop is not None
        and stop.moment == "event"
        and stop.game == campaign.chapter == chapter_game.chapter
        and stop.event in happened
    )


# --- checks ---------------------------------------------------------------------------------


def _checked_text(value, length: int, missing: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FlowError(missing)
    value = " ".join(value.split())
    if len(value) > length:
        raise FlowError(_("At most %(count)s characters, please.") % {"count": length})
    return value


def _checked_mayors(deck: Deck, mayors: list[NewMayor]) -> list[NewMayor]:
    colours = deck.shape.colours
    if not MIN_MAYORS <= len(mayors) <= min(MAX_MAYORS, len(colours)):
        raise FlowError(_("A campaign has 2 to 4 mayors."))
    checked = []
    for mayor in mayors:
        name = _checked_text(mayor.name, NAME_LENGTH, _("Every mayor needs a name."))
        city = _checked_text(mayor.city_name, CITY_LENGTH, _("Every city needs a name."))
        if mayor.colour not in colours:
            raise FlowError(_("Choose one of the four colours for every mayor."))
        if mayor.kind not in (HUMAN, *BOTS):
            raise FlowError(_("A mayor is a person or a bot."))
        checked.append(NewMayor(name, city, mayor.colour, mayor.kind))
    if len({m.colour for m in checked}) != len(checked):
        raise FlowError(_("Each colour can be chosen by one mayor only."))
    return checked
