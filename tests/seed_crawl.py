"""Looking for a game's seed in what a page, a stream or an export sends: every spelling of it
the app could print (decimal, with thousands separators, hexadecimal, base64 of its bytes)."""

from __future__ import annotations

import base64

SEPARATORS = (",", ".", " ", "\u00a0", "\u202f", "'")


def spellings(seed: int) -> set[str]:
    """The ways the seed could be written in a page."""
    decimal = str(seed)
    found = {decimal, f"{seed:x}", f"{seed:X}"}
    grouped = f"{seed:,}"
    found |= {grouped.replace(",", separator) for separator in SEPARATORS}
    size = max(8, (seed.bit_length() + 7) // 8)
    for order in ("big", "little"):
        raw = seed.to_bytes(size, order)
        found.add(base64.b64encode(raw).decode().rstrip("="))
        found.add(base64.urlsafe_b64encode(raw).decode().rstrip("="))
    return found


def where_seen(seed: int, sent: dict[str, str]) -> list[tuple[str, str]]:
    """(what was fetched, the spelling found in it) for every answer that holds the seed."""
    return [
        (what, spelling)
        for what, text in sent.items()
        for spelling in spellings(seed)
        if spelling in text
    ]
