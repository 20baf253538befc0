"""A bot campaign through the campaign's views: run by hand, never a test.

    .venv/bin/python bench/campaign_views.py [--chapters 10]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/machikoro_bench \
        .venv/bin/python bench/campaign_views.py

Signs a host up, creates a campaign of three bots through the form, and goes through every
chapter the way the table would: dashboard, every new reading page, the STOP, the game page and
its board polled until the bots have finished, the winner's moment, and on. Prints the time the
whole campaign took in the views, the time per kind of request, each screen's size (bytes, and
gzip-compressed), and the SQL queries of one dashboard view. SQLite in a temporary file unless
DATABASE_URL names another database (its tables are created, and left, there).
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--chapters", type=int, default=10)
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
    os.environ["PLAY_BOT_DELAY"] = "0"
    os.environ["PLAY_BOT_DELAY_AFTER_HUMAN"] = "0"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    call_command("migrate", verbosity=0)
    from campaign.models import Campaign, Phase

    client = Client()
    times: dict[str, list[float]] = defaultdict(list)
    sizes: dict[str, tuple[int, int]] = {}

    def request(kind: str, method: str, url: str, data=None, **extra):
        start = time.perf_counter()
        response = getattr(client, method)(url, data or {}, **extra)
        times[kind].append(time.perf_counter() - start)
        assert response.status_code in (200, 204, 302), (url, response.status_code)
        body = response.content
        if response.status_code == 200 and kind not in sizes and body:
            sizes[kind] = (len(body), len(gzip.compress(body)))
        return response

    begin = time.perf_counter()
    user = f"bench{int(time.time())}"
    request(
        "signup",
        "post",
        "/accounts/signup/",
        {
            "username": user,
            "password1": "a long pass phrase 7",
            "password2": "a long pass phrase 7",
        },
    )
    form = {"name": "Bench Bay"}
    for slot, colour in enumerate(["yellow", "orange", "pink", "teal"], start=1):
        named = slot <= 3
        form.update(
            {
                f"m{slot}_name": f"Bot{slot}" if named else "",
                f"m{slot}_city": f"Town{slot}",
                f"m{slot}_colour": colour if named else "",
                f"m{slot}_kind": "greedy",
            }
        )
    request("new campaign", "post", "/campaigns/new/", form)
    campaign = Campaign.objects.filter(owner__username=user).get()
    table = f"/c/{campaign.table_secret}/"
    request("links", "get", table + "links/")
    for _ in range(args.chapters):
        request("dashboard", "get", table)
        campaign.refresh_from_db()
        latest = request("read (redirect)", "get", table + "read/")["Location"]
        page = int(latest.rstrip("/").rsplit("/", 1)[1])
        while True:
            response = request("read page", "get", f"{table}read/{page}/")
            if b"turn-stop" in response.content or b'rel="next"' not in response.content:
                break
            page += 1
        campaign.refresh_from_db()
        request("turn the STOP", "post", table + "read/turn/", {"version": campaign.version})
        response = request("game page", "get", table + "game/")
        # the board's fallback poll (the page uses its stream while it can): a poll that finds
        # a bot's step due lets it move, as the autoplay beside a real server would
        poll = re.search(rb'hx-get="(/g/[^"]+/poll/)\?v=-?\d+"', response.content)
        assert poll, "the game page has no board poll to follow"
        while poll:
            request(
                "board poll (bots move)",
                "get",
                poll.group(1).decode() + "?v=-1",
                HTTP_HX_REQUEST="true",
            )
            campaign.refresh_from_db()
            if campaign.phase != Phase.PLAYING:
                break
        request("game page", "get", table + "game/")
        request("after page", "get", table + "after/")
        campaign.refresh_from_db()
        side = "a" if b'name="side"' in client.get(table + "after/").content else ""
        winner = campaign.games.get(chapter=campaign.chapter).winner
        request(
            "sign the book",
            "post",
            table + "after/",
            {
                "date": campaign.games.get(chapter=campaign.chapter).played_on.isoformat(),
                "name": winner.name,
                "city_name": winner.city_name,
                "side": side,
                "version": campaign.version,
            },
        )
        request(
            "poll (unchanged)",
            "get",
            f"{table}poll/?v={Campaign.objects.get(pk=campaign.pk).version}",
        )
    for kind, path in (("golden book", "book/"), ("charts", "charts/"), ("free play", "free/")):
        request(kind, "get", table + path)
    total = time.perf_counter() - begin
    request("dashboard", "get", table)
    with CaptureQueriesContext(connection) as queries:
        client.get(table)
    campaign.refresh_from_db()
    print(
        f"database: {connection.vendor}; chapters: {args.chapters}; "
        f"phase at the end: {campaign.phase}"
    )
    print(
        f"the whole campaign through the views: {total:.1f} s, "
        f"{sum(len(t) for t in times.values())} requests"
    )
    print(f"{'request':28} {'n':>5} {'median ms':>10} {'max ms':>8} {'bytes':>8} {'gzip':>7}")
    for kind, values in times.items():
        size, packed = sizes.get(kind, (0, 0))
        print(
            f"{kind:28} {len(values):5} {statistics.median(values) * 1000:10.1f} "
            f"{max(values) * 1000:8.1f} {size:8} {packed:7}"
        )
    print(f"SQL queries of one dashboard view: {len(queries)}")


if __name__ == "__main__":
    main()
