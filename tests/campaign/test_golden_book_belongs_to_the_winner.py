"""A Golden Book entry belongs to the mayor who won its game, whatever name they write: the
Golden Book, the chapter tiles, the charts, the overall result and the printed book count the
same wins."""

import datetime
import importlib
import re

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.apps import apps
from django.urls import reverse

from campaign import flow
from campaign.models import GoldenBookEntry

pytestmark = pytest.mark.django_db


def test_a_name_written_at_the_winners_moment_stays_the_winners_entry(client):
    campaign = new_campaign()
    record_chapters(campaign, 9, winner=lambda chapter: chapter % 2)  # Ann 4, Ben 5
    flow.read_on(campaign)
    flow.record_table_game(campaign, 0, datetime.date(2026, 11, 26))
    flow.finish_after_game(
        campaign, side="a" if flow.new_pile(campaign) else None, name="Bert", city_name="Elsewhere"
    )

    entry = campaign.golden_book.get(chapter=10)
    assert (entry.name, entry.mayor.name) == ("Bert", "Ann")
    book = client.get(reverse("campaign:book", args=[campaign.table_secret])).content.decode()
    seats = re.findall(r'<tr data-seat="(\d)"', book)
    assert seats.count("0") == 5 and seats.count("1") == 5
    assert "Bert" in book and "won by Ann" in book
    standings = flow.golden_book_standings(campaign)
    assert standings["shared"] and {r["mayor"].name for r in standings["champions"]} == {
        "Ann",
        "Ben",
    }
    dashboard = client.get(reverse("campaign:table", args=[campaign.table_secret]))
    assert 'data-chapter="10"' in dashboard.content.decode()
    assert dashboard.content.decode().count('<li data-seat="0">') == 5


def test_the_migration_gives_each_entry_its_games_winner():
    campaign = new_campaign()
    record_chapters(campaign, 2, winner=lambda chapter: 0)
    ben = campaign.mayors.get(seat=1)
    GoldenBookEntry.objects.filter(campaign=campaign, chapter=2).update(mayor=ben)
    migration = importlib.import_module(
        "campaign.migrations.0005_golden_book_entries_are_the_winners"
    )

    migration.entries_to_the_winners(apps, None)

    assert set(campaign.golden_book.values_list("mayor__seat", flat=True)) == {0}


def test_the_dashboards_golden_book_reads_name_comma_city(client):
    campaign = new_campaign()
    record_chapters(campaign, 1, winner=lambda chapter: 1)
    ben = campaign.mayors.get(seat=1)

    dashboard = client.get(reverse("campaign:table", args=[campaign.table_secret]))

    line = re.search(r'<li data-seat="1">(.*?)</li>', dashboard.content.decode(), re.S)[1]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", line)).strip()
    assert f"{ben.name}, {ben.city_name}" in text
