"""Hostile backup files: whatever the bytes, the import answers with a message or a campaign,
never another exception, and a refused file writes nothing."""

import json

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign import flow
from campaign.backup import BackupError, export_text, import_text
from campaign.models import Campaign, ComponentPlace, Mayor
from play.models import Game
from tests.json_places import places, replaced

pytestmark = pytest.mark.django_db

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=20,
)


@pytest.fixture(scope="module")
def valid_text(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        campaign = new_campaign(kinds=("greedy", "greedy", "random"))
        record_chapters(campaign, 2)
        text = export_text(campaign)
        Campaign.objects.all().delete()
        Game.objects.all().delete()
    return text


def _refused_or_stored(text):
    try:
        campaign = import_text(text)
    except BackupError as error:
        assert str(error)
        assert Campaign.objects.count() == Mayor.objects.count() == 0
        assert ComponentPlace.objects.count() == Game.objects.count() == 0
    else:
        campaign.delete()
        Game.objects.all().delete()


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_valid_backup_with_any_one_value_changed(valid_text, data):
    doc = json.loads(valid_text)
    paths = list(places(doc))
    path = data.draw(st.sampled_from(paths))
    _refused_or_stored(json.dumps(replaced(doc, path, data.draw(json_values))))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=300) | json_values.map(json.dumps))
def test_random_bytes_and_json_are_refused(blob):
    _refused_or_stored(blob)


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(cut=st.integers(min_value=0, max_value=10_000))
def test_a_truncated_backup_is_refused(valid_text, cut):
    _refused_or_stored(valid_text[: cut % len(valid_text)])


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_import_page_takes_any_upload_without_harm(client, django_user_model, valid_text, data):
    """Through the host's import page: any upload is answered (a campaign or the form with the
    reason), never a server error, and a refused upload stores nothing."""
    host = django_user_model.objects.get_or_create(username="host")[0]
    client.force_login(host)
    doc = json.loads(valid_text)
    blob = data.draw(
        st.binary(max_size=300)
        | st.integers(0, len(valid_text)).map(lambda cut: valid_text[:cut].encode())
        | st.sampled_from(list(places(doc))).flatmap(
            lambda path: json_values.map(
                lambda value: json.dumps(replaced(doc, path, value)).encode()
            )
        )
    )
    response = client.post("/c/import/", {"file": SimpleUploadedFile("backup.json", blob)})
    assert response.status_code in (302, 400), response.status_code
    if response.status_code == 400:
        assert Campaign.objects.count() == Mayor.objects.count() == 0
        assert ComponentPlace.objects.count() == Game.objects.count() == 0
    Campaign.objects.all().delete()
    Game.objects.all().delete()


# --- numbers at the edges of their columns (PostgreSQL: SQLite stores any integer anywhere) ----

EDGES = [2**15 - 1, 2**15, 2**16, 2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64, 10**30]
edge_numbers = st.sampled_from([*EDGES, *(-n for n in EDGES), -1, 0]) | st.integers()


@pytest.fixture(scope="module")
def playing_text(django_db_setup, django_db_blocker):
    """A bot campaign in chapter 2's game, some moves made: every kind of number is in it."""
    with django_db_blocker.unblock():
        campaign = new_campaign(kinds=("greedy", "greedy", "random"))
        record_chapters(campaign, 1)
        flow.read_on(campaign)
        campaign.games.get(chapter=2).game.step_bots(limit=40)
        text = export_text(campaign)
        Campaign.objects.all().delete()
        Game.objects.all().delete()
    return text


def _numbers(doc) -> list[tuple]:
    """Every place in the document that holds a whole number, or nothing (`null`: a mystery
    box, a winner, a date not given), where a number may be written instead."""
    return [
        path
        for path in places(doc)
        if _at(doc, path) is None
        or (isinstance(_at(doc, path), int) and not isinstance(_at(doc, path), bool))
    ]


def _at(doc, path):
    for step in path:
        doc = doc[step]
    return doc


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="column ranges are PostgreSQL's (CI runs it)"
)
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_number_at_the_edge_of_its_column_is_refused_or_stored_never_a_database_error(
    playing_text, data
):
    doc = json.loads(playing_text)
    paths = _numbers(doc)
    outside_the_games = [path for path in paths if path[0] != "games" or len(path) < 4]
    path = data.draw(st.sampled_from(outside_the_games) | st.sampled_from(paths))
    _refused_or_stored(json.dumps(replaced(doc, path, data.draw(edge_numbers))))
