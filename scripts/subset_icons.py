"""The Bootstrap Icons the pages show, and nothing else: a font and a stylesheet of only those.

    .venv/bin/pip install fonttools brotli      # only for this script; not in the lock
    .venv/bin/python scripts/subset_icons.py

Run it after a template, a script or the code names an icon the subset lacks
(tests/web/test_static_assets.py says which). It reads the whole icon font and its stylesheet
from assets/bootstrap-icons/ (kept out of static/, so never served) and writes
static/vendor/bootstrap-icons/icons.css and fonts/icons.woff. WOFF, not WOFF2: a few KB more, but
its tables are zlib-compressed, so the test can read which glyphs it holds with the standard
library alone.

Which icons: every `bi-…` class written in templates/, static/js/ and the Python apps, every icon
of a card's symbol (play.describe.ICONS, and the one shown for an unknown symbol) and the six dice
faces (play.board.DICE_ICONS).
"""

from __future__ import annotations

import logging
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FULL = ROOT / "assets" / "bootstrap-icons"
SUBSET = ROOT / "static" / "vendor" / "bootstrap-icons"
WRITTEN = re.compile(r"\bbi-[a-z0-9-]+")
SOURCES = {
    "templates": ("*.html",),
    "static/js": ("*.js",),
    "play": ("*.py",),
    "campaign": ("*.py",),
    "legacy_deck": ("*.py",),
    "machikoro": ("*.py",),
}
CLASS = re.compile(r'\.bi-([a-z0-9-]+)::before\s*\{\s*content:\s*"\\([0-9a-f]+)";?\s*\}')


def used_icons() -> set[str]:
    """Every icon name (without "bi-") the app may put on a page."""
    from play.board import DICE_ICONS
    from play.describe import ICONS, UNKNOWN_ICON

    names = set()
    for folder, patterns in SOURCES.items():
        for pattern in patterns:
            for file in (ROOT / folder).rglob(pattern):
                if "migrations" in file.parts:
                    continue
                names |= {name[3:] for name in WRITTEN.findall(file.read_text(encoding="utf-8"))}
    names |= set(ICONS.values()) | {UNKNOWN_ICON}
    names |= {icon[3:] for icon in DICE_ICONS.values()}
    # a class written with a variable part ("bi-dice-{{ n }}") leaves a stub that is no icon
    return {name for name in names if not name.endswith("-")}


def codepoints(stylesheet: str) -> dict[str, int]:
    """Icon name -> its character in the font, from a Bootstrap Icons stylesheet."""
    return {name: int(code, 16) for name, code in CLASS.findall(stylesheet)}


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    logging.getLogger("fontTools").setLevel(logging.WARNING)
    from fontTools import subset
    from fontTools.ttLib import TTFont

    full_css = (FULL / "bootstrap-icons.min.css").read_text(encoding="utf-8")
    every = codepoints(full_css)
    wanted = sorted(used_icons())
    unknown = [name for name in wanted if name not in every]
    if unknown:
        raise SystemExit(f"not in Bootstrap Icons: {', '.join(unknown)}")
    font = TTFont(FULL / "bootstrap-icons.woff2", recalcTimestamp=False)
    options = subset.Options(flavor="woff", layout_features=[], name_IDs=["*"])
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[every[name] for name in wanted])
    subsetter.subset(font)
    font.flavor = "woff"
    (SUBSET / "fonts").mkdir(parents=True, exist_ok=True)
    font.save(SUBSET / "fonts" / "icons.woff")
    licence = full_css[: full_css.index("*/") + 2]
    rules = "\n".join(f'.bi-{name}::before {{ content: "\\{every[name]:x}"; }}' for name in wanted)
    (SUBSET / "icons.css").write_text(
        f"""{licence}
/* Only the {len(wanted)} icons the pages use: made by scripts/subset_icons.py. */
@font-face {{
  font-display: block;
  font-family: bootstrap-icons;
  src: url("fonts/icons.woff") format("woff");
}}
.bi::before,
[class*=" bi-"]::before,
[class^="bi-"]::before {{
  display: inline-block;
  font-family: bootstrap-icons !important;
  font-style: normal;
  font-weight: 400 !important;
  font-variant: normal;
  text-transform: none;
  line-height: 1;
  vertical-align: -0.125em;
  -webkit-font-smoothing: antialiased;
  -moz-osx-font-smoothing: grayscale;
}}
{rules}
""",
        encoding="utf-8",
    )
    size = (SUBSET / "fonts" / "icons.woff").stat().st_size
    print(f"{len(wanted)} icons, icons.woff {size:,} bytes")


if __name__ == "__main__":
    main()
