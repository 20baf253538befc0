"""A backup import is bounded by what a real campaign holds and accepts only what the flow can
produce (issue 27): a game of 20,000 actions, extra games, a mayor of kind "root", a seat too
many, 1,000 Golden Book entries, 10,000 picks or a date in year 9999 are refused before anything
is written or replayed, and the refused file leaves nothing behind."""

import json

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile

from campaign.backup import BackupError, export_text, import_text
from campaign.models import Campaign
from play.models import Game, GameAction

pytestmark = pytest.mark.django_db

A_ROLL = {"type": "roll", "dice": 1}


@pytest.fixture
def backup() -> dict:
    """A campaign three chapters in, exported, and gone from this installation."""
    campaign = new_campaign(kinds=("human", "human", "greedy"))
    record_chapters(campaign, 3)
    doc = json.loads(export_text(campaign))
    Campaign.objects.all().delete()
    Game.objects.all().delete()
    assert nothing_written()
    return doc


@pytest.fixture
def nothing_replayed(monkeypatch):
    def replayed(*args, **kwargs):
        raise AssertionError("a game was replayed before the file's bounds were checked")

    monkeypatch.setattr(Game, "from_export", replayed)


def app_game(chapter: int, seats: int = 3, actions: int = 0) -> dict:
    return {
        "chapter": chapter,
        "source": "app",
        "winner": 0,
        "played_on": "2026-11-01",
        "flags": [],
        "final_coins": [],
        "game": {
            "setup": {"edition": "classic"},
            "seats": [{"name": f"Seat {n}", "kind": "human"} for n in range(seats)],
            "actions": [A_ROLL] * actions,
            "seat_secrets": ["x" * 22] * seats,
        },
    }


def nothing_written() -> bool:
    return not (Campaign.objects.exists() or Game.objects.exists() or GameAction.objects.exists())


def twenty_thousand_actions(doc):
    doc["games"][-1] = app_game(doc["games"][-1]["chapter"], actions=20_000)


def nine_extra_games(doc):
    doc["games"] += [app_game(2, actions=4_000) for _ in range(9)]


def a_mayor_of_kind_root(doc):
    doc["mayors"][1]["kind"] = "root"


def a_mayor_copied_as_an_extra_seat(doc):
    doc["games"][0] = app_game(doc["games"][0]["chapter"], seats=4)


def a_thousand_golden_book_entries(doc):
    entry = doc["golden_book"][0]
    doc["golden_book"] = [{**entry, "chapter": n} for n in range(1000)]


def ten_thousand_picks(doc):
    doc["mayors"][0]["picks"] = ["wheat_field"] * 10_000


def a_date_in_year_9999(doc):
    doc["golden_book"][0]["date"] = "9999-12-31"


def a_game_ahead_of_the_campaign(doc):
    doc["games"].append(app_game(9))


def too_many_circles(doc):
    doc["mayors"][0]["circles"] = 1000


@pytest.mark.parametrize(
    "change",
    [
        twenty_thousand_actions,
        nine_extra_games,
        a_mayor_of_kind_root,
        a_mayor_copied_as_an_extra_seat,
        a_thousand_golden_book_entries,
        ten_thousand_picks,
        a_date_in_year_9999,
        a_game_ahead_of_the_campaign,
        too_many_circles,
    ],
)
def test_a_file_beyond_a_real_campaign_is_refused_before_anything_is_done(
    backup, nothing_replayed, change
):
    change(backup)

    with pytest.raises(BackupError, match="damaged"):
        import_text(json.dumps(backup))
    assert nothing_written()


def test_the_untouched_file_is_imported(backup):
    assert import_text(json.dumps(backup)).golden_book.count() == 3


def test_a_posted_twenty_thousand_action_game_is_refused_and_leaves_nothing(
    client, backup, nothing_replayed
):
    client.force_login(User.objects.create_user("host", password="a long pass phrase 7"))
    twenty_thousand_actions(backup)
    upload = SimpleUploadedFile("backup.json", json.dumps(backup).encode(), "application/json")

    response = client.post("/c/import/", {"file": upload})

    assert response.status_code == 400
    assert "damaged" in response.content.decode()
    assert nothing_written()


def test_a_game_import_of_twenty_thousand_actions_is_refused_before_its_replay(
    client, nothing_replayed
):
    doc = {"format": 1, "setup": {"edition": "classic"}, "seats": [], "actions": [A_ROLL] * 20_000}

    response = client.post("/import/", {"text": json.dumps(doc)})

    assert response.status_code == 400
    assert nothing_written()
