"""The campaign's charts, drawn on the server as inline SVG like the game's (play/charts.py):
wins per mayor over the chapters, and coins at the end of each chapter."""

from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.player_colours import PLAYER_COLOURS

WIDTH, HEIGHT, PAD = 480, 220, 34
TIE_SPREAD = 4  # units between the lines of mayors with as many wins


def _frame(top: int, chapters: int, label: str) -> SafeString:
    ticks = format_html_join(
        "",
        '<text x="{}" y="{}" font-size="12" text-anchor="middle">{}</text>',
        (
            (f"{PAD + (WIDTH - 2 * PAD) * (n - 0.5) / chapters:.1f}", HEIGHT - PAD + 15, n)
            for n in range(1, chapters + 1)
        ),
    )
    return format_html(
        '<line x1="{p}" y1="{b}" x2="{r}" y2="{b}" stroke="#999"/>'
        '<line x1="{p}" y1="{t}" x2="{p}" y2="{b}" stroke="#999"/>'
        '<text x="{tx}" y="{ty}" font-size="13" text-anchor="end">{top}</text>'
        '<text x="{tx}" y="{b}" font-size="13" text-anchor="end">0</text>'
        '<text x="{r}" y="{lb}" font-size="12" text-anchor="end">{label}</text>{ticks}',
        p=PAD,
        b=HEIGHT - PAD,
        r=WIDTH - PAD,
        t=PAD,
        tx=PAD - 4,
        ty=PAD + 4,
        lb=HEIGHT - 4,
        top=top,
        label=label,
        ticks=ticks,
    )


def _svg(title: str, body: SafeString) -> SafeString:
    return format_html(
        '<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{t}"><title>{t}</title>'
        "{body}</svg>",
        w=WIDTH,
        h=HEIGHT,
        t=title,
        body=body,
    )


def wins_chart(mayors, games, chapters: int = 10) -> SafeString:
    """Each mayor's wins so far, chapter by chapter: one line per mayor."""
    played = sorted((g for g in games if g.winner_id), key=lambda g: g.chapter)
    totals = {m.pk: 0 for m in mayors}
    points: dict[int, list[tuple[int, int]]] = {m.pk: [] for m in mayors}
    for game in played:
        totals[game.winner_id] = totals.get(game.winner_id, 0) + 1
        for mayor in mayors:
            points[mayor.pk].append((game.chapter, totals[mayor.pk]))
    top = max([*totals.values(), 1])

    def x(n):
        return PAD + (WIDTH - 2 * PAD) * (n - 0.5) / chapters

    def y(v, index):
        # mayors with as many wins would share one line: each is lifted a little apart, the
        # first on the value itself (never below the axis, at 0 wins)
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * v / top - index * TIE_SPREAD

    lines = []
    for index, mayor in enumerate(mayors):
        if not points[mayor.pk]:
            continue
        colour = PLAYER_COLOURS.get(mayor.colour, "#888")
        path = " ".join(f"{x(n):.1f},{y(v, index):.1f}" for n, v in points[mayor.pk])
        dots = format_html_join(
            "",
            '<circle cx="{}" cy="{}" r="3.5" fill="{}"/>',
            ((f"{x(n):.1f}", f"{y(v, index):.1f}", colour) for n, v in points[mayor.pk]),
        )
        lines.append(
            format_html(
                '<g data-mayor="{}" data-wins="{}"><polyline fill="none" stroke="{}" '
                'stroke-width="2.5" points="{}"><title>{}</title></polyline>{}</g>',
                mayor.seat,
                totals[mayor.pk],
                colour,
                path,
                mayor.name,
                dots,
            )
        )
    body = _frame(top, chapters, _("game")) + mark_safe("".join(lines))
    return _svg(_("Wins per mayor over the chapters"), body)


def coins_chart(mayors, games, chapters: int = 10) -> SafeString:
    """Each mayor's coins when each chapter's game ended: grouped bars (app games only)."""
    with_coins = [g for g in games if g.final_coins]
    top = max([c for g in with_coins for c in g.final_coins] + [5])
    slot = (WIDTH - 2 * PAD) / chapters
    bar = slot * 0.8 / max(len(mayors), 1)
    bars = []
    for game in with_coins:
        for mayor in mayors:
            if mayor.seat >= len(game.final_coins):
                continue
            coins = game.final_coins[mayor.seat]
            h = (HEIGHT - 2 * PAD) * coins / top
            bars.append(
                format_html(
                    '<rect x="{}" y="{}" width="{}" height="{}" fill="{}"><title>{}</title></rect>',
                    f"{PAD + slot * (game.chapter - 1) + slot * 0.1 + bar * mayor.seat:.1f}",
                    f"{HEIGHT - PAD - h:.1f}",
                    f"{bar:.1f}",
                    f"{h:.1f}",
                    PLAYER_COLOURS.get(mayor.colour, "#888"),
                    ngettext(
                        "%(name)s: %(coins)s coin after game %(n)s",
                        "%(name)s: %(coins)s coins after game %(n)s",
                        coins,
                    )
                    % {"name": mayor.name, "coins": coins, "n": game.chapter},
                )
            )
    body = _frame(top, chapters, _("game")) + mark_safe("".join(bars))
    return _svg(_("Coins at the end of each game"), body)
