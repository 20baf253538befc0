"""The built wheel is the whole app (issue 19): its templates, static files and translations come
inside it, and a page is served from an install of it alone, without the checkout.

Builds the wheel (pip, with build isolation: setuptools comes from the package index), installs
it into a folder of its own and starts uvicorn from an empty folder on that install, with
DEBUG=0 as production runs it. Every wait is bounded."""

from __future__ import annotations

import http.client
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(port: int, path: str, language: str = "en") -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Accept-Language": language})
    response = conn.getresponse()
    return response.status, response.read().decode(errors="replace")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if build.returncode != 0:
        pytest.fail(f"the wheel was not built:\n{build.stderr[-3000:]}")
    (found,) = out.glob("machikoro-*.whl")
    return found


def test_the_wheel_carries_templates_static_files_and_translations(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())

    assert "machikoro/site/templates/base.html" in names
    assert "machikoro/site/templates/play/game.html" in names
    assert "machikoro/site/static/js/live.js" in names
    assert "machikoro/site/locale/de/LC_MESSAGES/django.mo" in names
    assert "machikoro/site/locale/nl/LC_MESSAGES/django.mo" in names
    assert any(name.startswith("legacy_deck/content/") for name in names)
    assert "machikoro/live/stream.py" in names
    assert not any(name.startswith(("tests/", "bench/")) for name in names)


def test_a_page_is_served_from_the_installed_wheel_alone(wheel, tmp_path):
    target, work = tmp_path / "site-packages", tmp_path / "run"
    work.mkdir()
    install = [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target)]
    subprocess.run([*install, str(wheel)], check=True, timeout=120)
    env = {
        **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},  # SQLite, in `work`
        "PYTHONPATH": str(target),  # before the checkout's editable install
        "DJANGO_SETTINGS_MODULE": "machikoro.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    manage = [sys.executable, "-c", "from machikoro.cli import main; main()"]
    where = subprocess.run(
        [*manage, "shell", "-c", "from django.conf import settings; print(settings.SITE_FILES)"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert where.stdout.strip().splitlines()[-1].startswith(str(target)), where.stderr
    for command in (["migrate", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([*manage, *command], cwd=work, env=env, check=True, timeout=180)

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "machikoro.asgi:application", "--port", str(port)],
        cwd=work,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, server.stderr.read().decode()[-2000:]
            assert time.monotonic() < deadline, "uvicorn did not answer"
            try:
                status, page = get(port, "/", "de")
                break
            except OSError:
                time.sleep(0.2)
        css = page.split('href="/static/css/app.')[1].split('"')[0]  # hashed by collectstatic
        assert status == 200
        assert "Partie beginnen" in page  # the German translation came with the wheel
        assert get(port, f"/static/css/app.{css}")[0] == 200
        # the installed release names its version: the health probe, and `machikoro --version`
        version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
        assert get(port, "/health/") == (200, f"ok\nmachikoro {version}\n")
        told = subprocess.run(
            [*manage, "--version"], cwd=work, env=env, capture_output=True, text=True, timeout=60
        )
        assert told.stdout.startswith(f"machikoro {version} (Django 5."), told.stderr
    finally:
        server.terminate()
        server.wait(timeout=15)
    assert (work / "db.sqlite3").exists()  # an installed release keeps its SQLite file here


def _tree(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


def test_a_build_writes_nothing_into_the_checkout_and_reuses_no_old_build(tmp_path):
    """Issue 27: a service user builds from a checkout it may only read, and a `build/` left by
    an earlier build (holding a template deleted since) does not ship again."""
    checkout = tmp_path / "checkout"
    shutil.copytree(
        ROOT,
        checkout,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "*.egg-info", "build", "__pycache__", "db.sqlite3", "staticfiles"
        ),
    )
    stale = checkout / "build" / "lib" / "machikoro" / "site" / "templates" / "deleted_since.html"
    stale.parent.mkdir(parents=True)
    stale.write_text("from an old build")
    before = _tree(checkout)
    out = tmp_path / "wheel"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(checkout)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    (wheel,) = out.glob("machikoro-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "machikoro/site/templates/base.html" in names
    assert not [name for name in names if "deleted_since" in name]
    assert _tree(checkout) == before  # no build/, no machikoro.egg-info written


def test_the_wheel_names_its_licence_and_the_changelog_its_version(wheel):
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    metadata = zipfile.ZipFile(wheel).read(f"machikoro-{version}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert f"## {version} " in (ROOT / "CHANGELOG.md").read_text()
