"""Decks a host added: stored as their files' text, with the id and digest they were read with.

The text is never edited once stored (a changed deck is another row: a new version), so a deck
loaded from a row is cached by its primary key (campaign/decks.py).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class UploadedDeck(models.Model):
    deck_id = models.CharField(_("deck id"), max_length=40)
    # legacy_deck.loader.content_digest: what a campaign begun with this deck stores
    digest = models.CharField(max_length=64)
    title = models.CharField(_("title"), max_length=200)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="decks",
        verbose_name=_("added by"),
    )
    for_everyone = models.BooleanField(
        _("available to every account"),
        default=False,
        help_text=_("Otherwise only the account that added it may begin a campaign with it."),
    )
    # Deck.box_back(): what New campaign shows of it, without reading the deck
    box_back = models.JSONField(default=dict)
    components = models.TextField()
    deck = models.TextField()
    boxes = models.TextField()
    # bot campaigns' median rounds per game, by number of mayors ({"3": 14, ...}); empty until
    # `manage.py simulate_decks` has played them (never while a page waits)
    rounds = models.JSONField(default=dict, blank=True)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-added"]
        verbose_name = _("added deck")
        verbose_name_plural = _("added decks")
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "deck_id", "digest"], name="one_row_per_deck_version_and_owner"
            )
        ]
        indexes = [models.Index(fields=["deck_id", "digest"])]

    def __str__(self) -> str:
        return f"{self.title} ({self.deck_id}, {self.digest[:8]})"

    def texts(self) -> dict[str, str]:
        return {"components": self.components, "deck": self.deck, "boxes": self.boxes}
