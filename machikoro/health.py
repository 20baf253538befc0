"""/health/: 200 "ok" when the database answers and every migration of this release is applied,
503 when it does not or one is missing (a load balancer or a monitor takes the process out).

It is answered first of all (`HealthCheckMiddleware`, at the top of MIDDLEWARE), before the Host
header is checked and before plain HTTP is redirected to HTTPS: a probe on the server itself
(`curl http://127.0.0.1:8000/health/`) asks for a host the site does not serve, over plain HTTP.
It touches no game, sets no cookie and says nothing of the data.

On PostgreSQL the probe asks over a connection of its own, outside the pool, and answers 503 if
no answer came within HEALTH_DB_TIMEOUT seconds (1.5): the pool would wait up to its own 20 s for
a connection to a database that is down (or a network that drops the packets), and a probe that
answers that late is taken for a dead process instead of a dead database. The connection itself
gives up 2 s after it began (psycopg's least connect timeout), so a probe left waiting ends soon
after its answer was sent."""

import math
from concurrent.futures import ThreadPoolExecutor
from functools import cache

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
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


def _database():
    return connections[DEFAULT_DB_ALIAS]


# Probes in flight while the database does not answer: each ends within 2 s, a load balancer asks
# every few seconds, so two threads are plenty.
_PROBES = ThreadPoolExecutor(max_workers=2, thread_name_prefix="health-probe")


def _problem() -> str | None:
    database = _database()
    if database.vendor != "postgresql":
        return _local_problem()
    probe = _PROBES.submit(_postgresql_problem, database)
    try:
        return probe.result(timeout=settings.HEALTH_DB_TIMEOUT)
    except TimeoutError:
        return "database unavailable"


def _local_problem() -> str | None:
    """SQLite: a file on this machine, which answers at once or not at all."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        applied = set(MigrationRecorder(connection).applied_migrations())
    except DatabaseError:
        return "database unavailable"
    return _missing_migrations(applied)


def probe_parameters(database) -> dict:
    """The probe's connection: the site's database and account, with a statement timeout of
    HEALTH_DB_TIMEOUT seconds and a connect timeout of that, rounded up to psycopg's least (2)."""
    params = database.get_connection_params()
    params.pop("cursor_factory", None)
    seconds = settings.HEALTH_DB_TIMEOUT
    params["connect_timeout"] = max(2, math.ceil(seconds))
    waits = f"-c statement_timeout={round(seconds * 1000)}"
    params["options"] = f"{params.get('options', '')} {waits}".strip()
    return params


def _postgresql_problem(database) -> str | None:
    driver = database.Database
    try:
        with driver.connect(**probe_parameters(database), autocommit=True) as probe:
            try:
                rows = probe.execute("SELECT app, name FROM django_migrations").fetchall()
            except driver.errors.UndefinedTable:
                rows = []
    except driver.Error:
        return "database unavailable"
    return _missing_migrations({(app, name) for app, name in rows})


def _missing_migrations(applied: set[tuple[str, str]]) -> str | None:
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
