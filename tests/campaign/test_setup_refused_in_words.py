"""A chapter's game that cannot be set up says why in the table's language, never in English,
and changes nothing: the campaign's reader has lost the side chosen for the Pottery pile."""

import pytest
from campaign_helpers import new_campaign, record_chapters, snapshot
from django.urls import reverse
from django.utils import translation

from campaign import flow
from campaign.models import Campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def side_lost() -> Campaign:
    """Game 1 played, the Pottery pile's side chosen, then forgotten by the reader."""
    campaign = new_campaign(kinds=("greedy", "greedy", "greedy"))
    record_chapters(campaign, 1)
    campaign.reader["choices"].pop("ds_pottery")
    campaign.save(update_fields=["reader"])
    return Campaign.objects.get(pk=campaign.pk)


@pytest.mark.parametrize(
    "lang, message",
    [
        (
            "en",
            "The game cannot be set up: No side was chosen for the double-sided establishment "
            "Pottery / Pretzel Stand.",
        ),
        (
            "de",
            "Die Partie lässt sich nicht aufbauen: Für das doppelseitige Unternehmen "
            "Töpferei / Brezelstand ist keine Seite gewählt.",
        ),
        (
            "nl",
            "De partij kan niet worden klaargezet: Voor het dubbelzijdige gebouw "
            "Pottenbakkerij / Krakelingkraam is geen kant gekozen.",
        ),
    ],
)
def test_the_refused_setup_is_told_in_the_tables_language(side_lost, lang, message):
    before = snapshot(side_lost)

    with translation.override(lang), pytest.raises(flow.FlowError) as refused:
        flow.read_on(side_lost)

    assert refused.value.message == message
    assert snapshot(side_lost) == before


@pytest.mark.parametrize(
    "lang, words", [("de", "ist keine Seite gewählt"), ("nl", "is geen kant gekozen")]
)
def test_the_table_screen_shows_the_refusal_without_english(client, side_lost, lang, words):
    client.cookies["django_language"] = lang
    turn = reverse("campaign:turn", args=[side_lost.table_secret])

    page = client.post(turn, {"version": side_lost.version}, follow=True).content.decode()

    assert words in page
    assert "double-sided" not in page and "No side was chosen" not in page
