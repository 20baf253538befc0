"""What a new group stumbled on at the table (issue 18): after the game the main button moves
on once the game's end has been read, picks can be changed until the last mayor has picked, a
bot that wins has chosen its side, a finished game of free play shows its result, and a phone's
link during a game opens its seat."""

import datetime
import re

import pytest
from campaign_helpers import new_campaign, play_out, record_chapters
from django.urls import reverse

from campaign import dashboard, flow
from campaign.bot_choices import bot_side
from campaign.models import NEXT_STEP, TRANSITIONS, Campaign, Phase, StepKind

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 26)
MAIN_BUTTON = re.compile(r'class="btn btn-primary btn-lg w-100[^"]* next-step" href="([^"]+)"')


def url(name, campaign, *args):
    return reverse(f"campaign:{name}", args=[campaign.table_secret, *args])


def mayor_url(name, mayor):
    return reverse(f"campaign:{name}", args=[mayor.secret])


def main_button(page: str) -> str:
    """Where the page's one main button leads."""
    found = MAIN_BUTTON.findall(page)
    assert len(found) == 1, found
    return found[0]


def bag_of(page: str) -> list[str]:
    return re.findall(r'name="card" value="([a-z_0-9]+)"', page)


def ticked(page: str) -> list[str]:
    return re.findall(r'name="card" value="([a-z_0-9]+)" class="form-check-input" checked', page)


# --- 1. after the game, the main button moves on ---------------------------------------------


@pytest.fixture
def game_over():
    campaign = new_campaign()
    flow.read_on(campaign)
    flow.record_table_game(campaign, 1, DAY)
    assert campaign.phase == Phase.AFTER_GAME
    return campaign


def test_once_the_games_end_is_read_to_its_stop_the_main_button_is_the_winners_moment(
    client, game_over
):
    campaign = game_over
    assert main_button(client.get(url("table", campaign)).content.decode()) == url(
        "read_latest", campaign
    )
    pages = dashboard.reading_pages(campaign.deck, flow.reader_of(campaign))
    first = client.get(url("read_latest", campaign))["Location"]
    client.get(first)  # the first page of the game's end: nothing moves yet
    campaign.refresh_from_db()
    assert campaign.phase == Phase.AFTER_GAME

    stop = client.get(url("read", campaign, len(pages))).content.decode()

    assert "Do not read past the STOP" in stop
    assert main_button(stop) == url("after", campaign)
    campaign.refresh_from_db()
    assert campaign.phase == Phase.WINNERS_MOMENT
    dashboard_page = client.get(url("table", campaign)).content.decode()
    assert main_button(dashboard_page) == url("after", campaign)
    assert "The winner&#x27;s moment" in dashboard_page
    assert "Read what the game&#x27;s end reveals" not in dashboard_page
    assert "Read it aloud already?" not in dashboard_page  # the small link is gone too
    # the phones say what the table does now
    ben = campaign.mayors.get(seat=1)
    phone = client.get(mayor_url("mayor_dashboard", ben)).content.decode()
    assert "At the table now: The winner&#x27;s moment" in phone
    mine = client.get(mayor_url("mayor", ben)).content.decode()
    assert "now the winner signs the Golden Book" in mine


def test_the_stop_read_again_changes_nothing(client, game_over):
    campaign = game_over
    pages = dashboard.reading_pages(campaign.deck, flow.reader_of(campaign))
    client.get(url("read", campaign, len(pages)))
    campaign.refresh_from_db()
    version = campaign.version

    page = client.get(url("read", campaign, len(pages)))

    assert page.status_code == 200
    campaign.refresh_from_db()
    assert (campaign.phase, campaign.version) == (Phase.WINNERS_MOMENT, version)


def test_the_winner_signs_after_the_reading_and_the_campaign_reads_on(client, game_over):
    campaign = game_over
    flow.end_read(campaign)
    response = client.post(
        url("after", campaign),
        {"date": "2026-11-26", "name": "Ben", "city_name": "Benville", "side": "a"}
        | {"version": campaign.version},
    )
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert (campaign.phase, campaign.chapter) == (Phase.READING, 2)


def test_a_table_that_read_the_cards_may_go_to_the_winners_moment_at_once(game_over):
    flow.finish_after_game(game_over, side="a")
    assert game_over.phase == Phase.READING


def test_the_games_end_is_read_only_after_a_game():
    campaign = new_campaign()
    with pytest.raises(flow.WrongPhase):
        flow.end_read(campaign)


def test_every_phase_names_one_next_step_it_allows():
    assert set(NEXT_STEP) == set(Phase.values)
    for phase, step in NEXT_STEP.items():
        assert phase in TRANSITIONS[step].start, (phase, step)
    assert NEXT_STEP[Phase.AFTER_GAME] == StepKind.END_READ
    assert NEXT_STEP[Phase.WINNERS_MOMENT] == StepKind.AFTER_GAME


# --- 2. picks can be changed until the last mayor has picked ------------------------------------


@pytest.fixture
def picking():
    """Chapter 3: Ann (two circles), Ben and Cem (three each) choose from four cards each."""
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 2, winner=lambda chapter: 0)
    flow.read_on(campaign)
    assert campaign.phase == Phase.PICKING
    return campaign


def choosers(campaign: Campaign):
    deck = campaign.deck
    return [
        mayor
        for mayor in campaign.mayors.order_by("seat")
        if len(dashboard.bag(campaign, deck, mayor)) > campaign.picks_allowed(mayor)
    ]


def test_a_mayor_changes_their_picks_while_others_still_pick(client, picking):
    ann, *_others = choosers(picking)
    page = client.get(mayor_url("mayor", ann)).content.decode()
    bag = bag_of(page)
    client.post(mayor_url("mayor", ann), {"card": bag[:2], "version": picking.version})
    ann.refresh_from_db()
    assert ann.picks == bag[:2]

    page = client.get(mayor_url("mayor", ann)).content.decode()
    assert "Change my picks" in page and 'name="card"' not in page
    changing = client.get(mayor_url("mayor", ann) + "?change=1").content.decode()
    assert ticked(changing) == bag[:2]
    response = client.post(mayor_url("mayor", ann), {"card": bag[1:3], "version": 0})

    assert response.status_code == 302
    ann.refresh_from_db()
    picking.refresh_from_db()
    assert ann.picks == bag[1:3] and picking.phase == Phase.PICKING


def test_the_last_pick_makes_every_pick_final(client, picking):
    first, *rest = choosers(picking)
    deck = picking.deck
    for mayor in [first, *rest]:
        bag = [c["establishment"] for c in dashboard.bag(picking, deck, mayor)]
        flow.pick(picking, mayor, bag[: picking.picks_allowed(mayor)])
    assert picking.phase == Phase.PLAYING
    first.refresh_from_db()
    kept = list(first.picks)

    with pytest.raises(flow.WrongPhase):
        flow.pick(picking, first, kept[::-1])
    page = client.get(mayor_url("mayor", first))
    assert page.status_code == 302  # on to the seat: nothing to change any more
    first.refresh_from_db()
    assert first.picks == kept


def test_a_mayor_without_a_choice_has_nothing_to_change():
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 1, winner=lambda chapter: 0)
    flow.read_on(campaign)
    ben = campaign.mayors.get(seat=1)
    assert ben not in choosers(campaign) and ben.picks is not None  # three circles, three cards
    with pytest.raises(flow.Overtaken, match="Ben has picked already"):
        flow.pick(campaign, ben, list(ben.picks))


def test_the_table_changes_a_pick_behind_the_cover_and_never_shows_it(client, picking):
    ann = choosers(picking)[0]
    deck = picking.deck
    bag = [c["establishment"] for c in dashboard.bag(picking, deck, ann)]
    flow.pick(picking, ann, bag[:2])
    names = [c["name"] for c in dashboard.bag(picking, deck, ann)]

    table = client.get(url("picks", picking)).content.decode()
    assert "Ann changes their picks on this screen" in table
    assert not any(name in table for name in names)
    cover = client.get(url("pick_at_table", picking, ann.seat)).content.decode()
    assert "Pass the device to Ann" in cover and 'name="card"' not in cover
    shown = client.get(url("pick_at_table", picking, ann.seat) + "?show=1").content.decode()
    assert ticked(shown) == bag[:2]
    response = client.post(url("pick_at_table", picking, ann.seat), {"card": bag[1:3]})

    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.picks == bag[1:3]


def test_the_pick_form_counts_with_its_own_script(client, picking):
    ann = choosers(picking)[0]
    page = client.get(mayor_url("mayor", ann)).content.decode()
    assert 'data-to-pick="2"' in page
    assert 'data-counting="{n} of 2 chosen"' in page
    assert 'data-too-many="{n} of 2 chosen: too many"' in page
    assert "/static/js/picks.js" in page and "<script>" not in page


# --- 3. a bot that wins has chosen its side -----------------------------------------------------


def test_a_bot_winners_side_is_chosen_and_shown_for_the_table_to_confirm(client):
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    flow.read_on(campaign)
    chapter_game = play_out(campaign)
    piles = flow.new_pile(campaign)
    assert piles and chapter_game.winner.is_bot
    side = bot_side(piles[0]["sides"])

    page = client.get(url("after", campaign)).content.decode()

    assert re.findall(
        r'name="side" value="([ab])" class="form-check-input" required checked', page
    ) == [side]
    assert f"{chapter_game.winner.name} (a bot) chose side {side.upper()}." in page


def test_a_person_who_wins_chooses_their_side_themself(client):
    campaign = new_campaign()
    flow.read_on(campaign)
    flow.record_table_game(campaign, 0, DAY)
    assert flow.new_pile(campaign)
    page = client.get(url("after", campaign)).content.decode()
    assert " checked" not in page.split('id="id_city_name"', 1)[1]
    assert "(a bot) chose" not in page


# --- 4. a finished game of free play shows its result --------------------------------------------


@pytest.fixture
def free_game_over():
    campaign = new_campaign(kinds=("greedy", "greedy", "random"))
    record_chapters(campaign, 10)
    flow.start_free_play(campaign, yokai_rule=campaign.deck.shape.free_play_rules[0])
    chapter_game = play_out(campaign)
    assert campaign.phase == Phase.FREE_PLAY
    return campaign, chapter_game


def test_a_finished_free_game_shows_winner_standings_and_charts_on_the_table(
    client, free_game_over
):
    campaign, chapter_game = free_game_over
    page = client.get(url("game", campaign)).content.decode()  # also after a reload
    assert f"{chapter_game.winner.name} has won free game 1!" in page
    assert "Final standings" in page and "Coins, turn by turn" in page
    assert "Income by card colour" in page
    assert main_button(page) == url("free", campaign)


def test_the_free_play_list_links_to_each_game(client, free_game_over):
    campaign, chapter_game = free_game_over
    listing = client.get(url("free", campaign)).content.decode()
    assert f'href="{url("free_game", campaign, 1)}"' in listing
    page = client.get(url("free_game", campaign, 1)).content.decode()
    assert f"{chapter_game.winner.name} has won free game 1!" in page
    assert "Final standings" in page
    for missing in (0, 2):  # no such game: the list
        assert client.get(url("free_game", campaign, missing))["Location"] == url("free", campaign)


# --- 5. a phone's link during a game opens its seat -----------------------------------------------


def test_a_mayors_link_during_a_game_opens_their_seat_with_the_board(client):
    campaign = new_campaign()
    flow.read_on(campaign)  # chapter 1's picks are forced: the game is on
    ann = campaign.mayors.get(seat=0)
    game = campaign.games.get(chapter=1).game

    response = client.get(mayor_url("mayor", ann), follow=True)

    assert response.redirect_chain == [(mayor_url("mayor_game", ann), 302)]
    page = response.content.decode()
    assert "To your seat in the game" not in page
    assert "The board is coming" not in page
    assert 'id="board"' in page and f'data-you="{ann.seat}"' in page
    assert game.seats[0]["secret"] in page and game.host_secret not in page


def test_the_tables_game_page_holds_the_board_at_once(client):
    campaign = new_campaign()
    flow.read_on(campaign)
    page = client.get(url("game", campaign)).content.decode()
    assert "The board is coming" not in page
    assert 'id="board"' in page and "turn-panel" in page


# --- 7. the table's screen asks before it acts for a mayor whose phone is in hand ----------------


def test_the_tables_screen_asks_before_it_plays_for_a_mayor_on_their_phone(client):
    campaign = new_campaign(kinds=("human", "human", "human"))
    flow.read_on(campaign)
    game = campaign.games.get(chapter=1).game
    active = game.load().active
    mayor = campaign.mayors.get(seat=active)
    client.get(mayor_url("mayor_game", mayor))  # the mayor's phone shows their seat
    roll = '{"type": "roll", "dice": 1}'

    asked = client.post(
        reverse("play:move", args=[game.code, game.host_secret]),
        {"version": game.version, "action": roll},
        headers={"HX-Request": "true"},
    ).content.decode()

    assert f"Act for {mayor.name}?" in asked
    game.refresh_from_db()
    assert game.version == 0


def test_a_phone_left_on_its_seat_follows_on_to_its_page_when_the_next_game_is_prepared(client):
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 1)  # chapter 2 is being read
    ann = campaign.mayors.get(seat=0)
    response = client.get(mayor_url("mayor_game", ann))
    assert response.status_code == 302 and response["Location"] == mayor_url("mayor", ann)


def test_taking_back_after_the_games_end_was_read_takes_back_the_result(game_over):
    campaign = game_over
    flow.end_read(campaign)
    assert campaign.phase == Phase.WINNERS_MOMENT

    flow.take_back(campaign, version=campaign.version)

    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING  # as before the game was recorded
    assert campaign.chapter_game().winner is None
