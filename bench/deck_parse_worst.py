"""What the worst deck upload within the bounds costs to read (issue 35, item 3).

Each case is a file of at most MAX_FILE_BYTES shaped to make tomllib and the loader work hardest
within the bounds (the most key parts, keys, nesting or text), given three times as a deck's
three files, read by `read_deck_text` as an upload is. Each runs in a fresh process, so its peak
memory is its own; the figures go to docs/deck-format.md. Also the attacks of issue 35, refused
before parsing now.

    python bench/deck_parse_worst.py
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from legacy_deck.loader import (  # noqa: E402
    MAX_FILE_BYTES,
    MAX_KEY_PARTS,
    MAX_KEYS,
    MAX_NESTING,
    MAX_TEXT,
)


def _fill(line, count: int = MAX_KEYS) -> str:
    """Lines `line(i)` for i below `count`, then comments, until the next line would pass
    MAX_FILE_BYTES."""
    parts, size, index = [], 0, 0
    while True:
        text = line(index) if index < count else "# " + "x" * 76 + "\n"
        if size + len(text.encode()) > MAX_FILE_BYTES:
            return "".join(parts)
        parts.append(text)
        size += len(text.encode())
        index += 1


INNER = ".".join("p" for _ in range(MAX_KEY_PARTS - 1))
DEEP = MAX_NESTING - 1  # a key's value sits one level below its table
PER_KEY = MAX_KEYS // (DEEP + 1)  # every bracket and brace counts as a key


def _dotted_keys() -> str:
    return _fill(lambda i: f"k{i}.{INNER} = 1\n")


def _table_headers() -> str:
    return _fill(lambda i: f"[t{i}.{INNER}]\nv = 1\n", MAX_KEYS // 2)


def _keys() -> str:
    return _fill(lambda i: f"k{i} = 1\n")


def _nested_arrays() -> str:
    return _fill(lambda i: f"a{i} = " + "[" * DEEP + "1" + "]" * DEEP + "\n", PER_KEY)


def _nested_inline_tables() -> str:
    return _fill(lambda i: f"t{i} = " + "{a = " * DEEP + "1" + "}" * DEEP + "\n", PER_KEY // 2)


def _long_texts() -> str:
    return _fill(lambda i: f'k{i} = "' + "é" * (MAX_TEXT - 1) + '"\n')


def _old_attack_dotted() -> str:  # issue 35: 55 s and +1.96 GB before the bounds
    return "a" + ".a" * 19_999 + " = 1\n"


def _old_attack_header() -> str:
    return "[a" + ".a" * 19_999 + "]\n"


CASES = {
    f"{MAX_KEYS:,} dotted keys of {MAX_KEY_PARTS} parts": _dotted_keys,
    f"{MAX_KEYS // 2:,} table names of {MAX_KEY_PARTS} parts, a key each": _table_headers,
    f"{MAX_KEYS:,} keys": _keys,
    f"{PER_KEY:,} arrays nested {DEEP} deep": _nested_arrays,
    f"{PER_KEY // 2:,} inline tables nested {DEEP} deep": _nested_inline_tables,
    f"texts of {MAX_TEXT - 1:,} characters": _long_texts,
    "refused: a dotted key of 20,000 parts": _old_attack_dotted,
    "refused: a table name of 20,000 parts": _old_attack_header,
}


def run_case(name: str) -> dict:
    from legacy_deck.loader import read_deck_text

    text = CASES[name]()
    texts = {"components": text, "deck": text, "boxes": text}
    start = time.perf_counter()
    deck, problems = read_deck_text(texts)
    seconds = time.perf_counter() - start
    return {
        "case": name,
        "bytes_a_file": len(text.encode()),
        "seconds": round(seconds, 3),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "first_problem": problems[0].message if problems else None,
    }


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        print(json.dumps(run_case(sys.argv[2])))
        return
    print(json.dumps({"load_before": os.getloadavg()[0]}))
    baseline = subprocess.run(
        [
            sys.executable,
            "-c",
            "import resource, legacy_deck.loader; "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    print(json.dumps({"process_after_import_rss_mb": float(baseline.stdout)}))
    for name in CASES:
        done = subprocess.run(
            [sys.executable, __file__, "--case", name],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        print(done.stdout.strip())


if __name__ == "__main__":
    main()
