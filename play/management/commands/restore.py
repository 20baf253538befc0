"""manage.py restore FILE: replaces the whole database with a backup of `manage.py backup`.
Stop the app first, run `migrate` after (a no-op unless the backup is of an older release).

    machikoro restore /srv/machikoro/data/backups/machikoro-2026-11-28T031500Z.dump --no-input
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from machikoro import backups


class Command(BaseCommand):
    help = "Replace the whole database with a backup file (stop the app first)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--no-input",
            "--noinput",
            action="store_false",
            dest="interactive",
            help="do not ask before replacing the database",
        )

    def handle(self, *args, file, interactive=True, **options):
        if interactive:
            answer = input(
                f"Replace everything in the database with {file}? Stop the app first. [yes/no] "
            )
            if answer.strip().lower() != "yes":
                raise CommandError("nothing was changed")
        try:
            backups.restore(file)
        except backups.BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"restored from {file}; now run migrate, then start the app")
