from django.apps import AppConfig


class CampaignConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "campaign"
    verbose_name = "Campaign"

    def ready(self) -> None:
        # The campaign listens to play's signals (a move that turns an event STOP, a game won).
        from campaign import flow  # noqa: F401
