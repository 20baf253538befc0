"""The shared screen may act for every human seat (a phone can die), but it asks first when that
seat's own phone was seen in the last minute: its page, its poll or its stream fetched."""

import datetime
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from play import presence
from play.models import GameAction, SeatSeen

pytestmark = pytest.mark.django_db

ROLL = json.dumps({"type": "roll", "dice": 1})
HTMX = {"HX-Request": "true"}


def post_move(client, game, key, **extra):
    data = {"version": game.version, "action": ROLL, **extra}
    return client.post(f"/g/{game.code}/{key}/move/", data, headers=HTMX)


def seat_key(game, seat: int) -> str:
    return game.seats[seat]["secret"]


def test_a_phone_seen_lately_makes_the_shared_screen_ask_first(client, start):
    game = start()
    assert client.get(f"/g/{game.code}/{seat_key(game, 0)}/").status_code == 200  # Ann's phone

    asked = post_move(client, game, game.host_secret)

    html = asked.content.decode()
    assert asked.status_code == 200
    assert "Act for Ann?" in html and "Ann's phone is connected" in html
    assert 'name="for_seat" value="0"' in html
    assert "No, Ann plays on the phone" in html
    game.refresh_from_db()
    assert game.version == 0 and not GameAction.objects.filter(game=game).exists()

    confirmed = post_move(client, game, game.host_secret, for_seat="0")

    assert confirmed.status_code == 200 and "Act for Ann?" not in confirmed.content.decode()
    game.refresh_from_db()
    assert game.version == 1
    assert GameAction.objects.get(game=game).action == {"type": "roll", "dice": 1}


def test_a_phone_not_seen_lets_the_shared_screen_act_at_once(client, start):
    game = start()

    response = post_move(client, game, game.host_secret)

    assert "Act for Ann?" not in response.content.decode()
    game.refresh_from_db()
    assert game.version == 1


def test_a_phone_seen_over_a_minute_ago_counts_as_gone(client, start):
    game = start()
    long_ago = timezone.now() - datetime.timedelta(seconds=61)
    SeatSeen.objects.create(game=game, seat=0, at=long_ago)

    post_move(client, game, game.host_secret)

    game.refresh_from_db()
    assert game.version == 1


def test_a_confirmation_for_another_seat_does_not_count(client, start):
    game = start()
    SeatSeen.objects.create(game=game, seat=0, at=timezone.now())

    response = post_move(client, game, game.host_secret, for_seat="1")

    assert "Act for Ann?" in response.content.decode()
    game.refresh_from_db()
    assert game.version == 0
    for junk in ("", "x", "-1", "0" * 500):
        post_move(client, game, game.host_secret, for_seat=junk)
        game.refresh_from_db()
        assert game.version == 0


def test_the_phone_itself_never_asks(client, start):
    game = start()
    SeatSeen.objects.create(game=game, seat=0, at=timezone.now())

    post_move(client, game, seat_key(game, 0))

    game.refresh_from_db()
    assert game.version == 1


def test_only_the_seats_own_link_counts_as_its_phone(client, start):
    game = start()
    client.get(f"/g/{game.code}/{game.host_secret}/")
    client.get(f"/g/{game.code}/watch/")
    client.get(f"/g/{game.code}/{seat_key(game, 1)}/poll/?v=0", headers=HTMX)  # Ben's phone
    assert list(SeatSeen.objects.values_list("seat", flat=True)) == [1]
    assert not game.phone_in_hand(0) and game.phone_in_hand(1)


def test_a_seats_poll_marks_its_phone_seen_and_a_repeat_costs_no_more(client, start):
    game = start()
    url = f"/g/{game.code}/{seat_key(game, 0)}/poll/?v={game.version}"
    assert client.get(url, headers=HTMX).status_code == 204
    assert game.phone_in_hand(0)

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, headers=HTMX).status_code == 204

    assert len(queries) == 1  # written at most once per presence.rewrite_after()


def test_a_phone_that_only_pings_is_written_within_the_window_every_other_ping(
    start, settings, monkeypatch
):
    game = start()
    settings.PLAY_PHONE_SEEN_SECONDS, settings.LIVE_HEARTBEAT_SECONDS = 60, 20
    clock = [1000.0]
    monkeypatch.setattr(presence.time, "monotonic", lambda: clock[0])
    written = []
    for ping in range(7):  # a ping every 20 s, its arrival a little late or early
        clock[0] = 1000.0 + ping * 20 + (0.3 if ping % 2 else -0.3)
        before = SeatSeen.objects.filter(game=game).values_list("at", flat=True).first()
        presence.seen(game.pk, game.code, 0)
        after = SeatSeen.objects.filter(game=game).values_list("at", flat=True).first()
        if after != before:
            written.append(clock[0])

    assert len(written) == 4  # every other ping
    gaps = [later - earlier for earlier, later in zip(written, written[1:], strict=False)]
    assert gaps and max(gaps) < settings.PLAY_PHONE_SEEN_SECONDS


def test_a_sighting_is_written_again_once_a_quarter_of_the_window_has_passed(start, settings):
    game = start()
    settings.PLAY_PHONE_SEEN_SECONDS = 0  # every sighting is written
    presence.seen(game.pk, game.code, 0)
    first = SeatSeen.objects.get(game=game).at
    presence.seen(game.pk, game.code, 0)
    assert SeatSeen.objects.get(game=game).at >= first
    assert SeatSeen.objects.count() == 1


def test_taking_back_a_phones_build_from_the_shared_screen_asks_first_too(client, start):
    game = start()
    game.apply_action({"type": "roll", "dice": 1}, version=0, who=0)  # on Ann's phone
    game.apply_action({"type": "build", "card": "wheat_field"}, version=1, who=0)
    assert game.load().players[0].city["wheat_field"] == 2
    SeatSeen.objects.create(game=game, seat=0, at=timezone.now())
    undo = f"/g/{game.code}/{game.host_secret}/undo/"

    asked = client.post(undo, {"version": game.version}, headers=HTMX).content.decode()

    assert "Act for Ann?" in asked and f'action="{undo}"' in asked
    assert 'name="undo" value="1"' in asked
    game.refresh_from_db()
    assert game.version == 2
    client.post(undo, {"version": game.version, "for_seat": "0"}, headers=HTMX)
    game.refresh_from_db()
    assert game.version == 3
    assert game.load().players[0].city["wheat_field"] == 1  # her start card only, as before
