from django.apps import AppConfig


class LegacyDeckConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "legacy_deck"
    verbose_name = "Legacy deck"
