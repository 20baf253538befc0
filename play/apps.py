from django.apps import AppConfig


class PlayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "play"
    verbose_name = "Play"

    def ready(self) -> None:
        # play's numbers for Prometheus count the moves it announces
        from play import metrics  # noqa: F401
