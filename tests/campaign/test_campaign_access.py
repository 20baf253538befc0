"""The access matrix (tests/web/access_matrix.py) over every view of a campaign: another
campaign's links, another mayor's link, forged links, another host's account and nobody are
refused, see nothing of the campaign and change nothing."""

import pytest
from campaign_helpers import new_campaign, record_chapters, snapshot
from django.contrib.auth.models import User
from django.test import Client

from campaign import flow
from campaign.models import Phase
from tests.web.access_matrix import Attempt, forged_keys, refusals

pytestmark = pytest.mark.django_db

# every page and step of a table link, with what a step would post
TABLE_VIEWS = {
    "": {},
    "poll/": {},
    "links/": {},
    "read/": {},
    "read/1/": {},
    "read/turn/": {"version": "0"},
    "picks/": {},
    "picks/0/": {"cards": ["wheat_field", "bakery"]},
    "game/": {},
    "game/end/": {"version": "0"},
    "take-back/": {"version": "0"},
    "after/": {"name": "X", "city_name": "Y", "side": "a", "date": "2026-11-20"},
    "record/": {"winner": "0", "played_on": "2026-11-20"},
    "book/": {},
    "charts/": {},
    "free/": {"yokai_rule": "yokai_coins"},
    "export.json": {},
}
MAYOR_VIEWS = {
    "": {"cards": ["wheat_field", "bakery"]},
    "poll/": {},
    "game/": {},
    "campaign/": {},
    "book/": {},
    "charts/": {},
}
OLD_MAYOR_VIEWS = ("", "poll/", "game/")  # /c/<table>/m/<mayor>/…, redirected when they match
POST_ONLY = {"read/turn/", "game/end/"}  # a GET there is a 405 before any link is looked at


@pytest.fixture
def victim():
    campaign = new_campaign(kinds=("human", "human", "human"))
    for seat, mayor in enumerate(campaign.mayors.order_by("seat")):
        mayor.name, mayor.city_name = f"Zorbalina{seat}", f"Quixotown{seat}"
        mayor.save()
    record_chapters(campaign, 1, winner=lambda chapter: 0)
    flow.read_on(campaign)
    assert campaign.phase == Phase.PICKING
    return campaign


@pytest.fixture
def stranger():
    return new_campaign(kinds=("human", "greedy"))


def _private(campaign) -> list[str]:
    words = [campaign.table_secret]
    for mayor in campaign.mayors.all():
        words += [mayor.secret, mayor.name, mayor.city_name]
    for chapter_game in campaign.games.exclude(game=None).select_related("game"):
        words.append(chapter_game.game.host_secret)
        words += [seat["secret"] for seat in chapter_game.game.seats]
    return words


def test_strangers_get_nothing_of_a_campaign(client, victim, stranger):
    mayor = victim.mayors.get(seat=0)
    their_mayor = stranger.mayors.get(seat=0)
    # (another campaign's table link opens that campaign's own pages: the mayor links below try
    # it against the victim's mayors)
    tables = forged_keys(victim.table_secret)
    attempts = []
    for identity, key in tables.items():
        for view, data in TABLE_VIEWS.items():
            url = f"/c/{key}/{view}"
            methods = ("post",) if view in POST_ONLY else ("get", "post") if data else ("get",)
            for method in methods:
                attempts.append(Attempt(view or "dashboard", identity, method, url, data))
    # a mayor's link names only the mayor: forged ones open nothing
    for identity, key in forged_keys(mayor.secret).items():
        for view, data in MAYOR_VIEWS.items():
            for method in ("get", "post") if data else ("get",):
                url = f"/c/m/{key}/{view}"
                attempts.append(Attempt(f"mayor {view or 'page'}", identity, method, url, data))
    # a link of the old form (/c/<table>/m/<mayor>/) leads on only if the two belong together
    old_form = {
        "another campaign's mayor link": (victim.table_secret, their_mayor.secret),
        "a mayor's link under another table": (stranger.table_secret, mayor.secret),
        **{
            identity: (victim.table_secret, key)
            for identity, key in forged_keys(mayor.secret).items()
        },
    }
    for identity, (table, key) in old_form.items():
        for view in OLD_MAYOR_VIEWS:
            data = MAYOR_VIEWS[view]
            for method in ("get", "post") if data else ("get",):
                url = f"/c/{table}/m/{key}/{view}"
                attempts.append(Attempt(f"old mayor {view or 'page'}", identity, method, url, data))

    problems = refusals(
        client, attempts, private=_private(victim), snapshot=lambda: snapshot(victim)
    )

    assert problems == []
    assert len(attempts) > 100


def test_another_hosts_account_does_not_list_or_reach_the_campaign(victim):
    owner = User.objects.create_user("owner", password="a long pass phrase 1")
    victim.owner = owner
    victim.save()
    other = Client()
    other.force_login(User.objects.create_user("other", password="a long pass phrase 2"))

    mine = other.get("/campaigns/").content.decode()

    assert all(word not in mine for word in _private(victim))
    forged = forged_keys(victim.table_secret)["a forged key (one character changed)"]
    problems = refusals(
        other,
        [Attempt("dashboard", "another host's account", "get", f"/c/{forged}/")],
        private=_private(victim),
        snapshot=lambda: snapshot(victim),
    )
    assert problems == []


def test_the_matrix_finds_a_hole_in_a_campaign(client, victim):
    """The matrix itself can fail: the victim's own link is not refused."""
    attempts = [
        Attempt("dashboard", "the campaign's own link", "get", f"/c/{victim.table_secret}/")
    ]

    problems = refusals(
        client, attempts, private=_private(victim), snapshot=lambda: snapshot(victim)
    )

    assert problems and "answered 200" in problems[0]
