"""A campaign's lasting state: what the box would remember between two evenings.

Everything here is changed by `campaign/flow/` only, one transaction per step; every change is
kept in the campaign's history (django-simple-history: who, when, what, and why as the change
reason). What the deck fixes (where its components lie, the rule stack, stickers) is written
from the deck's own bookkeeping (`legacy_deck.timeline`), what the players decided (colours,
circles, picks, sides, winners) from their choices.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from legacy_deck.format import Deck
from play.seeds import fresh_seed

from .decks import deck_of


def _secret() -> str:
    # 24 random bytes: 192 bits, more than the 128 a link to someone's campaign needs.
    return secrets.token_urlsafe(24)


def _seed() -> int:
    # The default of the campaign seed that migration 0001 made (0006 drops that field).
    return fresh_seed()


class Phase(models.TextChoices):
    READING = "reading", _("Reading the deck")
    PICKING = "picking", _("Picking marketplace cards")
    PLAYING = "playing", _("Playing")
    AFTER_GAME = "after_game", _("After the game")
    WINNERS_MOMENT = "winners_moment", _("The winner's moment")
    FINISHED = "finished", _("Campaign over")
    FREE_PLAY = "free_play", _("Free play")


class StepKind(models.TextChoices):
    """The steps of `campaign.flow`; the value is also the step's reason in the history."""

    CREATE = "create", _("the campaign begins")
    READ = "read", _("the deck is read on")
    PICK = "pick", _("a mayor picks")
    EVENT = "event", _("an event STOP is turned")
    GAME_OVER = "game over", _("a game is won")
    RECORD = "record", _("a game played with the box is recorded")
    END_READ = "end read", _("the game's end is read")
    AFTER_GAME = "after game", _("the steps after the game")
    FREE_PLAY = "free play", _("free play")
    TAKE_BACK = "take back", _("a step is taken back")


@dataclass(frozen=True)
class Transition:
    start: frozenset[str]  # the phases the step may be taken in
    end: frozenset[str]  # the phases it may leave the campaign in


def _phases(*phases: Phase) -> frozenset[str]:
    return frozenset(phases)


# The phase machine, declared once: every step of campaign.flow checks it on the way in and on
# the way out, and the screens ask `Campaign.may()` instead of naming phases themselves.
TRANSITIONS: dict[str, Transition] = {
    StepKind.CREATE: Transition(frozenset(), _phases(Phase.READING)),
    StepKind.READ: Transition(_phases(Phase.READING), _phases(Phase.PICKING, Phase.PLAYING)),
    StepKind.PICK: Transition(_phases(Phase.PICKING), _phases(Phase.PICKING, Phase.PLAYING)),
    StepKind.EVENT: Transition(_phases(Phase.PLAYING), _phases(Phase.PLAYING)),
    StepKind.GAME_OVER: Transition(
        _phases(Phase.PLAYING), _phases(Phase.AFTER_GAME, Phase.FREE_PLAY)
    ),
    StepKind.RECORD: Transition(
        _phases(Phase.PICKING, Phase.PLAYING), _phases(Phase.AFTER_GAME, Phase.FREE_PLAY)
    ),
    # The table has read what the game's end reveals down to its STOP: the winner's moment is
    # next. It may also come first (a table that read it from the cards): the after-game step
    # starts from both.
    StepKind.END_READ: Transition(_phases(Phase.AFTER_GAME), _phases(Phase.WINNERS_MOMENT)),
    StepKind.AFTER_GAME: Transition(
        _phases(Phase.AFTER_GAME, Phase.WINNERS_MOMENT), _phases(Phase.READING, Phase.FINISHED)
    ),
    StepKind.FREE_PLAY: Transition(
        _phases(Phase.FINISHED, Phase.FREE_PLAY), _phases(Phase.PICKING, Phase.PLAYING)
    ),
    StepKind.TAKE_BACK: Transition(frozenset(Phase.values), frozenset(Phase.values)),
}

# The table's one next step in each phase (the dashboard's main button): the step the phase
# waits for. Every phase has one, and it is a step the phase allows.
NEXT_STEP: dict[str, str] = {
    Phase.READING: StepKind.READ,
    Phase.PICKING: StepKind.PICK,
    Phase.PLAYING: StepKind.GAME_OVER,
    Phase.AFTER_GAME: StepKind.END_READ,
    Phase.WINNERS_MOMENT: StepKind.AFTER_GAME,
    Phase.FINISHED: StepKind.FREE_PLAY,
    Phase.FREE_PLAY: StepKind.FREE_PLAY,
}


class Campaign(models.Model):
    name = models.CharField(_("name"), max_length=80)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="campaigns",
    )
    table_secret = models.CharField(max_length=40, default=_secret, unique=True)
    deck_id = models.CharField(max_length=64)
    deck_digest = models.CharField(max_length=64)
    # The added deck's row the campaign was begun with (None for a shipped deck): its words are
    # read from that row alone, never from another account's deck of the same id and structure,
    # and the row cannot be deleted while a campaign is bound to it.
    added_deck = models.ForeignKey(
        "legacy_deck.UploadedDeck",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="campaigns",
    )
    # legacy_deck.reader.DeckState.to_dict(): how far the deck has been read, boxes, sides
    reader = models.JSONField(default=dict)
    # the game being prepared, played or just finished; past the deck's games: free play
    chapter = models.PositiveSmallIntegerField(default=1)
    phase = models.CharField(max_length=16, choices=Phase.choices, default=Phase.READING)
    # Counts the steps taken: a step made on an older count was overtaken by another device.
    version = models.PositiveIntegerField(default=0)
    # A seed chosen for the whole campaign (a bot campaign from the command line, a test): each
    # game's seed then follows from it and the chapter, and the games say it was chosen. None,
    # as for every campaign made on the site: each game's seed is drawn on its own (play.seeds),
    # so a finished game's seed, shown at its end, tells nothing of the next game's dice.
    chosen_seed = models.BigIntegerField(null=True, blank=True, default=None)
    # free play: the Yōkai rule the table chose ("" before free play)
    yokai_rule = models.CharField(max_length=32, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    @property
    def live_channel(self) -> str:
        """What its pages' streams follow (machikoro.live.announce, by every step as it commits)."""
        return f"campaign:{self.pk}"

    def chapter_game(self) -> ChapterGame | None:
        """The game of the chapter the campaign is at, played or recorded, if there is one."""
        return self.games.select_related("game", "winner").filter(chapter=self.chapter).first()

    @cached_property
    def deck(self) -> Deck:
        """The legacy deck the campaign is read from (FlowError if this installation's differs)."""
        return deck_of(self)

    @property
    def games_total(self) -> int:
        """How many games the campaign has before free play."""
        return self.deck.shape.games

    @property
    def in_free_play(self) -> bool:
        """Past the deck's last game: every game from now on is a game of free play."""
        return self.chapter > self.games_total

    def may(self, step: str) -> bool:
        """Whether the phase machine lets `step` (a StepKind) be taken now."""
        return self.phase in TRANSITIONS[step].start

    @property
    def next_step(self) -> str:
        """The step the table takes next (a StepKind): what the main button leads to."""
        return NEXT_STEP[self.phase]

    @property
    def game_under_way(self) -> bool:
        """The chapter's game (or a game of free play) is being played."""
        return self.phase == Phase.PLAYING

    @property
    def game_over(self) -> bool:
        """The chapter's game has a winner, and the winner has not signed the Golden Book yet."""
        return self.phase in (Phase.AFTER_GAME, Phase.WINNERS_MOMENT)

    def game_seed(self) -> int:
        """The seed of the game the campaign starts now: drawn on its own (play.seeds), unless
        the campaign was given a seed to follow (`chosen_seed`)."""
        if self.chosen_seed is None:
            return fresh_seed()
        return (self.chosen_seed * 1_000_003 + self.chapter) % 2**31

    def picks_allowed(self, mayor: Mayor) -> int:
        """How many marketplace cards a mayor picks: their ticked circles; in free play as many
        as the deck says (four in ours, RULES.md §5). A bag with fewer cards is picked whole."""
        return self.deck.shape.free_play_picks if self.in_free_play else mayor.circles

    def picks_revealed(self, mayors: list[Mayor]) -> bool:
        """Secret picks are shown only once every mayor has picked."""
        return self.phase != Phase.PICKING and all(m.picks is not None for m in mayors)

    def hosted_by(self, user) -> bool:
        """Whether `user` is the campaign's host: its owner, logged in."""
        return bool(
            self.owner_id is not None
            and getattr(user, "is_authenticated", False)
            and user.pk == self.owner_id
        )


class Mayor(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="mayors")
    seat = models.PositiveSmallIntegerField()  # seat order at the table, from 0
    colour = models.CharField(_("colour"), max_length=16)
    name = models.CharField(_("name"), max_length=40)
    city_name = models.CharField(_("city name"), max_length=60)
    circles = models.PositiveSmallIntegerField(_("ticked circles"))
    kind = models.CharField(max_length=16, default="human")  # "human" or a bot's name
    secret = models.CharField(max_length=40, default=_secret, unique=True)
    # This game's marketplace picks (establishment ids), secret until every mayor has picked;
    # None while the mayor has not picked.
    picks = models.JSONField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["campaign", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "seat"], name="one_mayor_per_seat"),
            models.UniqueConstraint(fields=["campaign", "colour"], name="one_mayor_per_colour"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.colour})"

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


class Place(models.TextChoices):
    START = "start", _("start cards")
    DECK = "deck", _("legacy deck")
    BOX = "box", _("mystery box")
    MARKET = "market", _("market")
    RESERVE = "reserve", _("reserve")
    ARCHIVE = "archive", _("archive")
    BAG = "bag", _("bag")
    CITY = "city", _("city")
    TABLE = "table", _("table")
    RULES = "rules", _("rule stack")
    TABLEAU = "tableau", _("city tableau")
    PROJECT = "project", _("community project")
    STUCK = "stuck", _("stuck on a card")
    OUT = "out", _("out of the game")


class ComponentPlace(models.Model):
    """Where one component of the deck lies in this campaign."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="places")
    component = models.CharField(max_length=64)  # the deck's component id
    kind = models.CharField(max_length=16)  # the component's kind (establishment, rule, …)
    place = models.CharField(max_length=16, choices=Place.choices)
    mayor = models.ForeignKey(Mayor, null=True, blank=True, on_delete=models.CASCADE)  # bag, city
    box = models.PositiveSmallIntegerField(null=True, blank=True)  # the mystery box it is in
    order = models.PositiveSmallIntegerField(default=0)  # market, rule stack and tableau order
    history = HistoricalRecords()

    class Meta:
        ordering = ["campaign", "place", "order", "component"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "component"], name="one_place_each"),
        ]

    def __str__(self) -> str:
        return f"{self.component} @ {self.place}"


class StuckSticker(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="stickers")
    sticker = models.CharField(max_length=64)
    card = models.CharField(max_length=64)  # the establishment it changed, for good
    chapter = models.PositiveSmallIntegerField()  # stuck while preparing this game
    stuck_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["campaign", "stuck_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "sticker"], name="each_sticker_once"),
        ]


class RuleCard(models.Model):
    """A rule card in the campaign's rule stack, in the order it arrived."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="rule_stack")
    component = models.CharField(max_length=64)
    position = models.PositiveSmallIntegerField()
    chapter = models.PositiveSmallIntegerField()  # in force from this game on
    history = HistoricalRecords()

    class Meta:
        ordering = ["campaign", "position"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "component"], name="each_rule_once"),
        ]


class SideChoice(models.Model):
    """The side a winner chose for a double-sided establishment: for good."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="sides")
    component = models.CharField(max_length=64)
    side = models.CharField(max_length=1, choices=[("a", "A"), ("b", "B")])
    chosen_by = models.ForeignKey(Mayor, null=True, blank=True, on_delete=models.SET_NULL)
    chapter = models.PositiveSmallIntegerField()  # chosen after this game
    history = HistoricalRecords()

    class Meta:
        ordering = ["campaign", "chapter"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "component"], name="each_side_once"),
        ]


class ChapterGame(models.Model):
    """One game of the campaign (its deck's chapters) or of free play (after the last chapter)."""

    class Source(models.TextChoices):
        APP = "app", _("played in the app")
        TABLE = "table", _("played on the table")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="games")
    chapter = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        "play.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="chapter_game",
    )
    source = models.CharField(max_length=8, choices=Source.choices, default=Source.APP)
    winner = models.ForeignKey(
        Mayor, null=True, blank=True, on_delete=models.SET_NULL, related_name="wins"
    )
    played_on = models.DateField(null=True, blank=True)
    # seats with a flag on the community project when the game ended (circle ticks ask)
    flags = models.JSONField(default=list)
    final_coins = models.JSONField(default=list)  # coins per seat at the end (the charts)
    history = HistoricalRecords()

    class Meta:
        ordering = ["campaign", "chapter"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "chapter"], name="one_game_per_chapter"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} – {self.chapter}"


class GoldenBookEntry(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="golden_book")
    chapter = models.PositiveSmallIntegerField()
    mayor = models.ForeignKey(Mayor, on_delete=models.CASCADE, related_name="book_entries")
    name = models.CharField(_("name"), max_length=40)
    city_name = models.CharField(_("city name"), max_length=60)
    date = models.DateField(_("date"))
    history = HistoricalRecords()

    class Meta:
        ordering = ["campaign", "chapter"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "chapter"], name="one_entry_per_chapter"),
        ]

    def __str__(self) -> str:
        return f"{self.chapter}: {self.name}, {self.city_name}"


class CampaignSnapshot(models.Model):
    """The campaign as it stood before one of its steps, so that the host can take that step
    back (`campaign/snapshots.py`, `flow.take_back`). Never shown, exported or in the admin: it
    holds what is still secret (picks not yet revealed, where unread components lie)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="snapshots")
    # the campaign's version when the step was taken: the newest snapshot is the last step's
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=StepKind.choices)
    # what the step did, for its description in words: {"chapter": 6, "seat": 1, …}
    words = models.JSONField(default=dict)
    document = models.JSONField()  # campaign.snapshots.capture()
    taken = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "version"], name="one_snapshot_per_version"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.campaign} @ {self.version}: {self.kind}"


class SignUp(models.Model):
    """An account made by sign-up, by the connection it came from, kept for the hour it counts
    (campaign.signups): the address as a keyed digest, so the table holds no address."""

    address = models.CharField(max_length=64, db_index=True)
    made_at = models.DateTimeField(auto_now_add=True, db_index=True)
