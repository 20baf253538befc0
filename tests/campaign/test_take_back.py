"""Taking back the last step: for every kind of step and every phase it leaves, the campaign is
afterwards exactly as it was before that step, row for row (the snapshot's document with the
secret picks and unread places, and the backup file's document), and the take-back is an entry
of the history of its own. Runs on SQLite and, with DATABASE_URL set, on PostgreSQL."""

from __future__ import annotations

import datetime

import pytest
from campaign_helpers import new_campaign, play_out, record_chapters, snapshot
from django.contrib import admin
from django.db import transaction

from campaign import backup, flow, hosting
from campaign.models import Campaign, CampaignSnapshot, ChapterGame, Phase, StepKind
from campaign.snapshots import document_of
from campaign.step_words import last_step
from legacy_deck.reader import waiting_at
from play.models import Game
from play.signals import move_made

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 20)


def exact(campaign: Campaign) -> tuple[dict, dict]:
    """What a take-back must bring back: every row a step may change (secret picks and unread
    places too), and the backup file's document but for the version, which counts steps."""
    campaign = Campaign.objects.get(pk=campaign.pk)
    doc = backup.export(campaign)
    doc["campaign"].pop("version")
    return document_of(campaign), doc


def games() -> set[int]:
    return set(Game.objects.values_list("pk", flat=True))


def pick_for(campaign: Campaign, mayor) -> bool:
    bag = [row.component for row in campaign.places.filter(mayor=mayor, place="bag")]
    cards = [campaign.deck.components[cid].establishment for cid in bag]
    return flow.pick(campaign, mayor, cards[: campaign.picks_allowed(mayor)])


def _humans_at_picking() -> tuple[Campaign, list]:
    """Chapter 3, where two mayors choose their picks (the third's bag leaves no choice)."""
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 2, winner=lambda chapter: chapter % 3)
    flow.read_on(campaign)
    waiting = list(campaign.mayors.filter(picks__isnull=True))
    assert campaign.phase == Phase.PICKING and len(waiting) >= 2
    return campaign, waiting


def _read_to_picking():
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 1)
    return campaign, lambda: flow.read_on(campaign), Phase.PICKING


def _read_to_playing():  # chapter 1: nobody has a choice, the game is set up at once
    campaign = new_campaign()
    return campaign, lambda: flow.read_on(campaign), Phase.PLAYING


def _a_pick():
    campaign, waiting = _humans_at_picking()
    return campaign, lambda: pick_for(campaign, waiting[-1]), Phase.PICKING


def _the_last_pick():
    campaign, waiting = _humans_at_picking()
    for mayor in waiting[:-1]:
        pick_for(campaign, mayor)
    return campaign, lambda: pick_for(campaign, waiting[-1]), Phase.PLAYING


def _recorded_while_picking():
    campaign, _waiting = _humans_at_picking()
    return campaign, lambda: flow.record_table_game(campaign, 2, DAY, flags=[0]), Phase.AFTER_GAME


def _recorded_over_a_game_in_the_app():
    campaign = new_campaign()
    flow.read_on(campaign)
    assert campaign.chapter_game().game is not None
    return campaign, lambda: flow.record_table_game(campaign, 1, DAY), Phase.AFTER_GAME


def _after_game():
    campaign = new_campaign()
    flow.read_on(campaign)
    flow.record_table_game(campaign, 1, DAY)
    return campaign, lambda: flow.finish_after_game(campaign, side="b"), Phase.READING


def _after_the_last_game():
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    record_chapters(campaign, 9, winner=lambda chapter: chapter % 3)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 2, DAY)
    side = "a" if flow.new_pile(campaign) else None
    return campaign, lambda: flow.finish_after_game(campaign, side=side), Phase.FINISHED


def _finished_campaign() -> Campaign:
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    record_chapters(campaign, 10, winner=lambda chapter: chapter % 3)
    return campaign


def _free_play_begins():
    campaign = _finished_campaign()
    rule = campaign.deck.shape.free_play_rules[0]
    return campaign, lambda: flow.start_free_play(campaign, yokai_rule=rule), Phase.PLAYING


def _free_game_recorded():
    campaign = _finished_campaign()
    flow.start_free_play(campaign, yokai_rule=campaign.deck.shape.free_play_rules[1])
    return campaign, lambda: flow.record_table_game(campaign, 0, DAY), Phase.FREE_PLAY


def _another_free_game():
    campaign, begin, _phase = _free_game_recorded()
    begin()
    rule = campaign.yokai_rule
    return campaign, lambda: flow.start_free_play(campaign, yokai_rule=rule), Phase.PLAYING


def _an_event_stop():
    deck = flow.our_deck()
    chapter = next(
        side.stop.game
        for side in deck.sides()
        if side.stop is not None and side.stop.moment == "event" and side.stop.event == "doubles"
    )
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, chapter - 1, winner=lambda c: c % 3)
    flow.read_on(campaign)
    for mayor in campaign.mayors.filter(picks__isnull=True):
        pick_for(campaign, mayor)
    game = campaign.chapter_game().game
    assert waiting_at(deck, flow.reader_of(campaign)).moment == "event"

    def doubles():
        with transaction.atomic():
            rolled = {"type": "roll", "dice": [4, 4], "total": 8}
            move_made.send(sender=Game, game=game, seat=0, events=[rolled])

    return campaign, doubles, Phase.PLAYING


STEPS = {
    "read on, mayors to pick": _read_to_picking,
    "read on, the game set up at once": _read_to_playing,
    "a pick": _a_pick,
    "the last pick, which sets up the game": _the_last_pick,
    "an event STOP turned in the game": _an_event_stop,
    "a game recorded while picking": _recorded_while_picking,
    "a game recorded over one begun in the app": _recorded_over_a_game_in_the_app,
    "the winner's moment": _after_game,
    "the winner's moment of the last game": _after_the_last_game,
    "free play begins": _free_play_begins,
    "a free game recorded": _free_game_recorded,
    "another free game begins": _another_free_game,
}


@pytest.mark.parametrize("name", STEPS)
def test_taking_back_a_step_restores_the_campaign_row_for_row(name):
    campaign, take_step, leaves_in = STEPS[name]()
    before, games_before = exact(campaign), games()
    history = campaign.history.count()

    take_step()
    campaign.refresh_from_db()
    assert campaign.phase == leaves_in
    assert exact(campaign) != before
    version = campaign.version

    flow.take_back(campaign, version=version)

    assert exact(campaign) == before
    assert games() == games_before  # a game the step set up goes with it, no other
    campaign.refresh_from_db()
    assert campaign.version == version + 1
    latest = campaign.history.latest()
    assert latest.history_change_reason == StepKind.TAKE_BACK
    assert campaign.history.count() == history + 2


def test_pressing_again_takes_back_each_step_before_back_to_the_start():
    campaign = new_campaign(kinds=("human", "human", "greedy"))
    start = exact(campaign)
    states = []
    for chapter in (1, 2):
        states.append(exact(campaign))
        flow.read_on(campaign)
        states.append(exact(campaign))
        flow.record_table_game(campaign, chapter % 3, DAY)
        states.append(exact(campaign))
        flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)

    while states:
        flow.take_back(campaign, version=campaign.version)
        assert exact(campaign) == states.pop()
    assert exact(campaign) == start
    with pytest.raises(flow.FlowError, match="no step to take back"):
        flow.take_back(campaign, version=campaign.version)
    assert last_step(campaign) is None


def test_a_mistaken_winner_is_taken_back_and_the_right_one_recorded():
    campaign = new_campaign()
    record_chapters(campaign, 5, winner=lambda chapter: 0)
    flow.read_on(campaign)
    flow.record_table_game(campaign, 1, DAY)  # Ben, by a slip of the finger: Ann won

    assert last_step(campaign).words == "Ben recorded as the winner of game 6"
    flow.take_back(campaign, version=campaign.version)
    flow.record_table_game(campaign, 0, DAY)
    flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)

    assert campaign.games.get(chapter=6).winner.name == "Ann"
    assert campaign.golden_book.get(chapter=6).mayor.name == "Ann"
    assert flow.golden_book_standings(campaign)["table"][0]["wins"] == 6


def test_a_stale_take_back_is_refused_and_changes_nothing():
    campaign = new_campaign()
    record_chapters(campaign, 1)
    shown = campaign.version
    flow.read_on(campaign)
    before = snapshot(campaign)

    for version in (shown, -1, shown + 5):
        with pytest.raises(flow.Overtaken):
            flow.take_back(Campaign.objects.get(pk=campaign.pk), version=version)

    assert snapshot(campaign) == before


def test_the_links_in_force_stay_in_force():
    campaign = new_campaign()
    flow.read_on(campaign)  # the chapter's game is set up in the app
    flow.record_table_game(campaign, 1, DAY)  # and left, unlinked, for the box
    game = campaign.snapshots.get(kind=StepKind.RECORD).document["games"][0]["game"]
    game = Game.objects.get(pk=game)
    old_links = {campaign.table_secret, game.code, game.host_secret}
    old_links |= set(campaign.mayors.values_list("secret", flat=True))

    hosting.renew_links(campaign)  # a link leaked: every one is new
    flow.take_back(campaign, version=campaign.version)

    campaign.refresh_from_db()
    relinked = campaign.chapter_game().game
    assert relinked.pk == game.pk and campaign.phase == Phase.PLAYING
    now = {campaign.table_secret, relinked.code, relinked.host_secret}
    now |= set(campaign.mayors.values_list("secret", flat=True))
    assert not now & old_links  # not one old link came back
    assert not {seat["secret"] for seat in relinked.seats} & {s["secret"] for s in game.seats}


def test_a_campaign_deleted_takes_the_games_a_take_back_would_bring_back():
    campaign = new_campaign()
    flow.read_on(campaign)
    game = campaign.chapter_game().game
    flow.record_table_game(campaign, 1, DAY)

    hosting.delete_campaign(campaign)

    assert not Game.objects.filter(pk=game.pk).exists()


def test_taking_back_a_games_end_keeps_its_moves_and_it_ends_again():
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    flow.read_on(campaign)
    chapter_game = play_out(campaign)
    won = chapter_game.game.load().winner
    moves = chapter_game.game.version
    ended = document_of(campaign)
    before_end = campaign.snapshots.order_by("-version").first().document
    assert last_step(campaign).words == (
        f"the result of game 1 in the app: {campaign.mayors.get(seat=won).name} won"
    )

    flow.take_back(campaign, version=campaign.version)

    assert document_of(campaign) == before_end
    assert campaign.phase == Phase.PLAYING
    chapter_game.refresh_from_db()
    assert chapter_game.winner is None and chapter_game.game.finished
    assert chapter_game.game.version == moves  # the game keeps every move

    flow.take_game_end(campaign, version=campaign.version)

    assert document_of(campaign) == ended
    assert campaign.phase == Phase.AFTER_GAME


def test_a_games_end_taken_back_can_be_recorded_as_played_with_the_box():
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    flow.read_on(campaign)
    won = play_out(campaign).game.load().winner
    flow.take_back(campaign, version=campaign.version)
    other = (won + 1) % 3

    flow.record_table_game(campaign, other, DAY)

    chapter_game = campaign.chapter_game()
    assert chapter_game.winner.seat == other
    assert chapter_game.source == ChapterGame.Source.TABLE


def test_the_end_of_a_game_not_over_cannot_be_taken():
    campaign = new_campaign()
    flow.read_on(campaign)

    with pytest.raises(flow.FlowError, match="not over"):
        flow.take_game_end(campaign, version=campaign.version)


def test_secret_picks_are_kept_for_the_take_back_and_never_exported():
    campaign = new_campaign(kinds=("human", "human", "human", "human"))
    record_chapters(campaign, 2, winner=lambda chapter: chapter % 4)
    flow.read_on(campaign)
    waiting = list(campaign.mayors.filter(picks__isnull=True))
    assert len(waiting) >= 3
    for mayor in waiting[:2]:
        pick_for(campaign, mayor)
    picked = list(campaign.mayors.order_by("seat").values_list("picks", flat=True))

    flow.take_back(campaign, version=campaign.version)  # the second pick is taken back

    kept = campaign.snapshots.order_by("-version").first().document  # before the first pick
    first, second = waiting[0].seat, waiting[1].seat
    assert kept["mayors"][first]["picks"] is None
    now = list(campaign.mayors.order_by("seat").values_list("picks", flat=True))
    assert now[first] == picked[first] and now[second] is None
    assert [m["picks"] for m in kept["mayors"]] == [
        None if seat == first else picks for seat, picks in enumerate(now)
    ]
    text = backup.export_text(campaign)
    assert all(m["picks"] is None for m in backup.export(campaign)["mayors"])
    assert "snapshot" not in text and "document" not in text
    assert not admin.site.is_registered(CampaignSnapshot)


def test_every_step_keeps_one_snapshot_and_a_take_back_none():
    campaign = new_campaign()
    record_chapters(campaign, 1)
    kinds = list(campaign.snapshots.order_by("version").values_list("kind", flat=True))
    assert kinds == [StepKind.READ, StepKind.RECORD, StepKind.AFTER_GAME]

    flow.take_back(campaign, version=campaign.version)

    kinds = list(campaign.snapshots.order_by("version").values_list("kind", flat=True))
    assert kinds == [StepKind.READ, StepKind.RECORD]


def test_a_refused_step_keeps_no_snapshot():
    campaign = new_campaign()
    flow.read_on(campaign)

    with pytest.raises(flow.FlowError):
        flow.record_table_game(campaign, 9, DAY)

    assert campaign.snapshots.count() == 1
