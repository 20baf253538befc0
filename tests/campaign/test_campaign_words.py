"""The campaign's screens as the language review read them: a date in the browser's own English,
one "free play", a page count that reads as a sentence, the STOP that reads a chapter aloud."""

import datetime
import re

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.urls import reverse

from campaign import flow

pytestmark = pytest.mark.django_db


def url(name, campaign, *args):
    return reverse(f"campaign:{name}", args=[campaign.table_secret, *args])


@pytest.fixture
def played():
    """A campaign whose game 1 was played with the box on 26 November 2026."""
    campaign = new_campaign()
    flow.read_on(campaign)
    flow.record_table_game(campaign, 0, datetime.date(2026, 11, 26))
    flow.finish_after_game(campaign, side="a")
    return campaign


@pytest.mark.parametrize(
    "accept, date, lang",
    [
        ("en-GB,en;q=0.9", "26/11/2026", "en-gb"),
        ("en-AU", "26/11/2026", "en-au"),
        ("en-NZ,en;q=0.8", "26/11/2026", "en-gb"),  # day first, as British English
        ("en-US,en;q=0.9", "11/26/2026", "en"),
        ("en", "11/26/2026", "en"),
        ("de-DE,de;q=0.9", "26.11.2026", "de"),
        ("nl-NL", "26-11-2026", "nl"),
    ],
)
def test_a_date_reads_as_the_browser_writes_it(client, played, accept, date, lang):
    page = client.get(url("table", played), HTTP_ACCEPT_LANGUAGE=accept).content.decode()

    assert date in page
    assert f'<html lang="{lang}"' in page
    english = '<option value="en" selected>' in page.replace("\n", "").replace("  ", "")
    assert english == lang.startswith("en")


def test_a_british_browser_that_chose_german_reads_german_dates(client, played):
    client.cookies["django_language"] = "de"

    page = client.get(url("table", played), HTTP_ACCEPT_LANGUAGE="en-GB").content.decode()

    assert "26.11.2026" in page and '<html lang="de"' in page


def test_free_play_is_said_once(client):
    campaign = new_campaign()
    record_chapters(campaign, 10)
    flow.start_free_play(campaign, yokai_rule="yokai_flip")
    flow.record_table_game(campaign, 0, datetime.date(2026, 12, 1))
    campaign.refresh_from_db()
    assert campaign.phase == "free_play"

    page = client.get(url("table", campaign)).content.decode()

    header = re.search(r"</h1>\s*<p[^>]*>(.*?)</p>", page, re.S).group(1)
    assert " ".join(header.split()) == "Free play"


def test_the_reading_page_counts_in_a_sentence_and_the_stop_names_the_chapter(client):
    campaign = new_campaign()
    client.cookies["django_language"] = "de"

    first = client.get(url("read", campaign, 1), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    stop = client.get(url("read", campaign, 3), HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "Seite 1 von 3 (bisher gelesen)" in first
    assert "STOP umdrehen und Kapitel 1 vorlesen" in stop
