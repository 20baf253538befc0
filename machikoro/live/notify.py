"""Announcing a change, from the transaction that makes it."""

from __future__ import annotations

from django.db import connections, transaction

from machikoro.live.hub import PG_CHANNEL, hub
from machikoro.statements import send_together


def announce(channel: str, payload: str = "", *, using: str = "default") -> None:
    """Tell every stream following `channel` that it changed, once the current transaction
    commits (at once outside one). `payload` is a short hint for listeners (a version, a due
    time); streams always look at the database themselves."""
    send_together(announcement(channel, payload, using=using), using=using)


def announcement(channel: str, payload: str = "", *, using: str = "default") -> list:
    """`announce`, as the statements that make it, for a caller that sends them with its own
    writes (machikoro.statements.send_together); none where it needs no statement."""
    connection = connections[using]
    if connection.vendor == "postgresql":
        # NOTIFY is transactional: sent at commit, dropped on rollback; one per distinct text.
        return [("SELECT pg_notify(%s, %s)", [PG_CHANNEL, f"{channel} {payload}"])]
    transaction.on_commit(lambda: hub.publish_threadsafe(channel, payload), using=using)
    return []
