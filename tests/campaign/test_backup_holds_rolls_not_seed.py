"""Nobody at the table can foresee a roll, the host included (issue 35, RULES.md §6 turn 5): a
campaign backup taken while a game is under way holds the rolls made so far, not the seed that
makes the coming ones; the game restored from it replays those rolls (forced dice) and goes on
with a fresh seed of its own, and still replays exactly."""

from __future__ import annotations

import json
import random

import pytest
from campaign_helpers import new_campaign, play_out
from django.utils import timezone
from seed_crawl import where_seen

from campaign import flow
from campaign.backup import BackupError, export_text, import_text
from campaign.models import Campaign, Phase
from play.engine import dice
from play.engine.bots import choose_action
from play.engine.replay import ROLLED, ROLLS
from play.models import Game

pytestmark = pytest.mark.django_db

FRESH = 2**64 - 59  # the seed the restored game draws (play.seeds.fresh_seed, patched)


@pytest.fixture
def fresh_seed_drawn(monkeypatch):
    monkeypatch.setattr("campaign.backup.fresh_seed", lambda: FRESH)


def _campaign_under_way(steps=40):
    campaign = new_campaign(kinds=("human", "greedy", "greedy"), seed=None)
    flow.read_on(campaign)
    assert campaign.phase == Phase.PLAYING
    game = campaign.games.get(chapter=1).game
    for _ in range(steps):
        game.refresh_from_db()
        state = game.load()
        if game.is_bot(state.active):
            game.step_bots(limit=1)
        else:
            action = choose_action("greedy", state, random.Random(len(game.log())))
            game.apply_action(action, version=game.version, who="host")
    game.refresh_from_db()
    assert not game.finished
    return campaign, game


def _table(state) -> dict:
    """What the table sees of a state: everything but the setup (seed) and the draws made."""
    seen = json.loads(state.to_json())
    del seen["setup"], seen["draws"]
    return seen


def _restored(text: str) -> Game:
    Campaign.objects.all().delete()
    Game.objects.all().delete()
    return _game_of(import_text(text))


def _game_of(campaign: Campaign) -> Game:
    return campaign.games.get(chapter=1).game


def test_a_backup_under_way_holds_the_rolls_made_not_the_seed():
    campaign, game = _campaign_under_way()
    seed = game.setup["seed"]
    text = export_text(campaign)

    assert where_seen(seed, {"backup": text}) == []
    (row,) = json.loads(text)["games"]
    assert "seed" not in row["game"]["setup"]
    rolls = [a for a in row["game"]["actions"] if a["type"] in ROLLS]
    assert rolls and all(len(a[ROLLED]) in (1, 2) for a in rolls)
    assert row["game"]["setup"]["start_rolls"] == game.load().start_rolls  # chapter 1 rolls


def test_the_restored_game_replays_those_rolls_and_goes_on_with_a_fresh_seed(fresh_seed_drawn):
    campaign, game = _campaign_under_way()
    before = game.load()
    text = export_text(campaign)

    restored = _restored(text)

    after = restored.load()
    assert _table(after) == _table(before)  # coins, cities, market, whose turn, the dice shown
    assert restored.setup["seed"] == FRESH != before.setup["seed"]
    assert after.draws == 0  # no draw of the fresh seed was spent on the rolls made before
    assert restored.replays_to_stored_state()
    assert not restored.seed_chosen and not restored.seed_shown
    # the next roll is the fresh seed's first
    while restored.load().phase.value != "roll" or restored.is_bot(restored.load().active):
        if restored.is_bot(restored.load().active):
            restored.step_bots(limit=1)
        else:
            state = restored.load()
            action = choose_action("greedy", state, random.Random(1))
            restored.apply_action(action, version=restored.version, who="host")
        restored.refresh_from_db()
    draws = restored.load().draws
    restored.apply_action({"type": "roll", "dice": 1}, version=restored.version, who="host")
    restored.refresh_from_db()
    assert restored.load().dice == dice.roll(FRESH, draws, 1)
    assert restored.replays_to_stored_state()


def test_a_backup_of_the_restored_game_still_holds_no_seed(fresh_seed_drawn):
    campaign, game = _campaign_under_way()
    restored = _restored(export_text(campaign))
    again = export_text(Campaign.objects.get())
    assert where_seen(FRESH, {"backup": again}) == []
    assert _table(_restored(again).load()) == _table(restored.load())


def test_a_file_from_before_with_the_seed_goes_on_with_fresh_dice(fresh_seed_drawn):
    campaign, game = _campaign_under_way()
    doc = json.loads(export_text(campaign))
    doc["games"][0]["game"]["setup"] = game.setup  # as files were written until now
    doc["games"][0]["game"]["actions"] = game.export()["actions"]

    restored = _restored(json.dumps(doc))

    assert restored.setup["seed"] == FRESH
    assert _table(restored.load()) == _table(game.load())


def test_a_roll_without_its_dice_is_refused_in_words():
    campaign, _game = _campaign_under_way()
    doc = json.loads(export_text(campaign))
    actions = doc["games"][0]["game"]["actions"]
    next(a for a in actions if a["type"] == "roll").pop(ROLLED)

    with pytest.raises(BackupError, match="The file is damaged"):
        _restored(json.dumps(doc))


def test_a_finished_game_keeps_its_seed_and_replays_exactly():
    campaign = new_campaign(kinds=("greedy", "greedy"), seed=None)
    flow.read_on(campaign)
    game = play_out(campaign).game
    doc = json.loads(export_text(campaign))
    assert doc["games"][0]["game"]["setup"]["seed"] == game.setup["seed"]

    restored = _restored(json.dumps(doc))

    assert restored.setup == game.setup
    assert json.loads(restored.state) == json.loads(game.state)


def test_the_restored_game_once_finished_exports_and_imports_like_any_game(client):
    campaign, game = _campaign_under_way(steps=10)
    restored = _restored(export_text(campaign))
    Game.objects.filter(pk=restored.pk).update(
        seats=[{**seat, "kind": "greedy"} for seat in restored.seats]
    )
    restored.refresh_from_db()
    restored.bot_due_at = restored.bot_due_at or timezone.now()
    Game.objects.filter(pk=restored.pk).update(bot_due_at=restored.bot_due_at)
    while not restored.finished:
        assert restored.step_bots(limit=5000) > 0
        restored.refresh_from_db()
    exported = client.get(f"/g/{restored.code}/export.json").json()
    assert any(ROLLED in action for action in exported["actions"])

    response = client.post("/import/", {"text": json.dumps(exported)})

    assert response.status_code == 302, response.content.decode()[-2000:]
    imported = Game.objects.exclude(pk=restored.pk).get(pk__gt=restored.pk)
    assert json.loads(imported.state) == json.loads(restored.state)
