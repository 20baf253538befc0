"""Races between real servers (issue 10): two uvicorn processes on PostgreSQL, several clients
sending conflicting moves, undos and campaign steps at the same instant. Exactly one wins each
race, the others are told, every game equals the replay of its log and every campaign step
happens once.

Runs wherever DATABASE_URL names PostgreSQL (CI does); skipped on SQLite, whose file lock would
serialise everything anyway. Loopback only, a fixed number of races, every wait bounded."""

from __future__ import annotations

import json
import re
import time
from functools import partial

import pytest
from live_servers import Device, app_servers, at_once

from campaign import flow
from campaign.models import Campaign, ChapterGame, GoldenBookEntry, Phase
from play.engine import legal_actions
from play.models import UNDO, Game

TABLES = 3
ROUNDS = 5

pytestmark = [pytest.mark.races, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def servers(django_db_setup):
    """Two server processes (one worker each) on the test database."""
    with app_servers(2) as running:
        yield [server.port for server in running]


def phone(port: int, game: Game, key: str) -> Device:
    return Device(port, f"/g/{game.code}/{key}/")


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
            phones[(port, "host")] = phone(port, game, game.host_secret)
            for seat in (0, 1):
                phones[(port, seat)] = phone(port, game, game.seats[seat]["secret"])
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


def settled(game: Game, seconds: float = 30) -> None:
    """Once the bot moved, the servers' bots' player plays its turn on: the game is read whole
    when no bot is to move any more."""
    deadline = time.monotonic() + seconds
    game.refresh_from_db()
    while game.bot_due_at is not None:
        assert time.monotonic() < deadline, "the bot's turn did not end"
        time.sleep(0.05)
        game.refresh_from_db()


def test_an_undo_races_a_move_a_second_undo_and_a_bot(servers):
    """Ann (a person) builds; then at the same instant her undo, a second undo and pollers
    that would let the bot (Ben) move. Either the undo wins (the bot has not moved) or the bot
    does (and both undos are told); never both, never an undo of the bot's move."""
    outcomes = []
    for seed in range(5):
        game = Game.start("classic", [("Ann", "human"), ("Ben", "greedy")], seed=60 + seed)
        ann = [phone(port, game, game.seats[0]["secret"]) for port in servers]
        watchers = [phone(port, game, game.host_secret) for port in servers]
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
        settled(game)
        assert game.replays_to_stored_state()
        outcomes.append("undo" if undone else "bot")
    assert len(outcomes) >= 3
    print(f"\nundo against bot and a second undo, {len(outcomes)} races: {outcomes}")


PAGE_READ = re.compile(r"/read/\d+/$")
LATEST_PAGE = re.compile(r"/read/$")


def taken_by_one(answers: list[tuple[int, str]], taken: re.Pattern) -> None:
    """Exactly one answer says the step was taken; every other one is a refusal."""
    taken_answers = [a for a in answers if a[0] == 302 and taken.search(a[1])]
    assert len(taken_answers) == 1, answers
    assert all(a[0] in (302, 400) for a in answers), answers


def campaign_devices(servers, campaign: Campaign) -> list[Device]:
    """The table's screen and a second screen on the same link, on each server: four devices.
    Campaign pages are plain forms (no htmx), so the devices post as a browser's form does."""
    base = f"/c/{campaign.table_secret}/"
    return [Device(port, base, htmx=False) for port in servers for _screen in range(2)]


def test_campaign_steps_pressed_on_four_devices_happen_once(servers):
    """Three chapters, each step pressed at once on four devices (two per server), all with the
    version their page showed: reading on, recording the game played with the box, and the
    winner's moment with its eight after-game steps. One press takes each step, the other three
    are told, and the campaign's rows show each step once."""
    mayors = [
        flow.NewMayor(name, f"{name}ville", colour, "human")
        for name, colour in (("Ann", "teal"), ("Ben", "yellow"), ("Cem", "pink"))
    ]
    campaign = flow.create_campaign("Races", mayors, seed=5)
    devices = campaign_devices(servers, campaign)
    races = told = 0
    history_before, version_before = campaign.history.count(), campaign.version

    def press(path: str, fields: dict) -> list[tuple[int, str]]:
        campaign.refresh_from_db()
        shown = {"version": campaign.version, **fields}
        return at_once([partial(device.post_answer, path, shown) for device in devices])

    for chapter in (1, 2, 3):
        version = Campaign.objects.get(pk=campaign.pk).version
        # Taken: the turned STOP's story. Refused: back to the latest page, with a note.
        taken_by_one(press("read/turn/", {}), PAGE_READ)
        campaign.refresh_from_db()
        assert campaign.version == version + 1
        assert campaign.phase in (Phase.PICKING, Phase.PLAYING)  # chapter 1 has no picks

        winner = chapter % 3
        fields = {"winner": winner, "played_on": f"2026-11-{chapter:02}", "confirmed": "yes"}
        # Taken: on to the story. Refused: the form with the reason, or (for a press that
        # arrived after the step was taken) the table's page with a note.
        taken_by_one(press("record/", fields), LATEST_PAGE)
        campaign.refresh_from_db()
        assert campaign.version == version + 2 and campaign.phase == Phase.AFTER_GAME

        side = {"side": "a"} if flow.new_pile(campaign) else {}
        winner_mayor = campaign.mayors.get(seat=winner)
        fields = {
            "date": f"2026-11-{chapter:02}",
            "name": winner_mayor.name,
            "city_name": winner_mayor.city_name,
            **side,
        }
        taken_by_one(press("after/", fields), PAGE_READ)
        campaign.refresh_from_db()
        assert campaign.version == version + 3
        assert campaign.phase == Phase.READING and campaign.chapter == chapter + 1
        races, told = races + 3, told + 9

    assert ChapterGame.objects.filter(campaign=campaign).count() == 3
    book = GoldenBookEntry.objects.filter(campaign=campaign)
    assert sorted(book.values_list("chapter", flat=True)) == [1, 2, 3]
    # one historical record of the campaign per step taken, none for a refused press
    assert campaign.history.count() - history_before == races
    assert campaign.version - version_before == races
    print(f"\n{races} campaign steps pressed on 4 devices: {races} taken, {told} told")
