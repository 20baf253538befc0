"""One answer to "which rules are in force in this game" (legacy_deck.setup.rule_cards_in_force),
the same on the dashboard, the game's header and the board: a rule card the deck puts in the
archive (the Night Fox, by card 17B) leaves the rule stack."""

import re

import pytest
from campaign_helpers import new_campaign, record_chapters
from django.urls import reverse

from campaign import dashboard, flow
from campaign.models import Phase
from legacy_deck.setup import rule_cards_in_force

pytestmark = pytest.mark.django_db

NIGHT_FOX, KIND_FOX = "rule_yokai_flip", "rule_yokai_coins"


def url(name, campaign):
    return reverse(f"campaign:{name}", args=[campaign.table_secret])


def pick_for_everyone(campaign):
    for mayor in campaign.mayors.filter(picks__isnull=True):
        bag = [c["establishment"] for c in dashboard.bag(campaign, campaign.deck, mayor)]
        flow.pick(campaign, mayor, bag[: campaign.picks_allowed(mayor)])
    campaign.refresh_from_db()
    assert campaign.phase == Phase.PLAYING


def dashboard_lists(client, campaign) -> tuple[list[str], str]:
    """The dashboard's rule stack (rule card ids) and its archive (names)."""
    page = client.get(url("table", campaign)).content.decode()
    stack = re.search(r'<ul class="list-unstyled rule-stack">(.*?)</ul>', page, re.S)
    archive = re.search(r'id="archive-heading".*?<p class="small">(.*?)</p>', page, re.S)
    return (
        re.findall(r'data-rule="([a-z_]+)"', stack.group(1)) if stack else [],
        archive.group(1) if archive else "",
    )


def header_and_board(client, campaign) -> tuple[list[str], list[str], str]:
    """The game page's header (rule card ids, and its count) and the board's "Rules in force"
    (the engine's rule ids)."""
    page = client.get(url("game", campaign)).content.decode()
    header = re.search(r'<details class="rules-from-stack.*?</details>', page, re.S).group(0)
    board = re.search(r'<section class="rules-in-force.*?</section>', page, re.S).group(0)
    count = re.search(r"(\d+ rule cards? in force)", header).group(1)
    return (
        re.findall(r'data-rule="([a-z_]+)"', header),
        re.findall(r'data-rule="([a-z_]+)"', board),
        count,
    )


def engine_rules(deck, cards):
    return sorted(deck.components[cid].rule for cid in cards)


def test_a_rule_card_put_in_the_archive_leaves_the_rule_stack(client):
    campaign = new_campaign()
    record_chapters(campaign, 6)
    stack, _archive = dashboard_lists(client, campaign)
    assert NIGHT_FOX in stack

    record_chapters(campaign, 1)  # game 7: card 17B archives the Night Fox

    stack, archive = dashboard_lists(client, campaign)
    night_fox = campaign.deck.components[NIGHT_FOX].name["en"]
    assert night_fox in archive
    assert NIGHT_FOX not in stack and KIND_FOX in stack
    assert NIGHT_FOX not in campaign.rule_stack.values_list("component", flat=True)


def test_the_header_the_board_and_the_dashboard_name_the_same_rules_in_game_nine(client):
    campaign = new_campaign()
    record_chapters(campaign, 8)
    flow.read_on(campaign)
    pick_for_everyone(campaign)
    deck = campaign.deck

    header, board, count = header_and_board(client, campaign)
    stack, _archive = dashboard_lists(client, campaign)

    in_force = rule_cards_in_force(deck, 9)
    assert header == stack == in_force
    assert sorted(board) == engine_rules(deck, in_force)
    assert count == f"{len(in_force)} rule cards in force"
    assert NIGHT_FOX not in in_force
    game = campaign.games.get(chapter=9).game
    assert sorted(game.setup["rules"]) == engine_rules(deck, in_force)


def test_a_take_back_brings_an_archived_rule_card_back_to_the_stack(client):
    campaign = new_campaign()
    record_chapters(campaign, 7)
    stack_before, _ = dashboard_lists(client, campaign)  # 17B carried out: the Night Fox archived
    assert NIGHT_FOX not in stack_before

    flow.take_back(campaign, version=campaign.version)

    stack, _ = dashboard_lists(client, campaign)
    assert NIGHT_FOX in stack and KIND_FOX not in stack


def test_in_free_play_the_chosen_yokai_rule_is_in_force_everywhere(client):
    campaign = new_campaign()
    record_chapters(campaign, 10)
    assert campaign.phase == Phase.FINISHED
    flow.start_free_play(campaign, yokai_rule="yokai_flip")  # the archived Night Fox
    pick_for_everyone(campaign)
    deck = campaign.deck

    header, board, _count = header_and_board(client, campaign)
    stack, _archive = dashboard_lists(client, campaign)

    assert NIGHT_FOX in header and KIND_FOX not in header
    assert header == stack
    assert sorted(board) == engine_rules(deck, header)
