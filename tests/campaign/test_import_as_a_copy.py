"""A backup restored on the installation that has the campaign already (a second account, say:
issue 26): it comes in as a copy with links of its own, since every import gets new links
(issue 27), and the original keeps its own."""

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from campaign import flow
from campaign.backup import export_text
from campaign.models import Campaign, Mayor
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def second_account(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("second", password="pw-1234567"))
    return client


@pytest.fixture
def original():
    """Chapter 2's game under way, chapter 1's recorded."""
    campaign = new_campaign()
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    for mayor in campaign.mayors.filter(kind="human", picks__isnull=True):
        step = flow.Step(campaign, campaign.deck, flow.reader_of(campaign), [mayor], "test")
        flow.pick(campaign, mayor, step.bag(mayor)[: campaign.picks_allowed(mayor)])
    assert campaign.phase == "playing"
    return campaign


def _upload(client, text: str, **fields):
    return client.post(
        "/c/import/", {"file": SimpleUploadedFile("b.json", text.encode()), **fields}
    )


def _links(campaign: Campaign) -> set[str]:
    links = {campaign.table_secret, *campaign.mayors.values_list("secret", flat=True)}
    for game in Game.objects.filter(chapter_game__campaign=campaign):
        links |= {game.code, game.host_secret, *(seat["secret"] for seat in game.seats)}
    return links


def test_a_copy_gets_new_links_and_the_original_keeps_its_own(second_account, original):
    text = export_text(original)
    before = _links(original)

    response = _upload(second_account, text)

    assert response.status_code == 302
    copy = Campaign.objects.exclude(pk=original.pk).get()
    assert copy.table_secret in response["Location"]  # the importer is shown the new links
    assert copy.owner.username == "second"
    assert _links(original) == before
    assert not _links(copy) & before
    assert len(_links(copy)) == len(before)
    assert Mayor.objects.count() == 2 * original.mayors.count()
    # the same campaign otherwise: its file differs by its links alone
    copied = export_text(copy)
    for old, new in zip(sorted(before), sorted(_links(copy)), strict=True):
        assert old not in copied and new in copied
    assert len(copied) == len(text)
    chapter_game = copy.games.get(chapter=copy.chapter).game
    assert chapter_game.load() == original.games.get(chapter=original.chapter).game.load()


def test_the_command_imports_a_copy_beside_the_original(tmp_path, django_user_model):
    owner = django_user_model.objects.create_user("host", password="pw-1234567")
    campaign = new_campaign()
    path = tmp_path / "backup.json"
    path.write_text(export_text(campaign), encoding="utf-8")

    call_command("import_campaign", str(path), "--owner", "host")

    copy = Campaign.objects.exclude(pk=campaign.pk).get()
    assert copy.owner == owner and copy.table_secret != campaign.table_secret
