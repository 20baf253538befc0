"""Every step of the campaign's flow, and the phases that refuse it."""

import datetime

import pytest
from campaign_helpers import new_campaign, play_out, record_chapters, snapshot

from campaign import flow
from campaign.models import Campaign, ChapterGame, GoldenBookEntry, Phase, Place
from legacy_deck.reader import DeckState

pytestmark = pytest.mark.django_db


def test_a_new_campaign_has_read_the_start_cards(deck):
    campaign = new_campaign()

    assert campaign.phase == Phase.READING
    assert campaign.chapter == 1
    assert [m.name for m in campaign.mayors.order_by("seat")] == ["Ann", "Ben", "Cem"]
    reader = DeckState.from_dict(campaign.reader)
    assert reader.deck_id == deck.id and reader.digest == deck.digest
    assert [side.label for side in flow.sides_read(campaign)] == ["1A", "1B"]
    ann = campaign.mayors.get(seat=0)
    bag = campaign.places.filter(place=Place.BAG, mayor=ann)
    assert sorted(row.component for row in bag) == ["mp_bakery_teal", "mp_wheat_field_teal"]
    # orange is nobody's colour: its marketplace cards wait in the archive
    assert campaign.places.get(component="mp_bakery_orange").place == Place.ARCHIVE


@pytest.mark.parametrize(
    "mayors, message",
    [
        ([("Ann", "A", "teal")], "2 to 4 mayors"),
        ([("Ann", "A", "teal"), ("Ben", "B", "teal")], "one mayor only"),
        ([("Ann", "A", "teal"), ("Ben", "B", "purple")], "four colours"),
        ([("Ann", "A", "teal"), (" ", "B", "pink")], "needs a name"),
        ([("Ann", "A", "teal"), ("Ben", "", "pink")], "city needs a name"),
        ([("Ann", "A", "teal"), ("B" * 41, "B", "pink")], "At most 40"),
    ],
)
def test_a_campaign_is_refused_with_a_message(mayors, message):
    with pytest.raises(flow.FlowError, match=message):
        flow.create_campaign("X", [flow.NewMayor(*m) for m in mayors])
    assert Campaign.objects.count() == 0


def test_reading_on_reveals_chapter_one_and_starts_it_when_no_one_has_a_choice():
    campaign = new_campaign()

    revealed = flow.read_on(campaign)

    assert [side.label for side in revealed] == ["2A", "2B"]
    # game 1: two circles, two cards in each bag: every pick is forced, the game starts
    assert campaign.phase == Phase.PLAYING
    game = campaign.games.get(chapter=1).game
    assert game.setup["first_player"] == "roll"
    assert game.setup["cities"] == [{"wheat_field": 1, "bakery": 1}] * 3
    assert campaign.places.filter(place=Place.CITY).count() == 6


def test_a_step_in_the_wrong_phase_is_refused_and_changes_nothing():
    campaign = new_campaign()
    before = snapshot(campaign)

    with pytest.raises(flow.WrongPhase, match="Reading the deck"):
        flow.finish_after_game(campaign, side="a")
    with pytest.raises(flow.WrongPhase):
        flow.start_free_play(campaign, yokai_rule="yokai_coins")
    assert snapshot(campaign) == before


def test_a_step_taken_twice_takes_effect_once():
    campaign = new_campaign()
    shown = campaign.version
    flow.read_on(campaign, version=shown)
    after_first = snapshot(campaign)

    with pytest.raises(flow.Overtaken, match="a moment ago"):
        flow.read_on(Campaign.objects.get(pk=campaign.pk), version=shown)
    with pytest.raises(flow.WrongPhase):
        flow.read_on(Campaign.objects.get(pk=campaign.pk))
    assert snapshot(campaign) == after_first


def test_picks_are_checked_against_the_circles_and_the_bag():
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 1, winner=lambda chapter: 0)  # Ann won: Ben and Cem tick
    flow.read_on(campaign)
    ann, ben, cem = campaign.mayors.order_by("seat")
    # Ben and Cem have three circles for three cards: no choice, picked for them
    assert (ann.circles, ben.circles, cem.circles) == (2, 3, 3)
    assert ann.picks is None and len(ben.picks) == 3 and campaign.phase == Phase.PICKING

    with pytest.raises(flow.FlowError, match="exactly 2"):
        flow.pick(campaign, ann, ["wheat_field"])
    with pytest.raises(flow.FlowError, match="exactly 2"):
        flow.pick(campaign, ann, ["wheat_field", "mine"])
    with pytest.raises(flow.Overtaken, match="Ben has picked already"):
        flow.pick(campaign, ben, ["wheat_field", "bakery", "herb_garden"])

    assert flow.pick(campaign, ann, ["herb_garden", "bakery"]) is True
    assert campaign.phase == Phase.PLAYING
    setup = campaign.games.get(chapter=2).game.setup
    assert setup["first_player"] == 0  # the last winner starts
    assert setup["cities"][0] == {"bakery": 1, "herb_garden": 1}
    assert setup["cities"][1] == {"wheat_field": 1, "bakery": 1, "herb_garden": 1}


def test_a_mayor_of_another_campaign_cannot_pick():
    campaign = new_campaign()
    other = new_campaign()
    record_chapters(campaign, 1, winner=lambda chapter: 0)
    flow.read_on(campaign)

    with pytest.raises(flow.FlowError, match="does not belong"):
        flow.pick(campaign, other.mayors.get(seat=0), ["wheat_field", "bakery", "herb_garden"])


def test_the_winner_is_recorded_with_the_last_move_and_the_steps_follow():
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    flow.read_on(campaign)

    chapter_game = play_out(campaign)

    assert campaign.phase == Phase.AFTER_GAME
    state = chapter_game.game.load()
    assert chapter_game.winner.seat == state.winner
    assert chapter_game.source == ChapterGame.Source.APP
    assert chapter_game.winner.seat in chapter_game.flags
    pile = flow.new_pile(campaign)
    assert [p["id"] for p in pile] and all(p["copies"] == 5 for p in pile)

    with pytest.raises(flow.FlowError, match="Choose which side"):
        flow.finish_after_game(campaign)
    flow.finish_after_game(campaign, side="b", city_name="New Haven")

    entry = GoldenBookEntry.objects.get(campaign=campaign)
    assert (entry.chapter, entry.mayor, entry.city_name) == (1, chapter_game.winner, "New Haven")
    assert campaign.phase == Phase.READING and campaign.chapter == 2
    assert {s.component: s.side for s in campaign.sides.all()} == {p["id"]: "b" for p in pile}
    assert campaign.places.get(component="observatory").place == Place.ARCHIVE
    assert campaign.places.get(component="blast_furnace").place == Place.ARCHIVE
    assert campaign.places.filter(place=Place.CITY).count() == 0
    assert all(p is None for p in campaign.mayors.values_list("picks", flat=True))
    chapter_game.refresh_from_db()
    assert chapter_game.final_coins == [p.coins for p in state.players]


def test_a_game_played_on_the_table_is_recorded_and_the_same_steps_follow():
    campaign = new_campaign()
    flow.read_on(campaign)
    app_game = campaign.games.get(chapter=1).game

    with pytest.raises(flow.FlowError, match="who won"):
        flow.record_table_game(campaign, 7, datetime.date(2026, 11, 20))
    flow.record_table_game(campaign, 1, datetime.date(2026, 11, 20))

    chapter_game = campaign.games.get(chapter=1)
    assert chapter_game.source == ChapterGame.Source.TABLE and chapter_game.game is None
    assert campaign.phase == Phase.AFTER_GAME
    flow.finish_after_game(campaign, side="a")
    entry = campaign.golden_book.get()
    assert (entry.name, entry.date) == ("Ben", datetime.date(2026, 11, 20))
    # the app game begun for the chapter stays, unlinked, and finishing it changes nothing
    app_game.refresh_from_db()
    assert not hasattr(app_game, "chapter_game") or app_game.chapter_game is None


def test_the_campaign_ends_after_game_ten_and_free_play_follows(deck):
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    record_chapters(campaign, 10, winner=lambda chapter: chapter % 3)

    assert campaign.phase == Phase.FINISHED
    assert flow.golden_book_standings(campaign)["champions"][0]["mayor"].seat == 1
    assert campaign.places.filter(place__in=[Place.DECK, Place.BOX, Place.START]).count() == 0

    with pytest.raises(flow.FlowError, match="Yōkai"):
        flow.start_free_play(campaign, yokai_rule="classic")
    flow.start_free_play(campaign, yokai_rule="yokai_coins")
    assert campaign.phase == Phase.PLAYING and campaign.chapter == 11
    setup = campaign.games.get(chapter=11).game.setup
    assert "yokai_coins" in setup["rules"] and "yokai_flip" not in setup["rules"]
    assert setup["first_player"] == "roll"
    assert all(sum(city.values()) == 4 for city in setup["cities"])
    assert "gold_mine" not in setup["market"] and "fox_meadow" not in setup["market"]
    assert "blast_furnace" not in [lm["id"] for lm in setup["landmarks"][0]]

    play_out(campaign)
    assert campaign.phase == Phase.FREE_PLAY
    assert campaign.games.get(chapter=11).winner is not None
    with pytest.raises(flow.FlowError, match="for good"):
        flow.start_free_play(campaign, yokai_rule="yokai_flip")
    flow.start_free_play(campaign, yokai_rule="yokai_coins")
    assert campaign.chapter == 12


def test_the_overall_result_shares_a_tied_title():
    campaign = new_campaign()
    record_chapters(campaign, 10, winner=lambda chapter: 0 if chapter <= 4 else 1 + chapter % 2)

    standings = flow.golden_book_standings(campaign)

    assert [row["wins"] for row in standings["table"]] == [4, 3, 3]
    assert standings["shared"] is False
    assert standings["champions"][0]["latest"] == 4


def test_a_campaign_of_another_deck_is_refused_with_a_message():
    campaign = new_campaign()
    Campaign.objects.filter(pk=campaign.pk).update(deck_digest="0" * 64)

    with pytest.raises(flow.FlowError, match="does not have"):
        flow.read_on(Campaign.objects.get(pk=campaign.pk))
