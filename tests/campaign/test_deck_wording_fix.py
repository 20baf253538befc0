"""A corrected sentence in the deck does not strand a campaign under way; a changed card is a new
version of the deck, and the campaign reads on with the version it was begun with."""

import shutil

import pytest
from campaign_helpers import new_campaign, play_out

from campaign import backup, decks, flow
from campaign.models import Campaign, Phase
from legacy_deck.format import WORDED_DIGESTS
from legacy_deck.loader import CONTENT, load_deck
from legacy_deck.reader import DeckState
from play.models import Game

pytestmark = pytest.mark.django_db

OLD_SENTENCE = "Old Marit, who rows the only ferry for miles,"
NEW_SENTENCE = "Old Marit, the only ferrywoman for miles around,"


def _installed(monkeypatch, tmp_path, old: str, new: str):
    """Install a copy of our deck with `old` replaced by `new` in deck.toml."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    text = (folder / "deck.toml").read_text(encoding="utf-8")
    assert text.count(old) == 1
    (folder / "deck.toml").write_text(text.replace(old, new), encoding="utf-8")
    edited = load_deck(folder)
    monkeypatch.setattr(decks, "our_deck", lambda: edited)
    return edited


def test_a_corrected_sentence_reads_on_and_plays_on(monkeypatch, tmp_path):
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))

    _installed(monkeypatch, tmp_path, OLD_SENTENCE, NEW_SENTENCE)
    campaign = Campaign.objects.get(pk=campaign.pk)
    revealed = flow.read_on(campaign)

    assert NEW_SENTENCE in revealed[0].story["en"]
    assert campaign.phase == Phase.PLAYING
    chapter_game = play_out(campaign)
    assert chapter_game.winner is not None
    flow.finish_after_game(campaign, side="a")
    flow.read_on(campaign)
    assert campaign.chapter == 2


def test_a_corrected_name_reads_on(monkeypatch, tmp_path):
    campaign = new_campaign()
    folder_text = 'name = { en = "Observatory", de = "Sternwarte", nl = "Sterrenwacht" }'
    text = (CONTENT / "components.toml").read_text(encoding="utf-8")
    assert text.count(folder_text) == 1
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    (folder / "components.toml").write_text(
        text.replace(folder_text, folder_text.replace("Sterrenwacht", "De sterrenwacht")),
        encoding="utf-8",
    )
    edited = load_deck(folder)
    monkeypatch.setattr(decks, "our_deck", lambda: edited)

    flow.read_on(Campaign.objects.get(pk=campaign.pk))
    assert edited.components["observatory"].name["nl"] == "De sterrenwacht"


def test_a_changed_cost_is_a_new_version_and_the_campaign_keeps_its_own(monkeypatch, tmp_path):
    campaign = new_campaign()
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    text = (folder / "components.toml").read_text(encoding="utf-8")
    old = 'id = "fox_meadow"\nname = { en = "Fox Meadow", de = "Fuchswiese", nl = "Vossenweide" }\n'
    old += 'colour = "green"\nicon = "flower"\ncost = 3\n'
    assert text.count(old) == 1
    (folder / "components.toml").write_text(
        text.replace(old, old.replace("cost = 3", "cost = 4")), encoding="utf-8"
    )
    edited = load_deck(folder)
    monkeypatch.setattr(decks, "our_deck", lambda: edited)

    assert edited.digest != campaign.deck_digest
    campaign = Campaign.objects.get(pk=campaign.pk)
    kept = flow.deck_of(campaign)
    assert kept is not edited
    assert kept.digest == campaign.deck_digest
    assert kept.components["fox_meadow"].card.cost == 3
    revealed = flow.read_on(campaign)
    assert [side.label for side in revealed] == ["2A", "2B"]


def test_a_version_this_installation_lacks_is_refused_with_a_message(monkeypatch):
    campaign = new_campaign()
    Campaign.objects.filter(pk=campaign.pk).update(deck_digest="f" * 64)

    with pytest.raises(flow.FlowError, match="seven_winds_bay"):
        flow.read_on(Campaign.objects.get(pk=campaign.pk))


WORDED = "02044096cd31da9d2d92946cd9b5f9627e2e0fee729fd8e1365ca519e6900c71"
# Issue 29 item 8 made the late chapters longer: the deck those campaigns began with had these.
BEFORE_THE_RETUNE = {
    'icons = ["shop"], amount = 1 }': 'icons = ["shop", "fruit", "flower"], amount = 1 }',
    'id = "school"\nname = { en = "School", de = "Schule", nl = "School" }\ncost = 26': (
        'id = "school"\nname = { en = "School", de = "Schule", nl = "School" }\ncost = 18'
    ),
    'nl = "Schouwburg" }\ncost = 32': 'nl = "Schouwburg" }\ncost = 24',
    'nl = "Lampionnenfeest" }\ncost = 50': 'nl = "Lampionnenfeest" }\ncost = 40',
}


def _installed_before_the_retune(monkeypatch, tmp_path, old: str = "", new: str = ""):
    """Install our deck as it was when WORDED was stored, a wording ago and before the retune
    of its late chapters (a new version of the deck, which such campaigns do not read); with
    `old` replaced by `new` in deck.toml if given."""
    folder = tmp_path / "before"
    shutil.copytree(CONTENT, folder)
    if old:
        story = (folder / "deck.toml").read_text(encoding="utf-8")
        assert story.count(old) == 1
        (folder / "deck.toml").write_text(story.replace(old, new), encoding="utf-8")
    text = (folder / "components.toml").read_text(encoding="utf-8")
    for now, then in BEFORE_THE_RETUNE.items():
        assert text.count(now) == 1, now
        text = text.replace(now, then)
    (folder / "components.toml").write_text(text, encoding="utf-8")
    before = load_deck(folder)
    assert WORDED_DIGESTS[WORDED] == before.digest
    monkeypatch.setattr(decks, "our_deck", lambda: before)
    return before


def test_a_campaign_begun_when_the_digest_hashed_every_word_reads_on(monkeypatch, tmp_path):
    """Before, campaigns stored a hash of every word; with the same cards they read on."""
    _installed_before_the_retune(monkeypatch, tmp_path)
    campaign = new_campaign()
    reader = dict(campaign.reader, digest=WORDED)
    Campaign.objects.filter(pk=campaign.pk).update(deck_digest=WORDED, reader=reader)

    revealed = flow.read_on(Campaign.objects.get(pk=campaign.pk))

    assert [side.label for side in revealed] == ["2A", "2B"]


def test_a_backup_from_before_a_corrected_sentence_imports(monkeypatch, tmp_path):
    before = _installed_before_the_retune(monkeypatch, tmp_path / "old")
    campaign = new_campaign()
    flow.read_on(campaign)
    text = backup.export_text(campaign).replace(before.digest, WORDED)
    assert text.count(WORDED) == 2  # the deck's and the reader's
    Campaign.objects.all().delete()
    Game.objects.all().delete()

    edited = _installed_before_the_retune(monkeypatch, tmp_path / "new", OLD_SENTENCE, NEW_SENTENCE)
    imported = backup.import_text(text)

    assert DeckState.from_dict(imported.reader).position == 4
    assert flow.deck_of(imported) is edited
