"""Bringing a campaign to a chapter quickly, and reading everything it stores."""

import datetime
import json

from campaign import flow
from campaign.models import (
    Campaign,
    ChapterGame,
    ComponentPlace,
    GoldenBookEntry,
    Mayor,
    RuleCard,
    SideChoice,
    StuckSticker,
)


def new_campaign(kinds=("human", "human", "greedy"), seed=11, deck=None) -> Campaign:
    names = ["Ann", "Ben", "Cem", "Dee"]
    colours = ["teal", "yellow", "pink", "orange"]
    mayors = [
        flow.NewMayor(names[seat], f"{names[seat]}ville", colours[seat], kind)
        for seat, kind in enumerate(kinds)
    ]
    return flow.create_campaign("Seven Winds", mayors, seed=seed, deck=deck)


def record_chapters(campaign: Campaign, count: int, winner=lambda chapter: 0) -> None:
    """Play `count` chapters as games recorded from the table (fast), side a every time."""
    for _ in range(count):
        flow.read_on(campaign)
        flow.record_table_game(
            campaign, winner(campaign.chapter), datetime.date(2026, 11, campaign.chapter)
        )
        side = "a" if flow.new_pile(campaign) else None
        flow.finish_after_game(campaign, side=side)


def play_out(campaign: Campaign) -> ChapterGame:
    """Let the bots finish the chapter's game (every seat must be a bot)."""
    chapter_game = campaign.games.get(chapter=campaign.chapter)
    game = chapter_game.game
    while not game.finished:
        assert game.step_bots(limit=5000) > 0
    campaign.refresh_from_db()
    chapter_game.refresh_from_db()
    return chapter_game


def snapshot(campaign: Campaign) -> dict:
    """Everything stored about a campaign (its rows and how much history they have)."""
    campaign = Campaign.objects.get(pk=campaign.pk)
    rows = {}
    for model in (
        Mayor,
        ComponentPlace,
        GoldenBookEntry,
        RuleCard,
        SideChoice,
        StuckSticker,
        ChapterGame,
    ):
        rows[model.__name__] = sorted(
            repr(sorted(row.items())) for row in model.objects.filter(campaign=campaign).values()
        )
        rows[f"{model.__name__} history"] = model.history.filter(campaign_id=campaign.pk).count()
    rows["Campaign"] = sorted(
        (k, str(v)) for k, v in Campaign.objects.filter(pk=campaign.pk).values()[0].items()
    )
    rows["Campaign history"] = campaign.history.count()
    return rows


LINK = "<a new link on import>"


def without_links(text: str) -> dict:
    """A backup file with its links' secrets blanked: an import gives every link a new secret
    (campaign.import_bounds.with_new_links), and keeps everything else as it was."""
    doc = json.loads(text)
    doc["campaign"]["table_secret"] = LINK
    for mayor in doc["mayors"]:
        mayor["secret"] = LINK
    for row in doc["games"]:
        if row.get("game"):
            row["game"]["code"] = row["game"]["host_secret"] = LINK
            row["game"]["seat_secrets"] = [LINK for _ in row["game"]["seat_secrets"]]
    return doc


def links(text: str) -> set[str]:
    doc = json.loads(text)
    found = {doc["campaign"]["table_secret"], *(m["secret"] for m in doc["mayors"])}
    for row in doc["games"]:
        if row.get("game"):
            found |= {row["game"]["code"], row["game"]["host_secret"], *row["game"]["seat_secrets"]}
    return found
