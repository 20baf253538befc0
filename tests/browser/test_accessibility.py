"""Pages everyone can read: axe-core (tests/browser/axe, from the npm registry) on every page of a
game and of a campaign, on a 390 x 844 phone and a 1280 x 800 screen, in light and dark colours
(the system's, which the pages follow), finds nothing; and on the phone everything a finger taps
is at least 44 px wide and tall.

The pages are reached the quick way (the campaign's flow and bots, not clicks), in the phases a
group meets them: before reading, reading, at a STOP, an opened mystery box, picking, playing, a
game over, the winner's moment, a game recorded from the box, the end of the campaign, free play.
With AXE_SHOTS=<folder> every page is also saved at both sizes.
"""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaign import dashboard, flow
from campaign.models import Campaign, Phase
from play.models import Game, SeatSeen

pytestmark = pytest.mark.usefixtures("fast_game")

AXE = (Path(__file__).parent / "axe" / "axe.min.js").read_text(encoding="utf-8")
SIZES = ({"width": 390, "height": 844}, {"width": 1280, "height": 800})
SCHEMES = ("light", "dark")
SHOTS = os.getenv("AXE_SHOTS", "")
PASSWORD = "a long pass phrase 7"

TAP_TARGETS = (Path(__file__).parent / "tap_targets.js").read_text(encoding="utf-8")


def _seats_to_bots(game: Game) -> None:
    seats = [{**seat, "kind": "greedy"} for seat in game.seats]
    Game.objects.filter(pk=game.pk).update(seats=seats, bot_due_at=timezone.now())


def _finish(game: Game) -> Game:
    _seats_to_bots(game)
    for _step in range(5000):
        game.refresh_from_db()
        if game.finished:
            return game
        game.step_bots(limit=5000)  # the live server's bots' player may take a step first
    raise AssertionError("the bots did not finish the game")


def _new_campaign(name: str, owner, kinds=("human", "human", "greedy")) -> Campaign:
    names = ["Ann", "Ben", "Cem", "Dee"]
    colours = ["teal", "yellow", "pink", "orange"]
    mayors = [
        flow.NewMayor(names[seat], f"{names[seat]}ville", colours[seat], kind)
        for seat, kind in enumerate(kinds)
    ]
    return flow.create_campaign(name, mayors, owner=owner, seed=5)


def _record(campaign: Campaign, chapters: int) -> None:
    for _ in range(chapters):
        flow.read_on(campaign)
        flow.record_table_game(
            campaign, campaign.chapter % 3, datetime.date(2026, 11, campaign.chapter)
        )
        flow.finish_after_game(campaign, side="a" if flow.new_pile(campaign) else None)


def _pick_for_everyone(campaign: Campaign) -> None:
    """Each mayor who has not picked takes as many of the first cards of their bag as allowed."""
    deck = flow.deck_of(campaign)
    for mayor in campaign.mayors.filter(picks__isnull=True):
        bag = [card["establishment"] for card in dashboard.bag(campaign, deck, mayor)]
        for count in range(len(bag), 0, -1):
            try:
                flow.pick(campaign, mayor, bag[:count])
                break
            except flow.FlowError:
                continue
        else:
            raise AssertionError(f"{mayor.name} cannot pick from {bag}")
    campaign.refresh_from_db()


def _table(campaign: Campaign, name: str, *args) -> str:
    return reverse(f"campaign:{name}", args=[campaign.table_secret, *args])


def _mayor(campaign: Campaign, name: str, seat: int = 0) -> str:
    mayor = campaign.mayors.get(seat=seat)
    return reverse(f"campaign:{name}", args=[mayor.secret])


def _add_the_tutorial_deck(owner) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    from campaign.deck_uploads import add_deck

    folder = Path(__file__).resolve().parents[1] / "deck" / "tutorial_deck"
    names = ("components.toml", "deck.toml", "boxes.toml")
    add_deck([SimpleUploadedFile(n, (folder / n).read_bytes()) for n in names], owner=owner)


def every_page(owner) -> list[tuple[str, str]]:
    """(what, path) of every page a group meets, each in the state that shows most of it."""
    _add_the_tutorial_deck(owner)  # New campaign lists two decks, Add a deck the host's own
    pages = [
        ("home", reverse("play:home")),
        ("import a game", reverse("play:import")),
        ("404", "/no-such-page/"),
        ("how it works", reverse("campaign:how_it_works")),
        ("my campaigns", reverse("campaign:mine")),
        ("new campaign", reverse("campaign:new")),
        ("add a deck", reverse("campaign:add_deck")),
        ("import a campaign", reverse("campaign:import")),
        ("password", reverse("campaign:password_change")),
        ("sign up", reverse("campaign:signup")),
        ("log in", reverse("campaign:login")),
    ]
    pages += [
        (f"how to play {edition}", reverse("play:how_to_play", args=[edition]))
        for edition in ("classic", "kosmos")
    ]

    classic = Game.start("classic", [("Ann", "human"), ("Ben", "greedy")], seed=3)
    pages += [
        ("board, a seat's", reverse("play:game", args=[classic.code, classic.seats[0]["secret"]])),
        (
            "board, the shared screen",
            reverse("play:game", args=[classic.code, classic.host_secret]),
        ),
        ("board, watching", reverse("play:watch", args=[classic.code])),
    ]
    ended = _finish(Game.start("classic", [("Ann", "human"), ("Ben", "greedy")], seed=4))
    pages += [
        ("end screen", reverse("play:game", args=[ended.code, ended.seats[0]["secret"]])),
        ("replay", reverse("play:replay", args=[ended.code])),
    ]

    start = _new_campaign("Reading", owner)
    pages += [
        ("campaign links", _table(start, "links")),
        ("dashboard, before game 1", _table(start, "table")),
        ("reading", _table(start, "read", 1)),
        ("reading, the STOP", _table(start, "read", len(_reading(start)))),
        ("a mayor's phone, reading", _mayor(start, "mayor")),
        ("a mayor's dashboard", _mayor(start, "mayor_dashboard")),
        ("a mayor's Golden Book", _mayor(start, "mayor_book")),
        ("a mayor's charts", _mayor(start, "mayor_charts")),
        ("the host's new links", _table(start, "renew")),
        ("the host's deleting", _table(start, "delete")),
    ]

    playing = _new_campaign("Playing", owner)
    flow.read_on(playing)
    game = playing.games.get(chapter=1).game
    pages += [
        ("dashboard, playing", _table(playing, "table")),
        ("chapter's game", _table(playing, "game")),
        ("record a game", _table(playing, "record")),
        ("the host's take-back", _table(playing, "take_back")),
        ("a mayor's seat", _mayor(playing, "mayor_game")),
        (
            "a campaign board, shared screen",
            reverse("play:game", args=[game.code, game.host_secret]),
        ),
    ]

    over = _new_campaign("Over", owner)
    flow.read_on(over)
    _finish(over.games.get(chapter=1).game)
    over.refresh_from_db()
    assert over.phase == Phase.AFTER_GAME
    pages += [
        ("dashboard, after a game", _table(over, "table")),
        ("chapter's game over", _table(over, "game")),
        ("winner's moment", _table(over, "after")),
        ("a mayor's phone, after a game", _mayor(over, "mayor")),
    ]
    taken_back = _new_campaign("Taken back", owner)
    flow.read_on(taken_back)
    _finish(taken_back.games.get(chapter=1).game)
    flow.take_back(taken_back, version=Campaign.objects.get(pk=taken_back.pk).version)
    pages += [
        ("dashboard, a game's result taken back", _table(taken_back, "table")),
        ("chapter's game, its result taken back", _table(taken_back, "game")),
    ]

    moment = _new_campaign("Moment", owner)
    flow.read_on(moment)
    flow.record_table_game(moment, 2, datetime.date(2026, 11, 26))  # Cem, a bot, won
    flow.end_read(moment)  # the game's end read to its STOP
    pages += [
        ("dashboard, the winner's moment next", _table(moment, "table")),
        ("winner's moment, a bot's side chosen", _table(moment, "after")),
        ("a mayor's phone, the winner's moment", _mayor(moment, "mayor")),
    ]

    picking = _new_campaign("Picking", owner)
    _record(picking, 3)
    flow.read_on(picking)
    picking.refresh_from_db()
    assert picking.phase == Phase.PICKING
    changer = _a_mayor_who_picked_and_may_change(picking)
    pages += [
        ("a mayor's phone, changing picks", _mayor(picking, "mayor", changer) + "?change=1"),
        ("pick at the table, changing", _table(picking, "pick_at_table", changer) + "?show=1"),
    ]
    pages += [
        ("dashboard, picking", _table(picking, "table")),
        ("picks", _table(picking, "picks")),
        ("pass the device", _table(picking, "pick_at_table", 0)),
        ("pick at the table", _table(picking, "pick_at_table", 0) + "?show=1"),
        ("a mayor's phone, picking", _mayor(picking, "mayor")),
        ("reading, an opened box", _table(picking, "read", _box_page(picking))),
        ("charts", _table(picking, "charts")),
        ("Golden Book", _table(picking, "book")),
    ]

    voyage = _new_campaign("Voyage", owner)
    _record(voyage, 3)
    flow.read_on(voyage)
    _pick_for_everyone(voyage)
    game = voyage.games.get(chapter=voyage.chapter).game
    seats = game.seats
    _seats_to_bots(game)
    game.refresh_from_db()
    game.step_bots(limit=60)  # halfway: dice, a log, boats under way
    # and there it stays while looked at, a person to move
    Game.objects.filter(pk=game.pk).update(seats=seats, bot_due_at=None)
    pages += [
        ("chapter's game, boats under way", _table(voyage, "game")),
        ("a campaign board, boats under way", reverse("play:watch", args=[game.code])),
    ]

    finished = _new_campaign("Finished", owner)
    _record(finished, 10)
    pages += [("dashboard, the campaign over", _table(finished, "table"))]
    flow.start_free_play(finished, yokai_rule="yokai_flip")
    _pick_for_everyone(finished)
    _finish(finished.games.get(chapter=finished.chapter).game)
    finished.refresh_from_db()
    pages += [
        ("free play", _table(finished, "free")),
        ("dashboard, free play", _table(finished, "table")),
        ("a game of free play over", _table(finished, "game")),
        ("a game of free play, from the list", _table(finished, "free_game", 1)),
    ]
    return pages


def _a_mayor_who_picked_and_may_change(campaign: Campaign) -> int:
    """A mayor other than Ann whose bag leaves a choice picks now; they may still change it."""
    deck = flow.deck_of(campaign)
    for mayor in campaign.mayors.exclude(seat=0).filter(kind="human"):
        bag = [card["establishment"] for card in dashboard.bag(campaign, deck, mayor)]
        allowed = campaign.picks_allowed(mayor)
        if len(bag) > allowed:
            flow.pick(campaign, mayor, bag[:allowed])
            return mayor.seat
    raise AssertionError("no mayor but Ann has a choice of picks")


def _reading(campaign: Campaign) -> list:
    return dashboard.reading_pages(flow.deck_of(campaign), flow.reader_of(campaign))


def _box_page(campaign: Campaign) -> int:
    boxes = [page.number for page in _reading(campaign) if page.kind == "box"]
    assert boxes, "no mystery box opened yet"
    return boxes[-1]


def save_shot(page, folder: str, what: str, label: str) -> None:
    """With a folder, the whole page as it stands, named after what it shows and the label."""
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    name = what.replace(" ", "-").replace("'", "").replace(",", "")
    page.screenshot(path=f"{folder}/{name}-{label}.png", full_page=True)


def failures(found: dict[str, list[str]]) -> str:
    """What each page that fails shows, a page a paragraph."""
    return "\n".join(f"{where}:\n  " + "\n  ".join(items) for where, items in found.items())


def _log_in(context, base: str, user) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[django_settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])


def test_every_page_passes_axe_and_fits_a_finger(live_server, browser):
    owner = get_user_model().objects.create_user("host", password=PASSWORD)
    pages = every_page(owner)
    found: dict[str, list[str]] = {}
    for size, scheme in [(size, scheme) for scheme in SCHEMES for size in SIZES]:
        # the phone's system says light or dark; the pages follow it (static/js/theme.js)
        context = browser.new_context(viewport=size, locale="en-GB", color_scheme=scheme)
        _log_in(context, live_server.url, owner)
        page = context.new_page()
        page.set_default_timeout(20_000)
        for what, path in pages:
            page.goto(live_server.url + path, wait_until="load")
            page.evaluate(AXE)
            result = page.evaluate("axe.run(document).then(r => JSON.stringify(r.violations))")
            problems = [
                f"{v['id']} ({v['impact']}): {node['target']} {node['failureSummary'][:160]!r}"
                for v in json.loads(result)
                for node in v["nodes"]
            ]
            if size["width"] == 390:
                problems += [f"tap target under 44 px: {t}" for t in page.evaluate(TAP_TARGETS)]
            if problems:
                found[f"{what} at {size['width']} px, {scheme} ({path})"] = problems
            save_shot(page, SHOTS, what, f"{size['width']}-{scheme}")
        context.close()
    checked = len(SIZES) * len(SCHEMES) * len(pages)
    assert not found, f"{len(found)} of {checked} pages fail:\n{failures(found)}"


def _problems_on(page, size: dict) -> list[str]:
    """What axe finds on the page as it stands, and at phone width its too small tap targets."""
    page.evaluate(AXE)
    result = json.loads(page.evaluate("axe.run(document).then(r => JSON.stringify(r.violations))"))
    problems = [f"{v['id']}: {node['target']}" for v in result for node in v["nodes"]]
    if size["width"] == 390:
        problems += [f"tap target under 44 px: {t}" for t in page.evaluate(TAP_TARGETS)]
    return problems


def test_the_shared_screens_question_before_it_acts_for_a_phone_passes_axe(live_server, browser):
    """The question the shared screen asks before it acts for a seat whose phone is in hand
    ("Act for Ann?") is reached by a move, not by a link: it is checked on its own."""
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)
    SeatSeen.objects.create(game=game, seat=0, at=timezone.now())
    for size in SIZES:
        context = browser.new_context(viewport=size, locale="en-GB")
        page = context.new_page()
        page.goto(f"{live_server.url}/g/{game.code}/{game.host_secret}/", wait_until="load")
        page.locator("#board form.actions button").first.click()
        page.wait_for_selector(".ask-for")
        problems = _problems_on(page, size)
        context.close()
        assert problems == [], size


def test_the_record_confirmation_passes_axe_and_fits_a_finger(live_server, browser):
    """The question before a game from the box is recorded ("Record Ann as the winner?") is
    reached by posting the record form, not by a link: it is checked on its own."""
    owner = get_user_model().objects.create_user("host", password=PASSWORD)
    campaign = _new_campaign("Recording", owner)
    flow.read_on(campaign)
    for size in SIZES:
        context = browser.new_context(viewport=size, locale="en-GB")
        page = context.new_page()
        page.goto(live_server.url + _table(campaign, "record"), wait_until="load")
        page.select_option("select[name=winner]", index=1)
        page.get_by_role("button", name="Record the game").click()
        page.wait_for_selector(".record-confirm")
        problems = _problems_on(page, size)
        save_shot(page, SHOTS, "record confirm", str(size["width"]))
        context.close()
        assert problems == [], size
