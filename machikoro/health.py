"""/health/: 200 "ok" when the database answers and every migration of this release is applied,
503 when it does not or one is missing (a load balancer or a monitor takes the process out).

It is answered first of all (`HealthCheckMiddleware`, at the top of MIDDLEWARE), before the Host
header is checked and before plain HTTP is redirected to HTTPS: a probe on the server itself
(`curl http://127.0.0.1:8000/health/`) asks for a host the site does not serve, over plain HTTP.
It touches no game, sets no cookie and says nothing of the data."""

from functools import cache

from django.db import DatabaseError, connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

from machikoro.release import version

PATH = "/health/"


@cache
def _release_migrations() -> frozenset[tuple[str, str]]:
    """Every migration this release's code holds (read once: the code does not change)."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return frozenset(loader.graph.nodes)


def _problem() -> str | None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        applied = set(MigrationRecorder(connection).applied_migrations())
    except DatabaseError:
        return "database unavailable"
    missing = _release_migrations() - applied
    if missing:
        return f"{len(missing)} migration(s) not applied: run migrate"
    return None


def health(request: HttpRequest) -> HttpResponse:
    if request.method not in ("GET", "HEAD"):
        response = HttpResponse(status=405, headers={"Allow": "GET, HEAD"})
    else:
        problem = _problem()
        # the first line is the answer ("ok" or the problem), the second the release serving it
        response = HttpResponse(
            f"{problem or 'ok'}\nmachikoro {version()}\n",
            status=503 if problem else 200,
            content_type="text/plain",
        )
    add_never_cache_headers(response)
    return response


class HealthCheckMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path == PATH:
            return health(request)
        return self.get_response(request)
