"""manage.py backup: the whole database into one file (SQLite's online backup, or pg_dump),
while the app runs.

    machikoro backup                     # BACKUP_DIR/machikoro-<UTC time>.sqlite3 (or .dump)
    machikoro backup --keep-days 30      # and remove this command's backups older than 30 days
    machikoro backup --output FILE
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from machikoro import backups


class Command(BaseCommand):
    help = "Back up the whole database into one file while the app runs."

    def add_arguments(self, parser):
        parser.add_argument("--output", type=Path, help="the file (default: in BACKUP_DIR)")
        parser.add_argument(
            "--keep-days", type=int, help="then remove backups in BACKUP_DIR older than this"
        )

    def handle(self, *args, output=None, keep_days=None, **options):
        if keep_days is not None and keep_days < 1:
            raise CommandError("--keep-days must be 1 or more (the new backup is kept anyway)")
        try:
            written = backups.backup(output or backups.default_path())
        except backups.BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"backup written: {written} ({written.stat().st_size:,} bytes)")
        if keep_days is not None:
            for path in backups.prune(keep_days):
                self.stdout.write(f"removed, older than {keep_days} days: {path}")
