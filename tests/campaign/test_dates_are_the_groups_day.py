"""Issue 36 item 12: the Golden Book and the record form prefilled the server's day (its
TIME_ZONE), not the group's: at 23:50 in the group's evening the book said tomorrow. Each
prefilled date field names the moment it stands for, the browser makes it its own day of that
moment (static/js/local-date.js, tests/browser/test_dates_in_the_browsers_day.py), and without
JavaScript the server's day stays."""

import datetime
import re

import pytest
from campaign_helpers import new_campaign, play_out
from django.urls import reverse
from django.utils import timezone

from campaign import flow

pytestmark = pytest.mark.django_db


def date_field(html: str, name: str) -> str:
    found = re.search(rf'<input type="date" name="{name}"[^>]*>', html)
    assert found, name
    return found.group(0)


def moment(field: str) -> datetime.datetime | None:
    found = re.search(r'data-local-date-of="([^"]+)"', field)
    return datetime.datetime.fromisoformat(found.group(1)) if found else None


def test_the_record_form_names_the_moment_and_keeps_the_servers_day(client):
    campaign = new_campaign()
    flow.read_on(campaign)
    before = timezone.now()
    field = date_field(
        client.get(reverse("campaign:record", args=[campaign.table_secret])).content.decode(),
        "played_on",
    )
    assert f'value="{timezone.localdate():%Y-%m-%d}"' in field
    assert before <= moment(field) <= timezone.now()
    assert (
        'src="/static/js/local-date.js"'
        in client.get(reverse("campaign:record", args=[campaign.table_secret])).content.decode()
    )


def test_a_date_the_group_sent_is_never_replaced(client):
    campaign = new_campaign()
    flow.read_on(campaign)
    url = reverse("campaign:record", args=[campaign.table_secret])
    page = client.post(url, {"played_on": "2026-11-20", "winner": "", "version": campaign.version})
    field = date_field(page.content.decode(), "played_on")
    assert 'value="2026-11-20"' in field and moment(field) is None


def test_the_golden_book_names_the_moment_the_apps_game_ended(client):
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    flow.read_on(campaign)
    chapter_game = play_out(campaign)
    page = client.get(reverse("campaign:after", args=[campaign.table_secret])).content.decode()
    field = date_field(page, "date")
    assert moment(field) == chapter_game.game.updated
    assert f'value="{chapter_game.played_on:%Y-%m-%d}"' in field
    assert 'src="/static/js/local-date.js"' in page
