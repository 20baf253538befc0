"""Numbers for Prometheus at /metrics/: off unless METRICS_TOKEN is set, and then only for a
scraper that sends `Authorization: Bearer <METRICS_TOKEN>`.

Like /health/ it is answered before the Host header is checked and before plain HTTP is
redirected, so a scraper can ask each app machine directly (`http://10.0.0.11:8000/metrics/`).
The plumbing's own numbers are here (requests by status, open streams, pushes, streams refused,
the loop's lag, the database pool); the apps register theirs (play: moves; campaign: steps) with
the same library, which gathers them all.

uvicorn runs several processes: with PROMETHEUS_MULTIPROC_DIR set (the systemd unit sets it to
its RuntimeDirectory, emptied at each start) every process writes its numbers there and any one
of them answers for all; without it, the process asked answers for itself (one process at home).
"""

from __future__ import annotations

import hmac
import os

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    generate_latest,
    multiprocess,
)

PATH = "/metrics/"

REQUESTS = Counter(
    "machikoro_requests_total", "Requests answered by Django, by HTTP status", ["status"]
)
OPEN_STREAMS = Gauge(
    "machikoro_open_streams", "Live-update streams held open now", multiprocess_mode="livesum"
)
PUSHES = Counter("machikoro_pushes_total", "Updates sent on open streams (pings not counted)")
STREAMS_REFUSED = Counter(
    "machikoro_streams_refused_total",
    "New streams refused with 503, by why (lagging, full, address)",
    ["reason"],
)
LOOP_LAG = Gauge(
    "machikoro_loop_lag_seconds",
    "How late the event loop woke a sleeper, the worst of the processes",
    multiprocess_mode="livemax",
)
POOL_CONNECTIONS = Gauge(
    "machikoro_db_pool_connections",
    "PostgreSQL connections in the processes' pools: open (all) and idle (ready to lend)",
    ["state"],
    multiprocess_mode="livesum",
)
POOL_WAITING = Gauge(
    "machikoro_db_pool_waiting",
    "Requests waiting for a connection from a pool",
    multiprocess_mode="livesum",
)
POOL_MAX = Gauge(
    "machikoro_db_pool_max",
    "The pools' size limit (DB_POOL_SIZE each)",
    multiprocess_mode="livesum",
)


def note_the_loop(lag: float, open_streams: int) -> None:
    """Called by the live door's watcher, on the loop, a few times a second."""
    LOOP_LAG.set(lag)
    OPEN_STREAMS.set(open_streams)
    pool = getattr(connections["default"], "pool", None)  # PostgreSQL's; SQLite has none
    if pool is not None:
        stats = pool.get_stats()
        POOL_CONNECTIONS.labels("open").set(stats.get("pool_size", 0))
        POOL_CONNECTIONS.labels("idle").set(stats.get("pool_available", 0))
        POOL_WAITING.set(stats.get("requests_waiting", 0))
        POOL_MAX.set(stats.get("pool_max", 0))


def process_ends() -> None:
    """This process's live gauges leave the sum (its counters stay counted)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(os.getpid())


def _scrape(request: HttpRequest) -> HttpResponse:
    given = request.headers.get("Authorization", "").encode()
    if not hmac.compare_digest(given, f"Bearer {settings.METRICS_TOKEN}".encode()):
        response = HttpResponse("a scraper's token is needed\n", status=403)
    elif request.method not in ("GET", "HEAD"):
        response = HttpResponse(status=405, headers={"Allow": "GET, HEAD"})
    else:
        registry = REGISTRY
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry)
        response = HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
    add_never_cache_headers(response)
    return response


class MetricsMiddleware:
    """First of all: answers /metrics/ (when it is on) and counts every answer by its status."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path == PATH and settings.METRICS_TOKEN:
            return _scrape(request)
        response = self.get_response(request)
        REQUESTS.labels(str(response.status_code)).inc()
        return response
