"""What every page loads stays light: Bootstrap's stylesheet without its JavaScript (no page uses
it), and an icon font of only the icons the pages name (scripts/subset_icons.py makes it)."""

import re
import struct
import zlib
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from scripts.subset_icons import codepoints, used_icons

ICONS = Path(settings.BASE_DIR) / "static" / "vendor" / "bootstrap-icons"
TEMPLATES = Path(settings.BASE_DIR) / "templates"


def font_characters(woff: bytes) -> set[int]:
    """The characters a WOFF font has a glyph for (its cmap's format 4 and 12 subtables)."""
    assert woff[:4] == b"wOFF", "not a WOFF font"
    (count,) = struct.unpack(">H", woff[12:14])
    tables = {}
    for index in range(count):
        tag, offset, packed, length, _ = struct.unpack(
            ">4sIIII", woff[44 + 20 * index : 64 + 20 * index]
        )
        data = woff[offset : offset + packed]
        tables[tag] = zlib.decompress(data) if packed < length else data
    cmap = tables[b"cmap"]
    found = set()
    (subtables,) = struct.unpack(">H", cmap[2:4])
    for index in range(subtables):
        (offset,) = struct.unpack(">I", cmap[8 + 8 * index : 12 + 8 * index])
        (kind,) = struct.unpack(">H", cmap[offset : offset + 2])
        if kind == 4:
            found |= _format_4(cmap, offset)
        elif kind == 12:
            (groups,) = struct.unpack(">I", cmap[offset + 12 : offset + 16])
            for group in range(groups):
                start, end, glyph = struct.unpack(
                    ">III", cmap[offset + 16 + 12 * group : offset + 28 + 12 * group]
                )
                found |= {c for c in range(start, end + 1) if glyph + c - start}
    return found


def _format_4(cmap: bytes, offset: int) -> set[int]:
    (segments,) = struct.unpack(">H", cmap[offset + 6 : offset + 8])
    segments //= 2
    ends = offset + 14
    starts = ends + 2 * segments + 2
    deltas = starts + 2 * segments
    ranges = deltas + 2 * segments

    def word(at: int, index: int) -> int:
        return struct.unpack(">H", cmap[at + 2 * index : at + 2 * index + 2])[0]

    found = set()
    for seg in range(segments):
        start, end = word(starts, seg), word(ends, seg)
        delta, range_offset = word(deltas, seg), word(ranges, seg)
        for char in range(start, min(end, 0xFFFE) + 1):
            if range_offset == 0:
                glyph = (char + delta) & 0xFFFF
            else:
                glyph = word(ranges + 2 * seg + range_offset, char - start)
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                found.add(char)
    return found


def test_every_icon_the_pages_name_is_in_the_subset():
    shipped = codepoints_of_subset()
    used = used_icons()
    assert {"coin", "dice-6-fill", "flower2", "question-circle"} <= used

    assert sorted(used - set(shipped)) == [], "run scripts/subset_icons.py"
    characters = font_characters((ICONS / "fonts" / "icons.woff").read_bytes())
    assert sorted(name for name in used if shipped[name] not in characters) == []


def test_the_subset_holds_no_icon_nobody_uses():
    assert sorted(set(codepoints_of_subset()) - used_icons()) == []


def test_the_font_reader_sees_a_missing_icon():
    characters = font_characters((ICONS / "fonts" / "icons.woff").read_bytes())
    full = Path(settings.BASE_DIR) / "assets" / "bootstrap-icons" / "bootstrap-icons.min.css"
    every = codepoints(full.read_text(encoding="utf-8"))

    assert every["coin"] in characters
    assert every["alarm"] not in characters  # in Bootstrap Icons, not in our subset
    assert len(characters) == len(used_icons())


def codepoints_of_subset() -> dict[str, int]:
    return codepoints((ICONS / "icons.css").read_text(encoding="utf-8"))


def test_no_template_asks_for_bootstraps_javascript():
    """Collapses, dropdowns, modals and tooltips need Bootstrap's JavaScript, which is not
    shipped: a disclosure is a <details>."""
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        assert not re.search(r"data-bs-|bootstrap(\.bundle)?(\.min)?\.js", text), template
    assert not (Path(settings.BASE_DIR) / "static" / "vendor" / "bootstrap" / "js").exists()


@pytest.mark.django_db
def test_the_home_page_loads_only_our_scripts_and_htmx(client):
    page = client.get(reverse("play:home")).content.decode()

    scripts = re.findall(r'<script[^>]*\bsrc="([^"]+)"', page)
    assert scripts and all(
        src.startswith(("/static/js/", "/static/django_htmx/")) for src in scripts
    ), scripts
    assert "/static/vendor/bootstrap-icons/icons.css" in page
