"""Issue 36, item 6: the release's version where people look for it — the foot of a page, the
health probe, the admin's header and `machikoro --version` — all from pyproject.toml."""

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


@pytest.mark.django_db
def test_the_foot_of_a_page_names_the_release():
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    footer = page.split('<footer class="site-footer')[1].split("</footer>")[0]
    assert f"Machi Koro Legacy {VERSION}" in footer


@pytest.mark.django_db
def test_the_health_probe_names_the_release():
    assert Client().get("/health/").content.decode().splitlines() == ["ok", f"machikoro {VERSION}"]


@pytest.mark.django_db
def test_the_admins_header_names_the_release():
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw-long-1234")
    client = Client()
    client.force_login(admin)

    page = client.get("/admin/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert f"Machi Koro Legacy {VERSION}" in page


def test_the_command_names_the_release_not_only_django():
    told = subprocess.run(
        [sys.executable, "manage.py", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert told.returncode == 0, told.stderr
    assert told.stdout.startswith(f"machikoro {VERSION} (Django 5.")
