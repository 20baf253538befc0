"""A server worker killed in the middle of a move or a campaign step (issue 10): nothing of it is
stored, nothing is lost, and the same press then works once.

To kill a worker at a known point, the test holds a SHARE lock on the table the request writes
last (play_game for a move, campaign_campaign for a campaign step). The worker then stops in the
middle of its transaction, with its first rows already written (the test sees the locks they
took), and is killed with SIGKILL there. PostgreSQL only (CI runs it); every wait is bounded."""

from __future__ import annotations

import http.client
import json
import threading
import time

import psycopg
import pytest
from live_servers import Device, app_servers, database_url

from campaign import flow
from campaign.models import Campaign, ChapterGame, Phase
from play.engine import legal_actions
from play.models import Game, GameAction
from tests.campaign.campaign_helpers import snapshot

pytestmark = [pytest.mark.races, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def server(django_db_setup):
    """One server process, one worker: the worker killed is the one moving."""
    with app_servers(1) as running:
        yield running[0]


class HeldTable:
    """A SHARE lock on one table, from a connection of its own, until released."""

    def __init__(self, table: str):
        self.conn = psycopg.connect(database_url())
        self.conn.execute(f'LOCK TABLE "{table}" IN SHARE MODE')
        # pg_stat_activity is read once per transaction: watch from outside the lock's
        self.watch = psycopg.connect(database_url(), autocommit=True)

    def waiting_writer(self, deadline: float) -> int:
        """The backend that waits on this lock, once one does."""
        while time.monotonic() < deadline:
            row = self.watch.execute(
                "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND datname = current_database()"
            ).fetchone()
            if row:
                return row[0]
            time.sleep(0.05)
        raise AssertionError("no request came to wait on the held table")

    def tables_written_by(self, pid: int) -> set[str]:
        """Tables the backend holds a write lock on: what its transaction has written so far."""
        rows = self.watch.execute(
            "SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation"
            " WHERE l.pid = %s AND l.mode = 'RowExclusiveLock' AND l.granted AND c.relkind = 'r'",
            (pid,),
        ).fetchall()
        return {name for (name,) in rows}

    def release(self) -> None:
        self.conn.rollback()

    def wait_until_gone(self, pid: int, deadline: float) -> None:
        """The killed worker's backend sees its client gone and rolls back."""
        while time.monotonic() < deadline:
            if not self.watch.execute(
                "SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)
            ).fetchone():
                return
            time.sleep(0.05)
        raise AssertionError(f"backend {pid} still there after its worker was killed")

    def close(self) -> None:
        self.conn.close()
        self.watch.close()


def killed_mid_request(server, table: str, send) -> set[str]:
    """Send a request, let it stop at the held `table`, kill the worker there; the tables the
    request had written to when it died. The request gets no answer."""
    held = HeldTable(table)
    answer = {}

    def request():
        try:
            answer["status"] = send()
        except (http.client.HTTPException, OSError) as error:
            answer["error"] = error

    thread = threading.Thread(target=request)
    try:
        thread.start()
        deadline = time.monotonic() + 30
        backend = held.waiting_writer(deadline)
        written = held.tables_written_by(backend)
        killed = server.kill_workers()
        assert killed
        held.release()
        held.wait_until_gone(backend, deadline)
        thread.join(timeout=30)
        assert "error" in answer, f"the killed request was answered: {answer}"
        server.wait_until_serving(time.monotonic() + 60, old_workers=killed)
    finally:
        held.close()
    return written


def test_a_move_killed_half_written_is_not_stored_and_can_be_made_again(server):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=71)
    game.apply_action({"type": "roll", "dice": 1}, version=0, who=0)
    game.refresh_from_db()
    before_version, before_state = game.version, game.state
    build = next(a for a in legal_actions(game.load()) if a["type"] == "build")
    fields = {"version": before_version, "action": json.dumps(build)}

    def send():
        return Device(server.port, f"/g/{game.code}/{game.seats[0]['secret']}/").post(
            "move/", fields
        )

    written = killed_mid_request(server, "play_game", send)

    assert "play_gameaction" in written  # the log entry was written when the worker died
    game.refresh_from_db()
    assert (game.version, game.state) == (before_version, before_state)
    assert GameAction.objects.filter(game=game).count() == before_version
    # Ann saw no answer and presses again: the move is made, once.
    assert send() == 200
    game.refresh_from_db()
    assert game.version > before_version
    assert GameAction.objects.filter(game=game, action=build).count() == 1
    assert game.replays_to_stored_state()


def campaign_rows(campaign: Campaign) -> dict:
    """Everything stored about the campaign, and how many games there are."""
    return {**snapshot(campaign), "games": Game.objects.count()}


def test_a_campaign_step_killed_half_written_leaves_the_campaign_as_it_was(server):
    """Reading on to chapter 1's game writes the deck's places, starts the game and then saves
    the campaign: killed before that last write, none of it is kept; pressed again, it happens
    once."""
    mayors = [
        flow.NewMayor(name, f"{name}ville", colour, "human")
        for name, colour in (("Ann", "teal"), ("Ben", "yellow"))
    ]
    campaign = flow.create_campaign("Killed", mayors, seed=9)
    before = campaign_rows(campaign)
    fields = {"version": campaign.version}

    def send():
        device = Device(server.port, f"/c/{campaign.table_secret}/", htmx=False)
        return device.post("read/turn/", fields)

    written = killed_mid_request(server, "campaign_campaign", send)

    assert "play_game" in written  # the chapter's game had been stored when the worker died
    assert campaign_rows(campaign) == before
    assert send() == 302
    campaign.refresh_from_db()
    assert campaign.version == int(dict(before["Campaign"])["version"]) + 1
    assert campaign.history.count() == before["Campaign history"] + 1
    assert campaign.phase == Phase.PLAYING
    assert ChapterGame.objects.filter(campaign=campaign).count() == 1
    assert Game.objects.count() == before["games"] + 1


def test_the_winners_moment_killed_half_written_leaves_the_campaign_as_it_was(server):
    """The eight after-game steps of a recorded chapter, killed before the campaign is saved:
    no Golden Book entry, no place moved, nothing read; pressed again, all of it once."""
    mayors = [
        flow.NewMayor(name, f"{name}ville", colour, "human")
        for name, colour in (("Ann", "teal"), ("Ben", "yellow"))
    ]
    campaign = flow.create_campaign("Killed after", mayors, seed=10)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 1, campaign.created.date())
    campaign.refresh_from_db()
    before = campaign_rows(campaign)
    winner = campaign.mayors.get(seat=1)
    fields = {
        "version": campaign.version,
        "date": "2026-11-20",
        "name": winner.name,
        "city_name": winner.city_name,
        **({"side": "a"} if flow.new_pile(campaign) else {}),
    }

    def send():
        device = Device(server.port, f"/c/{campaign.table_secret}/", htmx=False)
        return device.post("after/", fields)

    written = killed_mid_request(server, "campaign_campaign", send)

    assert "campaign_goldenbookentry" in written
    assert campaign_rows(campaign) == before
    assert send() == 302
    campaign.refresh_from_db()
    assert campaign.phase == Phase.READING and campaign.chapter == 2
    assert campaign.golden_book.count() == 1
