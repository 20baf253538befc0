"""Recording a game played with the box names the winner and asks once before it is taken
("Record Cem as the winner of game 1?"), and asks who planted a flag (the winner's ticked):
every mayor ticked is credited, so the deck's circles for a flag reach them all."""

from __future__ import annotations

import re

import pytest
from campaign_helpers import new_campaign, record_chapters, snapshot
from django.urls import reverse

from campaign import flow
from campaign.flow import after_game
from campaign.models import Phase

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing():
    campaign = new_campaign()
    flow.read_on(campaign)
    assert campaign.phase == Phase.PLAYING
    return campaign


def url(campaign) -> str:
    return reverse("campaign:record", args=[campaign.table_secret])


def test_the_form_asks_first_and_names_the_winner(client, playing):
    before = snapshot(playing)

    asked = client.post(
        url(playing), {"played_on": "2026-11-20", "winner": 2, "version": playing.version}
    )

    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Record Cem as the winner of game 1?" in text
    assert 'name="confirmed" value="yes"' in text
    assert snapshot(playing) == before  # nothing taken yet


def test_the_winners_flag_is_ticked_and_the_others_are_asked(client, playing):
    text = client.post(
        url(playing), {"played_on": "2026-11-20", "winner": 1, "version": playing.version}
    ).content.decode()

    boxes = dict(re.findall(r'id="flag-(\d)" name="flags" value="\d"([^>]*)>', text))
    assert "checked" in boxes["1"] and "disabled" in boxes["1"]
    assert "checked" not in boxes["0"] and "checked" not in boxes["2"]
    assert '<input type="hidden" name="flags" value="1">' in text


def test_confirmed_it_is_recorded_with_every_flag_ticked(client, playing):
    form = {"played_on": "2026-11-20", "winner": 1, "version": playing.version}

    done = client.post(url(playing), {**form, "flags": ["1", "2"], "confirmed": "yes"})

    assert done.status_code == 302
    playing.refresh_from_db()
    chapter_game = playing.chapter_game()
    assert playing.phase == Phase.AFTER_GAME
    assert (chapter_game.winner.seat, chapter_game.flags) == (1, [1, 2])


def test_no_change_it_goes_back_to_the_form_as_filled_in(client, playing):
    form = {"played_on": "2026-11-20", "winner": 1, "version": playing.version}
    before = snapshot(playing)

    back = client.post(url(playing), {**form, "change": "1"})

    text = back.content.decode()
    assert back.status_code == 200 and "record-confirm" not in text
    assert re.search(r'<option value="1" selected>', text)
    assert 'value="2026-11-20"' in text
    assert snapshot(playing) == before


def test_a_confirmation_overtaken_by_another_device_is_refused(client, playing):
    form = {"played_on": "2026-11-20", "winner": 1, "version": playing.version}
    flow.record_table_game(playing, 0, playing.created.date())  # the other device, first
    flow.take_back(playing, version=playing.version)  # and taken back: the version moved on
    before = snapshot(playing)

    refused = client.post(url(playing), {**form, "confirmed": "yes"})

    assert refused.status_code == 400
    assert "took this step a moment ago" in refused.content.decode()
    assert snapshot(playing) == before
    playing.refresh_from_db()  # the form shows the campaign as it is now, to try again
    assert f'name="version" value="{playing.version}"' in refused.content.decode()


def test_free_play_asks_no_flags(client):
    campaign = new_campaign()
    record_chapters(campaign, 10)
    flow.start_free_play(campaign, yokai_rule=campaign.deck.shape.free_play_rules[0])

    text = client.post(
        url(campaign), {"played_on": "2026-11-20", "winner": 0, "version": campaign.version}
    ).content.decode()

    assert "Record Ann as the winner of game 1 of free play?" in text
    assert 'name="flags"' not in text


def test_every_mayor_ticked_is_credited_a_flags_circles(client, playing, monkeypatch):
    """A deck card that ticks a circle for everyone with a flag (the deck format knows it; our
    deck's cards do not use it yet) reaches every mayor ticked, not only the winner."""
    real = after_game.instructions_of

    def flags_tick(sides, kind):
        if kind == "tick_circles":
            return [{"do": "tick_circles", "who": "with_flag", "count": 1}]
        return real(sides, kind)

    monkeypatch.setattr(after_game, "instructions_of", flags_tick)
    circles = list(playing.mayors.order_by("seat").values_list("circles", flat=True))
    form = {"played_on": "2026-11-20", "winner": 1, "version": playing.version}
    client.post(url(playing), {**form, "flags": ["0"], "confirmed": "yes"})
    playing.refresh_from_db()

    flow.finish_after_game(playing, side="a" if flow.new_pile(playing) else None)

    now = list(playing.mayors.order_by("seat").values_list("circles", flat=True))
    assert [n - c for n, c in zip(now, circles, strict=True)] == [1, 1, 0]
