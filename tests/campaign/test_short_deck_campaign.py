"""The short deck that ships beside Seven Winds Bay, played whole by bots through the campaign's
own steps (campaign/flow, as the play_campaign command drives them) and on into free play, and
backed up and imported halfway."""

import pytest
from campaign_helpers import new_campaign, play_out, without_links
from django.core.management import call_command
from shipped_decks import COMET_OVER_MILLBROOK, install

from campaign import flow
from campaign.backup import export_text, import_text
from campaign.models import Campaign, GoldenBookEntry, Phase
from legacy_deck.reader import waiting_at
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("players", "bots"), [(2, "greedy,random"), (4, "greedy,random,greedy,expert")]
)
def test_bots_play_the_short_deck_to_its_end_and_on_into_free_play(
    monkeypatch, capsys, players, bots
):
    deck = install(monkeypatch, COMET_OVER_MILLBROOK)

    call_command("play_campaign", players=players, bots=bots, seed=5, free_play=2)

    out = capsys.readouterr().out
    campaign = Campaign.objects.get()
    assert (campaign.deck_id, campaign.deck_digest) == (deck.id, deck.digest)
    assert campaign.phase == Phase.FREE_PLAY
    assert out.count("chapter ") == 3
    assert "free play 1:" in out and "free play 2:" in out
    assert GoldenBookEntry.objects.filter(campaign=campaign).count() == 3
    # the whole deck was read: both event STOPs, the box, to the last side
    reader = flow.reader_of(campaign)
    assert reader.position == len(deck.sides())
    assert reader.boxes_opened == (1,)
    assert waiting_at(deck, reader) is None
    # the Trickster Tanuki left the rule stack for the archive, for free play's Yōkai choice
    stack = campaign.rule_stack.order_by("position").values_list("component", "chapter")
    assert list(stack) == [("rule_front_row", 2)]
    tanukis = campaign.places.filter(
        component__in=["rule_trickster_tanuki", "rule_generous_tanuki"]
    )
    assert {place.place for place in tanukis} == {"archive"}
    assert sorted(campaign.stickers.values_list("sticker", "card")) == [
        ("sticker_comet_dust", "pear_orchard"),
        ("sticker_night_shift", "stone_quarry"),
    ]
    assert sorted(campaign.sides.values_list("component", flat=True)) == [
        "ds_night_treats",
        "ds_sky_trades",
    ]
    assert all(m.circles == deck.shape.start_circles + 2 for m in campaign.mayors.all())
    for chapter_game in campaign.games.all():
        assert chapter_game.game.replays_to_stored_state()
    # free play: every rule card of the campaign in force, with the Yōkai rule the table chose
    free_game = campaign.games.get(chapter=deck.shape.games + 2).game.load()
    assert free_game.table.rules == {"turn_order_coins", deck.shape.free_play_rules[0]}


def test_a_backup_of_the_short_deck_imports_as_the_same_campaign_and_plays_on(monkeypatch):
    install(monkeypatch, COMET_OVER_MILLBROOK)
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    flow.read_on(campaign)
    play_out(campaign)
    flow.finish_after_game(campaign, side="b")
    flow.read_on(campaign)  # chapter 2, the bots have picked: under way
    first = export_text(campaign)
    Campaign.objects.all().delete()
    Game.objects.all().delete()

    imported = import_text(first)

    assert without_links(export_text(imported)) == without_links(first)
    assert imported.phase == Phase.PLAYING and imported.chapter == 2
    for chapter in (2, 3):
        play_out(imported)
        flow.finish_after_game(imported, side="a" if flow.new_pile(imported) else None)
        if chapter == 2:
            flow.read_on(imported)
    flow.start_free_play(imported, yokai_rule="yokai_coins")
    assert imported.in_free_play
    assert GoldenBookEntry.objects.filter(campaign=imported).count() == 3
