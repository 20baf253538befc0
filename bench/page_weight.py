"""What a first visit to a page downloads: run by hand, never a test.

    .venv/bin/python bench/page_weight.py [--port 8131] [--json FILE]

Makes a game (a person and a bot, classic) and a campaign (three mayors) in a temporary SQLite
database, serves them with `manage.py runserver` on 127.0.0.1 and opens the home page, the
game's board (a seat's page) and the campaign's dashboard in Chromium (Playwright, a 390 x 844
phone, an empty cache). Every response the page loads until it has loaded and its fonts are
ready is counted: its bytes as served, and gzip-compressed (what whitenoise serves once
collectstatic has compressed the files; woff2 fonts are compressed already). Later polls are left
out. Prints a table per page and the totals.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CHROMIUM = os.getenv("CHROMIUM", "/usr/bin/chromium")


def _make_pages(env: dict) -> dict[str, str]:
    """The game and the campaign, made in the database named by env; their paths."""
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from campaign import flow
    from play.models import Game

    game = Game.start("classic", [("Ann", "human"), ("Ben", "greedy")], seed=7)
    campaign = flow.create_campaign(
        "Seven Winds",
        [
            flow.NewMayor("Ann", "Annville", "teal"),
            flow.NewMayor("Ben", "Benburg", "yellow"),
            flow.NewMayor("Cem", "Cemdorf", "pink"),
        ],
        seed=7,
    )
    return {
        "home": "/",
        "board": f"/g/{game.code}/{game.seats[0]['secret']}/",
        "dashboard": f"/c/{campaign.table_secret}/",
    }


def _wait_for(url: str, process: subprocess.Popen) -> None:
    for _ in range(200):
        if process.poll() is not None:
            raise SystemExit("the server stopped before it answered")
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"no answer from {url}")


def _weigh(browser, url: str) -> list[tuple[str, int, int]]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    loaded: list = []
    page.on("response", lambda response: loaded.append(response))
    page.goto(url, wait_until="load")
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_timeout(300)
    rows = []
    for response in list(loaded):
        if "/poll/" in response.url:
            continue
        body = response.body()
        rows.append((response.url.split("/", 3)[-1], len(body), len(gzip.compress(body, 9))))
    context.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8131)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    env = {
        "DATABASE_URL": f"sqlite:///{folder}/weight.sqlite3",
        "DEBUG": "1",  # static files from static/, as written, without collectstatic
        "ALLOWED_HOSTS": "127.0.0.1",
        "PLAY_BOT_DELAY": "0",
    }
    paths = _make_pages(env)
    base = f"http://127.0.0.1:{args.port}"
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{args.port}", "--noreload"],
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    figures = {}
    try:
        _wait_for(base + "/", server)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            for name, path in paths.items():
                rows = _weigh(browser, base + path)
                figures[name] = {"files": rows}
                print(f"\n{name} ({path.split('/')[1] or '/'})")
                for file, raw, packed in rows:
                    print(f"  {raw:>9,} {packed:>9,}  {file[:70]}")
                raw = sum(row[1] for row in rows)
                packed = sum(row[2] for row in rows)
                figures[name].update(bytes=raw, gzip=packed)
                print(f"  {raw:>9,} {packed:>9,}  total bytes, gzip")
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
