"""Issue 35's table tried again from outside: uvicorn with two workers on PostgreSQL, every row sent
over HTTP to 127.0.0.1 as an attacker would, with each answer's status and time, and the workers'
memory before and after. Prints one JSON line a row and a summary; exits non-zero when a row
answers 5xx, takes longer than its limit, or leaves a worker grown by more than 100 MB.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME \
        .venv/bin/python bench/issue35_from_outside.py

It drops and makes that database anew (sign-ups are counted in it for an hour), makes two
accounts in it, and leaves it. Loopback only: a second visitor connects from 127.0.0.2.
"""

from __future__ import annotations

import functools
import http.client
import http.cookiejar
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "tests" / "deck" / "tutorial_deck"
PYTHON = sys.executable
PASSWORD = "a long pass phrase for issue 35"
ROW_LIMIT_S = 10.0
GROWTH_LIMIT_MB = 100


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Visitor:
    """A browser of its own: cookies, CSRF tokens, multipart forms; `source`, the loopback
    address it connects from (another visitor's connection)."""

    def __init__(self, base: str, source: str = "127.0.0.1"):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect(), _From(source)
        )

    def get(self, path: str) -> tuple[int, str, float]:
        return self._send(urllib.request.Request(self.base + path))

    def post(self, path: str, fields: dict, files: list[tuple[str, str, bytes]] = ()):
        token = self._token(path)
        fields = {**fields, "csrfmiddlewaretoken": token}
        boundary = uuid.uuid4().hex
        body = io.BytesIO()
        for name, value in fields.items():
            body.write(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                f"{value}\r\n".encode()
            )
        for name, filename, content in files:
            body.write(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
            )
            body.write(content + b"\r\n")
        body.write(f"--{boundary}--\r\n".encode())
        request = urllib.request.Request(
            self.base + path,
            data=body.getvalue(),
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "Referer": self.base + path,
            },
        )
        return self._send(request)

    def _token(self, path: str) -> str:
        _, page, _ = self.get(path)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if found:
            return found[1]
        # a path that answers only POST (a delete): the cookie's own secret, as a script may
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def _send(self, request) -> tuple[int, str, float]:
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=120) as response:
                status, text = response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode("utf-8", "replace")
        return status, text, time.perf_counter() - start

    def log_in(self, name: str) -> None:
        status, _, _ = self.post("/accounts/login/", {"username": name, "password": PASSWORD})
        assert status == 302, f"log-in of {name}: {status}"


class _From(urllib.request.HTTPHandler):
    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def http_open(self, request):
        return self.do_open(
            functools.partial(http.client.HTTPConnection, source_address=(self.source, 0)),
            request,
        )


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_302(self, request, response, code, message, headers):
        return response


def _deck_files(**replace) -> list[tuple[str, str, bytes]]:
    files = []
    for name in ("components", "deck", "boxes"):
        text = (TUTORIAL / f"{name}.toml").read_text(encoding="utf-8")
        for old, new in replace.get(name, ()):
            text = text.replace(old, new, 1)
        files.append(("files", f"{name}.toml", text.encode()))
    return files


def _damaged_zip(method: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        archive.writestr("deck.toml", "story = 'the quick brown fox'\n" * 400)
    data = bytearray(buffer.getvalue())
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).infolist()[0]
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    for index in range(start + 4, start + info.compress_size - 4):
        data[index] = 0xFF
    return bytes(data)


def _huge_card_import() -> str:
    """A game whose setup's card table pays 10**18: issue 35's 3.7 KB import."""
    sys.path.insert(0, str(ROOT))
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "legacy_table", ROOT / "tests" / "engine" / "legacy" / "conftest.py"
    )
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    setup = json.loads(json.dumps(table.base_setup(2)))
    setup["project_defs"][0]["effect"]["amount"] = 10**18
    return json.dumps({"format": 1, "setup": setup, "actions": []})


def _uvicorn(port: int, env: dict, workers: int = 1) -> subprocess.Popen:
    """The app served on 127.0.0.1:`port` as the guide serves it, in a session of its own."""
    command = [PYTHON, "-m", "uvicorn", "machikoro.asgi:application", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--workers", str(workers), "--lifespan", "on"]
    command += ["--log-level", "warning"]
    return subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, stderr=subprocess.DEVNULL
    )


def _rss_mb(pids: list[int]) -> dict[int, float]:
    sizes = {}
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    sizes[pid] = int(line.split()[1]) / 1024
        except FileNotFoundError:
            pass
    return sizes


def _workers(parent: int) -> list[int]:
    children = Path(f"/proc/{parent}/task/{parent}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


def main() -> int:
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "issue-35-" + "x" * 50}
    env.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/issue35_outside")
    port = _free_port()
    env["ALLOWED_HOSTS"] = "127.0.0.1"
    name = urllib.parse.urlsplit(env["DATABASE_URL"]).path.lstrip("/")
    for command in (["dropdb", "--if-exists", name], ["createdb", name]):
        subprocess.run(
            [*command[:1], "-h", "127.0.0.1", "-U", "postgres", *command[1:]], check=True
        )
    subprocess.run([PYTHON, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [PYTHON, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    make = (
        "from django.contrib.auth.models import User\n"
        "for name in ('ann35', 'ben35'):\n"
        "    if not User.objects.filter(username=name).exists():\n"
        f"        User.objects.create_user(name, password={PASSWORD!r})\n"
    )
    subprocess.run([PYTHON, "manage.py", "shell", "-c", make], cwd=ROOT, env=env, check=True)
    server = _uvicorn(port, env, workers=2)
    base = f"http://127.0.0.1:{port}"
    rows = []
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/health/", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.2)
        workers = _workers(server.pid)
        before = _rss_mb(workers)
        ann, ben, stranger = Visitor(base), Visitor(base), Visitor(base)
        ann.log_in("ann35")
        ben.log_in("ben35")

        def row(what: str, answer, expect: int, text=None, limit=ROW_LIMIT_S) -> None:
            status, page, seconds = answer
            ok = status == expect and seconds < limit and (text is None or text in page)
            rows.append({"row": what, "status": status, "seconds": round(seconds, 3), "ok": ok})
            print(json.dumps(rows[-1]), flush=True)

        row(
            "anonymous import, a card paying 10**18",
            stranger.post("/import/", {"text": _huge_card_import()}),
            400,
            "must be a whole number from 0 to 999",
        )
        row(
            "a deck whose income card pays 10**18",
            ann.post(
                "/campaigns/decks/",
                {},
                _deck_files(
                    components=[
                        (
                            'effect = { kind = "bank", amount = 1 }',
                            f'effect = {{ kind = "bank", amount = {10**18} }}',
                        )
                    ]
                ),
            ),
            400,
            "effect.amount must be a whole number from 0 to 999",
        )
        for depth in (1_000, 20_000):
            key = "a" + ".a" * (depth - 1)
            for form, text in (("dotted key", f"{key} = 1\n"), ("table name", f"[{key}]\n")):
                row(
                    f"a deck with a {form} {depth:,} deep",
                    ann.post("/campaigns/decks/", {}, _deck_files(deck=[("", text)])),
                    400,
                    "more than 4 parts",
                )
        for method, name in (
            (zipfile.ZIP_DEFLATED, "deflate"),
            (zipfile.ZIP_BZIP2, "bzip2"),
            (zipfile.ZIP_LZMA, "lzma"),
        ):
            row(
                f"a zip whose {name} stream is damaged",
                ann.post("/campaigns/decks/", {}, [("files", "deck.zip", _damaged_zip(method))]),
                400,
                "cannot be unpacked",
            )
        many = io.BytesIO()
        with zipfile.ZipFile(many, "w") as archive:
            for number in range(21):
                archive.writestr(f"f{number}.txt", "x")
        row(
            "an upload with too many entries",
            ann.post("/campaigns/decks/", {}, [("files", "many.zip", many.getvalue())]),
            400,
            "more than 20 files",
        )
        _sign_up_rows(base, row)
        _name_rows(ann, row)
        _words_row(ann, ben, row)
        _race_row(ann, base, row)
        tables = set(re.findall(r'href="(/c/[A-Za-z0-9_-]{20,}/)"', ann.get("/campaigns/")[1]))
        answers = [ann.get(table) for table in sorted(tables)]
        stuck = [a for a in answers if a[0] != 200]
        row(
            f"every campaign's table page after the races ({len(answers)})",
            (409 if stuck else 200, "", max((a[2] for a in answers), default=0.0)),
            200,
        )
        after = _rss_mb(workers)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    _health_row(env, row)
    growth = {pid: round(after.get(pid, 0) - size, 1) for pid, size in before.items()}
    summary = {
        "rows": len(rows),
        "failed": [r["row"] for r in rows if not r["ok"]],
        "worker_rss_mb_before": {p: round(s, 1) for p, s in before.items()},
        "worker_growth_mb": growth,
    }
    print(json.dumps(summary))
    too_much = any(value > GROWTH_LIMIT_MB for value in growth.values())
    return 1 if summary["failed"] or too_much else 0


def _sign_up_rows(base: str, row) -> None:
    """Ten sign-ups from one address close sign-up for that address, not for another."""
    first = Visitor(base)
    answers = [
        first.post(
            "/accounts/signup/",
            {"username": f"many{n}", "password1": PASSWORD, "password2": PASSWORD},
        )
        for n in range(10)
    ]
    statuses = [a[0] for a in answers]
    row(
        "ten sign-ups from one address: three taken, then refused",
        (429 if statuses == [302] * 3 + [429] * 7 else statuses[-1], answers[-1][1], 0.0),
        429,
        "connection",
    )
    other = Visitor(base, source="127.0.0.2")
    row(
        "a sign-up from another address after them",
        other.post(
            "/accounts/signup/",
            {"username": "another", "password1": PASSWORD, "password2": PASSWORD},
        ),
        302,
    )


def _name_rows(ann: Visitor, row) -> None:
    """Names nobody can see or tell apart are refused with a sentence."""
    for what, first, second in (
        ("a Hangul filler alone", "\u3164", "Ben"),
        ("a Braille blank alone", "\u2800", "Ben"),
        ("a right-to-left override", "Ann\u202e", "Ben"),
        ("tag characters", "Ann\U000e0041", "Ben"),
        ("'Bеn' (Cyrillic е) beside 'Ben'", "B\u0435n", "Ben"),
        ("fifty accents on a letter", "A" + "\u0301" * 50, "Ben"),
    ):
        fields = {
            **_new_campaign_fields("shipped:seven_winds_bay"),
            "m1_name": first,
            "m2_name": second,
            "m1_colour": "teal",
            "m2_colour": "yellow",
        }
        row(f"a mayor named with {what}", ann.post("/campaigns/new/", fields), 400)


def _health_row(env: dict, row) -> None:
    """/health/ with a database that takes the connection and never answers."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        dead = silent.getsockname()[1]
        port = _free_port()
        server = _uvicorn(
            port, {**env, "DATABASE_URL": f"postgres://postgres@127.0.0.1:{dead}/none"}
        )
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.2)
            answer = Visitor(f"http://127.0.0.1:{port}").get("/health/")
            row("/health/ with the database not answering, within 2 s", answer, 503, limit=2.0)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)


def _deck_key(page: str) -> str | None:
    found = re.search(r'value="(added:\d+)"', page)
    return found[1] if found else None


def _new_campaign_fields(deck_key: str) -> dict:
    return {
        "name": "",
        "deck": deck_key,
        "m1_name": "Ann",
        "m1_city": "Annville",
        "m1_colour": "yellow",
        "m1_kind": "greedy",
        "m2_name": "Ben",
        "m2_city": "Benton",
        "m2_colour": "orange",
        "m2_kind": "greedy",
    }


def _words_row(ann: Visitor, ben: Visitor, row) -> None:
    """B adds A's deck (same id and structure) in its own words; A's campaign keeps A's."""
    ann.post("/campaigns/decks/", {}, _deck_files())
    key = _deck_key(ann.get("/campaigns/new/")[1])
    status, _, _ = ann.post("/campaigns/new/", _new_campaign_fields(key))
    theirs = "Welcome, strangers who took this deck!"
    ben.post("/campaigns/decks/", {}, _deck_files(deck=[("Welcome, keepers!", theirs)]))
    pk = key.split(":")[1]
    row(
        "A deletes the deck its campaign is on", ann.post(f"/campaigns/decks/{pk}/delete/", {}), 302
    )
    mine = ann.get("/campaigns/")[1]
    table = re.search(r'href="(/c/[A-Za-z0-9_-]{20,}/)"', mine)
    answer = ann.get(table[1] + "read/1/") if table else (0, "", 0.0)
    if theirs in answer[1]:
        answer = (409, answer[1], answer[2])  # B's words on A's page: the row fails
    row("A's campaign reads A's words after B's copy", answer, 200, "Welcome, keepers!")


def _race_row(ann: Visitor, base: str, row) -> None:
    """One delete while seven begin campaigns on the deck, three rounds."""
    for round_ in range(3):
        ann.post(
            "/campaigns/decks/",
            {},
            _deck_files(deck=[("Welcome, keepers!", f"Welcome, keepers of round {round_}!")]),
        )
        page = ann.get("/campaigns/new/")[1]
        keys = re.findall(r'value="(added:\d+)"', page)
        key = keys[0]
        clients = []
        for _ in range(8):
            visitor = Visitor(base)
            visitor.log_in("ann35")
            clients.append(visitor)
        tokens = [visitor._token("/campaigns/new/") for visitor in clients]
        answers = _together(clients, tokens, key)
        statuses = [a[0] if a else None for a in answers]
        worst = max((a[2] for a in answers if a), default=0.0)
        ok_status = statuses[0] == 302 and all(s in (302, 400) for s in statuses[1:])
        row(
            f"delete while seven begin campaigns, round {round_ + 1}",
            (302 if ok_status else max(s or 0 for s in statuses), "", worst),
            302,
        )


def _together(clients: list[Visitor], tokens: list[str], key: str) -> list:
    """The first client deletes the deck `key`, the others begin a campaign on it, at once."""
    answers: list = [None] * len(clients)
    barrier = threading.Barrier(len(clients))
    pk = key.split(":")[1]

    def press(index: int) -> None:
        visitor = clients[index]
        visitor._token = lambda path: tokens[index]  # fetched before the barrier
        barrier.wait()
        if index == 0:
            answers[index] = visitor.post(f"/campaigns/decks/{pk}/delete/", {})
        else:
            answers[index] = visitor.post("/campaigns/new/", _new_campaign_fields(key))

    threads = [threading.Thread(target=press, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


if __name__ == "__main__":
    sys.exit(main())
