"""Live updates and the bots' player across real app processes on PostgreSQL (issue 19): a move
made on one process reaches a phone on another through LISTEN/NOTIFY, and so does a campaign's
step (a mayor's phone is told to reload); a bot game plays to its end
with no page open; a bot step whose process was killed is played by another process, once.
Every wait is bounded."""

from __future__ import annotations

import http.client
import json
import time

import psycopg
import pytest
from live_servers import Device, app_servers, database_url
from test_worker_kill import HeldTable

from campaign import flow
from campaign.flow import NewMayor
from campaign.views.poll import mayor_moment, mayor_moments
from play.models import Game, GameAction

pytestmark = [pytest.mark.races, pytest.mark.django_db(transaction=True)]


class Stream:
    """A phone's stream (server-sent events) on one server, read event by event."""

    def __init__(self, port: int, path: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        self.buffer = b""

    def next_event(self, name: str, deadline: float) -> tuple[str | None, str]:
        """(id, data) of the next event called `name`."""
        while time.monotonic() < deadline:
            while b"\n\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n\n", 1)
                fields: dict[str, list[str]] = {}
                for line in raw.decode().split("\n"):
                    key, _colon, value = line.partition(": ")
                    fields.setdefault(key, []).append(value)
                if fields.get("event") == [name]:
                    return fields.get("id", [None])[0], "\n".join(fields.get("data", []))
            self.buffer += self.response.read1(65536)
        raise AssertionError(f"no {name} event in time")

    def close(self) -> None:
        self.conn.close()


def test_a_move_on_one_process_is_pushed_to_a_phone_on_another():
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    with app_servers(2) as (a, b):
        ben = Stream(b.port, f"/g/{game.code}/{game.seats[1]['secret']}/events/?v=0")
        ann = Device(a.port, f"/g/{game.code}/{game.seats[0]['secret']}/")
        try:
            status = ann.post(
                "move/", {"version": 0, "action": json.dumps({"type": "roll", "dice": 1})}
            )
            version, board = ben.next_event("board", time.monotonic() + 10)
        finally:
            ben.close()

    assert status == 200
    assert version == "1"
    assert 'data-version="1"' in board and "Ann rolls" in board


def test_a_bot_game_plays_to_its_end_with_no_page_open():
    with app_servers(2, PLAY_BOT_DELAY="0.05", PLAY_BOT_DELAY_AFTER_HUMAN="0.05"):
        game = Game.start("classic", [("Ann", "greedy"), ("Ben", "random")], seed=5, pace="quick")
        deadline = time.monotonic() + 120
        while not Game.objects.get(pk=game.pk).finished:
            assert time.monotonic() < deadline, "the bots stopped playing"
            time.sleep(0.2)

    game.refresh_from_db()
    assert game.version > 20
    assert game.replays_to_stored_state()
    assert GameAction.objects.filter(game=game).count() == game.version


def test_a_bot_step_whose_process_was_killed_is_played_by_another_once():
    with app_servers(1, PLAY_BOT_THINK_SECONDS="2") as (server,):
        held = HeldTable("play_gameaction")  # the bot's step stops half-written
        try:
            game = Game.start("classic", [("Bot", "greedy"), ("Ben", "human")], seed=3)
            deadline = time.monotonic() + 30
            backend = held.waiting_writer(deadline)
            claimed = Game.objects.get(pk=game.pk).bot_due_at
            killed = server.kill_workers()
            assert killed
            held.release()
            held.wait_until_gone(backend, deadline)
        finally:
            held.close()
        assert Game.objects.get(pk=game.pk).version == 0  # the dead process stored nothing

        # Once its claim runs out, the step is due again: the worker started in the killed
        # one's place (another process) plays it.
        while Game.objects.get(pk=game.pk).version == 0:
            assert time.monotonic() < deadline + 30, "no process took the step over"
            time.sleep(0.1)
        while (
            not Game.objects.get(pk=game.pk).load().players[1].name
            or Game.objects.get(pk=game.pk).bot_due_at
        ):
            assert time.monotonic() < deadline + 30, "the bot did not finish its turn"
            time.sleep(0.1)

    game.refresh_from_db()
    assert claimed > game.created  # the killed process had claimed the step
    log = list(game.actions.order_by("index").values_list("index", "seat", "action"))
    assert [index for index, _seat, _action in log] == list(range(game.version))
    assert [action["type"] for _i, _seat, action in log].count("roll") == 1  # played once
    assert {seat for _i, seat, _action in log} == {0}
    assert game.load().active == 1  # now Ben's turn
    assert game.replays_to_stored_state()


def test_a_process_whose_listening_connection_broke_listens_again_and_misses_nothing():
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    with app_servers(2) as (a, b):
        ben = Stream(b.port, f"/g/{game.code}/{game.seats[1]['secret']}/events/?v=0")
        ann = Device(a.port, f"/g/{game.code}/{game.seats[0]['secret']}/")
        try:
            with psycopg.connect(database_url(), autocommit=True) as admin:
                cut = admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND query LIKE 'LISTEN %'"
                ).fetchall()
            roll = json.dumps({"type": "roll", "dice": 1})
            status = ann.post("move/", {"version": 0, "action": roll})  # while no one listens
            version, board = ben.next_event("board", time.monotonic() + 15)
        finally:
            ben.close()

    assert len(cut) == 2  # one listening connection per process
    assert status == 200
    assert version == "1" and "Ann rolls" in board


def test_a_campaign_step_on_one_process_reloads_a_mayors_phone_on_another():
    mayors = [NewMayor("Ann", "Annaburg", "teal"), NewMayor("Ben", "Benford", "yellow")]
    campaign = flow.create_campaign("Seven Winds", mayors, seed=11)
    ann = campaign.mayors.get(seat=0)
    shown = mayor_moment(campaign.phase, campaign.chapter, picked=False)
    with app_servers(2) as (a, b):
        phone = Stream(b.port, f"/c/m/{ann.secret}/events/?v={shown}")
        table = Device(a.port, f"/c/{campaign.table_secret}/", htmx=False)
        try:
            status = table.post("read/turn/", {"version": campaign.version})
            _id, now = phone.next_event("reload", time.monotonic() + 10)
        finally:
            phone.close()

    assert status == 302
    assert now == mayor_moments(ann.secret).own_page != shown
