"""How long the host's take-back takes on a ten-chapter campaign, and what taking steps back
costs in storage: run by hand, never a test.

    .venv/bin/python bench/take_back.py [--takes 20] [--campaigns 3]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/machikoro_bench \
        .venv/bin/python bench/take_back.py

Plays `--campaigns` campaigns of three mayors (two people who pick, one bot) through all ten
chapters with the flow functions the screens call, each game recorded from the table. Then
takes back the last `--takes` steps of each, one after another (the winner's moments, records,
picks and readings of the last chapters), timing each `flow.take_back` (the whole step: lock,
restore, history, commit); and times the steps themselves, which now keep a snapshot each.
Prints the median and 95th percentile, and the snapshots' storage: rows, bytes of their JSON
per step, and on PostgreSQL the table's own size (with TOAST and indexes) per row. SQLite in
a temporary file unless DATABASE_URL names another database (its tables are made, and left,
there).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--takes", type=int, default=20)
    parser.add_argument("--campaigns", type=int, default=3)
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    from campaign import dashboard, flow
    from campaign.models import CampaignSnapshot

    step_times: dict[str, list[float]] = defaultdict(list)
    take_times: dict[str, list[float]] = defaultdict(list)

    def timed(kind: str, step, *args, **kwargs) -> None:
        start = time.perf_counter()
        step(*args, **kwargs)
        step_times[kind].append(time.perf_counter() - start)

    campaigns = []
    for number in range(args.campaigns):
        campaign = flow.create_campaign(
            f"Bench {number}",
            [
                flow.NewMayor("Ann", "Annaburg", "teal"),
                flow.NewMayor("Ben", "Benton", "yellow"),
                flow.NewMayor("Cem", "Cemdorf", "pink", "greedy"),
            ],
            seed=number,
        )
        for chapter in range(1, 11):
            timed("read", flow.read_on, campaign)
            for mayor in campaign.mayors.filter(picks__isnull=True):
                bag = dashboard.bag(campaign, campaign.deck, mayor)
                cards = [card["establishment"] for card in bag][: campaign.picks_allowed(mayor)]
                timed("pick", flow.pick, campaign, mayor, cards)
            day = datetime.date(2026, 11, chapter)
            timed("record", flow.record_table_game, campaign, chapter % 3, day)
            side = "a" if flow.new_pile(campaign) else None
            timed("after game", flow.finish_after_game, campaign, side=side)
        campaigns.append(campaign)

    rows = CampaignSnapshot.objects.filter(campaign__in=campaigns)
    count = rows.count()
    json_bytes = [
        len(json.dumps(doc, separators=(",", ":")))
        for doc in rows.values_list("document", flat=True)
    ]
    table_bytes = None
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM FULL campaign_campaignsnapshot")
            cursor.execute("SELECT pg_total_relation_size('campaign_campaignsnapshot')")
            table_bytes = cursor.fetchone()[0]
            total_rows = CampaignSnapshot.objects.count()

    for campaign in campaigns:
        for _ in range(args.takes):
            kind = campaign.snapshots.order_by("-version").first().kind
            start = time.perf_counter()
            flow.take_back(campaign, version=campaign.version)
            take_times[kind].append(time.perf_counter() - start)

    every_take = [t for times in take_times.values() for t in times]
    print(f"database: {connection.vendor}; {args.campaigns} campaigns of ten chapters")
    print(
        f"take-back ({len(every_take)}): median {statistics.median(every_take) * 1000:.1f} ms, "
        f"p95 {percentile(every_take, 0.95) * 1000:.1f} ms"
    )
    for kind, times in sorted(take_times.items()):
        print(
            f"  taking back a {kind!r} step ({len(times)}): "
            f"median {statistics.median(times) * 1000:.1f} ms"
        )
    for kind, times in sorted(step_times.items()):
        print(
            f"step {kind!r} ({len(times)}): median {statistics.median(times) * 1000:.1f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:.1f} ms"
        )
    per_campaign = count / len(campaigns)
    print(
        f"snapshots: {per_campaign:.0f} per ten-chapter campaign (one per step); JSON "
        f"{statistics.median(json_bytes) / 1024:.1f} KB median, {max(json_bytes) / 1024:.1f} KB "
        f"largest, {sum(json_bytes) / len(campaigns) / 1024:.0f} KB per campaign"
    )
    if table_bytes is not None:
        print(
            f"PostgreSQL: the snapshot table holds {table_bytes / 1024:.0f} KB for "
            f"{total_rows} rows: {table_bytes / max(total_rows, 1) / 1024:.1f} KB per step"
        )


if __name__ == "__main__":
    main()
