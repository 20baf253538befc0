"""What a game and a campaign cost in PostgreSQL, and a backup restored: run by hand, never a test.

    .venv/bin/python bench/storage.py [--campaigns 3] [--games 20]

Makes a database of its own (`machikoro_storage`, dropped and made again), plays `--campaigns`
whole bot campaigns of four mayors (ten chapters, every game played by greedy bots) and `--games`
four-player classic games, and prints rows and bytes per campaign and per game, table by table
(PostgreSQL's own sizes of the live rows, with indexes and TOAST, after VACUUM FULL).

Then the restore drill of docs/operations.md: `pg_dump --format=custom` of that database,
`pg_restore` into a new one (`machikoro_restored`), the same row count in every table, every
restored game replaying to its stored state, and every restored campaign's backup file equal to
the original's. Needs PostgreSQL on 127.0.0.1 (trust auth, as on CI) and pg_dump/pg_restore.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = "postgres://postgres@127.0.0.1:5432"
ORIGINAL = "machikoro_storage"
RESTORED = "machikoro_restored"

# In a child process with DATABASE_URL set: every game replays, and each campaign's backup.
CHECK = """
import hashlib, json
from campaign.backup import export_text
from campaign.models import Campaign
from play.models import Game
games = list(Game.objects.all())
replaying = sum(game.replays_to_stored_state() for game in games)
backups = {c.table_secret: hashlib.sha256(export_text(c).encode()).hexdigest()
           for c in Campaign.objects.all()}
print(json.dumps({"games": len(games), "replaying": replaying, "backups": backups}))
"""


def recreate(psql, name: str) -> None:
    psql.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    psql.execute(f'CREATE DATABASE "{name}"')


def table_figures(url: str) -> dict[str, tuple[int, int]]:
    """Rows and bytes (with indexes and TOAST) of every table of the app, live rows only: every
    move rewrites its game's row, and the dead versions are autovacuum's to reuse, not a cost."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM FULL")
        names = [
            name
            for (name,) in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            )
        ]
        figures = {}
        for name in names:
            rows = conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
            size = conn.execute("SELECT pg_total_relation_size(%s)", (name,)).fetchone()[0]
            figures[name] = (rows, size)
        return figures


def difference(after: dict, before: dict) -> dict[str, tuple[int, int]]:
    return {
        name: (rows - before.get(name, (0, 0))[0], size - before.get(name, (0, 0))[1])
        for name, (rows, size) in after.items()
        if rows != before.get(name, (0, 0))[0]
    }


def report(title: str, change: dict[str, tuple[int, int]], count: int) -> None:
    rows = sum(r for r, _ in change.values())
    size = sum(s for _, s in change.values())
    print(f"\n{title}: {rows / count:,.0f} rows, {size / count / 1024:,.0f} KiB each")
    for name, (table_rows, table_size) in sorted(change.items(), key=lambda item: -item[1][1]):
        print(f"  {name:40} {table_rows / count:9,.0f} rows {table_size / count / 1024:9,.1f} KiB")


def checked(url: str) -> dict:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "machikoro.settings"}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", CHECK],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()

    import psycopg

    original_url = f"{SERVER}/{ORIGINAL}"
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as psql:
        recreate(psql, ORIGINAL)
    os.environ.update(
        DATABASE_URL=original_url,
        DJANGO_SETTINGS_MODULE="machikoro.settings",
        PLAY_BOT_DELAY="0",
        PLAY_BOT_DELAY_AFTER_HUMAN="0",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    from play.models import Game

    call_command("migrate", verbosity=0)
    empty = table_figures(original_url)

    started = time.perf_counter()
    for seed in range(args.campaigns):
        call_command(
            "play_campaign",
            players=4,
            bots="greedy,greedy,greedy,greedy",
            seed=seed,
            stdout=open(os.devnull, "w"),  # noqa: SIM115 (closed with the process)
        )
    with_campaigns = table_figures(original_url)
    print(
        f"{args.campaigns} bot campaigns of four mayors, ten chapters each, "
        f"in {time.perf_counter() - started:.0f} s"
    )
    report("per campaign (ten games included)", difference(with_campaigns, empty), args.campaigns)

    for seed in range(args.games):
        game = Game.start("classic", [(f"Bot {n}", "greedy") for n in range(4)], seed=seed)
        while not game.finished:
            game.step_bots(limit=5000)
    with_games = table_figures(original_url)
    report("per four-player classic game", difference(with_games, with_campaigns), args.games)

    print("\nrestore drill")
    dump = Path(tempfile.mkdtemp()) / "machikoro.dump"
    started = time.perf_counter()
    subprocess.run(
        ["pg_dump", "--format=custom", "--no-owner", "--file", str(dump), original_url], check=True
    )
    dumped = time.perf_counter() - started
    restored_url = f"{SERVER}/{RESTORED}"
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as psql:
        recreate(psql, RESTORED)
    started = time.perf_counter()
    subprocess.run(
        ["pg_restore", "--no-owner", "--exit-on-error", "--dbname", restored_url, str(dump)],
        check=True,
    )
    restored = time.perf_counter() - started
    print(
        f"  pg_dump {dump.stat().st_size / 1024:,.0f} KiB in {dumped:.1f} s, "
        f"pg_restore in {restored:.1f} s"
    )
    before, after = table_figures(original_url), table_figures(restored_url)
    same_rows = all(before[name][0] == after.get(name, (None,))[0] for name in before)
    print(f"  every table has the same rows: {same_rows} ({len(before)} tables)")
    original, copy = checked(original_url), checked(restored_url)
    print(
        f"  restored games replaying to their stored state: {copy['replaying']} of {copy['games']}"
    )
    same_backups = original["backups"] == copy["backups"]
    print(
        f"  restored campaigns whose backup file equals the original's: "
        f"{sum(copy['backups'].get(k) == v for k, v in original['backups'].items())} "
        f"of {len(original['backups'])}"
    )
    digest = hashlib.sha256(json.dumps(copy, sort_keys=True).encode()).hexdigest()[:12]
    print(f"  check digest {digest}")
    dump.unlink()
    ok = same_rows and same_backups and copy["replaying"] == copy["games"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
