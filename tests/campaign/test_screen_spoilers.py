"""Golden rule, on the screens: at every phase of every chapter, every page and fragment the
table's link and each mayor's link can reach, in English, German and Dutch, holds no word and
no id of a deck card, box, rule or component not yet read; nor does what those pages' streams
push (each read as a page that shows nothing yet: it is sent what there is now); nor does any
static file those pages load (stylesheets, scripts, icons), which is the same for everyone from
the start. Streams look from threads of their own, which see only what is committed: this test
commits."""

import datetime
import html
import re
from pathlib import PurePosixPath

import pytest
from campaign_helpers import new_campaign
from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import timezone
from stream_reader import read_stream
from test_flow_spoilers import unread

from campaign import dashboard, flow
from campaign.models import Phase
from play.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGES = ("en", "de", "nl")
# what the content security policy forbids (tests/web/test_security_headers.py checks play's)
INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=|\son[a-z]+=|javascript:", re.I)
# Seven Winds Bay's chapters played in the app (event STOPs, new rules), the rest recorded; a
# short deck's are all played in the app.
APP_CHAPTERS = {"seven_winds_bay": (1, 3, 4, 6, 8, 10)}

STATIC_REF = re.compile('(?:href|src)="' + re.escape(django_settings.STATIC_URL) + '([^"?#]+)')
CSS_URL = re.compile(r"url\(['\"]?([^'\")?#]+)")
# Third-party files (Bootstrap's stylesheet, htmx) are searched for every name and story as
# written, not for ids nor regardless of case: their own vocabulary is not our deck's (Bootstrap
# styles a .carousel; our deck has a Carousel).
THIRD_PARTY = ("vendor/bootstrap/", "django_htmx/")
STREAM = re.compile(r'sse-connect="([^"]+)"')


def static_text(path: str) -> str | None:
    """A static file's text (None for binary files such as a woff2 font)."""
    found = finders.find(path)
    assert found, f"a page loads {path}, which is not in the static files"
    try:
        with open(found, encoding="utf-8") as file:
            return file.read()
    except UnicodeDecodeError:
        return None


def static_files(pages: list[str]) -> set[str]:
    """Every static file the pages load, with what their stylesheets load in turn."""
    found = {path for text in pages for path in STATIC_REF.findall(text)}
    todo = [path for path in found if path.endswith(".css")]
    while todo:
        sheet = todo.pop()
        for ref in CSS_URL.findall(static_text(sheet) or ""):
            if ref.startswith("data:"):
                continue
            path = str(PurePosixPath(sheet).parent / ref)
            while "/../" in f"/{path}":  # "css/../fonts/x" -> "fonts/x"
                path = re.sub(r"[^/]+/\.\./", "", path, count=1)
            if path not in found:
                found.add(path)
                if path.endswith(".css"):
                    todo.append(path)
    return found


def static_leaks(paths: set[str], secret: set[str]) -> dict[str, list[str]]:
    """The unread words in static files, in ours regardless of case (a comment may say "the
    expedition track")."""
    leaks = {}
    for path in sorted(paths):
        text = static_text(path) or ""
        if path.startswith(THIRD_PARTY):
            leaked = [w for w in secret if w in text and not re.fullmatch(r"[a-z0-9_]+", w)]
        else:
            leaked = [w for w in secret if w.casefold() in text.casefold()]
        if leaked:
            leaks[path] = sorted(leaked)
    return leaks


class Screens:
    def __init__(self, client, campaign, deck):
        self.client = client
        self.campaign = campaign
        self.deck = deck
        self.checked_pages = 0
        self.checked_words = 0
        self.seen_phases = set()
        self.pages_read = 0
        self.static = set()
        self.checked_streams = 0

    def urls(self) -> list[str]:
        campaign = self.campaign
        secret = campaign.table_secret

        def table(name, *args):
            return reverse(f"campaign:{name}", args=[secret, *args])

        found = [
            table(name)
            for name in ("table", "links", "picks", "game", "record", "book", "charts", "free")
        ]
        found.append(table("after"))
        pages = dashboard.reading_pages(self.deck, flow.reader_of(campaign))
        # A read page shows one read side (or box) and never changes, while the unread words
        # only shrink: each is checked when it first appears, and the newest few every time.
        first_new = min(self.pages_read, max(len(pages) - 4, 0))
        found += [table("read", page.number) for page in pages[first_new:]]
        self.pages_read = len(pages)
        found.append(table("read", len(pages) + 5))  # beyond the STOP: sent back to it
        found.append(table("poll") + "?v=0")
        for mayor in campaign.mayors.all():
            for name in ("mayor", "mayor_game", "mayor_dashboard", "mayor_book", "mayor_charts"):
                found.append(reverse(f"campaign:{name}", args=[mayor.secret]))
            found.append(table("pick_at_table", mayor.seat) + "?show=1")
        chapter_game = campaign.games.filter(chapter=campaign.chapter).first()
        if chapter_game and chapter_game.game:
            game = chapter_game.game
            for key in [game.host_secret, game.seats[0]["secret"]]:
                found.append(reverse("play:game", args=[game.code, key]))
        return found

    def check(self, moment: str) -> None:
        self.campaign.refresh_from_db()
        self.seen_phases.add(self.campaign.phase)
        reader = flow.reader_of(self.campaign)
        # an unread card's id may be an everyday word that a read story uses ("clockmaker")
        read_text = " ".join(
            text
            for side in self.deck.sides()[: reader.position]
            for text in (side.story or {}).values()
        )
        secret = {word for word in unread(self.deck, reader) if word not in read_text}
        self.checked_words += len(secret)
        streams = set()
        for url in self.urls():
            for language in LANGUAGES:
                self.client.cookies["django_language"] = language
                response = self.client.get(url, follow=True, HTTP_ACCEPT_LANGUAGE=language)
                assert response.status_code in (200, 204), (moment, url, response.status_code)
                text = response.content.decode()
                self.static |= static_files([text])
                streams |= {html.unescape(found) for found in STREAM.findall(text)}
                leaked = sorted(word for word in secret if word in text)
                if language == "en" and "/c/" in url:
                    assert not INLINE.search(text), (url, INLINE.search(text).group(0))
                assert leaked == [], f"{moment}: {url} ({language}) shows {leaked}"
                self.checked_pages += 1
        for url in sorted(streams):
            self.check_stream(moment, url.split("?")[0], secret)

    def check_stream(self, moment: str, path: str, secret: set[str]) -> None:
        """What a page's stream sends a page that shows nothing yet: a game's board, in each
        language; a campaign page's stream, that it is to reload (in no words at all)."""
        board = "/game/" in path or path.startswith("/g/")
        url = path if board else f"{path}?v=-1"
        for language in LANGUAGES if board else ("en",):
            self.client.cookies["django_language"] = language
            status, sent = read_stream(url, 1, cookies=self.client.cookies)
            assert status == 200, (moment, url, status)
            text = "".join(sent)
            leaked = sorted(word for word in secret if word in text)
            assert leaked == [], f"{moment}: the stream {url} ({language}) sends {leaked}"
            self.checked_streams += 1


def bots_finish(game: Game, screens: Screens) -> None:
    """Every seat becomes a bot and plays on; the screens are checked whenever the campaign
    moves (an event STOP turned during the game)."""
    seats = [{**seat, "kind": "greedy"} for seat in game.seats]
    Game.objects.filter(pk=game.pk).update(seats=seats, bot_due_at=timezone.now())
    game.refresh_from_db()
    version = screens.campaign.version
    while not game.finished:
        game.step_bots(limit=25)
        game.refresh_from_db()  # the screens' board views let the bots move too
        screens.campaign.refresh_from_db()
        if screens.campaign.version != version and not game.finished:
            version = screens.campaign.version
            screens.check(f"game {screens.campaign.chapter}, an event STOP")


def test_no_screen_shows_a_card_not_yet_read(client, every_deck, settings):
    deck = every_deck
    settings.PLAY_BOT_DELAY = 0
    settings.LIVE_HEARTBEAT_SECONDS = 0.05
    campaign = new_campaign(kinds=("human", "human", "greedy"), deck=deck)
    in_app = APP_CHAPTERS.get(deck.id, range(1, deck.shape.games + 1))
    picked_by_hand = set()  # the phases in which a mayor had a choice to make
    at_start = unread(deck, flow.reader_of(campaign))
    screens = Screens(client, campaign, deck)
    screens.check("before the campaign")
    for chapter in range(1, deck.shape.games + 1):
        flow.read_on(campaign)
        screens.check(f"game {chapter}, picking or playing")
        for mayor in campaign.mayors.filter(picks__isnull=True):
            bag = [c["establishment"] for c in dashboard.bag(campaign, deck, mayor)]
            flow.pick(campaign, mayor, bag[: mayor.circles])
            picked_by_hand.add(Phase.PICKING)
            screens.check(f"game {chapter}, {mayor.name} picked")
        campaign.refresh_from_db()
        assert campaign.phase == Phase.PLAYING
        if chapter in in_app:
            bots_finish(campaign.games.get(chapter=chapter).game, screens)
        else:
            flow.record_table_game(campaign, chapter % 3, datetime.date(2026, 11, chapter))
        screens.check(f"game {chapter}, after the game")
        campaign.refresh_from_db()
        flow.finish_after_game(campaign, side="b" if flow.new_pile(campaign) else None)
        screens.check(f"game {chapter} done")
    flow.start_free_play(campaign, yokai_rule=next(iter(deck.shape.free_play_rules), ""))
    screens.check("free play")
    seen = {Phase.READING, Phase.PLAYING, Phase.AFTER_GAME, *picked_by_hand}
    assert seen <= screens.seen_phases
    assert picked_by_hand or deck.id != "seven_winds_bay"
    assert Phase.FINISHED in screens.seen_phases
    games = deck.shape.games  # the test looked for something, in many places
    assert screens.checked_words > len(deck.components) * games / 2
    assert screens.checked_pages > 100 * games
    assert screens.checked_streams > 10 * games
    # a static file is the same for everyone at any moment: it may hold nothing unread at the start
    assert {"css/app.css", "js/board.js"} <= screens.static
    assert static_leaks(screens.static, at_start) == {}


def test_the_static_files_check_finds_a_leak(settings, tmp_path):
    """The check above, on a comment naming the expedition track (as app.css once did) and an
    island in an icon a stylesheet loads; a third-party file's own class names pass."""
    (tmp_path / "css").mkdir()
    (tmp_path / "icons").mkdir()
    (tmp_path / "css" / "leak.css").write_text(
        '/* the expedition track */ .x { background: url("../icons/leak.svg#a") }'
    )
    (tmp_path / "icons" / "leak.svg").write_text("<svg><title>Schildkröteninsel</title></svg>")
    settings.STATICFILES_DIRS = [tmp_path, *settings.STATICFILES_DIRS]
    secret = {"Expedition Track", "Schildkröteninsel", "carousel", "Carousel"}

    loaded = static_files(
        ['<link href="/static/css/leak.css">', '<link href="/static/css/app.css">']
    )

    assert loaded == {"css/leak.css", "icons/leak.svg", "css/app.css"}
    assert static_leaks(loaded, secret) == {
        "css/leak.css": ["Expedition Track"],
        "icons/leak.svg": ["Schildkröteninsel"],
    }
    bootstrap = "vendor/bootstrap/css/bootstrap.min.css"
    assert "carousel" in static_text(bootstrap)
    assert static_leaks({bootstrap}, secret) == {}
