from django.contrib import admin

from play.models import Game, GameAction


class GameActionInline(admin.TabularInline):
    model = GameAction
    extra = 0
    can_delete = False
    readonly_fields = ("index", "seat", "action", "events", "created")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("code", "version", "finished", "created", "updated")
    list_filter = ("finished",)
    search_fields = ("code",)
    readonly_fields = ("code", "host_secret", "setup_json", "state", "version", "seats", "created")
    inlines = [GameActionInline]
