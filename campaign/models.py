"""A campaign's lasting state: what the box would remember between two evenings.

Everything here is changed by `campaign/flow.py` only, one transaction per step; every change is
kept in the campaign's history (django-simple-history: who, when, what, and why as the change
reason). What the deck fixes (where its components lie, the rule stack, stickers) is written
from the deck's own bookkeeping (`legacy_deck.timeline`), what the players decided (colours,
circles, picks, sides, winners) from their choices.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


def _secret() -> str:
    # 24 random bytes: 192 bits, more than the 128 a link to someone's campaign needs.
    return secrets.token_urlsafe(24)


def _seed() -> int:
    return secrets.randbelow(2**31)


class Phase(models.TextChoices):
    READING = "reading", _("Reading the deck")
    PICKING = "picking", _("Picking marketplace cards")
    PLAYING = "playing", _("Playing")
    AFTER_GAME = "after_game", _("After the game")
    FINISHED = "finished", _("Campaign over")
    FREE_PLAY = "free_play", _("Free play")


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
    # legacy_deck.reader.DeckState.to_dict(): how far the deck has been read, boxes, sides
    reader = models.JSONField(default=dict)
    # the game being prepared, played or just finished; past the deck's games: free play
    chapter = models.PositiveSmallIntegerField(default=1)
    phase = models.CharField(max_length=16, choices=Phase.choices, default=Phase.READING)
    # Counts the steps taken: a step made on an older count was overtaken by another device.
    version = models.PositiveIntegerField(default=0)
    # every game's seed comes from this one and the chapter, so a campaign replays exactly
    seed = models.BigIntegerField(default=_seed)
    # free play: the Yōkai rule the table chose ("" before free play)
    yokai_rule = models.CharField(max_length=32, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def chapter_game(self) -> ChapterGame | None:
        """The game of the chapter the campaign is at, played or recorded, if there is one."""
        return self.games.select_related("game", "winner").filter(chapter=self.chapter).first()


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
    """One game of the campaign (chapters 1–10) or of free play (after the last chapter)."""

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
