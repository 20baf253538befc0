"""Every campaign page, mayor page, backup and account page is sent with Cache-Control:
no-store: a phone or a proxy keeps no copy of a page that holds a link, a pick or a backup.
The URLs are read from campaign/urls.py, so a page added later is checked too."""

import pytest
from campaign_crawl import campaign_routes
from campaign_helpers import new_campaign, record_chapters
from django.contrib.auth.models import User
from django.urls import URLPattern
from stream_reader import stream_answer

from campaign import flow

# committed: a page's stream finds its campaign from a thread of its own (tests/stream_reader.py)
pytestmark = pytest.mark.django_db(transaction=True)

CACHEABLE = {"how_it_works"}  # the closed box's rules: nothing secret in it


def path_of(pattern: URLPattern, campaign, mayor) -> str:
    route = str(pattern.pattern)
    for name, value in {
        "<secret:table_secret>": campaign.table_secret,
        "<secret:mayor_secret>": mayor.secret,
        "<int:page>": "1",
        "<int:seat>": "0",
        "<int:number>": "1",
        "<int:pk>": "1",  # an added deck
        "<uidb64>": "MQ",  # an invitation's or a reset's one-time link
        "<token>": "set-password",
    }.items():
        route = route.replace(name, value)
    assert "<" not in route, f"a route this test does not know how to fill: {route}"
    return "/" + route


@pytest.fixture
def host_client(client):
    host = User.objects.create_user("host", password="a long pass phrase 7")
    client.force_login(host)
    campaign = new_campaign()
    campaign.owner = host
    campaign.save()
    record_chapters(campaign, 1)
    flow.read_on(campaign)
    return client, campaign


@pytest.mark.parametrize("method", ["get", "post"])
def test_every_answer_of_a_private_route_says_no_store(host_client, method):
    client, campaign = host_client
    mayor = campaign.mayors.get(seat=0)
    seen = []
    # new links last: the campaign's other pages are asked for with the links it has now
    routes = sorted(campaign_routes().items(), key=lambda route: route[0] == "renew")
    for name, pattern in routes:
        if name in CACHEABLE or name == "logout":
            continue
        path = path_of(pattern, campaign, mayor)
        if name.endswith("events"):  # a page's stream
            response = stream_answer(method, path, cookies=client.cookies)
        else:
            response = getattr(client, method)(path)
        seen.append(name)
        assert "no-store" in response.get("Cache-Control", ""), (method, path, response.status_code)

    assert "export" in seen and "mayor" in seen and "table" in seen


def test_the_rules_may_be_cached(client):
    response = client.get("/campaigns/how-it-works/")
    assert "no-store" not in response.get("Cache-Control", "")
