"""Issue 36 item 12 in a real browser: the record form's date is the browser's day, not the
server's (TIME_ZONE Europe/Berlin here), for a group whose evening is in another time zone."""

import datetime
from zoneinfo import ZoneInfo

import pytest

from campaign import flow

pytestmark = pytest.mark.usefixtures("fast_game")


def a_zone_on_another_day() -> str:
    """A time zone whose day differs from the server's now (one of them always does)."""
    server_day = datetime.datetime.now(ZoneInfo("Europe/Berlin")).date()
    for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):
        if datetime.datetime.now(ZoneInfo(zone)).date() != server_day:
            return zone
    raise AssertionError("no zone 11 hours away from Berlin is on another day")


def test_the_record_form_takes_the_browsers_day(live_server, browser, settings):
    assert settings.TIME_ZONE == "Europe/Berlin"
    mayors = [
        flow.NewMayor("Ann", "Annaburg", "teal", "human"),
        flow.NewMayor("Ben", "Benford", "yellow", "human"),
    ]
    campaign = flow.create_campaign("Seven Winds", mayors, seed=11)
    flow.read_on(campaign)
    zone = a_zone_on_another_day()
    context = browser.new_context(timezone_id=zone, locale="en-US")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/c/{campaign.table_secret}/record/")
        field = page.locator('input[name="played_on"]')
        expected = datetime.datetime.now(ZoneInfo(zone)).date().isoformat()
        assert field.input_value() == expected
        server_day = datetime.datetime.now(ZoneInfo(settings.TIME_ZONE)).date().isoformat()
        assert server_day != expected  # what the page says without JavaScript
    finally:
        context.close()
