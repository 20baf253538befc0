#!/usr/bin/env python3
"""docs/operations.md, followed literally on this machine (issue 27).

Takes the blocks of docs/operations.md marked `<!-- drill: NAME -->` and runs them as root, as a
self-hoster would on a fresh Debian machine: the service user, the local PostgreSQL, the app's
systemd service (its ExecStart, as its user, with its environment file: CI has no systemd, so
`systemctl` is a shell function that starts and stops that command), the health probe, nginx
serving the printed site, the nightly backup and cleanup, a restore, and the upgrade from the
previous release's database (.ci/releases/). Fails at the first printed command that fails.

It creates the user `machikoro`, its database and role, /srv/machikoro, /opt/machikoro and
/etc/systemd/system/machikoro*.service, and removes them all again at the end (and before it
starts, what an interrupted run left). So it runs only under CI=true or with --yes.

    python3 .ci/operations_drill.py [--yes] [--keep]
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import http.cookiejar
import importlib.util
import json
import os
import re
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "operations.md"
PREVIOUS_RELEASE = ROOT / ".ci" / "releases" / "v0.1.0.sql.gz"
USER = "machikoro"
HOME = Path("/srv/machikoro")
SOURCE = Path("/opt/machikoro")
UNITS = Path("/etc/systemd/system")
HOST = "games.example.org"
# A fresh Debian root shell: no pyenv, no virtual environment of the developers.
DEBIAN_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
STATE = Path(os.environ.get("DRILL_STATE") or tempfile.mkdtemp(prefix="operations-drill-"))
ADMIN_PASSWORD = "drill-" + os.urandom(8).hex()
METRICS_TOKEN = "drill-" + os.urandom(12).hex()


def say(text: str) -> None:
    print(f"\n== drill: {text}", flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


APP_PORT = free_port()
NGINX_HTTPS_PORT = free_port()
NGINX_HTTP_PORT = free_port()


# --- the guide's blocks ---------------------------------------------------------------------


def blocks() -> dict[str, str]:
    """Each marked block of the guide: `<!-- drill: NAME -->`, then its fenced code."""
    found = re.findall(
        r"<!-- drill: ([\w-]+) -->\s*\n\s*```\w*\n(.*?)\n\s*```", GUIDE.read_text(), re.S
    )
    named = {}
    for name, code in found:
        # a block indented in a list keeps its indentation in the file
        indent = min(len(line) - len(line.lstrip()) for line in code.splitlines() if line.strip())
        named[name] = "\n".join(line[indent:] for line in code.splitlines())
    wanted = {"install", "admin", "unit", "start", "upgrade", "nginx", "backup-unit", "restore"}
    wanted |= {
        "cleanup-unit",
        "backup-timer",
        "cleanup-timer",
        "cleanup-timer-on",
        "db-password",
        "db-tcp",
        "app-database",
        "app-unit-two",
        "upstream-two",
        "fetch",
        "backup-before-upgrade",
        "env",
        "setup",
        "mail",
    }
    missing = wanted - named.keys()
    if missing:
        sys.exit(f"drill: docs/operations.md lacks the blocks {sorted(missing)}")
    return named


def on_this_machine(code: str) -> str:
    """The only changes to what is printed: free ports instead of 8000 (and 443/80 for nginx)."""
    code = code.replace("127.0.0.1:8000", f"127.0.0.1:{APP_PORT}")
    return code.replace("--port 8000", f"--port {APP_PORT}")


SYSTEMCTL = f"""
# No systemd here: start and stop the unit's ExecStart the way systemd would.
systemctl() {{ {shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).resolve()))} \\
    --systemctl "$@"; }}
"""


def run_block(name: str, code: str, replacements: dict[str, str] | None = None) -> None:
    code = on_this_machine(code)
    for printed, here in (replacements or {}).items():
        assert printed in code, f"the {name} block no longer holds {printed!r}"
        code = code.replace(printed, here)
    say(f"docs/operations.md, block '{name}'")
    print(code, flush=True)
    script = STATE / f"{name}.sh"
    script.write_text("set -euo pipefail\n" + SYSTEMCTL + code + "\n")
    done = subprocess.run(["bash", str(script)], env=root_shell(), cwd="/root", timeout=1200)
    if done.returncode != 0:
        raise SystemExit(f"drill: block '{name}' failed (exit {done.returncode})")


def root_shell() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO", "PYENV", "VIRTUAL_ENV", "PYTHON", "DATABASE", "CONDA"))
        and k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "HTTPS", "LOG_FORMAT", "DATA_DIR"}
    }
    env.update(PATH=DEBIAN_PATH, HOME="/root", DRILL_STATE=str(STATE), DRILL_PORT=str(APP_PORT))
    # root reads this checkout with git whoever owns it (git refuses another owner's repository)
    env.update(GIT_CONFIG_COUNT="1", GIT_CONFIG_KEY_0="safe.directory", GIT_CONFIG_VALUE_0="*")
    return env


# --- systemctl, for a machine without systemd -------------------------------------------------


def unit(name: str) -> dict[str, str]:
    """The unit's fields, its drop-ins' (name.service.d/*.conf) after it: the last one wins."""
    files = [UNITS / f"{name}.service", *sorted((UNITS / f"{name}.service.d").glob("*.conf"))]
    text = "\n".join(path.read_text() for path in files).replace("\\\n", " ")
    return {k: v for k, v in re.findall(r"^(\w+)=(.*)$", text, re.M) if v}


def environment_file(path: str) -> dict[str, str]:
    return dict(
        line.split("=", 1)
        for line in Path(path).read_text().splitlines()
        if line.strip() and not line.startswith("#")
    )


def exec_start(name: str, *, wait: bool) -> subprocess.Popen | int:
    fields = unit(name)
    env = {"PATH": DEBIAN_PATH, "LANG": "C.UTF-8", "HOME": str(HOME)}
    env.update(environment_file(fields["EnvironmentFile"]))
    if "Environment" in fields:
        env.update([fields["Environment"].split("=", 1)])
    if "RuntimeDirectory" in fields:  # made afresh at each start, the service user's
        runtime = Path("/run") / fields["RuntimeDirectory"]
        shutil.rmtree(runtime, ignore_errors=True)
        runtime.mkdir(mode=0o755)
        shutil.chown(runtime, fields["User"], fields["User"])
    command = ["runuser", "-u", fields["User"], "--", "env", "-i"]
    command += [f"{k}={v}" for k, v in env.items()] + shlex.split(fields["ExecStart"])
    log = open(Path(os.environ["DRILL_STATE"]) / f"{name}.log", "a")  # noqa: SIM115
    if wait:
        done = subprocess.run(command, cwd=fields["WorkingDirectory"], timeout=600)
        return done.returncode
    return subprocess.Popen(
        command,
        cwd=fields["WorkingDirectory"],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def systemctl(arguments: list[str]) -> int:
    state = Path(os.environ["DRILL_STATE"])
    verb, names = arguments[0], [a for a in arguments[1:] if not a.startswith("--")]
    if verb in {"daemon-reload"}:
        return 0
    if verb == "enable" and "--now" not in arguments:
        return 0
    for name in names:
        name = name.removesuffix(".service")
        if name.endswith(".timer"):
            # a timer starts its service at its time: the drill runs it once, now
            if exec_start(name.removesuffix(".timer"), wait=True) != 0:
                return 1
            continue
        pid_file = state / f"{name}.pid"
        if verb in {"stop", "restart"} and pid_file.exists():
            stop_gracefully(int(pid_file.read_text()))
            pid_file.unlink()
        if verb in {"start", "restart", "enable"}:
            server = exec_start(name, wait=False)
            pid_file.write_text(str(server.pid))
            port = int(os.environ["DRILL_PORT"])
            if not wait_for_port(port, 60):
                print(f"systemctl: {name} did not listen on {port}", file=sys.stderr)
                print((state / f"{name}.log").read_text()[-3000:], file=sys.stderr)
                return 1
    return 0


def stop_gracefully(pid: int) -> None:
    """As systemd stops a service: SIGTERM to its process group, SIGKILL after 20 s."""
    try:
        os.killpg(pid, signal.SIGTERM)
        for _ in range(200):
            os.killpg(pid, 0)
            time.sleep(0.1)
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def wait_for_port(port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.2)
    return False


# --- checks of the drill's own (not printed commands) ---------------------------------------


def as_service_user(python: str) -> str:
    """Runs Django code as the service user with its settings; returns what it printed."""
    code = f"set -a; . ./env; venv/bin/machikoro shell -c {shlex.quote(python)}"
    done = subprocess.run(
        ["runuser", "-u", USER, "--", "sh", "-c", code],
        cwd=HOME,
        env=root_shell(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        raise SystemExit(f"drill: {python!r} failed:\n{done.stderr[-3000:]}")
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def count_campaigns() -> int:
    count = "from campaign.models import Campaign; print(Campaign.objects.count())"
    return int(as_service_user(count))


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"drill: {what}")
    print(f"   ok: {what}", flush=True)


def page_through_app(path: str) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{APP_PORT}{path}",
        headers={"Host": HOST, "X-Forwarded-Proto": "https"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def fetch_release(code: str) -> None:
    """The guide's `fetch` block: the release's commit, from a clone, into /opt/machikoro. Here
    the clone is this checkout and the release its newest commit (what is not committed is not
    drilled): the printed commit (0.1.0's) is the one thing replaced."""
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
        check=True, env=root_shell(),
    ).stdout.strip()  # fmt: skip
    printed = re.search(r"^RELEASE=(\w+)", code, re.M)[1]
    run_block(
        "fetch", code, {f"RELEASE={printed}": f"RELEASE={head}", "/root/machikoro": str(ROOT)}
    )
    version = subprocess.run(
        [sys.executable, "-c", "import tomllib,sys; print(tomllib.load(sys.stdin.buffer)"
         "['project']['version'])"],
        stdin=(SOURCE / "pyproject.toml").open("rb"), capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    expect(bool(version), f"/opt/machikoro holds {head}, version {version}")


def serve_through_nginx(site: str, *, then, sign_in: bool = True) -> None:
    """nginx -t on the printed site, then nginx serving it on free ports with a throwaway
    certificate, and a sign-in through it (CSRF's Origin check sees the port)."""
    nginx = shutil.which("nginx", path=DEBIAN_PATH)
    expect(nginx is not None, "nginx is installed")
    folder = STATE / "nginx"
    folder.mkdir(exist_ok=True)
    for path in (STATE, folder):
        path.chmod(0o755)  # nginx's workers keep their temporary files in it
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", f"/CN={HOST}", "-keyout", str(folder / "key.pem"),
         "-out", str(folder / "cert.pem")],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    site = on_this_machine(site)
    site = site.replace(f"/etc/letsencrypt/live/{HOST}/fullchain.pem", str(folder / "cert.pem"))
    site = site.replace(f"/etc/letsencrypt/live/{HOST}/privkey.pem", str(folder / "key.pem"))
    site = re.sub(r"\n\s*listen \[::\]:[^\n]*", "", site)  # IPv4 loopback only
    site = site.replace("listen 443 ", f"listen {NGINX_HTTPS_PORT} ")
    site = site.replace("listen 80;", f"listen {NGINX_HTTP_PORT};")
    site = re.sub(r"listen (\d+)", r"listen 127.0.0.1:\1", site)
    (folder / "machikoro.conf").write_text(site)
    (folder / "nginx.conf").write_text(
        f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log warn;\nevents {{}}\n"
        "http {\n    log_format upstreams '$msec $request $status $upstream_addr';\n"
        f"    access_log {folder}/access.log upstreams;\n    include {folder}/machikoro.conf;\n}}\n"
    )
    nginx_command = [nginx, "-p", str(folder), "-e", str(folder / "error.log")]
    nginx_command += ["-c", str(folder / "nginx.conf")]
    say("nginx -t on the printed site")
    subprocess.run([*nginx_command, "-t"], check=True, timeout=60)
    subprocess.run(nginx_command, check=True, timeout=60)
    try:
        if sign_in:
            check_sign_in_through_nginx()
        then()
    except BaseException:
        # what nginx and the servers said, for whoever reads a failed drill
        logs = (folder / "error.log", folder / "access.log", *sorted(STATE.glob("machikoro*.log")))
        for log in logs:
            if log.exists():
                # "no live upstreams" repeats each second: the lines before it tell why
                lines = [line for line in log.read_text().splitlines() if "no live" not in line]
                said = "\n".join(lines[-60:])
                print(f"--- the end of {log.name}:\n{said}", file=sys.stderr)
        raise
    finally:
        subprocess.run([*nginx_command, "-s", "stop"], timeout=60)


def nginx_opener() -> urllib.request.OpenerDirector:
    """A browser of sorts: https://games.example.org:PORT/ reaches nginx on loopback, with
    cookies, certificate unchecked (a throwaway one)."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    cookies = http.cookiejar.CookieJar()

    class ToLoopback(urllib.request.HTTPSHandler):
        def https_open(self, request):
            return self.do_open(
                lambda host, **kw: __import__("http.client").client.HTTPSConnection(
                    "127.0.0.1", NGINX_HTTPS_PORT, **kw
                ),
                request,
                context=context,
            )

    opener = urllib.request.build_opener(ToLoopback(), urllib.request.HTTPCookieProcessor(cookies))
    opener.addheaders = [("Accept-Language", "en")]
    return opener


def check_sign_in_through_nginx() -> None:
    say(f"through nginx at https://{HOST}:{NGINX_HTTPS_PORT}/ (a port other than 443)")
    origin = f"https://{HOST}:{NGINX_HTTPS_PORT}"
    opener = nginx_opener()
    login = f"{origin}/accounts/login/"
    with opener.open(login, timeout=30) as response:
        page = response.read().decode()
        expect("nginx/" not in (response.headers.get("Server") or ""), "nginx sends no version")
        expect(bool(response.headers.get("X-Request-ID")), "the answer carries its request id")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    form = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token, "username": "host", "password": ADMIN_PASSWORD}
    ).encode()
    request = urllib.request.Request(login, data=form, headers={"Origin": origin, "Referer": login})
    with opener.open(request, timeout=30) as response:
        landed = response.geturl()
    expect("/campaigns/" in landed, f"the host signs in through nginx on port {NGINX_HTTPS_PORT}")


def scrape_metrics(token: str) -> str:
    """/metrics/ as Prometheus asks for it on the machine: plain HTTP, any Host, a token."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{APP_PORT}/metrics/", headers={"Authorization": f"Bearer {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.read().decode()
    except urllib.error.HTTPError as error:
        return str(error.code)


def mail_sink():
    """A small SMTP server on loopback (tests/smtp_sink.py), keeping what it is sent."""
    spec = importlib.util.spec_from_file_location("smtp_sink", ROOT / "tests" / "smtp_sink.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["smtp_sink"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module.Sink().start()


def reset_password_by_mail(sink) -> None:
    """The log-in page's "forgotten password" as a person uses it, through nginx: the form, the
    mail, its link, a new password; then the account takes the new password."""
    opener = nginx_opener()
    origin = f"https://{HOST}:{NGINX_HTTPS_PORT}"

    def fetch(path: str, form: dict | None = None) -> tuple[str, str]:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        headers = {"Origin": origin, "Referer": origin + path}
        request = urllib.request.Request(origin + path, data=data, headers=headers)
        with opener.open(request, timeout=30) as response:
            return response.geturl().removeprefix(origin), response.read().decode()

    def token(page: str) -> str:
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]

    before = len(sink.messages)
    _at, page = fetch("/accounts/password/reset/")
    landed, _page = fetch(
        "/accounts/password/reset/",
        {"csrfmiddlewaretoken": token(page), "email": "host@example.org"},
    )
    expect(landed == "/accounts/password/reset/sent/", "the reset page says the mail was sent")
    deadline = time.monotonic() + 30
    while len(sink.messages) == before and time.monotonic() < deadline:
        time.sleep(0.1)
    expect(len(sink.messages) > before, "the reset mail reached the mail server")
    body = sink.messages[-1].get_body(("plain",)).get_content()
    link = re.search(rf"{re.escape(origin)}(/accounts/reset/\S+/)", body)
    expect(link is not None, "the mail holds a link to the site")
    at, page = fetch(link[1])  # Django moves the token out of the address, then shows the form
    new_password = "drill-new-" + os.urandom(6).hex()
    form = {"csrfmiddlewaretoken": token(page), "new_password1": new_password}
    landed, _page = fetch(at, {**form, "new_password2": new_password})
    expect(landed == "/accounts/reset/done/", "the link's form took a new password")
    checked = as_service_user(
        "from django.contrib.auth.models import User; "
        f"print(User.objects.get(username='host').check_password('{new_password}'))"
    )
    expect(checked == "True", "the account now takes the new password")


# --- a second app machine, on this one ------------------------------------------------------

PASSWORD_LINE_MARK = "# operations drill: the app's role by password over TCP (removed after)"
SECOND_PORT = free_port()


def hba_file() -> Path:
    shown = subprocess.run(
        ["runuser", "-u", "postgres", "--", "psql", "-tAc", "SHOW hba_file"],
        capture_output=True, text=True, check=True, cwd="/",
    )  # fmt: skip
    return Path(shown.stdout.strip())


def reload_postgresql() -> None:
    subprocess.run(
        ["runuser", "-u", "postgres", "--", "psql", "-qtAc", "SELECT pg_reload_conf()"],
        check=True, capture_output=True, cwd="/",
    )  # fmt: skip


def take_password_line(line: str) -> None:
    """The printed pg_hba line, first in this machine's pg_hba.conf (lines are read in order,
    and this machine's PostgreSQL trusts loopback further down): only the app's role, only its
    database."""
    path = hba_file()
    path.write_text(f"{PASSWORD_LINE_MARK}\n{line}\n" + path.read_text())
    reload_postgresql()


def forget_password_line() -> None:
    with contextlib.suppress(OSError, subprocess.CalledProcessError):
        path = hba_file()
        lines = path.read_text().splitlines(keepends=True)
        if lines and lines[0].rstrip("\n") == PASSWORD_LINE_MARK:
            path.write_text("".join(lines[2:]))
            reload_postgresql()


def connects(url: str) -> bool:
    done = subprocess.run(
        ["psql", url, "-qtAc", "SELECT 1"], capture_output=True, text=True, cwd="/", timeout=30
    )
    return done.returncode == 0 and done.stdout.strip() == "1"


def direct(port: int, method: str, path: str, cookies: dict, **form) -> tuple[int, str]:
    """A request straight to one app server, as nginx passes it on (Host, X-Forwarded-Proto)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Host": HOST, "X-Forwarded-Proto": "https", "Accept-Language": "en"}
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    body = None
    if form:
        body = urllib.parse.urlencode(form["fields"])
        headers.update(form["headers"])
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    for cookie in response.headers.get_all("Set-Cookie") or []:
        name, value = cookie.split(";", 1)[0].split("=", 1)
        cookies[name] = value
    text = response.read().decode()
    connection.close()
    return response.status, text


class Table:
    """A classic game of two people, moved by its seats' links: a roll, then a pass, by turns."""

    def __init__(self) -> None:
        made = as_service_user(
            "from play.models import Game; "
            "g = Game.start('classic', [('Ann', 'human'), ('Ben', 'human')], seed=5); "
            "print(g.code, g.key_for(0), g.key_for(1), g.version, g.load().active)"
        )
        code, key0, key1, version, active = made.split()
        self.code, self.keys = code, [key0, key1]
        self.version, self.active, self.rolled = int(version), int(active), False
        self.acknowledged: list[int] = []  # the versions the server said a move made

    def page(self, seat: int) -> str:
        return f"/g/{self.code}/{self.keys[seat]}/"

    def next_move(self) -> tuple[int, dict]:
        action = {"type": "pass"} if self.rolled else {"type": "roll", "dice": 1}
        return self.active, action

    def took(self, answer: str) -> None:
        self.version = int(re.search(r'data-version="(\d+)"', answer)[1])
        self.acknowledged.append(self.version)
        if self.rolled:
            self.active = 1 - self.active
        self.rolled = not self.rolled

    def move_direct(self, port: int) -> None:
        seat, action = self.next_move()
        cookies: dict = {}
        status, page = direct(port, "GET", self.page(seat), cookies)
        token = re.search(r'"X-CSRFToken": "([^"]+)"', page)[1]
        origin = f"https://{HOST}"
        status, answer = direct(
            port, "POST", self.page(seat) + "move/", cookies,
            fields={"version": self.version, "action": json.dumps(action)},
            headers={"X-CSRFToken": token, "HX-Request": "true", "Origin": origin,
                     "Referer": origin + self.page(seat)},
        )  # fmt: skip
        expect(status == 200, f"a move through the server on port {port} is taken")
        self.took(answer)

    def move_through_nginx(self, opener) -> int:
        """One move as a phone posts it through nginx; the status it got."""
        seat, action = self.next_move()
        origin = f"https://{HOST}:{NGINX_HTTPS_PORT}"
        with opener.open(origin + self.page(seat), timeout=30) as response:
            token = re.search(r'"X-CSRFToken": "([^"]+)"', response.read().decode())[1]
        form = urllib.parse.urlencode({"version": self.version, "action": json.dumps(action)})
        request = urllib.request.Request(
            origin + self.page(seat) + "move/", data=form.encode(),
            headers={"X-CSRFToken": token, "HX-Request": "true", "Origin": origin,
                     "Referer": origin + self.page(seat)},
        )  # fmt: skip
        try:
            with opener.open(request, timeout=30) as response:
                self.took(response.read().decode())
                return response.status
        except urllib.error.HTTPError as error:
            return error.code


class Stream(threading.Thread):
    """A page's stream of live updates read as a browser's EventSource reads it: the versions
    it was sent; cut, it asks again after its retry wait with the last version it got."""

    def __init__(self, ask, since: int, *, reconnect: bool) -> None:
        super().__init__(daemon=True)
        self.ask, self.last, self.reconnect = ask, str(since), reconnect
        self.versions: list[int] = []
        self.cuts = 0
        self.start()

    def run(self) -> None:
        while True:
            try:
                response = self.ask(self.last)
                while line := response.readline():
                    if line.startswith(b"id: "):
                        self.last = line[4:].decode().strip()
                        self.versions.append(int(self.last))
            except (OSError, http.client.HTTPException):
                pass
            self.cuts += 1
            if not self.reconnect:
                return
            time.sleep(1)  # the stream's `retry:` (1 s)

    def saw(self, version: int, seconds: float = 20) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if version in self.versions:
                return True
            time.sleep(0.1)
        return False


def stream_direct(port: int, path: str):
    def ask(last: str):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request(
            "GET", f"{path}events/?v={last}",
            headers={"Host": HOST, "X-Forwarded-Proto": "https", "Last-Event-ID": last},
        )  # fmt: skip
        return connection.getresponse()

    return ask


def stream_through_nginx(path: str):
    def ask(last: str):
        url = f"https://{HOST}:{NGINX_HTTPS_PORT}{path}events/?v={last}"
        return nginx_opener().open(
            urllib.request.Request(url, headers={"Last-Event-ID": last}), timeout=60
        )

    return ask


def start_second_server() -> None:
    server = exec_start("machikoro-second", wait=False)
    (STATE / "machikoro-second.pid").write_text(str(server.pid))
    expect(wait_for_port(SECOND_PORT, 60), f"the second server listens on {SECOND_PORT}")


def open_phone(path: str) -> subprocess.Popen | None:
    """A game's page in Chromium through nginx (.ci/drill_phone.py, with the developers'
    Playwright); CI has both, elsewhere the drill goes on without it and says so."""
    python = ROOT / ".venv" / "bin" / "python"
    usable = python.exists() and Path("/usr/bin/chromium").exists()
    if not usable:
        expect(os.environ.get("CI") != "true", "CI has Chromium and the developers' Playwright")
        say("no Chromium or no .venv with Playwright here: no phone's page in a browser")
        return None
    phone = subprocess.Popen(
        [str(python), str(ROOT / ".ci" / "drill_phone.py"),
         f"https://{HOST}:{NGINX_HTTPS_PORT}{path}", HOST],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd="/tmp",
    )  # fmt: skip
    opened = phone.stdout.readline().strip()
    expect(opened.startswith("open "), f"a phone's page is open in Chromium ({opened})")
    return phone


def grow_to_a_second_machine(guide: dict[str, str]) -> None:
    """docs/operations.md's "A second app machine" on this one machine: the database by
    password over TCP (loopback, so without TLS), two app servers on two ports behind one nginx
    upstream; a move through one reaches a page held by the other, and stopping one loses no
    move while its pages reconnect through nginx to the other."""
    say("a second app machine: PostgreSQL over TCP with a password, two servers, one upstream")
    password = "drill-" + os.urandom(12).hex()
    made = "PASSWORD=$(python3 -c 'import secrets; print(secrets.token_urlsafe(24))')"
    run_block("db-password", guide["db-password"], {made: f"PASSWORD={password}"})
    # db-tcp is not run: this machine's one PostgreSQL serves others too (no restart, no new
    # listen address). Its pg_hba line, for loopback and without TLS, goes first instead.
    (line, *_more) = re.findall(r"^hostssl .*$", guide["db-tcp"], re.M)
    take_password_line(re.sub(r"10\.0\.0\.\d+/32", "127.0.0.1/32", line).replace("hostssl", "host"))
    tcp = "postgres://machikoro:{}@127.0.0.1:5432/machikoro?sslmode=disable"
    expect(not connects(tcp.format("a-wrong-password")), "a wrong password is refused over TCP")
    expect(connects(tcp.format(password)), "the role's password opens the database over TCP")
    run_block(
        "app-database",
        guide["app-database"],
        {
            "PASSWORD='the database password printed on 10.0.0.10'": f"PASSWORD='{password}'",
            "@10.0.0.10:": "@127.0.0.1:",
            "sslmode=require": "sslmode=disable",
        },
    )
    expect(
        "@127.0.0.1:5432/" in (HOME / "env").read_text(),
        "the settings name the database's TCP address",
    )

    # the first machine: the printed drop-in; the second: the same unit on a port of its own
    drop_in = guide["app-unit-two"].replace("10.0.0.11", "127.0.0.1")
    write_unit(drop_in)
    systemctl(["daemon-reload"])
    systemctl(["restart", "machikoro"])
    second = UNITS / "machikoro-second.service"
    second.write_text(
        (UNITS / "machikoro.service").read_text()
        .replace("RuntimeDirectory=machikoro", "RuntimeDirectory=machikoro-second")
        .replace("=/run/machikoro", "=/run/machikoro-second")
    )  # fmt: skip
    (UNITS / "machikoro-second.service.d").mkdir(exist_ok=True)
    (UNITS / "machikoro-second.service.d" / "two-machines.conf").write_text(
        on_this_machine(drop_in).replace(f"--port {APP_PORT}", f"--port {SECOND_PORT}")
    )
    start_second_server()
    for port in (APP_PORT, SECOND_PORT):
        expect(direct(port, "GET", "/health/", {})[0] == 200, f"/health/ on {port}: ok")

    table = Table()
    say("a move through one server reaches a page held by the other")
    for mover, holder in ((APP_PORT, SECOND_PORT), (SECOND_PORT, APP_PORT)):
        page = Stream(stream_direct(holder, table.page(1)), table.version, reconnect=False)
        time.sleep(1)
        table.move_direct(mover)
        expect(page.saw(table.version), f"moved through {mover}, seen by a page held by {holder}")

    upstream = guide["upstream-two"]
    upstream = upstream.replace("10.0.0.11:8000", f"127.0.0.1:{APP_PORT}")
    upstream = upstream.replace("10.0.0.12:8000", f"127.0.0.1:{SECOND_PORT}")
    # both upstreams (the pages', the streams') as the two-machine section prints them
    site = re.sub(
        r"upstream machikoro \{.*?upstream machikoro_streams \{.*?\n\}",
        upstream, guide["nginx"], count=1, flags=re.S,
    )  # fmt: skip
    expect(f"127.0.0.1:{SECOND_PORT}" in site, "the site's upstream names both servers")

    phones: list[subprocess.Popen] = []

    def stop_one_server() -> None:
        say("a phone's page in Chromium, its stream held by the first server alone")
        stop_gracefully(int((STATE / "machikoro-second.pid").read_text()))
        phone = open_phone(table.page(1))
        phones.extend([phone] if phone is not None else [])
        start_second_server()
        # nginx tried the second server while it was down and leaves it out for fail_timeout
        # (10 s): stopping the first within that time would leave nginx no server (502), as
        # the guide warns of restarts too close together
        time.sleep(11)
        say("through nginx: four pages held open, one server stopped, the moves go on")
        opener = nginx_opener()
        pages = [
            Stream(stream_through_nginx(table.page(seat % 2)), table.version, reconnect=True)
            for seat in range(4)  # nginx takes turns: two pages on each server
        ]
        time.sleep(2)
        expect(table.move_through_nginx(opener) == 200, "a move through nginx")
        expect(all(page.saw(table.version) for page in pages), "every page saw it")
        systemctl(["stop", "machikoro"])  # the first server, gracefully, as systemd stops it
        answers = [table.move_through_nginx(opener) for _ in range(6)]
        expect(answers == [200] * 6, f"six moves through nginx while one server is down: {answers}")
        expect(
            all(page.saw(table.version, 30) for page in pages),
            "every page saw the last of them, those of the stopped server through the other",
        )
        cut = sum(1 for page in pages if page.cuts)
        expect(cut >= 1, f"{cut} of 4 pages lost their server and reconnected through nginx")
        if phone is not None:
            phone.stdin.write(f"{table.version}\n")
            phone.stdin.flush()
            said = phone.stdout.readline().strip()
            phone.stdin.close()
            phone.wait(timeout=60)
            expect(
                said == f"saw {table.version}",
                f"the phone's page, whose server was stopped, shows the last move: {said}",
            )

    try:
        serve_through_nginx(site, then=stop_one_server, sign_in=False)
    finally:
        for phone in phones:
            if phone.poll() is None:
                phone.kill()  # Chromium goes with it: its pipe to Playwright closes
    stored = as_service_user(
        "from play.models import Game; "
        f"g = Game.objects.get(code='{table.code}'); "
        "print(g.version, g.actions.count(), g.replays_to_stored_state())"
    )
    version, count, replays = stored.split()
    expect(
        int(version) == table.acknowledged[-1] and replays == "True",
        f"no move lost: {len(table.acknowledged)} moves acknowledged, the game at version "
        f"{version} ({count} in its log), replaying to its state",
    )
    # its workers gone before the user is removed
    stop_gracefully(int((STATE / "machikoro-second.pid").read_text()))
    (STATE / "machikoro-second.pid").unlink()
    forget_password_line()


# --- the drill ------------------------------------------------------------------------------


def remove_everything() -> None:
    """What this drill makes, and what an interrupted run left."""
    for pid_file in STATE.glob("*.pid"):
        with contextlib.suppress(ValueError):
            stop_gracefully(int(pid_file.read_text()))
    psql = ["runuser", "-u", "postgres", "--"]
    subprocess.run([*psql, "dropdb", "--if-exists", "--force", USER], capture_output=True)
    subprocess.run([*psql, "dropuser", "--if-exists", USER], capture_output=True)
    subprocess.run(["userdel", USER], capture_output=True)
    shutil.rmtree(HOME, ignore_errors=True)
    shutil.rmtree(SOURCE, ignore_errors=True)
    shutil.rmtree("/run/machikoro", ignore_errors=True)
    for path in [*UNITS.glob("machikoro*.service"), *UNITS.glob("machikoro*.timer")]:
        path.unlink()
    for folder in UNITS.glob("machikoro*.service.d"):
        shutil.rmtree(folder)
    shutil.rmtree("/run/machikoro-second", ignore_errors=True)
    forget_password_line()


def write_unit(code: str) -> None:
    path = code.splitlines()[0].removeprefix("# ").strip()
    expect(path.startswith(str(UNITS)), f"the unit says where it goes: {path}")
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(on_this_machine(code))


def drill() -> None:
    guide = blocks()
    started = time.monotonic()

    fetch_release(guide["fetch"])
    run_block("install", guide["install"])
    sink = mail_sink()
    # the settings file as printed; two lines changed: mail goes to the drill's own server, and
    # /metrics/ is on
    run_block(
        "env",
        guide["env"],
        {
            "\nEMAIL_URL=\n": f"\nEMAIL_URL=smtp://127.0.0.1:{sink.port}\n",
            "\n#METRICS_TOKEN=\n": f"\nMETRICS_TOKEN={METRICS_TOKEN}\n",
        },
    )
    run_block("setup", guide["setup"])
    run_block(
        "admin",
        guide["admin"],
        {
            "venv/bin/machikoro createsuperuser'": (
                f"DJANGO_SUPERUSER_PASSWORD={ADMIN_PASSWORD} venv/bin/machikoro createsuperuser"
                " --noinput --username host --email host@example.org'"
            )
        },
    )
    for name in ("unit", "backup-unit", "cleanup-unit"):
        write_unit(guide[name])
    run_block("start", guide["start"])
    expect(page_through_app("/") == 200, "the home page answers for the site's host")
    expect(page_through_app("/") == 200, "and again (a second worker)")
    scraped = scrape_metrics(METRICS_TOKEN)
    expect('machikoro_requests_total{status="200"}' in scraped, "/metrics/ counts the pages")
    expect(scrape_metrics("a wrong token") == "403", "/metrics/ refuses a wrong token")

    def mail() -> None:
        say("mail: the guide's test e-mail, then a password reset followed by its link")
        run_block("mail", guide["mail"])
        expect(sink.wait_for_message(30)["To"] == "host@example.org", "the test e-mail arrived")
        reset_password_by_mail(sink)

    serve_through_nginx(guide["nginx"], then=mail)

    say("a campaign and a game to back up (the drill's own)")
    as_service_user(
        "from django.contrib.auth.models import User; from campaign import flow; "
        "from play.models import Game; "
        "mayors = [flow.NewMayor('Ann', 'Annville', 'teal', 'human'), "
        "flow.NewMayor('Ben', 'Benville', 'yellow', 'human')]; "
        "flow.create_campaign('Drill', mayors, owner=User.objects.get(username='host')); "
        "Game.start('classic', [('Ann', 'human'), ('Ben', 'human')], seed=1)"
    )
    expect(count_campaigns() == 1, "one campaign")

    say("the nightly backup: the timer's service, its ExecStart as its user")
    # (no systemd: enabling the timer runs its service once, now)
    run_block("backup-timer", guide["backup-timer"])
    (written,) = (HOME / "data" / "backups").glob("machikoro-*.dump")
    expect(written.stat().st_size > 10_000, f"a backup of {written.stat().st_size:,} bytes")
    write_unit(guide["cleanup-timer"])
    run_block("cleanup-timer-on", guide["cleanup-timer-on"])  # runs the cleanup once, now
    expect(count_campaigns() == 1, "the cleanup removed no campaign")

    as_service_user("from campaign.models import Campaign; Campaign.objects.all().delete()")
    expect(count_campaigns() == 0, "the campaign is gone")
    printed_name = re.search(r"data/backups/(machikoro-\S+\.dump)", guide["restore"])[1]
    run_block("restore", guide["restore"], {printed_name: written.name})
    expect(count_campaigns() == 1, "the restore brought the campaign back")

    say("upgrade from the previous release's database (0.1.0, .ci/releases/)")
    systemctl(["stop", "machikoro"])
    psql = ["runuser", "-u", "postgres", "--"]
    subprocess.run([*psql, "dropdb", "--force", USER], check=True)
    subprocess.run([*psql, "createdb", "--owner", USER, USER], check=True)
    dump = gzip.decompress(PREVIOUS_RELEASE.read_bytes())
    subprocess.run(
        ["runuser", "-u", USER, "--", "psql", "-q", "-v", "ON_ERROR_STOP=1", "-d", USER],
        input=dump, check=True, capture_output=True, cwd="/",
    )  # fmt: skip
    expect(count_campaigns() == 1, "the 0.1.0 database holds its campaign")
    systemctl(["start", "machikoro"])  # the old release's database under the new code
    run_block("backup-before-upgrade", guide["backup-before-upgrade"])
    expect((HOME / "before-0.2.0.dump").stat().st_size > 10_000, "0.1.0's database, dumped")
    fetch_release(guide["fetch"])  # the new release's commit into /opt/machikoro
    run_block("upgrade", guide["upgrade"])
    table = as_service_user(
        "from campaign.models import Campaign; print(Campaign.objects.get().table_secret)"
    )
    expect(page_through_app(f"/c/{table}/") == 200, "the 0.1.0 campaign's table page opens")
    games = as_service_user(
        "from play.models import Game; "
        "print(all(g.replays_to_stored_state() for g in Game.objects.all()))"
    )
    expect(games == "True", "every 0.1.0 game replays to its stored state")

    grow_to_a_second_machine(guide)
    say(f"done in {time.monotonic() - started:.0f} s")


def main() -> int:
    if sys.argv[1:2] == ["--systemctl"]:
        return systemctl(sys.argv[2:])
    if os.environ.get("CI") != "true" and "--yes" not in sys.argv:
        sys.exit(__doc__)
    if os.geteuid() != 0:
        sys.exit("drill: run as root (it makes a service user, as the guide does)")
    os.environ.update(DRILL_STATE=str(STATE), DRILL_PORT=str(APP_PORT))
    remove_everything()
    try:
        drill()
    finally:
        if "--keep" not in sys.argv:
            remove_everything()
            shutil.rmtree(STATE, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
