"""The campaign in Django's admin, with its history (django-simple-history's "History" button).

What a group may need to correct by hand (a mayor's name or city, a misspelt Golden Book entry,
circles ticked wrongly on the table) can be changed here, and the change shows in the history.
What the deck and the flow keep in step (the reader, the phase, where components lie, stickers,
the rule stack, sides, the games) is read-only: changing it by hand would break the campaign.
"""

from django.contrib import admin
from django.utils.translation import gettext, gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from play.describe import bot_name
from play.models import HUMAN

from .models import (
    Campaign,
    ChapterGame,
    ComponentPlace,
    GoldenBookEntry,
    Mayor,
    RuleCard,
    SideChoice,
    StuckSticker,
)


class ReadOnlyHistoryAdmin(SimpleHistoryAdmin):
    """Shown, searchable, with history; never added, changed or deleted by hand."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.display(description=gettext_lazy("Person or bot"))
def person_or_bot(mayor: Mayor) -> str:
    """The kind as the campaign's screens name it (a bot as easy, normal or hard)."""
    if mayor.kind == HUMAN:
        return gettext("person")
    return gettext("bot: %(kind)s") % {"kind": bot_name(mayor.kind)}


class MayorInline(admin.TabularInline):
    model = Mayor
    fields = ("seat", "name", "city_name", "colour", "circles", person_or_bot)
    readonly_fields = ("seat", "colour", person_or_bot)
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Campaign)
class CampaignAdmin(SimpleHistoryAdmin):
    list_display = ("name", "owner", "chapter", "phase", "updated")
    list_filter = ("phase",)
    search_fields = ("name",)
    fields = ("name", "owner", "deck_id", "chapter", "phase", "yokai_rule", "created", "updated")
    readonly_fields = ("deck_id", "chapter", "phase", "yokai_rule", "created", "updated")
    inlines = [MayorInline]

    def has_add_permission(self, request):
        return False  # a campaign begins through its flow, which reads the first deck cards


@admin.register(Mayor)
class MayorAdmin(SimpleHistoryAdmin):
    list_display = ("name", "city_name", "campaign", "seat", "colour", "circles", person_or_bot)
    search_fields = ("name", "city_name", "campaign__name")
    fields = ("campaign", "seat", "colour", person_or_bot, "name", "city_name", "circles")
    readonly_fields = ("campaign", "seat", "colour", person_or_bot)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(GoldenBookEntry)
class GoldenBookEntryAdmin(SimpleHistoryAdmin):
    list_display = ("campaign", "chapter", "name", "city_name", "date")
    fields = ("campaign", "chapter", "mayor", "name", "city_name", "date")
    readonly_fields = ("campaign", "chapter", "mayor")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ComponentPlace)
class ComponentPlaceAdmin(ReadOnlyHistoryAdmin):
    list_display = ("component", "kind", "place", "mayor", "box", "order", "campaign")
    list_filter = ("place", "kind")
    search_fields = ("component", "campaign__name")


@admin.register(StuckSticker)
class StuckStickerAdmin(ReadOnlyHistoryAdmin):
    list_display = ("sticker", "card", "chapter", "stuck_at", "campaign")


@admin.register(RuleCard)
class RuleCardAdmin(ReadOnlyHistoryAdmin):
    list_display = ("component", "position", "chapter", "campaign")


@admin.register(SideChoice)
class SideChoiceAdmin(ReadOnlyHistoryAdmin):
    list_display = ("component", "side", "chosen_by", "chapter", "campaign")


@admin.register(ChapterGame)
class ChapterGameAdmin(ReadOnlyHistoryAdmin):
    list_display = ("campaign", "chapter", "source", "winner", "played_on", "game")
    list_filter = ("source",)
