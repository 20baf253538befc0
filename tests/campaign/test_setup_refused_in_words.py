"""A chapter's game that cannot be set up says why in the table's language, never in English,
and changes nothing: the campaign's reader has lost the side chosen for the Pottery pile, or the
engine refuses the setup and names the Legacy card it refuses by its name."""

import pytest
from campaign_helpers import new_campaign, record_chapters, snapshot
from django.urls import reverse
from django.utils import translation

from campaign import flow
from campaign.flow import picking
from campaign.models import Campaign
from play.engine.catalog import CARDS

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


@pytest.fixture
def pile_overfull(monkeypatch) -> Campaign:
    """Game 1 played; the engine is then given game 2's setup with a pile of a Legacy card
    (Fox Meadow, no card of the classic box) too high to lie in the market."""
    real_setup = picking.chapter_setup

    def setup_with_an_overfull_pile(*args, **kwargs):
        setup = real_setup(*args, **kwargs)
        assert "fox_meadow" in setup["market"] and "fox_meadow" not in CARDS
        setup["market"]["fox_meadow"] = 1000
        return setup

    campaign = new_campaign(kinds=("greedy", "greedy", "greedy"))
    record_chapters(campaign, 1)
    monkeypatch.setattr(picking, "chapter_setup", setup_with_an_overfull_pile)
    return Campaign.objects.get(pk=campaign.pk)


@pytest.mark.parametrize(
    "lang, message",
    [
        (
            "en",
            "The game cannot be set up: The market's Fox Meadow pile must hold 0 to 99 cards, "
            "not 1000.",
        ),
        (
            "de",
            "Die Partie lässt sich nicht aufbauen: Der Stapel Fuchswiese in der Auslage muss "
            "0 bis 99 Karten haben, nicht 1000.",
        ),
        (
            "nl",
            "De partij kan niet worden klaargezet: De stapel Vossenweide in de voorraad moet "
            "0 tot 99 kaarten hebben, niet 1000.",
        ),
    ],
)
def test_an_engine_refusal_of_the_setup_names_a_legacy_card_by_its_name(
    pile_overfull, lang, message
):
    before = snapshot(pile_overfull)

    with translation.override(lang), pytest.raises(flow.FlowError) as refused:
        flow.read_on(pile_overfull)

    assert refused.value.message == message
    assert "fox_meadow" not in refused.value.message
    assert snapshot(pile_overfull) == before
