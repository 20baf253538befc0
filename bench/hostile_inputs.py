"""Hostile input at scale: the strategies of tests/web/test_hostile_inputs.py and
tests/campaign/test_campaign_backup_fuzz.py, many more times, through Django's test client on a
throw-away test database (SQLite, or PostgreSQL when DATABASE_URL is set): moves, game imports,
campaign backups uploaded by a host, and the campaign's step forms (read on, record, the winner's
moment) posted with anything in their fields. Prints the figures of issue 10: requests tried,
answers by status, 5xx seen, rows written by refused requests, time per answer.

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
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500, help="per endpoint")
    args = parser.parse_args()

    import django

    django.setup()
    import json

    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from hypothesis import HealthCheck, given
    from hypothesis import settings as hypothesis_settings
    from hypothesis import strategies as st

    from campaign.backup import export_text
    from campaign.models import Campaign
    from play.models import Game
    from tests.campaign import campaign_helpers
    from tests.json_places import places, replaced
    from tests.web import test_hostile_inputs as probes

    setup_test_environment()
    settings.PLAY_BOT_DELAY = settings.PLAY_BOT_DELAY_AFTER_HUMAN = 0
    old_name = connection.creation.create_test_db(verbosity=0)
    client = Client()
    seconds: list[float] = []
    statuses: Counter[int] = Counter()
    harmful = 0

    def everything() -> tuple:
        """Every stored row that a refused request must leave as it was."""
        return probes.rows(), [
            campaign_helpers.snapshot(campaign) for campaign in Campaign.objects.all()
        ]

    def send(method, url, data, accepted, **kwargs):
        nonlocal harmful
        before = everything()
        started = time.perf_counter()
        response = getattr(client, method)(url, data, **kwargs)
        seconds.append(time.perf_counter() - started)
        statuses[response.status_code] += 1
        took = accepted(response) if callable(accepted) else response.status_code in accepted
        if not took and everything() != before:
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

    host = User.objects.create_user("host", password="long enough pass 1")
    backup_source = campaign_helpers.new_campaign(kinds=("greedy", "greedy", "random"))
    campaign_helpers.record_chapters(backup_source, 2)
    backup = export_text(backup_source)
    paths = list(places(json.loads(backup)))

    @run
    @given(
        data=st.data(),
        kind=st.sampled_from(["one value", "bytes", "cut", "hostile"]),
    )
    def campaign_imports(data, kind):
        if kind == "one value":
            doc = json.loads(backup)
            path = data.draw(st.sampled_from(paths))
            text = json.dumps(replaced(doc, path, data.draw(probes.json_values))).encode()
        elif kind == "bytes":
            text = data.draw(st.binary(max_size=400))
        elif kind == "cut":
            text = backup[: data.draw(st.integers(0, len(backup)))].encode()
        else:
            text = data.draw(probes.hostile_text(backup)).encode("utf-8", "surrogatepass")
        client.force_login(host)
        upload = SimpleUploadedFile("backup.json", text, content_type="application/json")
        send("post", "/c/import/", {"file": upload}, (302,))
        client.logout()
        # an accepted import is a new campaign: keep the database the size it was
        Campaign.objects.exclude(pk=table.pk).exclude(pk=backup_source.pk).delete()

    table = campaign_helpers.new_campaign(kinds=("human", "human", "human"))
    field_values = st.one_of(
        st.text(max_size=30), st.integers().map(str), st.just(""), st.just("2026-11-26")
    )

    @run
    @given(
        step=st.sampled_from(["read/turn/", "record/", "after/", "picks/0/", "picks/1/"]),
        fields=st.dictionaries(
            st.sampled_from(
                ["version", "winner", "played_on", "date", "name", "city_name", "side", "card"]
            ),
            field_values,
            max_size=6,
        ),
    )
    def campaign_steps(step, fields):
        fresh = Campaign.objects.get(pk=table.pk)
        url = f"/c/{fresh.table_secret}/{step}"
        # a well-formed press may take its step: only refusals must write nothing. A refused
        # "read on" also redirects (to the latest page, with the reason), so look where to.
        send("post", url, fields, took_step)

    def took_step(response) -> bool:
        if response.status_code != 302:
            return False
        return not response["Location"].endswith("/read/")

    try:
        moves()
        imports()
        campaign_imports()
        campaign_steps()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    ordered = sorted(seconds)
    print(f"database: {connection.vendor}")
    print(
        f"requests tried: {len(seconds)} ({args.examples} per endpoint asked of hypothesis: "
        "moves, game imports, campaign backups, campaign steps)"
    )
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
