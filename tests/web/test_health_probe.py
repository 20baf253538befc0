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
