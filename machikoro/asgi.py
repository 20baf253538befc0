"""ASGI entry point: `uvicorn machikoro.asgi:application` (what `python3 dev.py serve` runs).

Beside the requests, each process runs the live updates' hub and the apps' tasks that the
setting LIVE_BESIDE_THE_SERVER names: the bots' steps when their time comes (play.autoplay), so a
game goes on with no page open, and the phones' sightings written together (play.presence).

Once the app is loaded, the garbage collector is told to leave it be (`settle_the_collector`).
"""

import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
django.setup(set_prefix=False)  # as get_asgi_application() does, with our handler below

from django.conf import settings  # noqa: E402 - after the setup
from django.utils.module_loading import import_string  # noqa: E402

from machikoro.file_streams import FileStreamingASGIHandler  # noqa: E402 - needs the settings
from machikoro.live.asgi import with_live  # noqa: E402
from machikoro.logs import with_request_id  # noqa: E402

django_application = FileStreamingASGIHandler()  # static files sent as they are read
beside_the_server = [import_string(name) for name in settings.LIVE_BESIDE_THE_SERVER]
application = with_request_id(with_live(django_application, *beside_the_server))

# A full pass of the collector every this many passes of its middle generation (Python's
# default: 10).
FULL_PASS_EVERY = 100


def settle_the_collector() -> None:
    """What the process has loaded by now (Django, its URL patterns and compiled templates, the
    catalogues, the cards) lives as long as the process: frozen, the collector's full passes no
    longer walk it. Those passes also walk the objects of every open stream, a thousand a
    process at 500 tables: each paused the whole process, its streams and moves alike, for
    80–320 ms, about every 6 s under load (docs/live.md, "The fifth stop"). They now come a tenth
    as often; garbage in cycles waits longer for them, and rarely arises (a request's objects
    are freed by their reference counts)."""
    gc.freeze()
    youngest, middle, _full = gc.get_threshold()
    gc.set_threshold(youngest, middle, FULL_PASS_EVERY)


settle_the_collector()
