"""Hostile input at scale: the strategies of tests/web/test_hostile_inputs.py and the fixed cases
of tests/web/test_bad_input.py, many more times, through Django's test client on a throw-away
test database (SQLite, or PostgreSQL when DATABASE_URL is set). Prints the figures of issue 10:
requests tried, answers by status, 5xx seen, rows written by refused requests, time per answer.

    .venv/bin/python bench/hostile_inputs.py [--examples 500]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500, help="per endpoint")
    args = parser.parse_args()

    import django

    django.setup()
    import json

    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from hypothesis import HealthCheck, given
    from hypothesis import settings as hypothesis_settings
    from hypothesis import strategies as st

    from play.models import Game
    from tests.web import test_hostile_inputs as probes

    setup_test_environment()
    settings.PLAY_BOT_DELAY = settings.PLAY_BOT_DELAY_AFTER_HUMAN = 0
    old_name = connection.creation.create_test_db(verbosity=0)
    client = Client()
    seconds: list[float] = []
    statuses: Counter[int] = Counter()
    harmful = 0

    def send(method, url, data, accepted, **kwargs):
        nonlocal harmful
        before = probes.rows()
        started = time.perf_counter()
        response = getattr(client, method)(url, data, **kwargs)
        seconds.append(time.perf_counter() - started)
        statuses[response.status_code] += 1
        if response.status_code not in accepted and probes.rows() != before:
            harmful += 1

    run = hypothesis_settings(
        max_examples=args.examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)

    @run
    @given(
        action=st.one_of(
            probes.json_values.map(json.dumps),
            probes.near_actions.map(json.dumps),
            probes.hostile_text('{"type": "roll", "dice": 1}'),
        ),
        version=st.one_of(st.just("0"), st.text(max_size=12), st.integers().map(str)),
    )
    def moves(action, version):
        fresh = Game.objects.get(pk=game.pk)
        url = f"/g/{fresh.code}/{fresh.host_secret}/move/"
        send("post", url, {"version": version, "action": action}, (200,), headers=probes.HTMX)

    export = probes.make_export_text()

    @run
    @given(
        text=st.one_of(
            probes.mutated_export(export),
            probes.hostile_text(export),
            probes.json_values.map(json.dumps),
        )
    )
    def imports(text):
        send("post", "/import/", {"text": text}, (302,))

    try:
        moves()
        imports()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    ordered = sorted(seconds)
    print(f"database: {connection.vendor}")
    print(f"requests tried: {len(seconds)} ({args.examples} per endpoint asked of hypothesis)")
    print(f"answers by status: {dict(sorted(statuses.items()))}")
    print(f"5xx seen: {sum(n for status, n in statuses.items() if status >= 500)}")
    print(f"refused requests that wrote rows: {harmful}")
    median = 1000 * statistics.median(ordered)
    p99 = 1000 * ordered[int(0.99 * (len(ordered) - 1))]
    slowest = 1000 * ordered[-1]
    print(f"time per answer: median {median:.1f} ms, 99th percentile {p99:.1f} ms, ", end="")
    print(f"slowest {slowest:.1f} ms")


if __name__ == "__main__":
    main()
