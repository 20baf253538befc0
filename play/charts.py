"""End-of-game charts, drawn on the server as inline SVG (no chart library, no JavaScript)."""

from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from play import describe
from play.engine import IllegalAction, replay_steps
from play.player_colours import PLAYER_COLOURS

SEAT_COLOURS = ["#0d6efd", "#d63384", "#fd7e14", "#198754", "#6f42c1"]
CARD_COLOURS = {
    "blue": "#2f6fd6",
    "green": "#1e7e3e",
    "red": "#d7263d",
    "purple": "#7b3fb5",
    "special": "#8a8a8a",
    "other": "#c9a227",  # community projects, islands, the Yōkai, the rest day: not a card
}


def game_figures(setup: dict, actions: list[dict]) -> dict:
    """Coins of every seat at the start of every turn, and income by card colour per seat.

    A game stored before a bound it breaks (play/engine/bounds.py) no longer replays: its
    figures are empty, and its charts draw nothing rather than stop its page."""
    try:
        return _figures(setup, actions)
    except IllegalAction:
        seats = len(setup.get("players") or ()) if isinstance(setup, dict) else 0
        return {"coins": [], "income": [dict.fromkeys(CARD_COLOURS, 0) for _ in range(seats)]}


def _figures(setup: dict, actions: list[dict]) -> dict:
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


# Drawn 360 units wide: about as wide as a phone shows it, so 14-unit text stays >= 12 px there.
WIDTH = 360
FONT = 14
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500)


def nice_step(largest: int, ticks: int = 5) -> int:
    """A round step that marks 0..largest with at most `ticks` + 1 ticks, however large: past
    NICE_STEPS, 1, 2 or 5 times a power of ten (once capped at 500, 10**18 coins drew 2·10**15
    gridlines). Integer arithmetic throughout: a float would lose a large count's last digits."""
    for step in NICE_STEPS:
        if largest <= ticks * step:
            return step
    scale = 1000
    while True:  # about log10(largest) rounds
        for base in (1, 2, 5):
            if largest <= ticks * base * scale:
                return base * scale
        scale *= 10


def _gridline(value: int, at: float, left: int, right: int) -> SafeString:
    """One of the coins axis's gridlines, with its value (at most `ticks` + 1 a chart)."""
    return format_html(
        '<line x1="{l}" y1="{y}" x2="{r}" y2="{y}" stroke="{c}"/>'
        '<text x="{tx}" y="{y}" font-size="{f}" text-anchor="end" '
        'dominant-baseline="middle">{v}</text>',
        l=left,
        r=right,
        y=f"{at:.1f}",
        c="#888" if value == 0 else "#ddd",
        tx=left - 6,
        f=FONT,
        v=value,
    )


def _turn_tick(turn: int, at: float, bottom: int) -> SafeString:
    """One of the turn axis's ticks, with its number."""
    return format_html(
        '<line x1="{x}" y1="{b}" x2="{x}" y2="{t}" stroke="#888"/>'
        '<text x="{x}" y="{ty}" font-size="{f}" text-anchor="middle">{n}</text>',
        x=f"{at:.1f}",
        b=bottom,
        t=bottom + 5,
        ty=bottom + 20,
        f=FONT,
        n=turn,
    )


def coins_chart(
    names: list[str], coins: list[list[int]], colours: list[str | None] = ()
) -> SafeString:
    """Lines of every seat's coins at the start of each turn, with gridlines and ticks; a seat
    whose player has a colour of their own (`colours`: player_colours.own_colours) is drawn in
    it."""
    height, left, right, top_pad, bottom = 230, 40, 12, 10, 44
    largest = max([max(row) for row in coins if row] + [5])
    step = nice_step(largest)
    top = -(-largest // step) * step
    turns = max(len(coins) - 1, 1)
    turn_step = nice_step(turns, 6)

    def x(i):
        return left + (WIDTH - left - right) * i / turns

    def y(v):
        return height - bottom - (height - bottom - top_pad) * v / top

    parts = [_gridline(value, y(value), left, WIDTH - right) for value in range(0, top + 1, step)]
    parts += [_turn_tick(turn, x(turn), height - bottom) for turn in range(0, turns + 1, turn_step)]
    parts.append(
        format_html(
            '<text x="{x}" y="{y}" font-size="{f}" text-anchor="middle">{label}</text>',
            x=(left + WIDTH - right) / 2,
            y=height - 4,
            f=FONT,
            label=_("turn"),
        )
    )
    for seat, name in enumerate(names):
        points = " ".join(f"{x(i):.1f},{y(row[seat]):.1f}" for i, row in enumerate(coins))
        colour = _seat_colour(seat, colours)
        parts.append(
            format_html(
                '<polyline fill="none" stroke="{}" stroke-width="2.5" points="{}">'
                "<title>{}</title></polyline>",
                colour,
                points,
                name,
            )
        )
    return format_html(
        '<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{label}">{}</svg>',
        format_html_join("", "{}", ((p,) for p in parts)),
        w=WIDTH,
        h=height,
        label=_("Coins of each player, turn by turn"),
    )


def income_chart(names: list[str], income: list[dict[str, int]]) -> SafeString:
    width, bar, gap, left = WIDTH, 26, 12, 84
    height = len(names) * (bar + gap) + gap
    most = max([sum(row.values()) for row in income] + [1])
    parts = []
    for seat, name in enumerate(names):
        top = gap + seat * (bar + gap)
        parts.append(
            format_html(
                '<text x="{}" y="{}" font-size="14" text-anchor="end">{}<title>{}</title></text>',
                left - 6,
                top + bar * 0.7,
                name if len(name) <= 9 else name[:8] + "…",
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


def legend(names: list[str], colours: list[str | None] = ()) -> list[dict]:
    """`colours`: each seat's own colour or None (player_colours.own_colours)."""
    return [
        {
            "name": name,
            "colour": _seat_colour(seat, colours),
            "css": f"mayor-{colours[seat]}" if _own(seat, colours) else f"line-{seat}",
        }
        for seat, name in enumerate(names)
    ]


def _own(seat: int, colours: list[str | None]) -> str | None:
    return colours[seat] if seat < len(colours) else None


def _seat_colour(seat: int, colours: list[str | None]) -> str:
    own = _own(seat, colours)
    return PLAYER_COLOURS[own] if own else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def colour_name(colour: str) -> str:
    if colour == "other":
        return _("projects, islands & other")
    return str(describe.COLOUR_NAMES[colour])


def colour_legend(income: list[dict[str, int]] | None = None) -> list[dict]:
    """The four card colours, and the rarer sources (the Kosmos Shop, projects, islands…) only
    when some seat earned coins from them."""
    return [
        {"name": colour_name(colour), "key": colour, "colour": value, "css": f"bar-{colour}"}
        for colour, value in CARD_COLOURS.items()
        if colour in ("blue", "green", "red", "purple")
        or (income and any(row.get(colour) for row in income))
    ]
