"""Random campaigns with random take-backs: whatever the table does and takes back, the record
agrees with itself and a take-back restores exactly.

Hypothesis plays campaigns of 2 to 4 mayors (people and bots), each step drawn from what the
phase allows (reading on, picks, a game recorded from the table with a random winner and random
flags, the winner's moment with the name they write, free play), with take-backs of one or more
steps in between (after a head start of 0 to 9 chapters recorded from the table, so that late
chapters and free play are reached too). After every step and every take-back:

- the Golden Book, the chapter tiles, the wins chart, the overall result and the printed book
  (the Golden Book's page) name the same winner for every game;
- a take-back leaves the campaign equal, row for row, to the campaign before the step it took
  back: the snapshot's document (secret picks and unread places too) and the backup file's.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_take_back import exact

from campaign import charts, dashboard, flow
from campaign.models import Campaign, Phase

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cem", "Dee"]
COLOURS = ["teal", "yellow", "pink", "orange"]
KINDS = st.sampled_from(["human", "human", "greedy", "random"])
ACTIONS = st.sampled_from(["step", "step", "step", "take back"])
DAY = datetime.date(2026, 11, 26)


def agree(campaign: Campaign, client: Client) -> None:
    """Every place that names a game's winner names the same mayor."""
    campaign = Campaign.objects.get(pk=campaign.pk)
    total = campaign.games_total
    mayors = list(campaign.mayors.all())
    games = {g.chapter: g for g in campaign.games.select_related("winner")}
    chapters = [g for g in games.values() if g.chapter <= total]
    entries = list(campaign.golden_book.select_related("mayor"))

    # the Golden Book: one entry per game whose winner's moment is over, the winner's
    for entry in entries:
        assert games[entry.chapter].winner_id == entry.mayor_id
    signing = campaign.chapter if campaign.game_over else None
    assert {e.chapter for e in entries} == {
        g.chapter for g in chapters if g.winner_id and g.chapter != signing
    }
    # the chapter tiles
    deck, reader = campaign.deck, flow.reader_of(campaign)
    for tile in dashboard.timeline(campaign, deck, reader, list(games.values())):
        game = games.get(tile["number"])
        assert tile["winner"] == (game.winner.name if game and game.winner else "")
    # the overall result counts the Golden Book's entries by mayor
    wins = Counter(entry.mayor.seat for entry in entries)
    standings = flow.golden_book_standings(campaign)
    assert {row["mayor"].seat: row["wins"] for row in standings["table"]} == {
        m.seat: wins[m.seat] for m in mayors
    }
    # the wins chart counts the games won (the game just won included)
    chart = str(charts.wins_chart(mayors, chapters))
    drawn = {int(s): int(n) for s, n in re.findall(r'data-mayor="(\d)" data-wins="(\d+)"', chart)}
    won = Counter(g.winner.seat for g in chapters if g.winner_id)
    assert {seat: count for seat, count in drawn.items() if count} == dict(won)
    # the printed book: its rows, by the mayor each belongs to
    page = client.get(reverse("campaign:book", args=[campaign.table_secret])).content.decode()
    assert Counter(int(s) for s in re.findall(r'<tr data-seat="(\d)"', page)) == wins


def take_step(campaign: Campaign, data) -> bool:
    """One step the phase allows, with random choices; False for the one step that keeps no
    snapshot (the game's end read to its STOP: taking back goes past it, to the result)."""
    phase = campaign.phase
    if phase == Phase.AFTER_GAME and data.draw(st.booleans()):
        flow.end_read(campaign)
        return False
    if phase == Phase.READING:
        flow.read_on(campaign)
    elif phase == Phase.PICKING and data.draw(st.integers(0, 5)):
        mayor = data.draw(st.sampled_from(list(campaign.mayors.filter(picks__isnull=True))))
        bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, mayor)]
        chosen = data.draw(st.permutations(bag))[: campaign.picks_allowed(mayor)]
        flow.pick(campaign, mayor, chosen)
    elif phase in (Phase.PICKING, Phase.PLAYING):
        seats = range(campaign.mayors.count())
        flow.record_table_game(
            campaign,
            data.draw(st.sampled_from(seats)),
            data.draw(st.dates(datetime.date(2026, 1, 1), datetime.date(2027, 12, 31))),
            flags=data.draw(st.lists(st.sampled_from(seats), unique=True)),
        )
    elif campaign.game_over:
        flow.finish_after_game(
            campaign,
            side=data.draw(st.sampled_from("ab")) if flow.new_pile(campaign) else None,
            name=data.draw(st.sampled_from([None, "Zed", "Ann"])),  # a name the winner writes
        )
    else:  # finished, free play
        rules = campaign.deck.shape.free_play_rules
        rule = campaign.yokai_rule or data.draw(st.sampled_from(rules))
        flow.start_free_play(campaign, yokai_rule=rule)
    return True


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_campaigns_with_random_take_backs_keep_one_record(data):
    kinds = data.draw(st.lists(KINDS, min_size=2, max_size=4))
    campaign = flow.create_campaign(
        "Random Winds",
        [flow.NewMayor(NAMES[s], f"{NAMES[s]}ville", COLOURS[s], k) for s, k in enumerate(kinds)],
        seed=data.draw(st.integers(0, 2**31 - 1)),
    )
    client = Client()
    # a head start of chapters recorded from the table, so that late chapters and free play
    # come within reach of the steps drawn below
    for _ in range(data.draw(st.integers(0, 9))):
        flow.read_on(campaign)
        for mayor in campaign.mayors.filter(picks__isnull=True):
            bag = [card["establishment"] for card in dashboard.bag(campaign, campaign.deck, mayor)]
            flow.pick(campaign, mayor, bag[: campaign.picks_allowed(mayor)])
        flow.record_table_game(campaign, data.draw(st.sampled_from(range(len(kinds)))), DAY)
        flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)
    before = []  # the campaign before each step still standing
    taken_back = 0
    for _ in range(data.draw(st.integers(20, 70))):
        if before and data.draw(ACTIONS) == "take back":
            flow.take_back(campaign, version=campaign.version)
            assert exact(campaign) == before.pop()
            taken_back += 1
        else:
            state = exact(campaign)
            if take_step(campaign, data):
                before.append(state)
        agree(campaign, client)
    event(f"reached chapter {min(campaign.chapter, 11)}+")
    event(f"{taken_back // 5 * 5}+ steps taken back")
