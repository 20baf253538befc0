"""/health/ as docs/operations.md probes it (issue 27): from the server itself, with the guide's
ALLOWED_HOSTS and HTTPS=1, over plain HTTP; 503 while a migration of this release is missing;
and a request for a host the site does not serve logs one line, not a traceback."""

import logging

import pytest
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder
from django.test import Client, override_settings

from machikoro.release import version

GUIDE = {
    "ALLOWED_HOSTS": ["games.example.org"],
    "SECURE_SSL_REDIRECT": True,
    "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
}


@pytest.mark.django_db
@override_settings(**GUIDE)
def test_a_local_probe_gets_ok_with_the_guides_settings():
    # curl -fsS http://127.0.0.1:8000/health/ : Host 127.0.0.1:8000, plain HTTP
    response = Client().get("/health/", HTTP_HOST="127.0.0.1:8000")

    assert (response.status_code, response.content) == (
        200,
        f"ok\nmachikoro {version()}\n".encode(),
    )
    assert "no-store" in response["Cache-Control"]
    assert not response.cookies
    # the rest of the site still refuses the host and redirects plain HTTP
    assert Client().get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400
    assert Client().get("/", HTTP_HOST="games.example.org").status_code == 301


@pytest.mark.django_db(transaction=True)
def test_health_is_503_while_a_migration_is_not_applied():
    assert Client().get("/health/").status_code == 200
    recorder = MigrationRecorder(connection)
    applied = recorder.migration_qs.filter(app="play").order_by("-id").first()
    applied.delete()
    try:
        response = Client().get("/health/")
        assert response.status_code == 503
        assert b"migration" in response.content
    finally:
        recorder.record_applied(applied.app, applied.name)
    assert Client().get("/health/").status_code == 200


def test_health_takes_only_get_and_head(client):
    assert client.post("/health/").status_code == 405


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=["games.example.org"])
def test_a_refused_host_logs_one_line(caplog):
    with caplog.at_level(logging.ERROR, logger="django.security.DisallowedHost"):
        response = Client().get("/", HTTP_HOST="evil.example.com")

    assert response.status_code == 400
    (record,) = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert record.exc_info is None and "evil.example.com" in record.getMessage()


def test_hsts_preload_is_opt_in():
    """Issue 27: HTTPS=1 sent `preload` unless told not to."""
    import os
    import subprocess
    import sys

    code = "import django; django.setup(); from django.conf import settings; "
    code += "print(settings.SECURE_HSTS_PRELOAD, settings.SECURE_HSTS_SECONDS > 0)"
    env = {**os.environ, "HTTPS": "1", "DEBUG": "0", "SECRET_KEY": "x" * 50}
    env.pop("HSTS_PRELOAD", None)
    run = [sys.executable, "-c", code]
    assert subprocess.check_output(run, env=env, text=True).split() == ["False", "True"]
    env["HSTS_PRELOAD"] = "1"
    assert subprocess.check_output(run, env=env, text=True).split() == ["True", "True"]


def _postgresql(port: int):
    """A PostgreSQL connection's settings as the site would have them, at 127.0.0.1:`port`."""
    from django.db.backends.postgresql.base import DatabaseWrapper
    from django.db.utils import ConnectionHandler

    handler = ConnectionHandler(
        {"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "machikoro"}}
    )
    settings_dict = handler.settings["default"]
    settings_dict.update(HOST="127.0.0.1", PORT=str(port), USER="postgres")
    return DatabaseWrapper(settings_dict, "default")


def _closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nobody listens there once it is closed again


@pytest.mark.django_db
def test_health_gives_up_on_a_database_that_is_down_after_its_own_timeout(monkeypatch, settings):
    """Issue 35: with the database down, /health/ waited for the pool's 20 s. Its probe has a
    connection of its own with a connect timeout of 2 s (psycopg's least)."""
    import machikoro.health

    database = _postgresql(_closed_port())
    monkeypatch.setattr(machikoro.health, "_database", lambda: database)
    asked = []
    connect = database.Database.connect

    def connect_and_note(**params):
        asked.append(params)
        return connect(**params)

    monkeypatch.setattr(database.Database, "connect", connect_and_note)

    response = Client().get("/health/")

    assert (response.status_code, response.content.split(b"\n")[0]) == (
        503,
        b"database unavailable",
    )
    (params,) = asked
    assert settings.HEALTH_DB_TIMEOUT == 1.5
    assert params["connect_timeout"] == 2  # psycopg's least
    assert "statement_timeout=1500" in params["options"]
    assert (params["host"], params["port"]) == ("127.0.0.1", database.settings_dict["PORT"])
    assert "pool" not in params


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_the_probes_own_connection_sees_the_migrations():
    assert Client().get("/health/").content.startswith(b"ok\n")
    recorder = MigrationRecorder(connection)
    applied = recorder.migration_qs.filter(app="play").order_by("-id").first()
    applied.delete()
    try:
        assert (
            Client()
            .get("/health/")
            .content.startswith(b"1 migration(s) not applied: run migrate\n")
        )
    finally:
        recorder.record_applied(applied.app, applied.name)


@pytest.mark.django_db
def test_health_answers_when_its_deadline_passes_whatever_the_probe_waits_for(
    monkeypatch, settings
):
    """The answer does not wait for the probe's connection to give up: after HEALTH_DB_TIMEOUT
    it is 503 (a database whose machine takes the connection and never answers)."""
    import threading

    import machikoro.health

    settings.HEALTH_DB_TIMEOUT = 0.05
    released = threading.Event()
    monkeypatch.setattr(machikoro.health, "_database", lambda: _postgresql(_closed_port()))
    monkeypatch.setattr(machikoro.health, "_postgresql_problem", lambda db: released.wait(60))
    try:
        response = Client().get("/health/")
    finally:
        released.set()

    assert (response.status_code, response.content.split(b"\n")[0]) == (
        503,
        b"database unavailable",
    )
