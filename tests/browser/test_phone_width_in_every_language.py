"""Pages everyone can read, in every language: German and Dutch words are longer than English
ones, so at 390 px wide no page of a game or a campaign may scroll sideways or push anything past
the screen's right edge, in English, German or Dutch."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from test_accessibility import PASSWORD, _log_in, every_page, failures, save_shot

pytestmark = pytest.mark.usefixtures("fast_game")

SHOTS = os.getenv("LANGUAGE_SHOTS", "")
PHONE = {"width": 390, "height": 844}

OVERFLOWING = (Path(__file__).parent / "overflowing.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("locale", ["en-GB", "de-DE", "nl-NL"])
def test_no_page_is_wider_than_a_phone(live_server, browser, locale):
    owner = get_user_model().objects.create_user("host", password=PASSWORD)
    pages = every_page(owner)
    context = browser.new_context(viewport=PHONE, locale=locale)
    _log_in(context, live_server.url, owner)
    page = context.new_page()
    page.set_default_timeout(20_000)
    found = {}
    for what, path in pages:
        page.goto(live_server.url + path, wait_until="load")
        overflowing = page.evaluate(OVERFLOWING)
        if overflowing:
            found[f"{what} ({path})"] = overflowing
        save_shot(page, SHOTS, what, locale)
    context.close()
    wider = f"{len(found)} of {len(pages)} pages are wider than the phone"
    assert not found, f"{wider}:\n{failures(found)}"
