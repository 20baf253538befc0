"""Every deck plays: bots play each shipped deck and an added one to free play through the flow,
and its backup goes out and comes back the same campaign, byte for byte."""

import json

import pytest
from campaign_helpers import new_campaign, play_out, without_links
from django.core.management import call_command

from campaign import decks, flow
from campaign.backup import BackupError, export_text, import_text
from campaign.models import Campaign, GoldenBookEntry, Phase
from legacy_deck.models import UploadedDeck
from play.models import Game

pytestmark = pytest.mark.django_db


def _move_to_a_fresh_install(text: str) -> Campaign:
    Campaign.objects.filter(table_secret=json.loads(text)["campaign"]["table_secret"]).delete()
    Game.objects.all().delete()
    return import_text(text)


def test_bots_play_the_deck_to_free_play_and_its_backup_comes_back_the_same(every_deck, capsys):
    deck = every_deck
    call_command("play_campaign", players=3, seed=2, free_play=1, deck=deck.id)

    campaign = Campaign.objects.get()
    assert (campaign.deck_id, campaign.deck_digest) == (deck.id, deck.digest)
    assert campaign.phase == Phase.FREE_PLAY
    assert GoldenBookEntry.objects.filter(campaign=campaign).count() == deck.shape.games
    assert "free play 1:" in capsys.readouterr().out
    first = export_text(campaign)

    imported = _move_to_a_fresh_install(first)

    assert without_links(export_text(imported)) == without_links(first)
    for chapter_game in imported.games.exclude(game=None):
        assert chapter_game.game.replays_to_stored_state()


def test_a_backup_in_the_middle_of_a_game_comes_back_and_plays_on(every_deck):
    campaign = new_campaign(kinds=("greedy", "greedy", "random"), deck=every_deck)
    flow.read_on(campaign)
    game = campaign.games.get(chapter=1).game
    game.step_bots(limit=15)
    first = export_text(campaign)

    imported = _move_to_a_fresh_install(first)

    assert without_links(export_text(imported)) == without_links(first)
    play_out(imported)
    assert imported.phase == Phase.AFTER_GAME


def test_a_backup_of_an_added_deck_says_which_deck_to_add_first(add_tutorial_deck):
    row = add_tutorial_deck()
    campaign = new_campaign(deck=decks.uploaded_deck(row))
    text = export_text(campaign)
    Campaign.objects.all().delete()
    UploadedDeck.objects.all().delete()

    with pytest.raises(BackupError, match="“lighthouse_keepers”.*Add that deck first"):
        import_text(text)
    assert not Campaign.objects.exists()

    add_tutorial_deck()
    assert import_text(text).deck_id == "lighthouse_keepers"
