"""Pushed against polled, under load: run by hand, never a test.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/machikoro_bench .venv/bin/python \
        bench/live_load.py --tables 5,50,100,150,200,250,300 --poll-tables 5,25,50,75,100

Starts uvicorn (`--workers 3`) on loopback against PostgreSQL and drives it from this ONE asyncio
process (no threads): for each N, N tables of four human seats, each seat a phone that either
holds its game's stream open (`push`: server-sent events, as the pages do now) or polls every
1.5 s with the version it shows (`poll`: as the pages did before, and as they still do while a
stream is down). Each table makes one move every 5 s, made by the phone whose turn it is (a
landmark if it can, else the cheapest building, else the first button), beside 20 campaigns of
four mayors whose table takes a step every few seconds (read on, record the game, the winner's
moment) while the table's screen and the mayors' phones follow their pages (by their stream
where the page has one, else by polling).

Per N it prints: moves; from a move's POST to each of the three other phones showing it,
p50/p95/p99; the POST's own p50/p95; errors (failed or refused requests, a move a phone never
saw within 10 s, a stream that broke); the server's CPU (its processes' time, % of one core),
PostgreSQL's and this process's; how busy the whole machine was; the load average. Then the knee
(the largest N with p95 <= 250 ms and no errors), an idle table's requests per minute, and what a
finished game's page is sent.
Everything is bounded: each phase lasts --seconds, the run ends by itself.

`--shape issue` is issue 28's load instead: a move per table every 2.5-7.5 s uniformly, each
move's POST on a fresh TCP connection, no campaigns; a move some phone saw after 10 s is "late"
(not an error) and, after the moves stop and --drain passes, one a phone never saw is
"undelivered". `--quiet-below 0.5` waits (at most --quiet-wait s) before each N for the load
average; `--jsonl` appends each N's result as a line (bench/results/); `--every-n` goes on past
the knee; `--yardstick bench/lean_classic.py` measures the lean reference's games a
second after that wait, before each N, and writes it beside the N with the tables it makes per
1,000 of them (the figure that scales to another machine); `--where` serves the app with a
timer around each stage of a move (bench/where_live.py) and writes each stage's CPU a move;
`--by-table` starts `--workers` servers of one worker each instead, every pushed table's phones
on one of them (a proxy hashing on the game's code). A result line names the server's settings
taken from the environment (`REQUESTS_AT_ONCE=3 ... live_load.py`). A move's server CPU is
also split: how much of it ran on the workers' event loops. A stream refused with 503 is asked
again after its Retry-After, with jitter, and the phone polls meanwhile, as a page does.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import os
import random
import re
import resource
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from web_load import (  # the older, threaded bench: what reading a page takes is the same
    ACTION,
    DEFAULT_DB,
    VERSION,
    ensure_database,
    form_fields,
    percentile,
    setup_django,
)
from web_load import (
    Client as ThreadedPhone,
)

ROOT = Path(__file__).resolve().parent.parent
LIVE = re.compile(r'sse-connect="([^"]+)"')
POLL_URL = re.compile(r'hx-get="([^"]*poll/\?[^"]*)"')
MOVE_EVERY = 5.0
SEEN_WITHIN = 10.0  # a move another phone has not seen by then counts as an error
PEOPLE = (("Ann", "teal"), ("Ben", "yellow"), ("Cleo", "pink"), ("Dirk", "orange"))


# --- a small HTTP/1.1 client on asyncio streams ------------------------------------------------


class Closed(Exception):
    pass


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            name = name.strip().lower()
            value = value.strip()
            headers[name] = f"{headers[name]}, {value}" if name in headers else value
    return status, headers


async def chunks(reader: asyncio.StreamReader, headers: dict[str, str]):
    if headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await reader.readuntil(b"\r\n")
                return
            yield await reader.readexactly(size)
            await reader.readexactly(2)
    elif "content-length" in headers:
        yield await reader.readexactly(int(headers["content-length"]))
    else:
        while data := await reader.read(65536):
            yield data


class Http:
    """One keep-alive connection of one phone."""

    def __init__(self, port: int, counter: Counter):
        self.port = port
        self.counter = counter
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.turn = asyncio.Lock()  # a phone's poll and its move take turns on its connection

    async def request(self, method: str, path: str, headers: dict, body: bytes = b""):
        async with self.turn:
            return await self._request(method, path, headers, body)

    async def _request(self, method: str, path: str, headers: dict, body: bytes):
        for attempt in (0, 1):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
            lines += [f"{name}: {value}" for name, value in headers.items()]
            if body:
                lines.append(f"Content-Length: {len(body)}")
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            try:
                await self.writer.drain()
                status, answer = await read_head(self.reader)
                data = b""
                if status not in (204, 304) and method != "HEAD":
                    data = b"".join([c async for c in chunks(self.reader, answer)])
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.close()
                if attempt:
                    raise Closed(path) from None
                continue  # the server closed an idle keep-alive connection: once more
            self.counter.requests += 1
            if answer.get("connection", "").lower() == "close":
                self.close()
            return status, answer, data
        raise Closed(path)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def stream(port: int, path: str, cookie: str, on_event, opened: asyncio.Event, counter):
    """Hold a server-sent events stream open; on_event(name, id, data) for each event."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            f"Cookie: {cookie}\r\n\r\n"
        )
        writer.write(request.encode())
        await writer.drain()
        status, headers = await read_head(reader)
        counter.requests += 1
        if status == 503 and "retry-after" in headers:
            raise Refused(path, float(headers["retry-after"]))
        if status != 200:
            raise Closed(f"{path}: {status}")
        opened.set()
        buffer = b""
        async for chunk in chunks(reader, headers):
            buffer += chunk
            while b"\n\n" in buffer:
                raw, buffer = buffer.split(b"\n\n", 1)
                name, ident, data = "message", None, []
                for line in raw.decode().split("\n"):
                    key, _colon, value = line.partition(": ")
                    if key == "event":
                        name = value
                    elif key == "id":
                        ident = value
                    elif key == "data":
                        data.append(value)
                counter.stream_bytes += len(raw) + 2
                if data:  # a block without data (the opening `retry:`) is no event
                    on_event(name, ident, "\n".join(data))
    finally:
        writer.close()


# --- what is measured --------------------------------------------------------------------------


@dataclass
class Counter:
    requests: int = 0
    stream_bytes: int = 0


class Refused(Closed):
    """A stream the server would not open now (503): it says when to ask again."""

    def __init__(self, path: str, retry_after: float):
        super().__init__(f"{path}: 503")
        self.retry_after = retry_after


@dataclass
class Stats:
    seen: list[float] = field(default_factory=list)  # a move's POST to another phone's board
    post: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    late: int = 0  # moves some phone saw after SEEN_WITHIN (or never)
    shed: int = 0  # streams refused with 503 (asked again after Retry-After)
    notes: list[str] = field(default_factory=list)
    campaign_steps: int = 0
    counter: Counter = field(default_factory=Counter)

    def error(self, note: str) -> None:
        self.errors += 1
        if len(self.notes) < 5:
            self.notes.append(note)


# --- phones and tables -------------------------------------------------------------------------


@dataclass
class Pending:
    started: float
    after: int  # the version the move was made on: a board newer than it shows the move
    waiting: set
    late: bool = False


@dataclass(frozen=True)
class Shape:
    """How the phones behave. `bench`: a move per table every 5 s on each phone's keep-alive
    connection, 20 campaigns beside. `issue` (issue 28's independent generator): a move per
    table every 2.5-7.5 s uniformly, each POST on a fresh TCP connection, no campaigns."""

    name: str
    low: float
    high: float
    fresh_connections: bool
    campaigns: int
    late_is_error: bool

    def every(self) -> float:
        return random.uniform(self.low, self.high)


SHAPES = {
    "bench": Shape("bench", MOVE_EVERY, MOVE_EVERY, False, 20, True),
    "issue": Shape("issue", 2.5, 7.5, True, 0, False),
}


class Phone:
    def __init__(self, table: Table, seat: int, path: str):
        self.table = table
        self.seat = seat
        self.path = path
        token = secrets.token_hex(16)
        self.cookie = f"csrftoken={token}"
        self.token = token
        self.http = Http(table.port, table.stats.counter)
        self.version = -1
        self.text = ""  # the board shown: its buttons are read when the phone is to move
        self.live_url: str | None = None
        self.task: asyncio.Task | None = None

    def read_board(self, text: str) -> None:
        match = VERSION.search(text)
        version = int(match.group(1)) if match else -1
        if version < self.version:
            return  # an answer a push overtook: the page keeps the newer board
        self.version, self.text = version, text
        self.table.saw(self)

    @property
    def actions(self) -> list[tuple[str, str, int | None]]:
        if 'name="action"' not in self.text:
            return []
        return [
            (html.unescape(value), kind, int(cost) if cost else None)
            for value, kind, cost in ACTION.findall(self.text)
        ]

    choose = ThreadedPhone.choose  # a landmark, else the cheapest building, else the first

    async def open(self) -> None:
        status, _headers, data = await self.http.request("GET", self.path, {"Cookie": self.cookie})
        if status != 200:
            raise Closed(f"{self.path}: {status}")
        text = data.decode()
        found = LIVE.search(text)
        self.live_url = html.unescape(found.group(1)) if found else None
        self.read_board(text)

    def on_event(self, name: str, ident: str | None, data: str) -> None:
        if name == "board":
            self.read_board(data)

    async def follow(self, mode: str, until: float) -> None:
        stats = self.table.stats
        try:
            if mode == "push":
                await self.hold_stream(until)
            else:
                await asyncio.sleep(random.random() * 1.5)
                while time.monotonic() < until:
                    await self.poll()
                    await asyncio.sleep(1.5)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - every failure is counted
            if time.monotonic() < until:
                stats.error(f"{self.path}: {error!r}")

    async def hold_stream(self, until: float) -> None:
        """As the page does: a stream refused (503, the server sheds new streams) is asked
        again after its Retry-After, with jitter, and polled meanwhile; a stream that breaks
        is an error."""
        stats = self.table.stats
        while True:
            opened = asyncio.Event()
            url = re.sub(r"v=-?\d+", f"v={self.version}", self.live_url)
            try:
                await stream(
                    self.table.port, url, self.cookie, self.on_event, opened, stats.counter
                )
            except Refused as refused:
                stats.shed += 1
                wait = refused.retry_after * random.uniform(0.5, 1.5)
                end = time.monotonic() + wait
                while time.monotonic() < end:
                    await asyncio.sleep(min(1.5, end - time.monotonic()))
                    await self.poll()
                continue
            if time.monotonic() < until:
                stats.error(f"{self.path}: the stream ended")
            return

    async def poll(self) -> None:
        status, _headers, data = await self.http.request(
            "GET", f"{self.path}poll/?v={self.version}", {"HX-Request": "true"}
        )
        if status == 200:
            self.read_board(data.decode())
        elif status != 204:
            self.table.stats.error(f"poll {status}")

    async def move(self) -> None:
        body = urlencode({"version": self.version, "action": self.choose()}).encode()
        headers = {
            "HX-Request": "true",
            "Cookie": self.cookie,
            "X-CSRFToken": self.token,
            "Content-Type": "application/x-www-form-urlencoded",
        }
        started = time.perf_counter()
        self.table.pending.append(
            Pending(started, self.version, {p for p in self.table.phones if p is not self})
        )
        if self.table.fresh_connections:  # as a browser after a while: a new TCP connection
            http = Http(self.table.port, self.table.stats.counter)
            headers["Connection"] = "close"
            try:
                status, _headers, data = await http.request(
                    "POST", f"{self.path}move/", headers, body
                )
            finally:
                http.close()
        else:
            status, _headers, data = await self.http.request(
                "POST", f"{self.path}move/", headers, body
            )
        self.table.stats.post.append(time.perf_counter() - started)
        self.table.stats.moves += 1
        if status != 200:
            self.table.stats.error(f"move {status}")
        self.read_board(data.decode())


class Table:
    def __init__(self, port: int, game, stats: Stats, shape: Shape = None):
        self.port = port
        self.stats = stats
        self.shape = shape or SHAPES["bench"]
        self.fresh_connections = self.shape.fresh_connections
        self.pending: list[Pending] = []
        self.phones = [
            Phone(self, seat, f"/g/{game.code}/{info['secret']}/")
            for seat, info in enumerate(game.seats)
        ]

    def saw(self, phone: Phone) -> None:
        now = time.perf_counter()
        for pending in self.pending:
            if phone in pending.waiting and phone.version > pending.after:
                pending.waiting.discard(phone)
                self.stats.seen.append(now - pending.started)
        if self.pending and not self.pending[0].waiting:
            self.pending = [p for p in self.pending if p.waiting]

    async def play(self, until: float, measuring: asyncio.Event) -> None:
        await asyncio.sleep(random.random() * self.shape.every())
        while time.monotonic() < until:
            began = time.monotonic()
            every = self.shape.every()
            self.check_seen()
            mover = next((p for p in self.phones if p.actions), None)
            if mover is not None and measuring.is_set():
                try:
                    await mover.move()
                except Exception as error:  # noqa: BLE001
                    self.stats.error(f"move: {error!r}")
            await asyncio.sleep(max(0.0, every - (time.monotonic() - began)))
        self.check_seen()

    def check_seen(self) -> None:
        """A move some phone has not seen within SEEN_WITHIN is late (an error in the bench's
        shape); it is still waited for: `undelivered` counts what no drain brought."""
        for pending in self.pending:
            overdue = time.perf_counter() - pending.started > SEEN_WITHIN
            if pending.waiting and not pending.late and overdue:
                pending.late = True
                self.stats.late += 1
                if self.shape.late_is_error:
                    self.stats.error(f"{len(pending.waiting)} phones never saw a move")

    def undelivered(self) -> int:
        return sum(len(p.waiting) for p in self.pending)


# --- campaigns ---------------------------------------------------------------------------------


class CampaignPage:
    """A campaign page that follows the campaign (its stream, or its poll) and reloads."""

    def __init__(self, port: int, path: str, stats: Stats):
        self.port, self.path, self.stats = port, path, stats
        token = secrets.token_hex(16)
        self.cookie, self.token = f"csrftoken={token}", token
        self.http = Http(port, stats.counter)
        self.text = ""

    async def load(self, path: str | None = None) -> str:
        status, headers, data = await self.http.request(
            "GET", path or self.path, {"Cookie": self.cookie}
        )
        if status >= 400:
            self.stats.error(f"campaign page {status}")
        self.text = data.decode(errors="replace")
        return self.text

    async def follow(self, until: float) -> None:
        await self.load()
        while time.monotonic() < until:
            live = LIVE.search(self.text)
            try:
                if live:
                    changed = asyncio.Event()
                    opened = asyncio.Event()

                    def on_event(name, _ident, _data, changed=changed):
                        if name in ("reload", "board", "end"):
                            changed.set()

                    task = asyncio.create_task(
                        stream(
                            self.port,
                            html.unescape(live.group(1)),
                            self.cookie,
                            on_event,
                            opened,
                            self.stats.counter,
                        )
                    )
                    waiter = asyncio.create_task(changed.wait())
                    await asyncio.wait(
                        {task, waiter},
                        timeout=max(0.0, until - time.monotonic()),
                        return_when=asyncio.FIRST_COMPLETED,
                    )
                    task.cancel()
                    waiter.cancel()
                    if changed.is_set():
                        await self.load()
                    continue
                poll = POLL_URL.search(self.text)
                await asyncio.sleep(1.5)
                if poll is None:
                    continue
                status, headers, _data = await self.http.request(
                    "GET", html.unescape(poll.group(1)), {"HX-Request": "true"}
                )
                if status == 200 and headers.get("hx-refresh"):
                    await self.load()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001
                if time.monotonic() < until:
                    self.stats.error(f"campaign page: {error!r}")
                await asyncio.sleep(1)


class Campaign:
    STEPS = ("read/turn/", "record/", "after/")

    def __init__(self, port: int, campaign, stats: Stats, seed: int):
        base = f"/c/{campaign.table_secret}/"
        self.table = CampaignPage(port, base, stats)
        self.phones = [
            CampaignPage(port, f"/c/m/{mayor.secret}/", stats) for mayor in campaign.mayors.all()
        ]
        self.stats, self.seed, self.step_index, self.chapters = stats, seed, 0, 0

    async def post(self, path: str, fields: dict) -> str:
        body = urlencode({**fields, "csrfmiddlewaretoken": self.table.token}).encode()
        headers = {"Cookie": self.table.cookie, "Content-Type": "application/x-www-form-urlencoded"}
        status, answer, _data = await self.table.http.request("POST", path, headers, body)
        if status != 302:
            return ""
        return answer.get("location", "")

    async def step(self) -> None:
        base, kind = self.table.path, self.STEPS[self.step_index]
        text = await self.table.load(base + ("read/" if kind == "read/turn/" else kind))
        fields = form_fields(text)
        if kind == "record/":
            # the form's confirmation, answered at once (it names the winner before it is taken)
            fields.update(
                winner=(self.seed + self.chapters) % 4, played_on="2026-11-26", confirmed="yes"
            )
        elif kind == "after/" and 'name="side"' in text:
            fields["side"] = "a"
        target = await self.post(base + kind, fields)
        if target:
            self.stats.campaign_steps += 1
            self.step_index = (self.step_index + 1) % len(self.STEPS)
            self.chapters += kind == "after/"

    async def run(self, until: float, step_every: float) -> None:
        followers = [asyncio.create_task(p.follow(until)) for p in self.phones]
        await asyncio.sleep(random.random() * step_every)
        while time.monotonic() < until and not self.table.text.endswith("/book/"):
            try:
                await self.step()
            except Exception as error:  # noqa: BLE001
                self.stats.error(f"campaign step: {error!r}")
            await asyncio.sleep(step_every)
        for task in followers:
            task.cancel()
        await asyncio.gather(*followers, return_exceptions=True)


# --- the server --------------------------------------------------------------------------------


def process_tree(root: int) -> list[int]:
    parents = {
        int(entry.name): _parent(int(entry.name))
        for entry in Path("/proc").iterdir()
        if entry.name.isdigit()
    }
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += [child for child, parent in parents.items() if parent == pid]
    return found


def cpu_seconds(pids: list[int]) -> float:
    return sum(_stat_seconds(Path(f"/proc/{pid}/stat")) for pid in pids)


def loop_cpu_seconds(pids: list[int]) -> float:
    """The CPU of the workers' main threads, where each runs its event loop (uvicorn's HTTP,
    the streams' sends, the hub): the rest of a worker's is its threads' (Django's requests,
    the streams' looks). A process whose children are among `pids` is their supervisor, not a
    worker (`--workers 3`); a server of one worker has none (`--by-table`)."""
    supervisors = {_parent(pid) for pid in pids}
    workers = [pid for pid in pids if pid not in supervisors]
    return sum(_stat_seconds(Path(f"/proc/{pid}/task/{pid}/stat")) for pid in workers)


def _parent(pid: int) -> int | None:
    """A process's parent; None once it is gone."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


def _stat_seconds(stat: Path) -> float:
    """The user and system CPU seconds a /proc stat file holds; 0 once its process is gone."""
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def where_totals(args) -> dict[str, tuple[float, int]]:
    """With --where, every worker's stage timers so far (seconds, calls), summed."""
    totals: dict[str, tuple[float, int]] = {}
    if not args.where:
        return totals
    for written in Path(args.where_dir).glob("where-*.json"):
        with contextlib.suppress(OSError, ValueError):
            for label, (spent, calls) in json.loads(written.read_text()).items():
                before = totals.get(label, (0.0, 0))
                totals[label] = (before[0] + spent, before[1] + calls)
    return totals


def where_per_move(before: dict, after: dict, moves: int) -> dict[str, dict[str, float]]:
    """Each stage's CPU a move and a call, over the measured seconds (--where)."""
    spent = {}
    for label, (seconds, calls) in after.items():
        seconds_before, calls_before = before.get(label, (0.0, 0))
        seconds, calls = seconds - seconds_before, calls - calls_before
        spent[label] = {
            "ms_per_move": seconds * 1000 / max(moves, 1),
            "ms_per_call": seconds * 1000 / max(calls, 1),
        }
    return spent


def database_cpu_seconds() -> float:
    """PostgreSQL's processes (its backends serve the app's queries): on this machine too."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() == "postgres":
                    pids.append(int(entry.name))
    return cpu_seconds(pids)


def machine_busy_seconds() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine since boot, every core."""
    ticks = os.sysconf("SC_CLK_TCK")
    fields = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    idle = fields[3] + fields[4]  # idle and waiting for I/O
    return (sum(fields) - idle) / ticks, sum(fields) / ticks


# Environment variables that change how the server under test runs (machikoro/settings.py).
SERVER_SETTINGS = ("REQUESTS_AT_ONCE", "DB_POOL_SIZE", "LIVE_HEARTBEAT_SECONDS")


def measured_commit() -> str:
    """The commit the server ran (its checkout's HEAD, `+` if its code had changes): runs of
    two checkouts, interleaved, land in one file of results."""

    def git(*command: str) -> str:
        return subprocess.run(
            ["git", *command], cwd=ROOT, capture_output=True, text=True, check=False
        ).stdout.strip()

    return git("rev-parse", "--short", "HEAD") + (
        "+" if git("status", "--porcelain", "--", ".", ":!bench/results") else ""
    )


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _die_with_this_process() -> None:
    """Linux: the server gets SIGTERM when the bench dies, however it dies."""
    import ctypes

    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def start_servers(args, database_url: str) -> list[subprocess.Popen]:
    """The guide's service (`--workers` processes behind one port); with --by-table, as many
    servers of one worker each on ports of their own, every table's phones sent to one of them
    (as a proxy hashing on the game's code would)."""
    if args.where:  # one folder for every server's timers (bench/where_live.py)
        args.where_dir = tempfile.mkdtemp(prefix="live_load_where_")
    if not args.by_table:
        return [start_server(args, database_url, args.port, args.workers)]
    servers = []
    try:
        for number in range(args.workers):
            servers.append(start_server(args, database_url, args.port + number, 1))
    except BaseException:
        for server in servers:
            server.kill()
        raise
    return servers


def table_port(args, number: int) -> int:
    return args.port + number % args.workers if args.by_table else args.port


def start_server(args, database_url: str, port: int, workers: int) -> subprocess.Popen:
    static = tempfile.mkdtemp(prefix="live_load_static_")
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        "SECURE_COOKIES": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": static,
        "LOG_LEVEL": "WARNING",
        # every phone of the bench is 127.0.0.1: the ceiling per address is for visitors
        "LIVE_STREAMS_PER_ADDRESS": "100000",
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    app = "machikoro.asgi:application"
    if args.where:
        # the same app with a timer around each stage of a move (bench/where_live.py)
        env["MACHIKORO_WHERE_DIR"] = args.where_dir
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(ROOT / "bench"), env.get("PYTHONPATH")])
        )
        app = "where_live:application"
    command = [sys.executable, "-m", "uvicorn", app]
    command += ["--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)]
    command += ["--no-access-log", "--log-level", "warning", "--timeout-graceful-shutdown", "2"]
    server = subprocess.Popen(command, cwd=ROOT, env=env, preexec_fn=_die_with_this_process)
    import http.client

    for _ in range(200):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/health/")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            pass
        time.sleep(0.1)
    server.kill()
    raise SystemExit("uvicorn did not answer")


# --- a phase: N tables in one mode -------------------------------------------------------------


async def phase(args, mode: str, tables_count: int, server_pids: list[int]) -> dict:
    from asgiref.sync import sync_to_async

    from campaign import flow
    from play.models import Game

    campaign_count = args.shape.campaigns if args.campaigns is None else args.campaigns

    def make():
        games = [
            Game.start("classic", [(name, "human") for name, _colour in PEOPLE], seed=i)
            for i in range(tables_count)
        ]
        campaigns = [
            flow.create_campaign(
                f"Load {number}",
                [flow.NewMayor(name, f"{name}ville", colour, "human") for name, colour in PEOPLE],
                seed=number,
            )
            for number in range(campaign_count)
        ]
        return games, [(c, list(c.mayors.all())) for c in campaigns]

    load_before = await wait_for_quiet(args)
    lean = await yardstick(args)
    games, campaigns = await sync_to_async(make)()
    stats = Stats()
    tables = [
        Table(table_port(args, number), game, stats, args.shape)
        for number, game in enumerate(games)
    ]
    gate = asyncio.Semaphore(16)

    async def opened(phone):
        async with gate:
            await phone.open()

    await asyncio.gather(*(opened(p) for t in tables for p in t.phones))
    until = time.monotonic() + args.warmup + args.seconds
    measuring = asyncio.Event()
    followers = [asyncio.create_task(p.follow(mode, until)) for t in tables for p in t.phones]
    runs = [asyncio.create_task(t.play(until, measuring)) for t in tables]
    runs += [
        asyncio.create_task(Campaign(args.port, c, stats, i).run(until, args.step_every))
        for i, (c, _mayors) in enumerate(campaigns)
    ]
    await asyncio.sleep(args.warmup)
    stats.errors, stats.notes = 0, []  # connecting is not measured
    measuring.set()
    server_before, own_before, wall = cpu_seconds(server_pids), own_cpu(), time.monotonic()
    loops_before, where_before = loop_cpu_seconds(server_pids), where_totals(args)
    database_before, (busy_before, all_before) = database_cpu_seconds(), machine_busy_seconds()
    await asyncio.gather(*runs, return_exceptions=True)
    elapsed = time.monotonic() - wall
    server_cpu = (cpu_seconds(server_pids) - server_before) / elapsed
    loops_cpu = (loop_cpu_seconds(server_pids) - loops_before) / elapsed
    where = where_per_move(where_before, where_totals(args), stats.moves)
    own = (own_cpu() - own_before) / elapsed
    database_cpu = (database_cpu_seconds() - database_before) / elapsed
    busy_after, all_after = machine_busy_seconds()
    machine_busy = (busy_after - busy_before) / max(all_after - all_before, 1e-9)
    # The drain: no more moves; every phone is given time to be brought every move made.
    drain_end = time.monotonic() + args.drain
    while time.monotonic() < drain_end and any(t.pending for t in tables):
        await asyncio.sleep(0.25)
    for table in tables:
        table.check_seen()
    undelivered = sum(t.undelivered() for t in tables)
    for task in followers:
        task.cancel()
    await asyncio.gather(*followers, return_exceptions=True)
    for table in tables:
        for phone in table.phones:
            phone.http.close()
    return {
        "mode": mode,
        "shape": args.shape.name,
        "workers": args.workers,
        "by_table": args.by_table,
        "seconds": args.seconds,
        "load_before": load_before,
        # the lean yardstick's classic games of two a second, measured just before this N
        "lean_games_per_s": lean,
        "tables_per_1000_lean": tables_count / lean * 1000 if lean else None,
        "tables": tables_count,
        "phones": tables_count * 4,
        "moves": stats.moves,
        "moves_per_second": stats.moves / elapsed,
        "undelivered": undelivered,
        "late": stats.late,
        "shed": stats.shed,
        "seen_p50": percentile(stats.seen, 50) * 1000,
        "seen_p95": percentile(stats.seen, 95) * 1000,
        "seen_p99": percentile(stats.seen, 99) * 1000,
        "post_p50": percentile(stats.post, 50) * 1000,
        "post_p95": percentile(stats.post, 95) * 1000,
        "errors": stats.errors,
        "notes": stats.notes,
        "campaign_steps": stats.campaign_steps,
        "server_cpu_ms_per_move": server_cpu * elapsed * 1000 / max(stats.moves, 1),
        # of it, on the workers' event loops (their main threads)
        "loop_cpu_ms_per_move": loops_cpu * elapsed * 1000 / max(stats.moves, 1),
        # --where: each stage's CPU a move, and a call (bench/where_live.py)
        "where": where,
        "server_cpu": server_cpu * 100,
        "bench_cpu": own * 100,
        "database_cpu": database_cpu * 100,
        "machine_busy": machine_busy * 100,
        "load": os.getloadavg()[0],
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "commit": measured_commit(),
        # settings the server was started with from the environment (the app's defaults else)
        "environment": {name: os.environ[name] for name in SERVER_SETTINGS if name in os.environ},
    }


async def wait_for_quiet(args) -> float:
    """The load average (1 min) before a run; with --quiet-below, first wait (at most
    --quiet-wait seconds) until it is under that. Returns what it was when the run began."""
    give_up = time.monotonic() + args.quiet_wait
    while args.quiet_below is not None and os.getloadavg()[0] >= args.quiet_below:
        if time.monotonic() >= give_up:
            print(f"not quiet after {args.quiet_wait:.0f} s: running anyway", flush=True)
            break
        await asyncio.sleep(10)
    return os.getloadavg()[0]


async def yardstick(args) -> float | None:
    """With --yardstick, the lean reference's classic games of two a second, measured now (in
    a process of its own, after the quiet wait and before the N's server work begins)."""
    if args.yardstick is None:
        return None
    found = await asyncio.create_subprocess_exec(
        sys.executable, str(args.yardstick), "3000", "2", stdout=asyncio.subprocess.PIPE
    )
    printed, _ = await found.communicate()
    figure = re.search(rb"games_per_s=([0-9.]+)", printed)
    return float(figure.group(1)) if figure else None


async def idle_table(args, mode: str, seconds: float) -> float:
    """Requests a minute from one table of four phones where nobody moves."""
    from asgiref.sync import sync_to_async

    from play.models import Game

    game = await sync_to_async(Game.start)("classic", [(n, "human") for n, _c in PEOPLE], seed=1)
    stats = Stats()
    table = Table(args.port, game, stats)
    for phone in table.phones:
        await phone.open()
    until = time.monotonic() + seconds + 2
    tasks = [asyncio.create_task(p.follow(mode, until)) for p in table.phones]
    await asyncio.sleep(2)  # the streams open (push); the first polls go out (poll)
    before = stats.counter.requests
    await asyncio.sleep(seconds)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return (stats.counter.requests - before) * 60 / seconds


async def finished_page(args, seconds: float) -> tuple[int, int]:
    """What the stream of a finished game's page sends: (events other than pings, bytes)."""
    from asgiref.sync import sync_to_async

    from play.models import Game

    def finished_game():
        game = Game.start("classic", [("Ann", "greedy"), ("Ben", "greedy")], seed=2, pace="instant")
        for _step in range(2000):  # the server's bots' player plays it too
            game.refresh_from_db()
            if game.finished:
                return game
            game.step_bots()
        raise RuntimeError("the bots did not finish the game")

    game = await sync_to_async(finished_game)()
    counter = Counter()
    events: list[str] = []
    path = f"/g/{game.code}/watch/events/?v={game.version}"
    task = asyncio.create_task(
        stream(
            args.port,
            path,
            "",
            lambda name, _i, _d: events.append(name),
            asyncio.Event(),
            counter,
        )
    )
    await asyncio.wait({task}, timeout=seconds)
    task.cancel()
    return len([e for e in events if e != "ping"]), counter.stream_bytes


def show(result: dict) -> None:
    print(
        f"{result['mode']:>4} {result['tables']:>4} tables {result['phones']:>5} phones | "
        f"moves {result['moves']:>5} | to the other phones p50 {result['seen_p50']:7.0f} "
        f"p95 {result['seen_p95']:7.0f} p99 {result['seen_p99']:7.0f} ms | "
        f"POST p50 {result['post_p50']:5.0f} p95 {result['post_p95']:6.0f} ms | "
        f"errors {result['errors']:>3} undelivered {result['undelivered']:>3} late "
        f"{result['late']:>3} shed {result['shed']:>4} | load before {result['load_before']:.2f} | "
        f"{result['server_cpu_ms_per_move']:.1f} ms server CPU a move "
        f"({result['loop_cpu_ms_per_move']:.1f} on the loops) | "
        f"campaign steps {result['campaign_steps']:>3} | "
        f"server CPU {result['server_cpu']:4.0f}% PostgreSQL {result['database_cpu']:3.0f}% "
        f"bench {result['bench_cpu']:4.0f}% | machine busy {result['machine_busy']:3.0f}% of "
        f"{os.cpu_count()} cores | load {result['load']:.2f}"
        + (
            f" | lean {result['lean_games_per_s']:.0f} games/s: "
            f"{result['tables_per_1000_lean']:.0f} tables per 1,000"
            if result["lean_games_per_s"]
            else ""
        ),
        flush=True,
    )
    for label, spent in result.get("where", {}).items():
        per_move, per_call = spent["ms_per_move"], spent["ms_per_call"]
        if not per_call:
            continue  # not called while measured (the pages opened before)
        print(f"        {per_move:5.2f} ms a move ({per_call:.2f} a call): {label}", flush=True)
    for note in result["notes"]:
        print(f"        {note}", flush=True)


def knee(results: list[dict], mode: str) -> int:
    held = [
        r["tables"]
        for r in results
        if r["mode"] == mode
        and r["seen_p95"] <= 250
        and r["errors"] == 0
        and r["undelivered"] == 0
        and r["moves"]
    ]
    return max(held, default=0)


async def run(args, server_pids: list[int]) -> list[dict]:
    results = []
    for mode, counts in (("push", args.tables), ("poll", args.poll_tables)):
        for count in counts:
            result = await phase(args, mode, count, server_pids)
            show(result)
            results.append(result)
            if args.jsonl:
                with args.jsonl.open("a") as lines:
                    lines.write(json.dumps(result) + "\n")
            if not args.every_n and (result["seen_p95"] > 4000 or result["errors"] > count):
                print(f"{mode}: past the knee by far, no larger N", flush=True)
                break
    print(
        f"knee (largest N with p95 <= 250 ms and no errors): push {knee(results, 'push')} "
        f"tables, poll {knee(results, 'poll')} tables",
        flush=True,
    )
    if not args.idle_seconds:
        return results
    for mode in ("push", "poll"):
        per_minute = await idle_table(args, mode, args.idle_seconds)
        print(f"an idle table of four phones, {mode}: {per_minute:.1f} requests a minute")
    events, size = await finished_page(args, args.idle_seconds)
    print(
        f"a finished game's page over {args.idle_seconds:.0f} s: {events} events besides pings, "
        f"{size} bytes"
    )
    return results


def counts(text: str) -> list[int]:
    return [int(n) for n in text.split(",") if n.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=counts, default=counts("5,50,100,150,200,250"))
    parser.add_argument("--poll-tables", type=counts, default=counts("5,25,50,75,100"))
    parser.add_argument(
        "--shape",
        choices=sorted(SHAPES),
        default="bench",
        help="bench: a move per table every 5 s on keep-alive connections, with campaigns; "
        "issue: every 2.5-7.5 s uniformly, each move's POST on a fresh connection, no campaigns",
    )
    parser.add_argument("--campaigns", type=int, help="beside the tables (default: the shape's)")
    parser.add_argument("--step-every", type=float, default=3.0)
    parser.add_argument("--seconds", type=float, default=30, help="measured, per N")
    parser.add_argument("--warmup", type=float, default=6, help="before measuring, per N")
    parser.add_argument("--idle-seconds", type=float, default=30)
    parser.add_argument("--port", type=int, default=8510)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument(
        "--by-table",
        action="store_true",
        help="--workers servers of one worker each, a pushed table's phones all on one of them "
        "(polled tables and campaigns go to the first)",
    )
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--jsonl", type=Path, help="append each N's result here as a JSON line")
    parser.add_argument("--drain", type=float, default=30, help="after the moves stop, at most")
    parser.add_argument(
        "--quiet-below", type=float, help="wait before each N until the load average is under"
    )
    parser.add_argument("--quiet-wait", type=float, default=600, help="at most, per N")
    parser.add_argument(
        "--yardstick",
        type=Path,
        help="the lean reference (bench/lean_classic.py): its games a second are "
        "measured before each N and written beside it",
    )
    parser.add_argument(
        "--every-n", action="store_true", help="go on past the knee (the whole curve)"
    )
    parser.add_argument(
        "--where",
        action="store_true",
        help="each stage's CPU a move under load (bench/where_live.py's timers in every worker)",
    )
    args = parser.parse_args()
    args.shape = SHAPES[args.shape]

    database_url = os.getenv("DATABASE_URL") or DEFAULT_DB
    if not database_url.startswith("postgres"):
        print("bench/live_load.py needs PostgreSQL (DATABASE_URL=postgres://...)", file=sys.stderr)
        return 2
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the server inherits it too
    ensure_database(database_url)
    setup_django(database_url)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # this process's own ORM calls
    random.seed(1)
    servers_text = f"{args.workers} workers"
    if args.by_table:
        servers_text = f"{args.workers} servers of one worker, by table"
    print(
        f"uvicorn, {servers_text}, PostgreSQL; shape {args.shape.name}: a move per table "
        f"every {args.shape.low:g}-{args.shape.high:g} s; {args.seconds:.0f} s measured per N; "
        "load before: "
        f"{os.getloadavg()[0]:.2f}",
        flush=True,
    )
    servers = start_servers(args, database_url)
    with contextlib.suppress(ImportError):  # the bench's own loop: as cheap as the server's
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    try:
        pids = [pid for server in servers for pid in process_tree(server.pid)]
        results = asyncio.run(run(args, pids))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
