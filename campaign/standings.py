"""The campaign's overall result, read from the Golden Book."""

from __future__ import annotations

from .models import Campaign, GoldenBookEntry


def golden_book_standings(campaign: Campaign) -> dict:
    """The overall result (RULES.md §6): most Golden Book entries; a tie is a shared title,
    each tied mayor with their latest win."""
    wins: dict[int, list[GoldenBookEntry]] = {}
    for entry in campaign.golden_book.all():
        wins.setdefault(entry.mayor_id, []).append(entry)
    table = sorted(
        (
            {
                "mayor": mayor,
                "wins": len(wins.get(mayor.pk, [])),
                "latest": max((e.chapter for e in wins.get(mayor.pk, [])), default=None),
            }
            for mayor in campaign.mayors.all()
        ),
        key=lambda row: (-row["wins"], row["mayor"].seat),
    )
    best = table[0]["wins"] if table else 0
    champions = [row for row in table if row["wins"] == best and best > 0]
    return {"table": table, "champions": champions, "shared": len(champions) > 1}
