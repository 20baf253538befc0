"""python manage.py export_campaign ID -o FILE: a campaign and all its games as one JSON file."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from campaign.backup import export_text
from campaign.models import Campaign


class Command(BaseCommand):
    help = "Export a campaign with all its games as one versioned JSON file."

    def add_arguments(self, parser):
        parser.add_argument("id", type=int, help="the campaign's id (see the admin)")
        parser.add_argument("-o", "--output", help="the file to write (default: print it)")

    def handle(self, *args, **options):
        campaign = Campaign.objects.filter(pk=options["id"]).first()
        if campaign is None:
            raise CommandError(f"There is no campaign {options['id']}.")
        text = export_text(campaign)
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
            self.stderr.write(f"Wrote {campaign.name!r} to {options['output']}.")
        else:
            self.stdout.write(text, ending="")
