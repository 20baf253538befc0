"""python manage.py import_campaign FILE: a campaign backup stored anew in this installation."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaign.backup import BackupError, import_text


class Command(BaseCommand):
    help = "Import a campaign backup (made by export_campaign or the dashboard's Export)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file")
        parser.add_argument("--owner", help="the user name of the host who owns it")

    def handle(self, *args, **options):
        owner = None
        if options["owner"]:
            owner = get_user_model().objects.filter(username=options["owner"]).first()
            if owner is None:
                raise CommandError(f"There is no user {options['owner']!r}.")
        try:
            data = Path(options["file"]).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error.strerror}.") from None
        try:
            campaign = import_text(data, owner=owner)
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {campaign.name!r} as campaign {campaign.pk}.")
