"""Every board a few games show, written down, to compare what two checkouts render: run by hand.

    cd <checkout A> && .venv/bin/python bench/board_renderings.py /tmp/a.json
    cd <checkout B> && .venv/bin/python bench/board_renderings.py /tmp/b.json
    .venv/bin/python bench/board_renderings.py --compare /tmp/a.json /tmp/b.json

Plays the same games in each checkout (on SQLite in a temporary folder): two classic games of
three seats whose names hold quotes and markup, a Kosmos game, Legacy tables of three and four
seats (expedition, islands, community project, stickers, rules in force) and a game of bots to
its end. Every so many moves it keeps each page of each game, in English, German and Dutch, for
each seat, the host's screen and a watcher, as a whole page and as htmx asks for it, and every
move's answer, a few replay steps and a refused move. Each is kept with its whitespace made one
space (HTML shows no more), its CSRF tokens made one, and the games' codes and links named by
their order. `--compare` says how many differ and shows the first differences; a page's QR
codes (whose links differ from run to run) and its token in `hx-headers` are left out.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path.cwd()
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
LEFT_OUT = re.compile(r'<svg viewBox.*?</svg>|"X-CSRFToken": "[^"]+"')
MOVES = 500
EVERY = 40  # moves between two looks at every page


def setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    folder = tempfile.mkdtemp()
    os.environ.update(
        DJANGO_SETTINGS_MODULE="machikoro.settings",
        DATABASE_URL=f"sqlite:///{folder}/db.sqlite3",
        DATA_DIR=folder,
        ALLOWED_HOSTS="testserver",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def renderings() -> dict[str, str]:
    from django.test import Client

    from play.engine import legal_actions
    from play.models import Game
    from tests.web.legacy_setup import legacy_setup

    names = [("Ann", "human"), ('B\'en "x"', "human"), ("<i>Cleo</i>", "human")]
    games = [Game.start("classic", names, seed=seed) for seed in (1, 2)]
    games.append(Game.start("kosmos", [("Ann", "human"), ("Ben", "human")], seed=5))
    games += [Game.create_from_setup(legacy_setup(n), ["human"] * n) for n in (3, 4)]
    bots = Game.start(
        "classic",
        [("Ann", "greedy"), ("B'en", "greedy"), ("Cleo", "random")],
        seed=4,
        pace="instant",
    )
    named = []
    for order, game in enumerate([*games, bots]):
        named += [(game.code, f"CODE{order}"), (game.host_secret, f"HOST{order}")]
        named += [(seat["secret"], f"SEAT{order}-{i}") for i, seat in enumerate(game.seats)]

    def kept(html: str) -> str:
        for old, new in named:
            html = html.replace(old, new)
        html = TOKEN.sub('name="csrfmiddlewaretoken" value="T"', html)
        return re.sub(r"\s+", " ", html).replace("> <", "><").strip()

    found: dict[str, str] = {}
    htmx = Client(HTTP_HX_REQUEST="true")
    rng = random.Random(7)

    def look(label: str, game: Game) -> None:
        links = [("host", game.host_secret), ("watch", "watch")]
        links += [(seat, s["secret"]) for seat, s in enumerate(game.seats)]
        for language in ("en", "de", "nl"):
            for who, key in links:
                path = f"/g/{game.code}/{key}/"
                asked = {"accept-language": language}
                found[f"{label}/{language}/{who}"] = kept(htmx.get(path, headers=asked).text)
                page = Client().get(path, headers=asked).text
                found[f"{label}/{language}/{who}/page"] = kept(page)

    for order, game in enumerate(games):
        for move in range(MOVES):
            game.refresh_from_db()
            state = game.load()
            if move % EVERY == 0 or move < 3 or state.winner is not None:
                look(f"{order}/{move}", game)
            if state.winner is not None:
                break
            action = json.dumps(rng.choice(legal_actions(state)))
            answer = htmx.post(
                f"/g/{game.code}/{game.host_secret}/move/",
                {"version": game.version, "action": action},
                headers={"accept-language": rng.choice(["en", "de", "nl"])},
            )
            found[f"{order}/{move}/answer"] = kept(answer.text)
        for step in (0, 3, 10):
            replay = Client().get(f"/g/{game.code}/replay/?step={step}")
            found[f"{order}/replay/{step}"] = kept(replay.text)
        refused = htmx.post(
            f"/g/{game.code}/{game.seats[0]['secret']}/move/",
            {"version": 0, "action": '{"type":"pass"}'},
        )
        found[f"{order}/refused"] = kept(refused.text)
    for _ in range(200):
        bots.refresh_from_db()
        if bots.finished:
            break
        bots.step_bots()
    look("bots", bots)
    return found


def compare(before: dict[str, str], after: dict[str, str]) -> int:
    differ = [
        label
        for label in before
        if LEFT_OUT.sub("", before[label]) != LEFT_OUT.sub("", after.get(label, ""))
    ]
    print(f"{len(before)} pages and boards compared, {len(differ)} differ")
    for label in differ[:5]:
        old, new = LEFT_OUT.sub("", before[label]), LEFT_OUT.sub("", after.get(label, ""))
        at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), 0)
        print(f"== {label}\n  before: {old[max(0, at - 200) : at + 200]}")
        print(f"  after:  {new[max(0, at - 200) : at + 200]}")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="where to write; with --compare, two files")
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    if args.compare:
        before, after = (json.loads(Path(name).read_text()) for name in args.files[:2])
        return compare(before, after)
    setup_django()
    found = renderings()
    Path(args.files[0]).write_text(json.dumps(found))
    print(f"{len(found)} pages and boards written to {args.files[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
