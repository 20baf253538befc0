"""Who may do what, as a table: every campaign URL and form, GET and POST, from each kind of
visitor, with the answer expected. The campaign is in chapter 2's game, played in the app (so
there is a host key and seat keys to keep apart), its host logged in on one device.

Visitors: Ann's phone (her mayor's link only), the table (the table's link, nobody logged in),
the host (the owner, logged in, on the table's link) and another account (logged in, and it
has the table's link: it is still not the host). A mayor holds no table secret, so the table's
and the host's URLs are tried from Ann's phone with her own secret in the table's place.

Each answer must be the one in the table; a refusal (403, 404, or the log-in page) shows no
private word of the campaign and changes no row; a mayor's page shows no secret but the
mayor's own (tests/campaign/test_mayor_link_crawl.py follows every link from there too). A
page's stream (`…events`) is read up to its first events: its board, or a ping. Streams look
from threads of their own, which see only what is committed: the tests here commit.
"""

from __future__ import annotations

import pytest
from campaign_crawl import campaign_routes
from campaign_helpers import new_campaign, record_chapters, snapshot
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from stream_reader import read_stream

from campaign import dashboard, flow
from campaign.models import Phase

pytestmark = pytest.mark.django_db(transaction=True)

PHONE, TABLE, HOST, OTHER = "Ann's phone", "the table", "the host", "another account"
LOG_IN = "log in"  # a redirect to the log-in page, nothing else shown
PING = "event: ping"

# (route, method): {visitor: expected answer}. `T` routes take the table's secret (Ann's phone
# tries them with her own), `M` routes Ann's secret. The steps' answers are those of a campaign
# in the middle of a game: a refusal by the phase is still an answer to someone allowed to ask.
T, M = "table", "mayor"
EXPECTED = {
    # the table's screen: the table, and the host and another account holding its link
    (T, "table", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "poll", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "events", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "links", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "read_latest", "get"): {PHONE: 404, TABLE: 302, HOST: 302, OTHER: 302},
    (T, "read", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "turn", "post"): {PHONE: 404, TABLE: 302, HOST: 302, OTHER: 302},  # not now: told so
    (T, "picks", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "pick_at_table", "get"): {PHONE: 404, TABLE: 302, HOST: 302, OTHER: 302},  # all picked
    (T, "pick_at_table", "post"): {PHONE: 404, TABLE: 302, HOST: 302, OTHER: 302},
    (T, "game", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "game_end", "post"): {PHONE: 404, TABLE: 302, HOST: 302, OTHER: 302},  # not over: told so
    (T, "game_events", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "after", "get"): {PHONE: 404, TABLE: 302, HOST: 302, OTHER: 302},  # no winner yet
    (T, "after", "post"): {PHONE: 404, TABLE: 302, HOST: 302, OTHER: 302},
    (T, "record", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "record", "post"): {PHONE: 404, TABLE: 400, HOST: 400, OTHER: 400},  # no winner given
    (T, "book", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "charts", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "free", "get"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},
    (T, "free", "post"): {PHONE: 404, TABLE: 200, HOST: 200, OTHER: 200},  # not yet: the page
    (T, "free_game", "get"): {PHONE: 404, TABLE: 302, HOST: 302, OTHER: 302},  # none yet: list
    # Ann's phone
    (M, "mayor", "get"): {PHONE: 302},  # a game is on: straight to her seat
    (M, "mayor", "post"): {PHONE: 400},  # no pick now: told so
    (M, "mayor_poll", "get"): {PHONE: 200},
    (M, "mayor_events", "get"): {PHONE: 200},
    (M, "mayor_game", "get"): {PHONE: 200},
    (M, "mayor_game_events", "get"): {PHONE: 200},
    (M, "mayor_dashboard", "get"): {PHONE: 200},
    (M, "mayor_dashboard_events", "get"): {PHONE: 200},
    (M, "mayor_book", "get"): {PHONE: 200},
    (M, "mayor_charts", "get"): {PHONE: 200},
    # the host's
    (T, "export", "get"): {PHONE: 404, TABLE: LOG_IN, HOST: 200, OTHER: 404},
    (T, "renew", "get"): {PHONE: 404, TABLE: LOG_IN, HOST: 200, OTHER: 404},
    (T, "delete", "get"): {PHONE: 404, TABLE: LOG_IN, HOST: 200, OTHER: 404},
    (T, "delete", "post"): {PHONE: 404, TABLE: LOG_IN, HOST: 400, OTHER: 404},  # name not typed
    (T, "take_back", "get"): {PHONE: 404, TABLE: LOG_IN, HOST: 200, OTHER: 404},
    (T, "take_back", "post"): {PHONE: 404, TABLE: LOG_IN, HOST: 409, OTHER: 404},  # stale page
    (T, "renew", "post"): {PHONE: 404, TABLE: LOG_IN, HOST: 302, OTHER: 404},  # last: it renews
}
ROUTE_ARGS = {"read": [1], "pick_at_table": [0], "free_game": [1]}
POSTED = {  # what each form would send
    "turn": {"version": "0"},
    "pick_at_table": {"card": ["wheat_field"]},
    "after": {"name": "Mallory", "city_name": "Forged", "side": "a", "date": "2026-11-20"},
    "record": {"played_on": "2026-11-20"},
    "free": {"yokai_rule": "yokai_coins"},
    "mayor": {"card": ["wheat_field"]},
    "delete": {"name": "not its name"},
    "game_end": {"version": "0"},
    "take_back": {"version": "0"},
}


@pytest.fixture(autouse=True)
def pings_fast(settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05


@pytest.fixture
def campaign():
    campaign = new_campaign(kinds=("human", "human", "greedy"))
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    for mayor in campaign.mayors.filter(picks__isnull=True):
        bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, mayor)]
        flow.pick(campaign, mayor, bag[: campaign.picks_allowed(mayor)])
    assert campaign.phase == Phase.PLAYING and campaign.chapter_game().game
    campaign.owner = User.objects.create_user("host", password="a long pass phrase 7")
    campaign.save()
    return campaign


def visitors(campaign) -> dict[str, Client]:
    host, other = Client(), Client()
    host.force_login(campaign.owner)
    other.force_login(User.objects.create_user("other", password="a long pass phrase 8"))
    return {PHONE: Client(), TABLE: Client(), HOST: host, OTHER: other}


def secrets_of(campaign) -> dict[str, str]:
    game = campaign.chapter_game().game
    found = {"the table's link": campaign.table_secret, "the host key": game.host_secret}
    for mayor in campaign.mayors.all():
        found[f"{mayor.name}'s link"] = mayor.secret
        found[f"{mayor.name}'s seat key"] = game.seats[mayor.seat]["secret"]
    return found


# What each visitor may see on the pages it may open (a refusal shows none of these).
MAY_SEE = {
    PHONE: {"Ann's link", "Ann's seat key"},
    TABLE: None,  # everything of the table's: the links page shows every phone's code
    HOST: None,
    OTHER: None,
}


def test_every_url_and_form_answers_each_visitor_as_the_table_says(campaign):
    clients = visitors(campaign)
    ann = campaign.mayors.get(seat=0)
    secrets = secrets_of(campaign)
    problems = []
    for (kind, name, method), expected in EXPECTED.items():
        for visitor, answer in expected.items():
            key = ann.secret if (kind == M or visitor == PHONE) else campaign.table_secret
            url = reverse(f"campaign:{name}", args=[key, *ROUTE_ARGS.get(name, [])])
            before = snapshot(campaign)
            client = clients[visitor]
            what = f"{method.upper()} {name} as {visitor}"
            if name.endswith("events"):  # a page's stream: its first events
                status, sent = read_stream(url, 2, cookies=client.cookies)
                if status == 200 and not any(e.startswith(("event: board", PING)) for e in sent):
                    problems.append(f"{what}: sent {sent}")
                text, location = "".join(sent), ""
            else:
                if method == "post":
                    response = client.post(url, POSTED.get(name, {}))
                else:
                    response = client.get(url)
                status, text = response.status_code, response.content.decode()
                location = response.get("Location", "")
            if answer == LOG_IN:
                if status != 302 or not location.startswith(reverse("campaign:login")):
                    problems.append(f"{what}: {status}, not sent to log in")
            elif status != answer:
                problems.append(f"{what}: {status}, expected {answer}")
            text += location.split("?")[0]
            problems += check_shown(what, text, url, answer, visitor, secrets)
            if answer in (403, 404, LOG_IN) and snapshot(campaign) != before:
                problems.append(f"{what}: changed the campaign")
    assert problems == []


def check_shown(what, text, url, answer, visitor, secrets) -> list[str]:
    """A refusal shows no secret; an answer none but the visitor's own (or what it asked with)."""
    refused = answer in (403, 404, LOG_IN)
    allowed = MAY_SEE[visitor]
    shown = {
        label
        for label, secret in secrets.items()
        if secret in text
        and secret not in url  # what the request carried itself
        and (refused or (allowed is not None and label not in allowed))
    }
    return [f"{what}: shows {sorted(shown)}"] if shown else []


def test_the_table_covers_every_route():
    routes = set(campaign_routes()) - {
        "signup",
        "login",
        "logout",
        "password_change",
        "password_change_done",
        "password_reset",
        "password_reset_done",
        "password_reset_confirm",
        "password_reset_complete",
        "mine",
        "new",
        "how_it_works",
        "import",
        "add_deck",  # an account's own decks: tests/campaign/test_add_a_deck.py
        "delete_deck",
        "old_mayor",
        "old_mayor_poll",
        "old_mayor_game",
    }
    assert routes == {name for _, name, _ in EXPECTED}


@pytest.mark.parametrize("page", ["", "poll/", "game/"])
def test_a_mayors_link_of_the_old_form_leads_to_the_new_one(client, campaign, page):
    ann = campaign.mayors.get(seat=0)
    old = f"/c/{campaign.table_secret}/m/{ann.secret}/{page}"

    response = client.get(old + "?k=x")

    assert response.status_code == 307
    assert response["Location"] == f"/c/m/{ann.secret}/{page}?k=x"
    assert campaign.table_secret not in response["Location"]
    # on to the new link: her page (during a game, straight on to her seat), poll or seat
    assert client.get(response["Location"], follow=True).status_code in (200, 204)


def test_a_pick_sent_to_an_old_link_is_sent_on(client):
    campaign = new_campaign(kinds=("human", "human", "greedy"))
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    ann = campaign.mayors.get(seat=0)
    bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, ann)]

    response = client.post(
        f"/c/{campaign.table_secret}/m/{ann.secret}/",
        {"card": bag[: campaign.picks_allowed(ann)]},
        follow=True,
    )

    assert response.redirect_chain[0] == (f"/c/m/{ann.secret}/", 307)
    ann.refresh_from_db()
    assert ann.picks is not None


def test_new_links_kill_the_old_ones_at_once(campaign):
    clients = visitors(campaign)
    ann = campaign.mayors.get(seat=0)
    game = campaign.chapter_game().game
    old = {
        "table": f"/c/{campaign.table_secret}/",
        "mayor": f"/c/m/{ann.secret}/",
        "old mayor link": f"/c/{campaign.table_secret}/m/{ann.secret}/",
        "seat": f"/g/{game.code}/{game.seats[0]['secret']}/",
        "host key": f"/g/{game.code}/{game.host_secret}/",
    }

    response = clients[HOST].post(reverse("campaign:renew", args=[campaign.table_secret]))

    campaign.refresh_from_db()
    assert response["Location"] == reverse("campaign:links", args=[campaign.table_secret])
    for what, url in old.items():
        assert clients[TABLE].get(url).status_code == 404, what
    links = clients[HOST].get(response["Location"]).content.decode()
    ann.refresh_from_db()
    assert f"/c/m/{ann.secret}/" in links


def test_deleting_asks_for_the_campaigns_name_and_then_deletes_it(campaign):
    host = visitors(campaign)[HOST]
    url = reverse("campaign:delete", args=[campaign.table_secret])

    page = host.get(url).content.decode()
    assert "Delete Seven Winds?" in page and "type the campaign's name" in page
    refused = host.post(url, {"name": "Seven"})
    assert refused.status_code == 400 and "exactly as it is written" in refused.content.decode()
    assert type(campaign).objects.filter(pk=campaign.pk).exists()

    done = host.post(url, {"name": "Seven Winds"}, follow=True)

    assert done.redirect_chain[-1][0] == reverse("campaign:mine")
    assert "Seven Winds has been deleted." in done.content.decode()
    assert not type(campaign).objects.filter(pk=campaign.pk).exists()


def test_the_dashboard_shows_the_hosts_buttons_to_the_host_only(campaign):
    clients = visitors(campaign)
    dashboard_url = reverse("campaign:table", args=[campaign.table_secret])
    buttons = [
        reverse(name, args=[campaign.table_secret])
        for name in ("campaign:export", "campaign:renew", "campaign:delete")
    ]

    for visitor, shown in ((HOST, True), (TABLE, False), (OTHER, False)):
        page = clients[visitor].get(dashboard_url).content.decode()
        assert all((f'href="{b}"' in page) == shown for b in buttons), visitor
