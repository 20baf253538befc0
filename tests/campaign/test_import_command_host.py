"""`manage.py import_campaign FILE` always gives the campaign a host, as an import on /c/import/
does: the account named by --owner, or else the installation's only account. With no account, or
several and no --owner, it refuses, says what to do, and stores nothing."""

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.core.management import call_command
from django.core.management.base import CommandError

from campaign.backup import export_text
from campaign.models import Campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def backup(tmp_path):
    """A campaign's backup file; the campaign itself is gone from the installation."""
    campaign = new_campaign()
    record_chapters(campaign, 1)
    path = tmp_path / "backup.json"
    path.write_text(export_text(campaign))
    Campaign.objects.all().delete()
    return path


def test_the_only_account_hosts_the_campaign(backup, client, django_user_model, capsys):
    host = django_user_model.objects.create_user("anna", password="pw-1234567")

    call_command("import_campaign", str(backup))

    campaign = Campaign.objects.get()
    assert campaign.hosted_by(host)
    assert "hosted by 'anna'" in capsys.readouterr().out
    client.force_login(host)
    assert "Seven Winds" in client.get("/campaigns/").content.decode()
    assert client.get(f"/c/{campaign.table_secret}/export.json").status_code == 200


def test_owner_names_the_host_among_several_accounts(backup, django_user_model):
    django_user_model.objects.create_user("anna", password="pw-1234567")
    ben = django_user_model.objects.create_user("ben", password="pw-1234567")

    call_command("import_campaign", str(backup), "--owner", "ben")

    assert Campaign.objects.get().hosted_by(ben)


def test_several_accounts_and_no_owner_is_refused_naming_the_option_and_the_accounts(
    backup, django_user_model
):
    for name in ("ben", "anna"):
        django_user_model.objects.create_user(name, password="pw-1234567")

    with pytest.raises(CommandError) as refused:
        call_command("import_campaign", str(backup))

    assert str(refused.value) == (
        "This installation has several accounts: name the campaign's host with --owner NAME. "
        "The accounts: anna, ben."
    )
    assert not Campaign.objects.exists()


def test_no_account_is_refused_saying_how_to_make_one(backup, django_user_model):
    django_user_model.objects.create_user("gone", password="pw-1234567", is_active=False)

    with pytest.raises(CommandError, match="no active account: sign up on /accounts/signup/"):
        call_command("import_campaign", str(backup))

    assert not Campaign.objects.exists()


def test_an_unknown_owner_is_refused_with_the_accounts_there_are(backup, django_user_model):
    for number in range(23):
        django_user_model.objects.create_user(f"user{number:02}", password="pw-1234567")

    with pytest.raises(CommandError) as refused:
        call_command("import_campaign", str(backup), "--owner", "anna")

    message = str(refused.value)
    assert message.startswith("There is no active account 'anna'. The accounts: user00, user01,")
    assert message.endswith("user19 and 3 more (the admin's Users page lists them all).")
    assert not Campaign.objects.exists()


def test_the_help_says_who_hosts_the_campaign(capsys):
    with pytest.raises(SystemExit):
        call_command("import_campaign", "--help")

    help_text = " ".join(capsys.readouterr().out.split())
    assert "--owner NAME" in help_text
    assert "the installation's only account" in help_text
