"""Streams do not churn in reconnect storms (issue 28): a seat's page whose stream is refused asks
again after waits that double from 1 s, each drawn between ½ and 1½ of it (static/js/live.js,
`backOff`), polls meanwhile, and is back on its stream once the server lets it in.

The refusals are the real server's door (machikoro/live/asgi.py): LIVE_STREAMS_PER_ADDRESS = 0
refuses every stream of 127.0.0.1 with 503 and Retry-After, as a crowded or lagging process
does; nothing in the browser is faked. The lag ceiling is raised out of the way, so a machine
busy with other work does not shed a stream these tests expect to pass.

The times of the attempts are the browser's own (each request's start), not when Playwright told
this thread of them. Their bounds hold for any draw of the jitter, with room for late timers.
"""

import time

import pytest
from test_live import ROLL, open_seat
from test_play import board_version, click_and_wait

from play.models import Game

pytestmark = pytest.mark.usefixtures("fast_game", "every_game_replays")

FIRST_RETRY = 1.0  # seconds, live.js's FIRST_RETRY_MS


@pytest.fixture
def door(settings):
    """The live server's door refuses every stream while `door.shut` is set."""

    class Door:
        @property
        def shut(self) -> bool:
            return settings.LIVE_STREAMS_PER_ADDRESS == 0

        @shut.setter
        def shut(self, value: bool) -> None:
            settings.LIVE_STREAMS_PER_ADDRESS = 0 if value else 100

    settings.LIVE_SHED_LAG_SECONDS = 3600
    return Door()


class Streams:
    """The stream requests a page makes, their answers, and when the browser started each."""

    def __init__(self, page):
        self.requests = []
        self.statuses: list[int] = []
        page.on("request", lambda request: self._seen(request, self.requests))
        page.on("response", self._answered)

    @staticmethod
    def _seen(request, into) -> None:
        if "/events/" in request.url:
            into.append(request)

    def _answered(self, response) -> None:
        if "/events/" in response.url:
            self.statuses.append(response.status)

    def times(self) -> list[float]:
        """Seconds since the epoch at which each stream request started, by the browser's clock."""
        return [request.timing["startTime"] / 1000 for request in self.requests]

    def waits(self) -> list[float]:
        """Seconds from each refusal's answer to the next request: the page's own wait."""
        waits = []
        for refused, next_one in zip(self.requests, self.requests[1:], strict=False):
            timing = refused.timing
            arrived = timing["startTime"] + max(timing["responseStart"], 0)
            waits.append((next_one.timing["startTime"] - arrived) / 1000)
        return waits


def polls_of(page) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda request: "/poll/?v=" in request.url and seen.append(request.url))
    return seen


def pages_loaded(page) -> list[str]:
    seen: list[str] = []
    page.on(
        "request",
        lambda request: request.resource_type == "document" and seen.append(request.url),
    )
    return seen


def wait_until(page, done, seconds: float) -> None:
    """Let the page run (its events reach this thread meanwhile) until done() or time is up."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        page.wait_for_timeout(100)


def gaps(times: list[float]) -> list[float]:
    return [later - earlier for earlier, later in zip(times, times[1:], strict=False)]


def test_refused_streams_are_asked_again_after_doubling_waits_drawn_apart(live_server, phone, door):
    door.shut = True
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    pages = [phone() for _ in range(4)]  # each seat on two devices, refused together
    streams = [Streams(page) for page in pages]
    for number, page in enumerate(pages):
        page.goto(f"{live_server.url}/g/{game.code}/{game.seats[number % 2]['secret']}/")

    # The fifth attempt comes 7.5 to 22.5 s after the first, the seventh 31.5 s after at the
    # soonest: five attempts each and 21 s, so that at most six fit in the first 20.
    def watched() -> bool:
        starts = [seen.times() for seen in streams]
        enough = min(len(each) for each in starts) >= 5
        return enough and time.time() - min(each[0] for each in starts) > 21

    wait_until(pages[0], watched, 30)

    ratios = []
    for seen in streams:
        starts = seen.times()
        assert len(starts) >= 5, f"only {len(starts)} attempts in 30 s"
        assert set(seen.statuses) == {503}  # each one refused by the server's door
        intervals = gaps(starts)
        for failures, waited in enumerate(seen.waits()):
            nominal = FIRST_RETRY * 2**failures
            # drawn from ½ to 1½ of the nominal wait; late timers only lengthen it
            assert 0.45 * nominal <= waited <= 1.5 * nominal + 1.5, (failures, intervals)
            ratios.append(waited / nominal)
        assert min(intervals) > 0.4, intervals
        assert intervals[3] > intervals[0], intervals
        assert len([start for start in starts if start - starts[0] < 20]) <= 6, intervals
    # Drawn at random, the pages do not wait in step. Sixteen draws or more from ½ to 1½ all
    # within 0.2 of each other would happen about once in a billion runs; without the jitter
    # they would differ by the page's own delays only (below 0.07 on a busy machine).
    assert max(ratios) - min(ratios) > 0.2, ratios
    for page in pages:
        assert page.locator("#live[data-state=down]").count() == 1


def test_a_refused_page_polls_shows_a_move_and_is_back_on_its_stream_once_let_in(
    live_server, phone, door
):
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=8)
    ann, ben = phone(), phone()
    open_seat(ann, live_server, game, 0)
    door.shut = True  # Ann keeps the stream she holds; Ben's page gets none
    streams, polls, loaded = Streams(ben), polls_of(ben), pages_loaded(ben)
    ben.goto(f"{live_server.url}/g/{game.code}/{game.seats[1]['secret']}/")

    ben.locator("#connection .lost").wait_for(state="visible")
    assert "Connection lost" in ben.locator("#connection").inner_text()
    click_and_wait(ann, ann.locator(ROLL).first)  # a move made while Ben's stream is refused
    moved = board_version(ann)
    ben.locator(f"#board[data-version='{moved}']").wait_for()  # his polls brought it
    assert "Ann rolls" in ben.locator(".log").inner_text()
    assert polls and len(loaded) == 1  # polled in place, never loaded anew
    # Three refusals: were they not forgotten once the stream is back, the page would wait
    # at least 4 s after its next loss.
    wait_until(ben, lambda: len(streams.statuses) >= 3, 15)
    assert streams.statuses[:3] == [503, 503, 503]

    door.shut = False
    ben.locator("#live[data-state=open]").wait_for(state="attached", timeout=20_000)
    ben.locator("#connection .back").wait_for(state="visible")
    assert "Connected again" in ben.locator("#connection").inner_text()
    assert ben.locator("#connection .lost").is_hidden()
    ben.wait_for_timeout(400)  # a poll already on its way when the stream opened
    polls.clear()
    ben.wait_for_timeout(2000)  # five poll periods
    assert polls == []  # the stream is back: no more polls
    assert len(loaded) == 1

    # Lost again once back: the first wait is drawn from the first, 0.5 to 1.5 s.
    asked_before = len(streams.requests)
    lost_at = time.time()
    live_server.drop_streams()
    wait_until(ben, lambda: len(streams.requests) > asked_before, 10)
    assert len(streams.requests) > asked_before, "no new stream asked within 10 s"
    assert streams.times()[asked_before] - lost_at < 3.0
    ben.locator("#live[data-state=open]").wait_for(state="attached")
