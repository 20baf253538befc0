"""Adding a deck, at its worst: how long a hostile upload keeps a worker before it is refused.

Through Django's test client on a throw-away test database, a logged-in host uploads
  - the tutorial deck (accepted: the time to check and store a real deck),
  - a 5 MB deck.toml (refused: larger than a deck may be),
  - a deck.toml nested 100,000 brackets deep (refused before the TOML parser sees it),
  - a zip archive that unpacks to 3 MB (refused at the bound, unpacked no further),
  - a 5 MB file that is nothing but "[" (the nesting check reads it all),
each --repeat times; prints the load average and then min / median / max seconds per upload.
Issue 29's target: each refused in well under a second, no worker stalled.

    .venv/bin/python bench/deck_uploads.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
TUTORIAL = ROOT / "tests" / "deck" / "tutorial_deck"
NAMES = ("components.toml", "deck.toml", "boxes.toml")


def uploads() -> dict[str, list[tuple[str, bytes]]]:
    deck = {name: (TUTORIAL / name).read_bytes() for name in NAMES}

    def changed(name: str, content: bytes) -> list[tuple[str, bytes]]:
        return [(each, content if each == name else deck[each]) for each in NAMES]

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in deck.items():
            padding = b"#" + b"0" * 3_000_000 + b"\n" if name == "deck.toml" else b""
            archive.writestr(name, content + padding)
    nested = b"deep = " + b"[" * 100_000 + b"]" * 100_000 + b"\n"
    return {
        "the tutorial deck (accepted)": changed("", b""),
        "a 5 MB deck.toml": changed("deck.toml", b"# " + b"x" * 5_000_000),
        "deck.toml nested 100,000 deep": changed("deck.toml", deck["deck.toml"] + nested),
        "deck.toml of 500 KB of '['": changed("deck.toml", b"[" * 500_000),
        "a zip unpacking to 3 MB": [("deck.zip", buffer.getvalue())],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    from legacy_deck.models import UploadedDeck

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        client = Client()
        client.force_login(User.objects.create_user("bench-host"))
        print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print("| upload | answer | min s | median s | max s |")
        print("| --- | --- | --- | --- | --- |")
        for label, files in uploads().items():
            seconds, statuses = [], set()
            for _ in range(args.repeat):
                UploadedDeck.objects.all().delete()
                data = {"files": [SimpleUploadedFile(name, content) for name, content in files]}
                started = time.perf_counter()
                response = client.post("/campaigns/decks/", data)
                seconds.append(time.perf_counter() - started)
                statuses.add(response.status_code)
            answer = "/".join(str(status) for status in sorted(statuses))
            print(
                f"| {label} | {answer} | {min(seconds):.3f} | {statistics.median(seconds):.3f} "
                f"| {max(seconds):.3f} |"
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
