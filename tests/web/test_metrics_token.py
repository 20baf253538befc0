"""Issue 36, item 10: /metrics/ for Prometheus is off unless METRICS_TOKEN is set, asks for that
token, and then names the numbers docs/operations.md promises; a move and a request count."""

import re

import pytest
from django.test import Client

from tests.web.next_moves import post_next_move

TOKEN = "scrape-me-" + "x" * 20
NAMES = [
    "machikoro_requests_total",
    "machikoro_moves_total",
    "machikoro_campaign_steps_total",
    "machikoro_open_streams",
    "machikoro_pushes_total",
    "machikoro_loop_lag_seconds",
    "machikoro_streams_refused_total",
    "machikoro_db_pool_connections",
    "machikoro_db_pool_waiting",
]


def scrape(token: str | None = TOKEN):
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return Client().get("/metrics/", headers=headers)


def sample(text: str, name: str, labels: str = "") -> float:
    found = re.search(rf"^{re.escape(name + labels)} (\S+)$", text, re.M)
    return float(found[1]) if found else 0.0


@pytest.mark.django_db
def test_without_a_token_configured_there_are_no_metrics(settings):
    settings.METRICS_TOKEN = ""
    assert scrape().status_code == 404
    assert scrape(None).status_code == 404


@pytest.mark.django_db
def test_a_wrong_or_missing_token_is_refused(settings):
    settings.METRICS_TOKEN = TOKEN
    for refused in (scrape("not-the-token"), scrape(None), scrape(TOKEN + "x")):
        assert refused.status_code == 403
        assert b"machikoro_" not in refused.content


@pytest.mark.django_db
@pytest.mark.parametrize("host", ["127.0.0.1:8000", "games.example.org"])
def test_the_right_token_gets_every_number_even_from_the_machine_itself(settings, host):
    settings.METRICS_TOKEN = TOKEN
    settings.ALLOWED_HOSTS = ["games.example.org"]
    settings.SECURE_SSL_REDIRECT = True  # a scraper asks over plain HTTP, like the health probe

    answer = Client().get("/metrics/", headers={"Authorization": f"Bearer {TOKEN}"}, HTTP_HOST=host)

    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain")
    text = answer.content.decode()
    for name in NAMES:
        assert f"# TYPE {name}" in text, name


@pytest.mark.django_db
def test_a_move_and_its_answer_are_counted(
    settings, client, start, django_capture_on_commit_callbacks
):
    settings.METRICS_TOKEN = TOKEN
    game = start()
    before = scrape().content.decode()

    with django_capture_on_commit_callbacks(execute=True):  # a move counts once committed
        post_next_move(client, game, game.key_for(game.load().active))

    after = scrape().content.decode()
    by_person = ("machikoro_moves_total", '{by="person"}')
    assert sample(after, *by_person) == sample(before, *by_person) + 1
    ok = ("machikoro_requests_total", '{status="200"}')
    assert sample(after, *ok) == sample(before, *ok) + 1  # the move's answer (scrapes uncounted)


@pytest.mark.django_db
def test_the_loop_and_the_door_are_counted(settings):
    import asyncio

    from machikoro import metrics
    from machikoro.live import asgi

    settings.METRICS_TOKEN = TOKEN
    before = scrape().content.decode()
    refused = ("machikoro_streams_refused_total", '{reason="lagging"}')

    async def refuse_one():
        sent = []

        async def send(message):
            sent.append(message)

        await asgi.refuse(send, "lagging")
        return sent[0]["status"]

    assert asyncio.run(refuse_one()) == 503
    metrics.note_the_loop(0.75, 7)

    after = scrape().content.decode()
    assert sample(after, *refused) == sample(before, *refused) + 1
    assert sample(after, "machikoro_loop_lag_seconds") == 0.75
    assert sample(after, "machikoro_open_streams") == 7
