"""ASGI entry point: `uvicorn machikoro.asgi:application` (what `python3 dev.py serve` runs).

Beside the requests, each process runs the live updates' hub, plays the bots' steps when
their time comes (play.autoplay), so a game goes on with no page open, and writes the phones'
sightings together (play.presence).
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
django.setup(set_prefix=False)  # as get_asgi_application() does, with our handler below

from machikoro.file_streams import FileStreamingASGIHandler  # noqa: E402 - needs the settings
from machikoro.live.asgi import with_live  # noqa: E402
from machikoro.logs import with_request_id  # noqa: E402
from play.autoplay import play_due_bots  # noqa: E402
from play.presence import write_sightings  # noqa: E402

django_application = FileStreamingASGIHandler()  # static files sent as they are read
application = with_request_id(with_live(django_application, play_due_bots, write_sightings))
