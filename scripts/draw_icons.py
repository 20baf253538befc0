"""Draw the app's home-screen icons (static/icons/*.png) from the favicon's shapes.

Pure Python (zlib and struct): no image library is needed to run it again. The drawing is the
favicon's (static/favicon.svg): a blue tile with three buildings. The maskable icon fills its
whole square with the blue and keeps the buildings inside the central circle of 80 % that
every launcher's mask leaves whole.

    python3 scripts/draw_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"

BLUE = (13, 110, 253)
WHITE = (255, 255, 255)
YELLOW = (255, 193, 7)
# The favicon's shapes on its 64-unit grid: (kind, colour, numbers).
SHAPES = [
    ("rect", WHITE, (9, 26, 16, 28)),
    ("rect", YELLOW, (29, 12, 14, 42)),
    ("rect", WHITE, (47, 32, 9, 22)),
    ("circle", BLUE, (17, 33, 2.5)),
    ("circle", BLUE, (17, 46, 2.5)),
    ("circle", BLUE, (36, 20, 2.5)),
    ("circle", BLUE, (36, 33, 2.5)),
    ("circle", BLUE, (36, 46, 2.5)),
]
SAMPLES = 3  # per side of a pixel: 9 samples smooth the edges


def _inside_rounded(x: float, y: float, size: float, radius: float) -> bool:
    cx = min(max(x, radius), size - radius)
    cy = min(max(y, radius), size - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def _colour_at(x: float, y: float, maskable: bool) -> tuple[int, int, int, int] | None:
    """The colour of a point of the 64-unit square, None where the icon is transparent."""
    if maskable:
        # the favicon's 64 units shrunk to the safe circle's square (80 % of 64 / sqrt 2)
        scale = 64 / (64 * 0.8 / 2**0.5)
        x, y = 32 + (x - 32) * scale, 32 + (y - 32) * scale
    elif not _inside_rounded(x, y, 64, 12):
        return None
    # the windows (circles) lie on the buildings (rectangles): looked at first
    for kind, colour, numbers in sorted(SHAPES, key=lambda shape: shape[0] != "circle"):
        if kind == "circle":
            cx, cy, r = numbers
            if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                return (*colour, 255)
        else:
            left, top, width, height = numbers
            if left <= x < left + width and top <= y < top + height:
                return (*colour, 255)
    return (*BLUE, 255)


def draw(size: int, maskable: bool = False) -> bytes:
    rows = []
    unit = 64 / size
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            total = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) * unit
                    y = (py + (sy + 0.5) / SAMPLES) * unit
                    colour = _colour_at(x, y, maskable)
                    if colour:
                        for i in range(3):
                            total[i] += colour[i] * colour[3]
                        total[3] += colour[3]
            alpha = total[3]
            if alpha:
                row += bytes(round(total[i] / alpha) for i in range(3))
            else:
                row += b"\0\0\0"
            row.append(round(alpha / SAMPLES**2))
        rows.append(bytes(row))
    return _png(size, b"".join(rows))


def _png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True),
        ("apple-touch-icon.png", 180, True),  # iOS rounds the corners itself
    ]:
        (OUT / name).write_bytes(draw(size, maskable))
        print(OUT / name)


if __name__ == "__main__":
    main()
