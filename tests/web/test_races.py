"""Races between real servers (issue 10): two gunicorn processes on PostgreSQL, several clients
sending conflicting moves and undos at the same instant. Exactly one wins each race, the others
are told (409), and every game equals the replay of its log.

Runs wherever DATABASE_URL names PostgreSQL (CI does); skipped on SQLite, whose file lock would
serialise everything anyway. Loopback only, a fixed number of races, every wait bounded."""

from __future__ import annotations

import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.db import connection

from play.engine import legal_actions
from play.models import UNDO, Game

ROOT = Path(__file__).resolve().parents[2]
PORTS = range(8401, 8410)
TABLES = 3
ROUNDS = 5

pytestmark = [pytest.mark.races, pytest.mark.django_db(transaction=True)]


def free_ports(count: int) -> list[int]:
    found = []
    for port in PORTS:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) != 0:
                found.append(port)
        if len(found) == count:
            return found
    pytest.skip(f"no {count} free ports in {PORTS}")


@pytest.fixture(scope="module")
def servers(django_db_setup):
    """Two gunicorn processes (one worker, four threads each) on the test database."""
    if connection.vendor != "postgresql":
        pytest.skip("the races need PostgreSQL (set DATABASE_URL)")
    db = connection.settings_dict
    url = f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "1",  # serves static files unhashed, no collectstatic needed
        "SECRET_KEY": secrets.token_urlsafe(50),  # shared: a CSRF token works on both
        "ALLOWED_HOSTS": "127.0.0.1",
        "PLAY_BOT_DELAY": "0",
        "PLAY_BOT_DELAY_AFTER_HUMAN": "0",
        "CONN_MAX_AGE": "60",
    }
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    ports = free_ports(2)
    processes = [
        subprocess.Popen(
            [gunicorn, "config.wsgi", "-w", "1", "--threads", "4", "-b", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for port in ports
    ]
    try:
        deadline = time.monotonic() + 60
        for port, process in zip(ports, processes, strict=True):
            while True:
                assert process.poll() is None, process.stderr.read().decode()[-2000:]
                assert time.monotonic() < deadline, "gunicorn did not answer within 60 s"
                try:
                    http.client.HTTPConnection("127.0.0.1", port, timeout=2).request("HEAD", "/")
                    break
                except OSError:
                    time.sleep(0.2)
        yield ports
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


class Phone:
    """One device: its own connection to one of the servers, its cookie and CSRF token."""

    def __init__(self, port: int, game: Game, key: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.base = f"/g/{game.code}/{key}/"
        # Django's CSRF check compares the posted token with the cookie's secret; a device may
        # pick its own (as a first visit would be given one), which spares a page per device.
        self.token = secrets.token_hex(16)
        self.cookie = f"csrftoken={self.token}"

    def post(self, path: str, fields: dict) -> int:
        body = urlencode({**fields, "csrfmiddlewaretoken": self.token})
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": self.cookie,
            "HX-Request": "true",
        }
        self.conn.request("POST", self.base + path, body, headers)
        response = self.conn.getresponse()
        response.read()
        return response.status

    def get(self, path: str) -> int:
        self.conn.request("GET", self.base + path, headers={"HX-Request": "true"})
        response = self.conn.getresponse()
        response.read()
        return response.status


def at_once(calls) -> list:
    """Run the calls in threads released together; their results, in order."""
    results = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(index, call):
        start.wait(timeout=30)
        results[index] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_conflicting_moves_one_wins_each_race(servers):
    games = [
        Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=40 + i)
        for i in range(TABLES)
    ]
    races = wins = told = 0
    for game in games:
        # The host's link and each seat's link, on both servers: four devices.
        phones = {}
        for port in servers:
            phones[(port, "host")] = Phone(port, game, game.host_secret)
            for seat in (0, 1):
                phones[(port, seat)] = Phone(port, game, game.seats[seat]["secret"])
        for _round in range(ROUNDS):
            game.refresh_from_db()
            state = game.load()
            if state.winner is not None:
                break
            options = legal_actions(state)
            racers = [phones[(port, who)] for port in servers for who in ("host", state.active)]
            calls = [
                partial(
                    phone.post,
                    "move/",
                    {"version": game.version, "action": json.dumps(options[i % len(options)])},
                )
                for i, phone in enumerate(racers)
            ]
            statuses = at_once(calls)
            races += 1
            wins += statuses.count(200)
            told += statuses.count(409)
            assert sorted(statuses) == [200] + [409] * (len(racers) - 1), statuses
            game.refresh_from_db()
            assert game.actions.count() == game.version
    for game in games:
        game.refresh_from_db()
        assert game.replays_to_stored_state()
    assert races >= TABLES * 3 and wins == races and told == 3 * races
    print(f"\n{races} races of 4 moves: {wins} won, {told} told the game moved on")


def test_an_undo_races_a_move_a_second_undo_and_a_bot(servers):
    """Ann (a person) builds; then at the same instant her undo, a second undo and pollers
    that would let the bot (Ben) move. Either the undo wins (the bot has not moved) or the bot
    does (and both undos are told); never both, never an undo of the bot's move."""
    outcomes = []
    for seed in range(5):
        game = Game.start("classic", [("Ann", "human"), ("Ben", "greedy")], seed=60 + seed)
        ann = [Phone(port, game, game.seats[0]["secret"]) for port in servers]
        watchers = [Phone(port, game, game.host_secret) for port in servers]
        game.apply_action({"type": "roll", "dice": 1}, version=0, who=0)
        build = next((a for a in legal_actions(game.load()) if a["type"] == "build"), None)
        if build is None:
            continue
        game.apply_action(build, version=1, who=0)
        built_at = game.version
        calls = [partial(phone.post, "undo/", {"version": built_at}) for phone in ann]
        calls += [partial(phone.get, f"poll/?v={built_at}") for phone in watchers]

        undo_a, undo_b, poll_a, poll_b = at_once(calls)

        game.refresh_from_db()
        after = list(game.actions.filter(index__gte=built_at).order_by("index"))
        undone = bool(after) and after[0].action == {"type": UNDO}
        assert sorted([undo_a, undo_b]) == ([200, 409] if undone else [409, 409])
        assert poll_a < 500 and poll_b < 500
        if undone:
            assert all(entry.seat != 1 for entry in after[:1])
        else:
            assert after and after[0].seat == 1  # the bot moved first
        assert game.replays_to_stored_state()
        outcomes.append("undo" if undone else "bot")
    assert len(outcomes) >= 3
    print(f"\nundo against bot and a second undo, {len(outcomes)} races: {outcomes}")
