"""End-of-game charts, drawn on the server as inline SVG (no chart library, no JavaScript)."""

from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from play import describe
from play.engine import replay_steps

SEAT_COLOURS = ["#0d6efd", "#d63384", "#fd7e14", "#198754", "#6f42c1"]
CARD_COLOURS = {
    "blue": "#2f6fd6",
    "green": "#2e9d4f",
    "red": "#d7263d",
    "purple": "#7b3fb5",
    "special": "#8a8a8a",
    "other": "#c9a227",  # community projects, islands, the Yōkai, the rest day: not a card
}


def game_figures(setup: dict, actions: list[dict]) -> dict:
    """Coins of every seat at the start of every turn, and income by card colour per seat."""
    coins: list[list[int]] = []
    income: list[dict[str, int]] = []
    table = None
    for state, events in replay_steps(setup, actions):
        if table is None:
            table = state.table
            income = [dict.fromkeys(CARD_COLOURS, 0) for _ in state.players]
            coins.append([p.coins for p in state.players])
        for event in events:
            if event.get("type") == "transfer" and event.get("payee") is not None:
                card = table.cards.get(event.get("card"))
                colour = card.colour if card else "other"
                income[event["payee"]][colour] += event.get("amount", 0)
        if any(e.get("type") in ("turn", "game_over") for e in events):
            coins.append([p.coins for p in state.players])
    return {"coins": coins, "income": income}


def coins_chart(names: list[str], coins: list[list[int]]) -> SafeString:
    width, height, pad = 480, 220, 34
    top = max([max(row) for row in coins] + [5])
    steps = max(len(coins) - 1, 1)

    def x(i):
        return pad + (width - 2 * pad) * i / steps

    def y(v):
        return height - pad - (height - 2 * pad) * v / top

    lines = []
    for seat, name in enumerate(names):
        points = " ".join(f"{x(i):.1f},{y(row[seat]):.1f}" for i, row in enumerate(coins))
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        lines.append(
            format_html(
                '<polyline fill="none" stroke="{}" stroke-width="2.5" points="{}">'
                "<title>{}</title></polyline>",
                colour,
                points,
                name,
            )
        )
    grid = format_html(
        '<line x1="{p}" y1="{b}" x2="{r}" y2="{b}" stroke="#999"/>'
        '<line x1="{p}" y1="{t}" x2="{p}" y2="{b}" stroke="#999"/>'
        '<text x="{tx}" y="{ty}" font-size="14" text-anchor="end">{top}</text>'
        '<text x="{tx}" y="{b}" font-size="14" text-anchor="end">0</text>'
        '<text x="{r}" y="{lb}" font-size="14" text-anchor="end">{turns}</text>',
        p=pad,
        b=height - pad,
        r=width - pad,
        t=pad,
        tx=pad - 4,
        ty=pad + 4,
        lb=height - pad + 16,
        top=top,
        turns=_("%(n)s turns") % {"n": len(coins) - 1},
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{label}">{}{}</svg>',
        grid,
        mark_safe("".join(lines)),  # noqa: S308 - each part went through format_html
        w=width,
        h=height,
        label=_("Coins of each player, turn by turn"),
    )


def income_chart(names: list[str], income: list[dict[str, int]]) -> SafeString:
    width, bar, gap, left = 480, 26, 12, 90
    height = len(names) * (bar + gap) + gap
    most = max([sum(row.values()) for row in income] + [1])
    parts = []
    for seat, name in enumerate(names):
        top = gap + seat * (bar + gap)
        parts.append(
            format_html(
                '<text x="{}" y="{}" font-size="14" text-anchor="end">{}</text>',
                left - 6,
                top + bar * 0.7,
                name,
            )
        )
        start = left
        for colour, amount in income[seat].items():
            if not amount:
                continue
            length = (width - left - 40) * amount / most
            parts.append(
                format_html(
                    '<rect x="{}" y="{}" width="{}" height="{}" fill="{}">'
                    "<title>{}: {}</title></rect>",
                    f"{start:.1f}",
                    top,
                    f"{length:.1f}",
                    bar,
                    CARD_COLOURS[colour],
                    colour_name(colour),
                    amount,
                )
            )
            if length > 18:
                parts.append(
                    format_html(
                        '<text x="{}" y="{}" font-size="14" fill="#fff" '
                        'text-anchor="middle">{}</text>',
                        f"{start + length / 2:.1f}",
                        top + bar * 0.7,
                        amount,
                    )
                )
            start += length
        parts.append(
            format_html(
                '<text x="{}" y="{}" font-size="14">{}</text>',
                f"{start + 4:.1f}",
                top + bar * 0.7,
                sum(income[seat].values()),
            )
        )
    return format_html(
        '<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{label}">{}</svg>',
        format_html_join("", "{}", ((p,) for p in parts)),
        w=width,
        h=height,
        label=_("Income of each player by card colour"),
    )


def legend(names: list[str]) -> list[dict]:
    return [
        {"name": name, "colour": SEAT_COLOURS[i % len(SEAT_COLOURS)]}
        for i, name in enumerate(names)
    ]


def colour_name(colour: str) -> str:
    if colour == "other":
        return _("projects, islands & other")
    return str(describe.COLOUR_NAMES[colour])


def colour_legend(income: list[dict[str, int]] | None = None) -> list[dict]:
    """The four card colours, and the rarer sources (the Kosmos Shop, projects, islands…) only
    when some seat earned coins from them."""
    return [
        {"name": colour_name(colour), "key": colour, "colour": value}
        for colour, value in CARD_COLOURS.items()
        if colour in ("blue", "green", "red", "purple")
        or (income and any(row.get(colour) for row in income))
    ]
