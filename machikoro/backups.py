"""A whole-database backup and its restore, for both databases the app runs on.

SQLite (a home, the default install): SQLite's online backup copies the database page by page
while the app keeps running, into one file that is itself a SQLite database. PostgreSQL: pg_dump
in its custom format (one consistent snapshot, taken while the app runs), restored by pg_restore
in one transaction. `manage.py backup` and `manage.py restore` (play/management/commands) are
the commands; docs/operations.md has the timer that runs the backup each night.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import connection

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"
PREFIX = "machikoro-"


class BackupError(Exception):
    """Said to the person at the console; nothing was changed."""


def _engine() -> str:
    return "sqlite" if connection.vendor == "sqlite" else connection.vendor


def default_path(now: datetime | None = None) -> Path:
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H%M%SZ")
    suffix = ".sqlite3" if _engine() == "sqlite" else ".dump"
    return Path(settings.BACKUP_DIR) / f"{PREFIX}{stamp}{suffix}"


def _libpq_environment() -> dict[str, str]:
    """pg_dump and pg_restore reach the database the app uses (a password through the
    environment, never on the command line)."""
    db = connection.settings_dict
    env = dict(os.environ)
    for key, name in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER")):
        if db.get(key):
            env[name] = str(db[key])
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    env["PGDATABASE"] = db["NAME"]
    # a database on another machine: the TLS that DATABASE_URL asks for (?sslmode=...)
    options = db.get("OPTIONS") or {}
    for key, name in (("sslmode", "PGSSLMODE"), ("sslrootcert", "PGSSLROOTCERT")):
        if options.get(key):
            env[name] = str(options[key])
    return env


def backup(target: Path) -> Path:
    """Writes the whole database to `target` (made beside it first, then renamed, so a backup
    that fails halfway leaves no file that looks whole)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    engine = _engine()
    if engine == "sqlite":
        connection.ensure_connection()
        with sqlite3.connect(partial) as copy:
            connection.connection.backup(copy)
        copy.close()
    elif engine == "postgresql":
        done = subprocess.run(
            ["pg_dump", "--format=custom", "--no-owner", "--no-privileges", f"--file={partial}"],
            env=_libpq_environment(),
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            partial.unlink(missing_ok=True)
            raise BackupError(f"pg_dump failed: {done.stderr.strip()}")
    else:
        raise BackupError(f"no backup for the {engine} database")
    partial.chmod(0o600)  # it holds every account's password hash and every link's secret
    partial.replace(target)
    return target


def prune(keep_days: int, now: float | None = None) -> list[Path]:
    """Removes this command's backups older than `keep_days` from BACKUP_DIR."""
    folder = Path(settings.BACKUP_DIR)
    cutoff = (now or time.time()) - keep_days * 24 * 3600
    removed = []
    for path in sorted(folder.glob(f"{PREFIX}*")):
        if path.suffix in {".sqlite3", ".dump"} and path.stat().st_mtime < cutoff:
            path.unlink()
            removed.append(path)
    return removed


def restore(source: Path) -> None:
    """Replaces the whole database with the backup in `source`. The app must be stopped: pages
    open meanwhile would write into what is being replaced. Then run `migrate` (a no-op unless
    the backup is of an older release)."""
    if not source.is_file():
        raise BackupError(f"{source}: no such file")
    head = _head(source)
    engine = _engine()
    if engine == "sqlite":
        if not head.startswith(SQLITE_MAGIC):
            raise BackupError(f"{source} is not a SQLite backup (the database is SQLite)")
        connection.ensure_connection()
        with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as backup_file:
            backup_file.backup(connection.connection)
        backup_file.close()
    elif engine == "postgresql":
        if not head.startswith(PG_DUMP_MAGIC):
            raise BackupError(f"{source} is not a pg_dump custom-format backup")
        connection.close()  # pg_restore drops the tables this connection may hold locks on
        command = ["pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges"]
        command += ["--exit-on-error", "--single-transaction", f"--dbname={_dbname()}"]
        done = subprocess.run(
            [*command, str(source)], env=_libpq_environment(), capture_output=True, text=True
        )
        if done.returncode != 0:
            raise BackupError(f"pg_restore failed, nothing was changed: {done.stderr.strip()}")
    else:
        raise BackupError(f"no restore for the {engine} database")


def _dbname() -> str:
    return connection.settings_dict["NAME"]


def _head(path: Path) -> bytes:
    with path.open("rb") as file:
        return file.read(16)
