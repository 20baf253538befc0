"""A table that reads what the app shows it: it follows the app's own buttons and pages, and
notes every side of the deck put before it, in the order shown (RULES.md §5, §6).

- the reading pages: from the page a button opens (the dashboard's "Read the deck aloud" /
  "Read what the game's end reveals", the STOP turned) on to the STOP, each side page once;
- the game's page: the event cards turned during the game ("Card 9A is turned!"), which stay
  on the board while it is played (shown once, however often the board is looked at).

A take-back unreads what it takes back: the sides no longer read leave the table's notes.
`reading_order_problems` holds the notes against the deck's own order.
"""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from campaign import flow
from campaign.models import Campaign

SIDE_PAGE = re.compile(r'class="reading card mb-3 reading-side".*?Card (\d+[AB])</h1>', re.S)
NEXT_PAGE = re.compile(r'href="([^"]+)" rel="next"')
EVENT_CARD = re.compile(r"Card (\d+[AB]) is turned!")


def reading_order_problems(deck_order: list[str], shown: list[str], read: list[str]) -> list[str]:
    """What is wrong with the sides shown to the table, against the deck's own reading order
    (`deck_order`, every side's label) and what the campaign has read: a side shown twice,
    one skipped or out of order, one shown before its moment (not read yet)."""
    problems = []
    twice = sorted({label for label in shown if shown.count(label) > 1})
    if twice:
        problems.append(f"shown twice: {twice}")
    early = [label for label in shown if label not in read]
    if early:
        problems.append(f"shown before its moment: {early}")
    if shown != deck_order[: len(shown)]:
        expected = deck_order[: len(shown)]
        at = next(i for i, (a, b) in enumerate(zip(shown, expected, strict=False)) if a != b)
        problems.append(
            f"out of the deck's order at {at}: shown {shown[at:]}, deck {expected[at:]}"
        )
    return problems


class Table:
    def __init__(self, campaign: Campaign):
        self.campaign = campaign
        self.client = Client()
        self.shown: list[str] = []
        self.on_the_board: set[str] = set()  # event cards a board has shown, for statistics
        self.deck_order = [side.label for side in campaign.deck.sides()]

    def url(self, name: str, *args) -> str:
        return reverse(f"campaign:{name}", args=[self.campaign.table_secret, *args])

    def read(self) -> list[str]:
        self.campaign.refresh_from_db()
        return [side.label for side in flow.sides_read(self.campaign)]

    def read_from(self, response) -> None:
        """Follow a redirect to a reading page, then read on, page by page, to the STOP."""
        assert response.status_code == 302, response.status_code
        url = response["Location"]
        while url:
            page = self.client.get(url)
            assert page.status_code == 200, (url, page.status_code)
            html = page.content.decode()
            self.shown.extend(SIDE_PAGE.findall(html))
            following = NEXT_PAGE.search(html)
            url = following.group(1) if following else None
        assert "stop-sign" in html

    def read_aloud(self) -> None:
        """The dashboard's reading button: the reading since the last STOP turned."""
        self.read_from(self.client.get(self.url("read_latest")))

    def turn_the_stop(self) -> None:
        """The STOP page's button: turn it and read the new chapter aloud."""
        self.campaign.refresh_from_db()
        response = self.client.post(self.url("turn"), {"version": self.campaign.version})
        self.read_from(response)

    def look_at_the_board(self) -> None:
        """The game's page on the table's screen, with the event cards turned so far."""
        page = self.client.get(self.url("game")).content.decode()
        for label in EVENT_CARD.findall(page):
            if label not in self.shown:  # the board keeps showing the card it showed
                self.shown.append(label)
                self.on_the_board.add(label)

    def take_back(self) -> None:
        self.campaign.refresh_from_db()
        flow.take_back(self.campaign, version=self.campaign.version)
        read = self.read()
        self.shown = [label for label in self.shown if label in read]

    def problems(self, *, all_read: bool = False) -> list[str]:
        """`all_read`: the table has followed the app to a point where it waits (a STOP, the
        game): every side read so far has been shown to it."""
        read = self.read()
        problems = reading_order_problems(self.deck_order, self.shown, read)
        if all_read and self.shown != read:
            problems.append(f"not shown: {[label for label in read if label not in self.shown]}")
        return problems
