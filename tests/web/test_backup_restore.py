"""manage.py backup and restore (issue 27): the SQLite install's whole database into one file
while it runs, and back, with the games and campaigns as they were; a file of the wrong kind
changes nothing. (PostgreSQL: pg_dump and pg_restore, in CI's .ci/operations_drill.py.)"""

import os
import time

import pytest
from django.core.management import CommandError, call_command

from play.models import Game

pytestmark = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="SQLite's backup; PostgreSQL's is in .ci/operations_drill.py",
)


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_what_was_there(start, tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    kept = start(seed=7)
    call_command("backup", output=tmp_path / "machikoro-night.sqlite3")
    start(seed=8)
    kept.delete()
    assert not Game.objects.filter(code=kept.code).exists()

    call_command("restore", str(tmp_path / "machikoro-night.sqlite3"), interactive=False)

    assert list(Game.objects.values_list("code", flat=True)) == [kept.code]
    assert Game.objects.get(code=kept.code).replays_to_stored_state()


@pytest.mark.django_db(transaction=True)
def test_the_default_backup_goes_to_backup_dir_and_old_ones_are_pruned(tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    old = tmp_path / "machikoro-2020-01-01T000000Z.sqlite3"
    old.write_bytes(b"SQLite format 3\x00")
    os.utime(old, (time.time() - 40 * 86400,) * 2)
    someone_elses = tmp_path / "notes.txt"
    someone_elses.write_text("kept")

    call_command("backup", keep_days=30)

    (written,) = tmp_path.glob("machikoro-*.sqlite3")
    assert written.read_bytes().startswith(b"SQLite format 3\x00")
    assert oct(written.stat().st_mode & 0o777) == "0o600"
    assert someone_elses.exists() and not old.exists()


@pytest.mark.django_db(transaction=True)
def test_a_file_of_the_wrong_kind_changes_nothing(start, tmp_path):
    game = start(seed=9)
    wrong = tmp_path / "machikoro.dump"
    wrong.write_bytes(b"PGDMP not for SQLite")

    with pytest.raises(CommandError, match="not a SQLite backup"):
        call_command("restore", str(wrong), interactive=False)
    with pytest.raises(CommandError, match="no such file"):
        call_command("restore", str(tmp_path / "missing"), interactive=False)

    assert Game.objects.filter(code=game.code).exists()
