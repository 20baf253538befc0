"""The admin's view of added decks: who added which, and whether every account may use it."""

from django.contrib import admin

from .models import UploadedDeck


@admin.register(UploadedDeck)
class UploadedDeckAdmin(admin.ModelAdmin):
    list_display = ("title", "deck_id", "owner", "for_everyone", "added")
    list_editable = ("for_everyone",)
    list_filter = ("for_everyone",)
    search_fields = ("title", "deck_id", "owner__username")
    # A deck's text is what campaigns were begun with: changed, it would be another deck.
    readonly_fields = (
        "deck_id",
        "digest",
        "title",
        "owner",
        "components",
        "deck",
        "boxes",
        "added",
    )
