"""The campaign's screens through the test client: every screen, every step, the wrong links."""

import datetime
import re

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.html import escape

from campaign import dashboard, decks, flow
from campaign.models import Campaign, Phase, Place
from play.describe import numbers_text

pytestmark = pytest.mark.django_db


def url(name, campaign, *args):
    return reverse(f"campaign:{name}", args=[campaign.table_secret, *args])


def mayor_url(name, campaign, mayor):
    return reverse(f"campaign:{name}", args=[mayor.secret])


@pytest.fixture
def host(client):
    user = User.objects.create_user("host", password="a long pass phrase 7")
    client.force_login(user)
    return user


@pytest.fixture
def campaign(host):
    campaign = new_campaign()
    campaign.owner = host
    campaign.save()
    return campaign


# --- accounts ------------------------------------------------------------------------------


def test_sign_up_logs_in_and_leads_to_my_campaigns(client):
    response = client.post(
        reverse("campaign:signup"),
        {
            "username": "ann",
            "password1": "a long pass phrase 7",
            "password2": "a long pass phrase 7",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:mine")
    assert "My campaigns" in client.get(reverse("campaign:mine")).content.decode()


def test_sign_up_with_mismatched_passwords_says_so(client):
    response = client.post(
        reverse("campaign:signup"),
        {"username": "ann", "password1": "a long pass phrase 7", "password2": "other"},
    )
    assert response.status_code == 400
    assert not User.objects.filter(username="ann").exists()


def test_log_in_log_out_and_change_password(client):
    User.objects.create_user("ann", password="a long pass phrase 7")
    response = client.post(
        reverse("campaign:login"), {"username": "ann", "password": "a long pass phrase 7"}
    )
    assert response.status_code == 302
    response = client.post(
        reverse("campaign:password_change"),
        {
            "old_password": "a long pass phrase 7",
            "new_password1": "another long phrase 8",
            "new_password2": "another long phrase 8",
        },
    )
    assert response.status_code == 302
    assert client.post(reverse("campaign:logout")).status_code == 302
    assert client.get(reverse("campaign:mine")).status_code == 302  # to the log-in page


def test_nobody_is_sent_to_log_in_for_my_campaigns_and_a_new_one(client):
    for name in ("mine", "new"):
        response = client.get(reverse(f"campaign:{name}"))
        assert response.status_code == 302
        assert reverse("campaign:login") in response["Location"]


def test_my_campaigns_lists_only_mine(client, campaign):
    other = User.objects.create_user("other", password="x long pass 99")
    theirs = new_campaign()
    theirs.name = "Their Bay"
    theirs.owner = other
    theirs.save()
    page = client.get(reverse("campaign:mine")).content.decode()
    assert campaign.table_secret in page
    assert theirs.table_secret not in page and "Their Bay" not in page


def test_my_campaigns_leads_to_importing_a_backup(client, host):
    page = client.get(reverse("campaign:mine")).content.decode()

    assert f'href="{reverse("campaign:import")}"' in page


def test_the_home_page_leads_to_the_campaigns(client):
    page = client.get(reverse("play:home")).content.decode()
    assert reverse("campaign:signup") in page


# --- new campaign ---------------------------------------------------------------------------


def new_form(**changes):
    data = {
        "name": "Seven Winds",
        "m1_name": "Ann",
        "m1_city": "Annaburg",
        "m1_colour": "teal",
        "m1_kind": "human",
        "m2_name": "Ben",
        "m2_city": "Benford",
        "m2_colour": "yellow",
        "m2_kind": "human",
        "m3_name": "Cem",
        "m3_city": "Cemhaven",
        "m3_colour": "pink",
        "m3_kind": "greedy",
        "m4_name": "",
        "m4_city": "",
        "m4_colour": "",
        "m4_kind": "human",
    }
    data.update(changes)
    return data


def test_a_new_campaign_with_three_mayors(client, host):
    response = client.post(reverse("campaign:new"), new_form())
    assert response.status_code == 302
    campaign = Campaign.objects.get(owner=host)
    assert response["Location"] == url("links", campaign)
    assert [m.name for m in campaign.mayors.all()] == ["Ann", "Ben", "Cem"]
    assert campaign.mayors.get(seat=2).kind == "greedy"
    links = client.get(response["Location"]).content.decode()
    assert links.count("<svg") == 2  # QR codes for the two persons, none for the bot


def test_a_colour_chosen_twice_is_refused_with_a_message_at_the_top(client, host):
    response = client.post(reverse("campaign:new"), new_form(m2_colour="teal"))
    assert response.status_code == 400
    assert "Each colour can be chosen by one mayor only." in response.content.decode()
    assert not Campaign.objects.exists()


def test_one_mayor_is_not_a_campaign(client, host):
    response = client.post(reverse("campaign:new"), new_form(m2_name="", m3_name=""))
    assert response.status_code == 400
    assert not Campaign.objects.exists()


def test_a_mayor_without_a_city_is_refused(client, host):
    response = client.post(reverse("campaign:new"), new_form(m2_city=""))
    assert response.status_code == 400
    assert "Every city needs a name." in response.content.decode()


# --- the dashboard and reading ------------------------------------------------------------------


def test_the_dashboard_shows_the_next_step_and_hides_chapters_to_come(client, campaign):
    page = client.get(url("table", campaign)).content.decode()
    assert "Read the deck aloud" in page
    assert page.count('class="chapter to_come"') == 9
    assert "The First Harvest" not in page  # chapter 1's title is on a side not read yet


def test_reading_never_goes_past_the_stop_and_the_stop_reads_on(client, campaign):
    first = client.get(url("read_latest", campaign))
    assert first.status_code == 302
    page = client.get(first["Location"]).content.decode()
    assert "Dear founders" in page
    stop_page = client.get(url("read", campaign, 99))  # beyond: to the STOP
    assert stop_page.status_code == 302
    stop = client.get(stop_page["Location"]).content.decode()
    assert "Turn the STOP" in stop and "The First Harvest" not in stop
    response = client.post(url("turn", campaign), {"version": campaign.version})
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING  # chapter 1's picks are forced
    assert "The First Harvest" in client.get(response["Location"]).content.decode()


def test_a_stale_stop_changes_nothing(client, campaign):
    response = client.post(url("turn", campaign), {"version": campaign.version + 5}, follow=True)
    assert "took this step a moment ago" in response.content.decode()
    campaign.refresh_from_db()
    assert campaign.phase == Phase.READING


def test_a_box_is_opened_on_its_own_page(client, campaign):
    record_chapters(campaign, 1)
    campaign.refresh_from_db()
    pages = [client.get(url("read", campaign, n)).content.decode() for n in range(1, 12)]
    assert any("Open mystery box 1" in p and "The Mayor&#x27;s Chest" in p for p in pages)


def test_a_mayor_rereads_the_story_on_their_phone(client, campaign, deck):
    ann = campaign.mayors.get(seat=0)
    sides = deck.sides()
    for _chapter in range(2):
        position = flow.reader_of(campaign).position
        page = client.get(mayor_url("mayor", campaign, ann)).content.decode()
        assert "What we have read so far" in page
        for side in sides[:position]:
            if side.story:
                assert escape(side.story["en"]) in page  # whole, not cut short as on the dashboard
        assert escape(sides[position].story["en"]) not in page
        record_chapters(campaign, 1)


# --- picks ----------------------------------------------------------------------------------------


@pytest.fixture
def picking(campaign):
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    assert campaign.phase == Phase.PICKING
    return campaign


def test_a_mayor_picks_secretly_on_their_phone(client, picking):
    ann = picking.mayors.get(seat=0)
    # Ben's bag leaves no choice (he picked at once); the table sees that he did, not what
    table = client.get(url("picks", picking)).content.decode()
    assert "has picked" in table and "still picking" in table
    assert "Herb Garden" not in table and "Wheat Field" not in table
    page = client.get(mayor_url("mayor", picking, ann)).content.decode()
    assert 'name="card"' in page
    bag = [
        line.split('value="')[1].split('"')[0]
        for line in page.splitlines()
        if 'name="card"' in line
    ]
    response = client.post(
        mayor_url("mayor", picking, ann),
        {"card": bag[: ann.circles], "version": picking.version},
    )
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.picks is not None and len(ann.picks) == ann.circles
    picking.refresh_from_db()
    assert picking.phase == Phase.PLAYING  # the last pick starts the game: all revealed
    game_page = client.get(url("game", picking)).content.decode()
    assert "The picks, revealed" in game_page and "Herb Garden" in game_page


def test_too_many_picks_are_refused_and_nothing_changes(client, picking):
    ann = picking.mayors.get(seat=0)
    page = client.get(mayor_url("mayor", picking, ann)).content.decode()
    bag = [
        line.split('value="')[1].split('"')[0]
        for line in page.splitlines()
        if 'name="card"' in line
    ]
    response = client.post(
        mayor_url("mayor", picking, ann), {"card": bag, "version": picking.version}
    )
    assert response.status_code == 400
    assert "Pick exactly" in response.content.decode()
    ann.refresh_from_db()
    assert ann.picks is None


def test_picks_on_the_shared_screen_behind_a_cover(client, picking):
    ben = picking.mayors.get(seat=0)
    cover = client.get(url("pick_at_table", picking, 0)).content.decode()
    assert "Pass the device to Ann" in cover and 'name="card"' not in cover
    shown = client.get(url("pick_at_table", picking, 0) + "?show=1").content.decode()
    bag = [
        line.split('value="')[1].split('"')[0]
        for line in shown.splitlines()
        if 'name="card"' in line
    ]
    response = client.post(
        url("pick_at_table", picking, 0), {"card": bag[: ben.circles], "version": picking.version}
    )
    assert response.status_code == 302
    ben.refresh_from_db()
    assert ben.picks is not None


def test_the_game_page_embeds_the_board_for_the_table_and_each_seat(client, campaign):
    flow.read_on(campaign)
    game = campaign.games.get(chapter=1).game
    page = client.get(url("game", campaign)).content.decode()
    assert reverse("play:poll", args=[game.code, game.host_secret]) in page
    assert "The First Harvest" in page
    ann = campaign.mayors.get(seat=0)
    mine = client.get(mayor_url("mayor_game", campaign, ann)).content.decode()
    assert reverse("play:poll", args=[game.code, game.seats[0]["secret"]]) in mine
    assert game.host_secret not in mine and game.seats[1]["secret"] not in mine


def test_rules_in_force_come_from_the_deck_rule_cards(client, campaign):
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    pick_for_everyone(campaign)
    page = client.get(url("game", campaign)).content.decode()
    assert "Good Neighbours" in page
    assert "the player left of the start player takes 1 coin" in page


def test_a_rule_card_the_deck_put_in_the_archive_is_no_longer_in_force(client, campaign):
    """Chapter 8 of our deck puts the Night Fox in the archive and the Kind Fox in the rule
    stack: the screens list the Kind Fox alone (the engine plays it alone), until free play,
    where the table's choice of Yōkai is in force."""
    deck = decks.our_deck()
    record_chapters(campaign, 7)
    flow.read_on(campaign)
    pick_for_everyone(campaign)

    in_force = [rule["id"] for rule in dashboard.rules_in_force(campaign, deck)]
    assert in_force[-1] == "rule_yokai_coins" and "rule_yokai_flip" not in in_force
    assert [rule["id"] for rule in dashboard.rule_stack(campaign, deck)] == in_force
    page = client.get(url("game", campaign)).content.decode()  # the table page lists the archive
    assert "The Kind Fox (Yōkai)" in page and "The Night Fox (Yōkai)" not in page

    flow.record_table_game(campaign, 0, datetime.date(2026, 11, 28))
    flow.finish_after_game(campaign, side="a")
    record_chapters(campaign, 2)
    flow.start_free_play(campaign, yokai_rule="yokai_flip")
    chosen = [rule["id"] for rule in dashboard.rule_stack(campaign, deck)]
    assert chosen[-1] == "rule_yokai_flip" and "rule_yokai_coins" not in chosen


def pick_for_everyone(campaign):
    deck = decks.our_deck()
    for mayor in campaign.mayors.filter(picks__isnull=True):
        bag = [c["establishment"] for c in dashboard.bag(campaign, deck, mayor)]
        flow.pick(campaign, mayor, bag[: campaign.picks_allowed(mayor)])
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING


# --- after the game, table games ----------------------------------------------------------------


def test_the_winner_signs_the_golden_book_chooses_a_side_and_the_table_reads_on(client, campaign):
    flow.read_on(campaign)
    flow.record_table_game(campaign, 1, datetime.date(2026, 11, 20))
    page = client.get(url("after", campaign)).content.decode()
    assert 'value="Ben"' in page and 'value="Benville"' in page
    german = client.get(url("after", campaign), headers={"Accept-Language": "de"}).content
    assert b'type="date"' in german and b'value="2026-11-20"' in german  # ISO for the browser
    sides = flow.new_pile(campaign)[0]["sides"]
    assert all(side.name["en"] in page for side in sides)  # both sides of the new pile
    missing_side = client.post(
        url("after", campaign),
        {"date": "2026-11-20", "name": "Ben", "city_name": "Benville", "version": campaign.version},
    )
    assert missing_side.status_code == 400
    response = client.post(
        url("after", campaign),
        {
            "date": "2026-11-21",
            "name": "Ben B.",
            "city_name": "Benville",
            "side": "b",
            "version": campaign.version,
        },
    )
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.phase == Phase.READING and campaign.chapter == 2
    entry = campaign.golden_book.get()
    assert (entry.name, entry.date) == ("Ben B.", datetime.date(2026, 11, 21))
    stop = client.get(response["Location"]).content.decode()
    assert "Turn the STOP and read chapter 2 aloud" in stop


def test_record_a_game_played_on_the_table(client, campaign):
    flow.read_on(campaign)
    response = client.post(
        url("record", campaign),
        {"played_on": "2026-11-20", "winner": 2, "version": campaign.version, "confirmed": "yes"},
    )
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.phase == Phase.AFTER_GAME
    assert campaign.games.get(chapter=1).winner.name == "Cem"


def test_record_without_a_date_is_refused(client, campaign):
    flow.read_on(campaign)
    response = client.post(url("record", campaign), {"winner": 2, "version": campaign.version})
    assert response.status_code == 400
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING


def test_record_without_a_winner_is_refused_and_names_none_by_default(client, campaign):
    flow.read_on(campaign)
    form = client.get(url("record", campaign)).content.decode()
    select = form.split('name="winner"', 1)[1].split("</select>", 1)[0]
    assert re.findall(r'<option value="([^"]*)" selected', select) == [""]
    response = client.post(
        url("record", campaign), {"played_on": "2026-11-20", "version": campaign.version}
    )
    assert response.status_code == 400
    assert "Choose the mayor who won." in response.content.decode()
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING


def test_golden_book_charts_and_the_overall_result(client, campaign):
    record_chapters(campaign, 10, winner=lambda chapter: chapter % 2)
    book = client.get(url("book", campaign)).content.decode()
    assert "The overall result" in book and "A shared title" in book
    assert "print.css" in book
    charts = client.get(url("charts", campaign)).content.decode()
    assert charts.count("<svg") == 2


def test_free_play_choice_and_list(client, campaign):
    record_chapters(campaign, 10)
    page = client.get(url("free", campaign)).content.decode()
    assert "The Night Fox" in page and "The Kind Fox" in page
    response = client.post(
        url("free", campaign), {"yokai_rule": "yokai_coins", "version": campaign.version}
    )
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.yokai_rule == "yokai_coins" and campaign.phase == Phase.PICKING


def test_free_play_before_the_end_names_no_yokai(client, campaign):
    page = client.get(url("free", campaign)).content.decode()
    assert "Fox" not in page


# --- polling --------------------------------------------------------------------------------------


def test_poll_is_204_until_the_campaign_moves_on(client, campaign):
    assert client.get(url("poll", campaign) + f"?v={campaign.version}").status_code == 204
    flow.read_on(campaign)
    response = client.get(url("poll", campaign) + f"?v={campaign.version - 1}")
    assert response.status_code == 200 and response["HX-Refresh"] == "true"


def test_a_phone_is_not_reloaded_by_another_mayors_pick(client):
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, 2, winner=lambda chapter: 2)  # Cem wins twice: Ann, Ben choose
    flow.read_on(campaign)
    ann, ben = campaign.mayors.get(seat=0), campaign.mayors.get(seat=1)
    page = client.get(mayor_url("mayor", campaign, ann)).content.decode()
    poll = page.split('hx-get="')[1].split('"')[0].replace("&amp;", "&")
    assert client.get(poll).status_code == 204
    bag = [c["establishment"] for c in dashboard.bag(campaign, decks.our_deck(), ben)]
    flow.pick(campaign, ben, bag[: ben.circles])
    assert client.get(poll).status_code == 204  # Ann keeps ticking her cards
    ann_bag = [c["establishment"] for c in dashboard.bag(campaign, decks.our_deck(), ann)]
    stale = campaign.version - 1
    response = client.post(
        mayor_url("mayor", campaign, ann), {"card": ann_bag[: ann.circles], "version": stale}
    )
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.picks is not None


# --- wrong identities -----------------------------------------------------------------------------


TABLE_PAGES = [
    "table",
    "links",
    "read_latest",
    "picks",
    "game",
    "after",
    "record",
    "book",
    "charts",
    "free",
]


def test_a_wrong_table_link_is_a_404_naming_nothing(client, campaign):
    for name in TABLE_PAGES:
        response = client.get(reverse(f"campaign:{name}", args=["not-a-secret"]))
        assert response.status_code == 404, name
        assert campaign.name not in response.content.decode()


def test_a_wrong_table_link_changes_nothing(client, campaign):
    for name in ("turn", "after", "record", "free"):
        response = client.post(reverse(f"campaign:{name}", args=["not-a-secret"]), {"version": 0})
        assert response.status_code == 404, name
    response = client.post(reverse("campaign:pick_at_table", args=["not-a-secret", 0]))
    assert response.status_code == 404
    campaign.refresh_from_db()
    assert campaign.version == 0 and campaign.phase == Phase.READING


def test_the_history_says_what_happened_in_words(client, campaign):
    flow.read_on(campaign, by="read")
    page = client.get(url("table", campaign)).content.decode()
    assert "the campaign begins" in page and "the deck is read on" in page


def test_a_mayor_link_of_the_old_form_under_another_campaign_is_a_404(client, campaign):
    other = new_campaign()
    stranger = other.mayors.get(seat=0)
    for name in ("old_mayor", "old_mayor_game", "old_mayor_poll"):
        response = client.get(
            reverse(f"campaign:{name}", args=[campaign.table_secret, stranger.secret])
        )
        assert response.status_code == 404, name
        assert "Ann" not in response.content.decode()


def test_a_mayor_page_shows_no_other_mayors_secret_or_bag(client, picking):
    ann, ben = picking.mayors.get(seat=0), picking.mayors.get(seat=1)
    page = client.get(mayor_url("mayor", picking, ann)).content.decode()
    assert ben.secret not in page and picking.table_secret not in page
    offered = re.findall(r'name="card" value="([^"]+)"', page)
    assert offered == [c["establishment"] for c in dashboard.bag(picking, picking.deck, ann)]


def test_another_hosts_account_does_not_see_the_campaign(client, campaign):
    other = User.objects.create_user("other", password="x long pass 99")
    client.force_login(other)
    page = client.get(reverse("campaign:mine")).content.decode()
    assert campaign.name not in page and campaign.table_secret not in page


def test_a_mayor_cannot_pick_for_another(client, picking):
    ann, ben = picking.mayors.get(seat=0), picking.mayors.get(seat=1)
    deck = decks.our_deck()
    response = client.post(
        mayor_url("mayor", picking, ann), {"card": ["mine", "stadium"], "version": picking.version}
    )
    assert response.status_code == 400  # not in her bag
    ann_bag = [c["establishment"] for c in dashboard.bag(picking, deck, ann)]
    response = client.post(
        mayor_url("mayor", picking, ann),
        {"card": ann_bag[: ann.circles], "version": picking.version},
    )
    assert response.status_code == 302
    before = ben.picks
    ben.refresh_from_db()
    ann.refresh_from_db()
    assert ann.picks == ann_bag[: ann.circles]
    assert ben.picks == before  # Ben's bag left no choice: he had picked at once
    # the picked cards left Ann's bag for her city, none of Ben's
    city = picking.places.filter(place=Place.CITY, mayor=ann).values_list("component", flat=True)
    assert sorted(deck.components[cid].colour for cid in city) == [ann.colour] * ann.circles


def test_a_bag_shows_its_cards_as_their_stickers_changed_them(client, campaign, deck):
    record_chapters(campaign, 2)
    flow.read_on(campaign)
    changed = {
        row.card: deck.components[row.sticker].change
        for row in campaign.stickers.all()
        if "numbers" in deck.components[row.sticker].change
    }
    assert changed  # the deck has stuck a sticker that changes numbers by now
    checked = 0
    for mayor in campaign.mayors.all():
        for card in dashboard.bag(campaign, deck, mayor):
            if card["establishment"] in changed:
                numbers = changed[card["establishment"]]["numbers"]
                assert card["numbers"] == numbers_text(tuple(numbers))
                checked += 1
    assert checked


def test_a_refused_pick_keeps_what_was_ticked(client, picking):
    ann = picking.mayors.get(seat=0)
    page = client.get(mayor_url("mayor", picking, ann)).content.decode()
    bag = re.findall(r'name="card" value="([^"]+)"', page)
    too_many = bag[: ann.circles + 1]
    assert len(too_many) > ann.circles

    response = client.post(
        mayor_url("mayor", picking, ann), {"card": too_many, "version": picking.version}
    )

    assert response.status_code == 400
    text = response.content.decode()
    assert "Pick exactly" in text
    ticked = re.findall(r'name="card" value="([^"]+)" class="form-check-input" checked', text)
    assert ticked == too_many


def test_recording_a_game_under_way_in_the_app_warns_first(client, campaign):
    record_chapters(campaign, 2)
    flow.read_on(campaign)
    pick_for_everyone(campaign)
    record = url("record", campaign)
    assert "already under way" not in client.get(record).content.decode()
    game = campaign.games.get(chapter=3).game
    game.apply_action({"type": "roll", "dice": 1}, version=game.version, who="host")
    assert "already under way in the app (1 move)" in client.get(record).content.decode()


def test_a_mayors_phone_offers_no_log_in_but_the_table_does(client):
    campaign = new_campaign()
    ann = campaign.mayors.get(seat=0)
    login = reverse("campaign:login")
    assert f'href="{login}"' in client.get(url("table", campaign)).content.decode()
    for name in ("mayor", "mayor_game"):
        assert f'href="{login}"' not in client.get(mayor_url(name, campaign, ann)).content.decode()


def test_without_javascript_a_phone_still_reaches_its_board(client, campaign):
    flow.read_on(campaign)
    pick_for_everyone(campaign)
    ann = campaign.mayors.get(seat=0)
    game = campaign.games.get(chapter=1).game
    page = client.get(mayor_url("mayor_game", campaign, ann)).content.decode()
    board = page.split('id="board"', 1)[1]
    noscript = board.split("<noscript>", 1)[1].split("</noscript>", 1)[0]
    assert reverse("play:game", args=[game.code, game.seats[0]["secret"]]) in noscript


def test_a_phone_folds_the_revealed_picks_so_its_board_stays_in_view(client, campaign):
    flow.read_on(campaign)
    pick_for_everyone(campaign)
    ann = campaign.mayors.get(seat=0)
    table = client.get(url("game", campaign)).content.decode()
    phone = client.get(mayor_url("mayor_game", campaign, ann)).content.decode()
    assert '<details class="mt-2" open>' in table
    assert '<details class="mt-2">' in phone and "The picks, revealed" in phone


def test_a_chapter_tile_shows_its_title_without_repeating_its_number(client, campaign, deck):
    record_chapters(campaign, 1)
    page = client.get(url("table", campaign)).content.decode()
    tile = page.split('data-chapter="1"', 1)[1].split("</li>", 1)[0]
    title = tile.split('class="chapter-title">', 1)[1].split("<", 1)[0]
    assert title and "1" not in title
    assert dashboard.without_number("Kapitel 2 - Die Uhr", 2) == "Die Uhr"
    assert dashboard.without_number("Chapter 12 - X", 1) == "Chapter 12 - X"


def test_a_free_play_game_lists_only_the_yokai_rule_the_table_chose(client, campaign, deck):
    record_chapters(campaign, 10)
    flow.start_free_play(campaign, yokai_rule="yokai_coins")
    pick_for_everyone(campaign)
    names = {c.rule: c.name["en"] for c in deck.components.values() if c.rule}
    page = client.get(url("game", campaign)).content.decode()
    panel = page.split('class="rules-from-stack', 1)[1].split("</details>", 1)[0]
    assert names["yokai_coins"] in panel
    assert names["yokai_flip"] not in panel
    stack = client.get(url("table", campaign)).content.decode().split('id="rules-heading"')[1]
    stack = stack.split("</section>", 1)[0]  # the dashboard's rule stack: the other is archived
    assert names["yokai_coins"] in stack and names["yokai_flip"] not in stack


def test_a_bag_is_in_the_order_of_the_numbers_not_of_their_text(campaign, deck):
    record_chapters(campaign, 10)
    firsts = []
    for mayor in campaign.mayors.all():
        order = [
            int(re.match(r"\d+", card["numbers"])[0])
            for card in dashboard.bag(campaign, deck, mayor)
        ]
        assert order == sorted(order)
        firsts += order
    assert max(firsts) >= 10 and min(firsts) < 10  # "10" would come before "2" as text


def test_after_a_game_the_dashboard_also_leads_straight_to_the_winners_moment(client, campaign):
    flow.read_on(campaign)
    flow.record_table_game(campaign, 1, datetime.date(2026, 11, 20))
    page = client.get(url("table", campaign)).content.decode()
    assert "Read what the game&#x27;s end reveals" in page  # the main step: read first
    assert f'href="{url("after", campaign)}"' in page


def test_a_colour_chosen_twice_marks_the_later_mayors_colour(client, host):
    response = client.post(reverse("campaign:new"), new_form(m3_colour="teal"))

    assert response.status_code == 400
    assert response.context["form"].errors == {
        "m3_colour": ["Each colour can be chosen by one mayor only."]
    }
    page = response.content.decode()
    assert re.search(r'<select name="m3_colour"[^>]*is-invalid', page)
    assert not re.search(r'<select name="m1_colour"[^>]*is-invalid', page)
