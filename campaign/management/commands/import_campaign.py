"""python manage.py import_campaign FILE [--owner NAME]: a campaign backup stored anew in this
installation, hosted by an account.

A campaign's host pages (backups, new links, deleting it) and its place on My campaigns belong to
its owner, as with an import on /c/import/, where the importer becomes the host. A campaign stored
without one could be opened by nobody's account, so the command always gives it a host: the
account named by --owner, or else the installation's only account; with none or several it
refuses and says what to do."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaign.backup import BackupError, import_text

# The most user names a refusal lists; more are left to the admin's Users page.
NAMES_LISTED = 20


class Command(BaseCommand):
    help = (
        "Import a campaign backup (made by export_campaign or the dashboard's Export). The "
        "account named by --owner becomes its host; without --owner, the installation's only "
        "account does, and with none or several accounts the import is refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file")
        parser.add_argument(
            "--owner",
            metavar="NAME",
            help="the user name of the account that hosts the campaign (needed when the "
            "installation has more than one account)",
        )

    def handle(self, *args, **options):
        owner = _host(options["owner"])
        try:
            data = Path(options["file"]).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error.strerror}.") from None
        try:
            campaign = import_text(data, owner=owner)
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"Imported {campaign.name!r} as campaign {campaign.pk}, hosted by "
            f"{owner.get_username()!r} (on their My campaigns page once they log in). Every "
            f"link is new: the table's is /c/{campaign.table_secret}/, and its Links page gives "
            "the mayors theirs."
        )


def _host(name: str | None):
    """The account that is to host the campaign, or CommandError saying how to name one."""
    accounts = get_user_model().objects.filter(is_active=True).order_by("username")
    if name:
        owner = accounts.filter(username=name).first()
        if owner is None:
            raise CommandError(f"There is no active account {name!r}. {_accounts(accounts)}")
        return owner
    found = list(accounts[:2])
    if len(found) == 1:
        return found[0]
    if not found:
        raise CommandError(
            "A campaign needs a host, and this installation has no active account: sign up on "
            "/accounts/signup/ (or run `manage.py createsuperuser`), then import again."
        )
    raise CommandError(
        f"This installation has several accounts: name the campaign's host with --owner NAME. "
        f"{_accounts(accounts)}"
    )


def _accounts(accounts) -> str:
    names = list(accounts.values_list("username", flat=True)[: NAMES_LISTED + 1])
    if not names:
        return "This installation has no active account."
    listed = ", ".join(names[:NAMES_LISTED])
    if len(names) > NAMES_LISTED:
        more = accounts.count() - NAMES_LISTED
        listed += f" and {more} more (the admin's Users page lists them all)"
    return f"The accounts: {listed}."
