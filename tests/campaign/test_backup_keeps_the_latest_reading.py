"""A backup keeps where the latest reading began (an event card turned at the game's end is
read first after a restore too); a file that puts it anywhere but at a STOP read is refused."""

import datetime
import json

import pytest
from campaign_helpers import new_campaign, record_chapters, without_links

from campaign import flow
from campaign.backup import BackupError, export_text, import_text
from campaign.models import Campaign
from legacy_deck.reader import latest_reading

pytestmark = pytest.mark.django_db


def _at_the_end_of_game_four() -> Campaign:
    campaign = new_campaign()
    record_chapters(campaign, 3)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 0, datetime.date(2026, 11, 4))
    return campaign


def test_a_restored_campaign_reads_the_event_card_first_at_the_games_end():
    campaign = _at_the_end_of_game_four()
    text = export_text(campaign)
    Campaign.objects.all().delete()

    restored = import_text(text)

    reading = latest_reading(restored.deck, flow.reader_of(restored))
    assert [side.label for side in reading] == ["9A", "9B", "10A", "10B"]
    assert without_links(export_text(restored)) == without_links(text)


@pytest.mark.parametrize("reading_from", [-1, 10_000, 1, "9A"])
def test_a_latest_reading_that_begins_off_a_stop_is_refused(reading_from):
    doc = json.loads(export_text(_at_the_end_of_game_four()))
    doc["campaign"]["reader"]["reading_from"] = reading_from  # 1 is card 1B: no STOP
    Campaign.objects.all().delete()

    with pytest.raises(BackupError, match="damaged"):
        import_text(json.dumps(doc))
    assert Campaign.objects.count() == 0
