"""Load benchmark of the play and campaign views: run by hand, never a test.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/machikoro_bench \
        .venv/bin/python bench/web_load.py [--tables 50] [--campaigns 10] [--seconds 30]

Starts gunicorn (2 workers) on loopback against PostgreSQL, opens 50 tables of four human seats,
and runs one client per seat: each polls as the page does (every 1.5 s, with the version it
shows) and, when its seat may act, moves at once (a landmark if it can, else the cheapest
building, else the first button).

Beside them run 10 campaigns of four mayors: the table's screen and each mayor's phone poll their
pages as the pages do and load the page again when it changed, and the table takes the next step
every few seconds (`--step-every`) the way a group that plays with the box would: read on to the
STOP, record the game's winner, the winner's moment (side up, Golden Book), and so on to the end of
chapter 10, then the Golden Book and the charts.

With `--kill-every 3` a gunicorn worker is killed with SIGKILL every 3 s during the run, and the
run ends by checking that no move a phone was answered for is missing, every game replays its log,
and every campaign holds each step it was answered for once and no step more than was pressed.

Prints p50/p95 latency per kind of request and the requests per second, the time gunicorn spent
per kind (its access log), and, in-process, the SQL queries of one move at turn 5 and turn 50.
Everything is bounded: a fixed duration, a fixed number of clients.
"""

from __future__ import annotations

import argparse
import html
import http.client
import json
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/machikoro_bench"
ACTION = re.compile(r'name="action" value="([^"]+)"[^>]*data-kind="([^"]+)"(?: data-cost="(\d+)")?')
VERSION = re.compile(r'data-version="(\d+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
INPUT = re.compile(r"<input\b[^>]*>")
POLL_VERSION = re.compile(r"poll/\?v=(\d+)")
ATTRIBUTE = re.compile(r'([a-z_-]+)="([^"]*)"')


def setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def ensure_database(database_url: str) -> None:
    import psycopg

    name = database_url.rsplit("/", 1)[1]
    admin = database_url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


class Client:
    """One seat's phone: its own connection, cookie and CSRF token."""

    def __init__(self, port: int, path: str, stats: dict, lock: threading.Lock):
        self.port = port
        self.path = path
        self.stats = stats
        self.lock = lock
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.cookie = ""
        self.token = ""
        self.version = 0
        self.actions: list[tuple[str, str, int | None]] = []
        self.acknowledged = 0  # the newest version a move of this phone was answered with

    def request(self, method: str, url: str, body: str | None = None, headers=None):
        headers = {"HX-Request": "true", **(headers or {})}
        if self.cookie:
            headers["Cookie"] = self.cookie
        try:
            self.conn.request(method, url, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            with self.lock:
                self.stats["errors"] += 1
            return 0, b""
        self.location = response.getheader("Location") or ""
        for header, value in response.getheaders():
            if header.lower() == "set-cookie" and value.startswith("csrftoken="):
                self.cookie = value.split(";", 1)[0]
        with self.lock:
            self.stats["requests"] += 1
        return response.status, data

    def read_board(self, data: bytes) -> None:
        text = data.decode()
        match = VERSION.search(text)
        if match:
            self.version = int(match.group(1))
        self.actions = [
            (html.unescape(value), kind, int(cost) if cost else None)
            for value, kind, cost in ACTION.findall(text)
        ]

    def open(self) -> None:
        status, data = self.request("GET", self.path, headers={"HX-Request": ""})
        text = data.decode()
        match = CSRF.search(text)
        if match is None:
            raise RuntimeError(f"no CSRF token on {self.path} ({status}): {text[:300]}")
        self.token = match.group(1)
        self.read_board(data)

    def choose(self) -> str:
        kinds = [kind for _value, kind, _cost in self.actions]
        if "build_landmark" in kinds:
            return self.actions[kinds.index("build_landmark")][0]
        builds = [a for a in self.actions if a[1] == "build"]
        if builds:
            return min(builds, key=lambda a: a[2] or 0)[0]
        return self.actions[0][0]

    def move(self) -> None:
        body = f"version={self.version}&action={_quote(self.choose())}"
        started = time.perf_counter()
        status, data = self.request(
            "POST",
            self.path + "move/",
            body=body,
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "X-CSRFToken": self.token,
            },
        )
        elapsed = time.perf_counter() - started
        with self.lock:
            self.stats["move"].append(elapsed)
            if status != 200:
                self.stats["refused"] += 1
        self.read_board(data)
        if status == 200:
            self.acknowledged = max(self.acknowledged, self.version)

    def poll(self) -> None:
        started = time.perf_counter()
        status, data = self.request("GET", f"{self.path}poll/?v={self.version}")
        elapsed = time.perf_counter() - started
        with self.lock:
            self.stats["poll_204" if status == 204 else "poll_board"].append(elapsed)
        if status == 200:
            self.read_board(data)

    def run(self, until: float, interval: float, think: float) -> None:
        self.open()
        next_poll = time.monotonic() + interval * (hash(self.path) % 100) / 100
        while time.monotonic() < until:
            if self.actions:
                time.sleep(max(0.0, min(think, until - time.monotonic())))  # a person decides
                self.move()
                continue
            now = time.monotonic()
            if now < next_poll:
                time.sleep(min(next_poll - now, until - now, interval))
                continue
            self.poll()
            next_poll += interval


def form_fields(text: str) -> dict[str, str]:
    """The values a form's inputs hold as the page came (radios and checkboxes left out)."""
    fields = {}
    for tag in INPUT.findall(text):
        attributes = dict(ATTRIBUTE.findall(tag))
        if "name" in attributes and attributes.get("type") not in ("radio", "checkbox"):
            fields[attributes["name"]] = html.unescape(attributes.get("value", ""))
    return fields


class CampaignTable(Client):
    """A campaign's shared screen: polls its dashboard and takes the next step every few
    seconds, as a group that plays each chapter's game with the box would."""

    STEPS = ("read/turn/", "record/", "after/")
    label = "campaign table"

    def __init__(self, port, secret: str, seats: int, stats, lock, seed: int):
        super().__init__(port, f"/c/{secret}/", stats, lock)
        self.seats = seats
        self.next_step = 0
        self.chapters_done = 0
        self.steps_tried = self.steps_taken = 0
        self.finished = False
        self.seed = seed

    def page(self, url: str) -> str:
        started = time.perf_counter()
        status, data = self.request("GET", url, headers={"HX-Request": ""})
        self.note(f"{self.label}: page", started, status)
        text = data.decode(errors="replace")
        match = CSRF.search(text)
        if match:
            self.token = match.group(1)
        return text

    def note(self, kind: str, started: float, status: int) -> None:
        with self.lock:
            self.stats.setdefault(kind, []).append(time.perf_counter() - started)
            if status >= 500 or status == 0:
                self.stats["campaign_failures"] += 1

    def post(self, url: str, fields: dict) -> str:
        self.steps_tried += 1
        started = time.perf_counter()
        status, data = self.request(
            "POST",
            url,
            body=urlencode({**fields, "csrfmiddlewaretoken": self.token}),
            headers={"Content-Type": "application/x-www-form-urlencoded", "HX-Request": ""},
        )
        self.note(f"{self.label}: step (POST)", started, status)
        if status == 302 and not self.location.endswith("/read/"):
            self.steps_taken += 1
        if status != 302:
            with self.lock:
                self.stats["campaign_refused"] += 1
            return ""
        return self.location

    def step(self) -> None:
        kind = self.STEPS[self.next_step]
        if kind == "read/turn/":
            fields = form_fields(self.page(self.path + "read/"))
            target = self.post(self.path + kind, {"version": fields.get("version", "")})
        elif kind == "record/":
            fields = form_fields(self.page(self.path + kind))
            winner = (self.seed + self.chapters_done) % self.seats
            target = self.post(
                self.path + kind,
                {"version": fields.get("version", ""), "winner": winner, "played_on": "2026-11-26"},
            )
        else:
            text = self.page(self.path + kind)
            fields = form_fields(text)
            if 'name="side"' in text:
                fields["side"] = "a"
            target = self.post(self.path + kind, fields)
            if target:
                self.chapters_done += 1
        if not target:
            return  # refused: the same step again next time, on a fresh page
        self.page(target)
        self.next_step = (self.next_step + 1) % len(self.STEPS)
        if target.endswith("/book/"):
            self.finished = True
            self.page(self.path + "charts/")

    def poll(self) -> None:
        started = time.perf_counter()
        status, _data = self.request("GET", f"{self.path}poll/?v={self.version}")
        kind = f"{self.label}: poll (204)" if status == 204 else f"{self.label}: poll (changed)"
        self.note(kind, started, status)
        if status == 200:  # the page reloads itself (HX-Refresh)
            self.reload()

    def reload(self) -> None:
        match = POLL_VERSION.search(self.page(self.path))
        if match:
            self.version = int(match.group(1))

    def run(self, until: float, interval: float, step_every: float) -> None:
        self.reload()
        next_poll = time.monotonic() + interval * (self.seed % 100) / 100
        next_step = time.monotonic() + step_every
        while time.monotonic() < until:
            now = time.monotonic()
            if not self.finished and now >= next_step:
                self.step()
                next_step += step_every
            elif now >= next_poll:
                self.poll()
                next_poll += interval
            else:
                time.sleep(max(0.0, min(next_poll, next_step, until) - now))


class MayorPhone(CampaignTable):
    """A mayor's phone on the campaign: polls its page and loads it again when it changed."""

    label = "mayor's phone"

    def run(self, until: float, interval: float, step_every: float) -> None:
        self.reload()
        next_poll = time.monotonic() + interval * (self.seed % 100) / 100
        while time.monotonic() < until:
            time.sleep(max(0.0, min(next_poll, until) - time.monotonic()))
            if time.monotonic() < until:
                self.poll()
            next_poll += interval


KILLED: list[int] = []


def kill_workers(master: int, until: float, every: float) -> None:
    """SIGKILL one worker of the gunicorn master every `every` seconds (its master starts a
    new one), as a machine that loses a process would."""
    import signal

    while time.monotonic() + every < until:
        time.sleep(every)
        for entry in Path("/proc").iterdir():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if parent == master:
                os.kill(int(entry.name), signal.SIGKILL)
                KILLED.append(int(entry.name))
                break


def checked_after_faults(clients, tables, campaigns, *, killed: list[int]) -> str:
    """Nothing acknowledged is lost, every game replays, every campaign step happened once."""
    from campaign.models import Campaign
    from play.models import Game

    acknowledged: dict[str, int] = {}
    for client in clients:
        code = client.path.split("/")[2]
        acknowledged[code] = max(acknowledged.get(code, 0), client.acknowledged)
    games = {game.code: game for game in Game.objects.filter(code__in=acknowledged)}
    lost = sum(acknowledged[code] > games[code].version for code in acknowledged)
    not_replaying = sum(not game.replays_to_stored_state() for game in games.values())
    steps_lost = steps_doubled = 0
    for table, campaign in zip(tables, campaigns, strict=True):
        stored = Campaign.objects.get(pk=campaign.pk).version - campaign.version
        steps_lost += stored < table.steps_taken
        steps_doubled += stored > table.steps_tried
    return (
        f"faults: {len(killed)} workers killed; games whose acknowledged moves are missing: "
        f"{lost}; games not replaying their log: {not_replaying} of {len(games)}; campaigns "
        f"missing an acknowledged step: {steps_lost}, with more steps than were pressed: "
        f"{steps_doubled}"
    )


def poll_flood(port: int, game, seconds: float, clients: int = 8) -> float:
    """Unchanged polls per second the server answers when asked as fast as possible."""
    game.refresh_from_db()
    url = f"/g/{game.code}/{game.host_secret}/poll/?v={game.version}"
    counts = [0] * clients
    until = time.monotonic() + seconds

    def hammer(index: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while time.monotonic() < until:
            conn.request("GET", url, headers={"HX-Request": "true"})
            response = conn.getresponse()
            response.read()
            if response.status == 204:
                counts[index] += 1

    threads = [threading.Thread(target=hammer, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 30)
    return sum(counts) / seconds


def _quote(value: str) -> str:
    from urllib.parse import quote

    return quote(value, safe="")


def server_times(log: Path) -> dict[str, list[float]]:
    """Seconds per request as gunicorn measured them, by kind."""
    times = {
        "moves": [],
        "unchanged polls (204)": [],
        "polls with a new board": [],
        "campaign steps": [],
        "campaign pages": [],
        "campaign polls": [],
    }
    for line in log.read_text().splitlines():
        method, url, status, millis = line.split()
        seconds = int(millis) / 1000
        if url.startswith("/c/"):
            kind = "campaign polls" if url.endswith("/poll/") else "campaign pages"
            times["campaign steps" if method == "POST" else kind].append(seconds)
        elif method == "POST" and url.endswith("/move/"):
            times["moves"].append(seconds)
        elif url.endswith("/poll/"):
            times["unchanged polls (204)" if status == "204" else "polls with a new board"].append(
                seconds
            )
    return times


def queries_per_move() -> dict[int, int]:
    """SQL queries of one move (through the real view, no test transaction) at turns 5 and 50."""
    from django.db import connection
    from django.test import Client as DjangoClient
    from django.test.utils import CaptureQueriesContext

    from play.models import Game

    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=5)
    client = DjangoClient()
    url = f"/g/{game.code}/{game.host_secret}/move/"
    found = {}
    while len(found) < 2:
        state = game.load()
        action = {"type": "roll", "dice": 1} if state.phase == "roll" else {"type": "pass"}
        with CaptureQueriesContext(connection) as captured:
            response = client.post(
                url,
                {"version": game.version, "action": json.dumps(action)},
                headers={"HX-Request": "true"},
            )
        assert response.status_code == 200, response.status_code
        for turn in (5, 50):
            if state.turn == turn and state.phase == "roll" and turn not in found:
                found[turn] = len(captured)
        game.refresh_from_db()
        if state.turn > 60:
            break
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--campaigns", type=int, default=10, help="campaigns of four mayors")
    parser.add_argument(
        "--step-every", type=float, default=3.0, help="seconds between a campaign's steps"
    )
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--interval", type=float, default=1.5, help="poll interval, as the page")
    parser.add_argument("--think", type=float, default=0.5, help="seconds before each move")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--kill-every",
        type=float,
        default=0,
        help="SIGKILL one gunicorn worker this often (seconds) during the run; 0: never",
    )
    parser.add_argument(
        "--poll-flood",
        type=float,
        default=10,
        help="seconds of unchanged polls as fast as 8 clients can send them, after the run",
    )
    parser.add_argument("--threads", type=int, default=1, help="gthread workers when above 1")
    args = parser.parse_args()

    database_url = os.getenv("DATABASE_URL") or DEFAULT_DB
    if not database_url.startswith("postgres"):
        print("bench/web_load.py needs PostgreSQL (DATABASE_URL=postgres://...)", file=sys.stderr)
        return 2
    ensure_database(database_url)
    setup_django(database_url)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)

    from campaign import flow
    from play.models import Game

    campaigns = [
        flow.create_campaign(
            f"Load {number}",
            [
                flow.NewMayor(name, f"{name}ville", colour, "human")
                for name, colour in zip(
                    ("Ann", "Ben", "Cleo", "Dirk"),
                    ("teal", "yellow", "pink", "orange"),
                    strict=True,
                )
            ],
            seed=number,
        )
        for number in range(args.campaigns)
    ]
    games = [
        Game.start("classic", [(n, "human") for n in ("Ann", "Ben", "Cleo", "Dirk")], seed=i)
        for i in range(args.tables)
    ]
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        # DEBUG=0 refuses to start without a key of its own; the workers must share it.
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        "SECURE_COOKIES": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "CONN_MAX_AGE": "600",
    }
    # DEBUG=0 serves hashed static files: collect them with the same settings as the server.
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    access_log = Path(tempfile.mkstemp(prefix="web_load_", suffix=".log")[1])
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "machikoro.wsgi",
            "--workers",
            str(args.workers),
            "--bind",
            f"127.0.0.1:{args.port}",
            "--threads",
            str(args.threads),
            "--log-level",
            "warning",
            "--access-logfile",
            str(access_log),
            "--access-logformat",
            "%(m)s %(U)s %(s)s %(M)s",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", args.port, timeout=1).request("GET", "/")
                break
            except OSError:
                time.sleep(0.1)
        stats = {
            "requests": 0,
            "errors": 0,
            "refused": 0,
            "campaign_failures": 0,
            "campaign_refused": 0,
            "move": [],
            "poll_204": [],
            "poll_board": [],
        }
        lock = threading.Lock()
        clients = [
            Client(args.port, f"/g/{game.code}/{seat['secret']}/", stats, lock)
            for game in games
            for seat in game.seats
        ]
        tables = [
            CampaignTable(args.port, c.table_secret, 4, stats, lock, seed=number)
            for number, c in enumerate(campaigns)
        ]
        phones = [
            MayorPhone(
                args.port,
                f"m/{mayor.secret}",
                4,
                stats,
                lock,
                seed=number * 4 + mayor.seat,
            )
            for number, c in enumerate(campaigns)
            for mayor in c.mayors.all()
        ]
        started = time.monotonic()
        until = started + args.seconds
        threads = [
            threading.Thread(target=c.run, args=(until, args.interval, args.think)) for c in clients
        ] + [
            threading.Thread(target=c.run, args=(until, args.interval, args.step_every))
            for c in [*tables, *phones]
        ]
        killer = threading.Thread(target=kill_workers, args=(server.pid, until, args.kill_every))
        for thread in threads:
            thread.start()
        if args.kill_every:
            killer.start()
        for thread in threads:
            thread.join(timeout=args.seconds + 30)
        if args.kill_every:
            killer.join()
        elapsed = time.monotonic() - started
        flood = poll_flood(args.port, games[0], args.poll_flood) if args.poll_flood else None
    finally:
        server.terminate()
        server.wait(timeout=10)

    def ms(values, p):
        return f"{percentile(values, p) * 1000:.1f} ms"

    print(
        f"{args.tables} tables x 4 clients, {args.workers} gunicorn workers x {args.threads} "
        f"threads, think {args.think} s, poll every {args.interval} s, {elapsed:.0f} s"
    )
    print(
        f"requests: {stats['requests']} ({stats['requests'] / elapsed:.0f} req/s), "
        f"errors: {stats['errors']}, refused moves: {stats['refused']}"
    )
    print(f"moves: {len(stats['move'])}  p50 {ms(stats['move'], 50)}  p95 {ms(stats['move'], 95)}")
    print(
        f"unchanged polls (204): {len(stats['poll_204'])}  p50 {ms(stats['poll_204'], 50)}  "
        f"p95 {ms(stats['poll_204'], 95)}"
    )
    print(
        f"polls with a new board: {len(stats['poll_board'])}  p50 {ms(stats['poll_board'], 50)}  "
        f"p95 {ms(stats['poll_board'], 95)}"
    )
    print(
        f"{args.campaigns} campaigns x (1 table + 4 phones), a step every {args.step_every} s: "
        f"{sum(t.chapters_done for t in tables)} chapters finished, "
        f"{sum(t.finished for t in tables)} campaigns to the Golden Book's end, "
        f"server errors or no answer: {stats['campaign_failures']}, "
        f"steps refused: {stats['campaign_refused']}"
    )
    for kind in sorted(k for k in stats if ":" in k):
        values = stats[kind]
        print(f"  {kind}: {len(values)}  p50 {ms(values, 50)}  p95 {ms(values, 95)}")
    if flood is not None:
        print(
            f"poll flood: {flood:.0f} unchanged polls/s with {args.workers} workers "
            f"(8 clients on one table, {args.poll_flood:.0f} s; the clients share the machine)"
        )
    served = server_times(access_log)
    print("time spent in gunicorn (from its access log; excludes the load generator's own delays):")
    for label, values in served.items():
        print(f"  {label}: {len(values)}  p50 {ms(values, 50)}  p95 {ms(values, 95)}")
    access_log.unlink()
    print(checked_after_faults(clients, tables, campaigns, killed=KILLED))
    counts = queries_per_move()
    print(f"SQL queries per move: turn 5: {counts.get(5)}, turn 50: {counts.get(50)}")
    turns = [g.load().turn for g in Game.objects.filter(pk__in=[g.pk for g in games])]
    print(f"turns reached: median {statistics.median(turns)}, max {max(turns)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
