"""The app's own addresses outside play and the campaign (the home screen's manifest, the
service worker, the offline page, /metrics/): who may reach each, tried as each kind of visitor.
None of them carries a game, a campaign or a secret of its own, so each answers anyone alike;
/metrics/ answers only a scraper with its token, whoever else asks."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import get_resolver

pytestmark = pytest.mark.django_db

# name -> (a path to try, who may reach it)
SHELL = {
    "service_worker": ("/service-worker.js", "anyone"),
    "manifest": ("/manifest.webmanifest?start=/&lang=en", "anyone"),
    "offline": ("/offline/de/", "anyone"),
}


def _visitors(campaign_links) -> dict[str, Client]:
    host = User.objects.create_user("host", password="a long pass phrase 1")
    signed_in = Client()
    signed_in.force_login(host)
    mayor = Client()
    mayor.get(campaign_links["mayor"])  # a mayor's phone, its link opened once
    table = Client()
    table.get(campaign_links["table"])
    return {"anyone": Client(), "host account": signed_in, "mayor link": mayor, "table": table}


@pytest.fixture
def campaign_links():
    from campaign import flow

    mayors = [flow.NewMayor("Ann", "Annville", "teal"), flow.NewMayor("Ben", "Benton", "yellow")]
    campaign = flow.create_campaign("Shell", mayors)
    secret = campaign.mayors.get(seat=0).secret
    return {"table": f"/c/{campaign.table_secret}/", "mayor": f"/c/m/{secret}/"}


def test_every_shell_address_is_listed_with_who_may_reach_it():
    named = {
        pattern.name
        for pattern in get_resolver().url_patterns
        if getattr(pattern, "name", None) and not hasattr(pattern, "url_patterns")
    }
    assert named == set(SHELL)


@pytest.mark.parametrize("name", sorted(SHELL))
def test_a_shell_address_answers_every_visitor_alike(campaign_links, name):
    path, who = SHELL[name]
    assert who == "anyone"
    answers = {
        visitor: client.get(path).status_code
        for visitor, client in _visitors(campaign_links).items()
    }
    assert set(answers.values()) == {200}, answers


def test_metrics_answer_only_the_scraper_with_its_token(campaign_links, settings):
    settings.METRICS_TOKEN = "a-token-of-forty-characters-for-the-scraper"
    for visitor, client in _visitors(campaign_links).items():
        assert client.get("/metrics/").status_code in (403, 404), visitor
    scraper = Client(HTTP_AUTHORIZATION=f"Bearer {settings.METRICS_TOKEN}")
    assert scraper.get("/metrics/").status_code == 200
