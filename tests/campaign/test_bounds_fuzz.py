"""A property test that grows with the surface (issue 35, item 9): decks and game imports built
at and past every numeric bound (tests/deck/test_every_deck_number_bounded.py's and
tests/web/test_import_numbers_bounded.py's fields) are refused with sentences or taken; on each
one taken, every page a visitor reaches from the table's link (a campaign's) or from the game's
pages (an import's) answers without a 5xx, and the charts' work stays under a cap that raises
rather than loops (so a planted unbounded loop fails here instead of hanging the suite).

Planted back, the defects of issue 35 fail this: a card paying 10**18 taken, its chart looping."""

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
from campaign_crawl import crawl
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from campaign import decks, flow
from campaign.deck_uploads import DeckRefused, add_deck
from play import charts

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS / "deck"))
from test_every_deck_number_bounded import FIELDS, TUTORIAL, _texts  # noqa: E402

# The fields the tutorial deck has itself: changed within its bound, it stays a deck that plays.
DECK_FIELDS = [
    field
    for field in FIELDS
    if re.search(field[2], (TUTORIAL / f"{field[1]}.toml").read_text(encoding="utf-8"))
]

_spec = importlib.util.spec_from_file_location(
    "import_numbers_bounded", TESTS / "web" / "test_import_numbers_bounded.py"
)
import_fields = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(import_fields)

pytestmark = pytest.mark.django_db(transaction=True)

# More than any chart of a game draws (6 gridlines, 8 ticks): reached only by a loop whose
# count a stored value sets.
WORK_CAP = 50


class RunawayWork(AssertionError):
    pass


@pytest.fixture(autouse=True)
def pings_fast(settings):
    """A crawled page's stream is read to its first events: pings, soon."""
    settings.LIVE_HEARTBEAT_SECONDS = 0.05


@pytest.fixture
def capped(monkeypatch):
    """The coins chart's gridlines and ticks, counted per chart; past WORK_CAP, RunawayWork."""
    drawn = {"gridlines": 0, "ticks": 0}
    gridline, tick, chart = charts._gridline, charts._turn_tick, charts.coins_chart

    def count(kind, draw):
        def counted(*args):
            drawn[kind] += 1
            if drawn[kind] > WORK_CAP:
                raise RunawayWork(f"{drawn[kind]} {kind} in one chart")
            return draw(*args)

        return counted

    def one_chart(*args):
        drawn.update(gridlines=0, ticks=0)
        return chart(*args)

    monkeypatch.setattr(charts, "_gridline", count("gridlines", gridline))
    monkeypatch.setattr(charts, "_turn_tick", count("ticks", tick))
    monkeypatch.setattr(charts, "coins_chart", one_chart)
    return drawn


def _values(bound) -> st.SearchStrategy[int]:
    return st.sampled_from(
        [bound.low - 1, bound.low, bound.high, bound.high + 1, 10**18, -(10**18)]
    ) | st.integers(bound.low - 3, bound.high + 3)


def _server_errors(found) -> dict:
    return {str(request): status for request, status in found.answered.items() if status >= 500}


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_deck_at_or_past_a_bound_is_refused_or_plays_every_page(client, capped, data):
    what, file, pattern, field, bound = data.draw(st.sampled_from(DECK_FIELDS))
    value = data.draw(_values(bound))
    host = User.objects.create_user(f"host{User.objects.count()}", password="a long phrase 9")
    texts = _texts(file, pattern, value, extra=False)
    uploads = [SimpleUploadedFile(f"{name}.toml", text.encode()) for name, text in texts.items()]

    try:
        row = add_deck(uploads, owner=host)
    except DeckRefused:
        event("deck refused" if not bound.holds(value) else "deck in bounds, refused otherwise")
        return
    assert bound.holds(value), (what, value)  # nothing past a bound is stored
    deck = decks.uploaded_deck(row)
    mayors = [
        flow.NewMayor(name, f"{name}ville", colour, "greedy")
        for name, colour in zip(("Ann", "Ben"), deck.shape.colours, strict=False)
    ]
    campaign = flow.create_campaign("Fuzz", mayors, deck=deck, added_deck=row, owner=host)
    client.force_login(host)

    found = crawl(client, f"/c/{campaign.table_secret}/", secrets={}, budget=30)
    event(f"deck taken, {len(found.pages) // 10 * 10}+ pages reached")

    assert _server_errors(found) == {}, (what, value)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_an_import_at_or_past_a_bound_is_refused_or_every_page_answers(client, capped, data):
    what, path, bound, _ = data.draw(st.sampled_from(import_fields.FIELDS))
    value = data.draw(_values(bound))
    setup = import_fields._setup()
    import_fields._set(path)(setup, value)
    doc = {"format": 1, "setup": setup, "actions": []}

    response = client.post("/import/", {"text": json.dumps(doc)})

    if response.status_code == 400:
        assert "This game does not replay" in response.content.decode(), (what, value)
        event("import refused")
        return
    assert response.status_code == 302 and bound.holds(value), (what, value)
    code = re.search(r"/g/([^/]+)/replay/", response["Location"]).group(1)
    found = crawl(client, f"/g/{code}/replay/", secrets={}, budget=25)
    event(f"import taken, {len(found.pages) // 5 * 5}+ pages reached")
    assert _server_errors(found) == {}, (what, value)
