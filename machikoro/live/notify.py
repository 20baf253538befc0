"""Announcing a change, from the transaction that makes it."""

from __future__ import annotations

from django.db import connections, transaction

from machikoro.live.hub import PG_CHANNEL, hub


def announce(channel: str, payload: str = "", *, using: str = "default") -> None:
    """Tell every stream following `channel` that it changed, once the current transaction
    commits (at once outside one). `payload` is a short hint for listeners (a version, a due
    time); streams always look at the database themselves."""
    connection = connections[using]
    if connection.vendor == "postgresql":
        # NOTIFY is transactional: sent at commit, dropped on rollback; one per distinct text.
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [PG_CHANNEL, f"{channel} {payload}"])
    else:
        transaction.on_commit(lambda: hub.publish_threadsafe(channel, payload), using=using)
