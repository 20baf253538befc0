"""Issue 36 item 12: after a restore, My campaigns showed two identical rows; a finished
three-game campaign was listed as "Game 4 · Campaign over" and a finished campaign's backup named
after a chapter no deck has; the Golden Book said "Print this page" without a button."""

import re

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.urls import reverse
from django.utils import timezone
from shipped_decks import COMET_OVER_MILLBROOK, shipped_deck

from campaign.backup import export_text, import_text
from campaign.models import Campaign, Phase

pytestmark = pytest.mark.django_db


@pytest.fixture
def host(client, django_user_model):
    user = django_user_model.objects.create_user("host", password="x" * 12)
    client.force_login(user)
    return user


def finished_comet(owner) -> Campaign:
    campaign = new_campaign(deck=shipped_deck(COMET_OVER_MILLBROOK))
    campaign.owner = owner
    campaign.save()
    record_chapters(campaign, 3)  # the last one's end read: the campaign is over
    assert campaign.phase == Phase.FINISHED and campaign.chapter == 4
    return campaign


def rows(client) -> list[str]:
    page = client.get(reverse("campaign:mine")).content.decode()
    found = re.findall(r'<div class="small text-body-secondary">(.*?)</div>', page, re.S)
    return [" ".join(row.split()) for row in found]


def test_a_restored_copy_says_so_beside_its_original(client, host):
    original = new_campaign()
    original.owner = host
    original.save()
    copy = import_text(export_text(original), owner=host)

    listed = rows(client)

    assert len(listed) == 2 and listed[0] != listed[1]
    when = timezone.localtime(copy.created).strftime("%m/%d/%Y")
    assert any("restored from a backup on" in row and when in row for row in listed)
    assert any("begun on" in row for row in listed)


def test_a_finished_three_game_campaign_has_no_game_4(client, host):
    finished_comet(host)
    (row,) = rows(client)
    assert row.startswith("Campaign over ·") and "Game 4" not in row


def test_a_finished_campaigns_backup_is_named_for_its_end(client, host):
    campaign = finished_comet(host)
    response = client.get(reverse("campaign:export", args=[campaign.table_secret]))
    disposition = response["Content-Disposition"]
    assert disposition.endswith('-campaign-over.json"') and "chapter-4" not in disposition


def test_a_campaign_under_way_is_listed_and_saved_by_its_game(client, host):
    campaign = new_campaign()
    campaign.owner = host
    campaign.save()
    (row,) = rows(client)
    assert row.startswith("Game 1 ·")
    response = client.get(reverse("campaign:export", args=[campaign.table_secret]))
    assert response["Content-Disposition"].endswith('-chapter-1.json"')


def test_the_golden_book_has_a_print_button(client, host):
    campaign = finished_comet(host)
    page = client.get(reverse("campaign:book", args=[campaign.table_secret])).content.decode()
    assert re.search(r"<button[^>]*data-print[^>]*>.*?Print</button>", page, re.S)
    assert 'src="/static/js/print-button.js"' in page
