#!/usr/bin/env python3
"""Developer entry point, standard library only.

    python3 dev.py serve [ADDR]     # venv, install, migrate, serve the home network on port 8000
    python3 dev.py serve --dev      # the same with DEBUG on and reloading on code changes

`serve` runs uvicorn, an ASGI server for production use (pages hold a stream of live updates
open, which Django's development server cannot serve); WEB_CONCURRENCY=N runs N processes, which
needs PostgreSQL (DATABASE_URL): with SQLite the pushes stay inside one process.
    python3 dev.py test [args...]   # venv, install, pytest with the given arguments
    python3 dev.py bootstrap        # only create/refresh .venv (used by .ci/run)

The virtual environment lives in .venv. It installs the exact versions of requirements/dev.txt
(the developers' lock, checked against their hashes; requirements/run.txt is production's), then
the project itself without dependencies; again whenever pyproject.toml or the lock changes
(their hash is kept in .venv/.pyproject.sha256). Refreshing the locks needs uv; see the README.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".pyproject.sha256"
PYPROJECT = ROOT / "pyproject.toml"
LOCK = ROOT / "requirements" / "dev.txt"
PYTEST_NO_TESTS = 5


def fail(message: str) -> None:
    print(f"dev.py: {message}", file=sys.stderr)
    raise SystemExit(1)


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def venv_bin(name: str) -> Path:
    return venv_python().parent / name


def _run(cmd: list[str | os.PathLike[str]], **kwargs) -> int:
    return subprocess.call([str(c) for c in cmd], cwd=ROOT, **kwargs)


def ensure_venv() -> Path:
    """Create .venv if needed and (re)install the project when pyproject.toml changed."""
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may be started by an older python3
        fail(f"Python 3.11 or newer is needed, this is {sys.version.split()[0]}.")
    python = venv_python()
    if not python.exists():
        print(f"dev.py: creating virtual environment in {VENV}", flush=True)
        result = subprocess.run(
            [sys.executable, "-m", "venv", str(VENV)], capture_output=True, text=True
        )
        if result.returncode != 0 or not python.exists():
            sys.stderr.write(result.stdout + result.stderr)
            fail(
                "could not create the virtual environment (.venv).\n"
                "  On Debian/Ubuntu install the venv module first:  apt-get install python3-venv\n"
                f"  then remove the half-made folder:                 rm -rf {VENV}"
            )
    digest = hashlib.sha256(PYPROJECT.read_bytes() + LOCK.read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text().strip() != digest:
        print(f"dev.py: installing {LOCK.relative_to(ROOT)} and the project (one of them changed)")
        pip = [python, "-m", "pip", "--disable-pip-version-check"]
        if _run([*pip, "install", "--quiet", "--upgrade", "pip"]) != 0:
            fail("upgrading pip in .venv failed (see above).")
        locked = [*pip, "install", "--quiet", "--require-hashes", "-r", LOCK]
        if _run(locked) != 0:
            fail(f"installing {LOCK.relative_to(ROOT)} failed (see above); nothing was recorded.")
        if _run([*pip, "install", "--quiet", "--no-deps", "-e", "."]) != 0:
            fail("`pip install --no-deps -e .` failed (see above); nothing was recorded.")
        if _run([*pip, "check"]) != 0:
            fail("the lock lacks what pyproject.toml asks for; refresh it (README, 'The lock').")
        STAMP.write_text(digest + "\n")
    return python


def _addresses_to_open(address: str) -> list[str]:
    host, _colon, port = address.rpartition(":")
    if host not in {"0.0.0.0", "", "[::]"}:
        return [f"http://{host}:{port}/"]
    sys.path.insert(0, str(ROOT))
    from machikoro.network import lan_addresses

    return [f"http://{ip}:{port}/" for ip in lan_addresses()] + [f"http://127.0.0.1:{port}/"]


def _only_this_computer(host: str) -> bool:
    import ipaddress

    host = host.strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _where_to_open(address: str) -> str:
    """What serve prints: the addresses to open, and who can reach them."""
    urls = "\n".join(f"    {url}" for url in _addresses_to_open(address))
    host, _colon, port = address.rpartition(":")
    if _only_this_computer(host):
        return (
            "\ndev.py: open the game in a browser on this computer (phones cannot reach this "
            f"address; for phones on the home network run `python3 dev.py serve {port}`):\n{urls}"
        )
    return f"\ndev.py: open the game on any phone or computer on this network:\n{urls}"


def _die_with_parent() -> None:
    """Linux: the server gets SIGTERM if dev.py itself is killed, so it never keeps the port."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None).prctl(pr_set_pdeathsig, signal.SIGTERM)


def _local_secret_key() -> str:
    """This checkout's own SECRET_KEY (DEBUG=0 needs one), made once and kept in .secret_key,
    so sessions and forms in flight survive a restart of serve. In DATA_DIR when it is set (the
    data folder outside the checkout, machikoro/settings.py), else in the checkout."""
    folder = Path(os.environ["DATA_DIR"]) if os.environ.get("DATA_DIR") else ROOT
    path = folder / ".secret_key"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50) + "\n")
        path.chmod(0o600)
    return path.read_text().strip()


def uvicorn_arguments(address: str, *, dev: bool) -> list[str]:
    """uvicorn serving the ASGI app on `address`; with `dev`, reloading when code or a template
    changes (Django's error pages come with DEBUG)."""
    host, _colon, port = address.rpartition(":")
    arguments = ["-m", "uvicorn", "machikoro.asgi:application", "--host", host.strip("[]")]
    arguments += ["--port", port, "--lifespan", "on", "--no-server-header"]
    # Open streams end within 3 s of Ctrl+C; their pages reconnect to the next server.
    arguments += ["--timeout-graceful-shutdown", "3"]
    if dev:
        arguments += ["--reload", "--reload-dir", str(ROOT), "--reload-exclude", ".venv"]
        arguments += ["--reload-include", "*.html", "--reload-include", "*.mo"]
    return arguments


def serve(args: list[str]) -> int:
    """Serve the game to the home network; stopping dev.py stops the server it started."""
    dev = "--dev" in args
    args = [a for a in args if a != "--dev"]
    if int(os.environ.get("WEB_CONCURRENCY") or 1) > 1 and not os.environ.get("DATABASE_URL"):
        fail(
            "WEB_CONCURRENCY above 1 needs PostgreSQL (DATABASE_URL): with SQLite a move is "
            "pushed only to the pages of the process that made it."
        )
    python = ensure_venv()
    env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1" if dev else "0")}
    if not env.get("SECRET_KEY"):
        env["SECRET_KEY"] = _local_secret_key()
    if _run([python, "manage.py", "migrate", "--noinput"], env=env) != 0:
        fail("migrate failed (see above).")
    if env["DEBUG"].strip().lower() in {"0", "false", "no", "off"}:
        # Without DEBUG, whitenoise serves the collected, hashed files.
        command = [python, "manage.py", "collectstatic", "--noinput", "-v", "0"]
        if _run(command, env=env) != 0:
            fail("collectstatic failed (see above).")
    address = args[0] if args else "0.0.0.0:8000"
    if ":" not in address:
        address = f"0.0.0.0:{address}"
    command = [str(python), *uvicorn_arguments(address, dev=dev)]
    server = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        start_new_session=os.name != "nt",
        preexec_fn=_die_with_parent if os.name != "nt" else None,
    )

    def stop(_signum=None, _frame=None) -> None:
        try:
            if os.name == "nt":
                server.terminate()
            else:
                os.killpg(server.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
    print(_where_to_open(address), flush=True)
    print("dev.py: stop with Ctrl+C.\n", flush=True)
    try:
        return server.wait()
    finally:
        stop()


def test(args: list[str]) -> int:
    python = ensure_venv()
    code = _run([python, "-m", "pytest", *args])
    if code == PYTEST_NO_TESTS:
        print(
            "dev.py: pytest collected no tests (exit 5); treating that as a failure.",
            file=sys.stderr,
        )
        return 1
    return code


def main(argv: list[str]) -> int:
    commands = {
        "serve": serve,
        "test": test,
        "bootstrap": lambda _args: (ensure_venv(), 0)[1],
    }
    if not argv or argv[0] not in commands:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        return commands[argv[0]](argv[1:])
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
