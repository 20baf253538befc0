"""Issue 36, item 11: a DATA_DIR that does not exist yet is made, so `migrate` of a fresh install
with SQLite works (it failed with "unable to open database file"); one that cannot be made says
so in words."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*arguments: str, data_dir: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "BACKUP_DIR"}}
    env.update(DATA_DIR=str(data_dir), DJANGO_SETTINGS_MODULE="machikoro.settings")
    return subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_migrate_makes_the_data_folder_it_is_given(tmp_path):
    data_dir = tmp_path / "not" / "made" / "yet"

    done = manage("migrate", "-v0", data_dir=data_dir)

    assert done.returncode == 0, done.stderr[-2000:]
    assert (data_dir / "db.sqlite3").is_file()


def test_a_data_folder_that_cannot_be_made_is_said_in_words(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")

    done = manage("check", data_dir=blocked / "data")

    assert done.returncode != 0
    assert "DATA_DIR" in done.stderr and "cannot be made" in done.stderr
    assert "Traceback" not in done.stderr.splitlines()[-1]
