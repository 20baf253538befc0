"""ASGI entry point: `uvicorn config.asgi:application` (what `python3 dev.py serve` runs).

Beside the requests, each process runs the live updates' hub and plays the bots' steps when
their time comes (play.autoplay), so a game goes on with no page open.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

django_application = get_asgi_application()

from live.asgi import with_live  # noqa: E402 - needs the settings loaded above
from play.autoplay import play_due_bots  # noqa: E402

application = with_live(django_application, play_due_bots)
