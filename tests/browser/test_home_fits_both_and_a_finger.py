"""The start page and My campaigns on a phone and a laptop (issue 26): a visitor sees the Legacy
campaign and the single game's form at once, and every radio's label and campaign link is a
44 px tap target, in every language."""

from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.test import Client

from campaign import flow

TAP_TARGETS = (Path(__file__).parent / "tap_targets.js").read_text(encoding="utf-8")
LANGUAGES = ("en", "de", "nl")


def _visitor(browser, base: str, size: dict, language: str, user=None):
    context = browser.new_context(viewport=size, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[django_settings.SESSION_COOKIE_NAME]
        context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])
    return context


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}])
def test_the_campaign_and_the_single_game_are_both_in_view(live_server, browser, size):
    for language in LANGUAGES:
        context = _visitor(browser, live_server.url, size, language)
        page = context.new_page()
        page.goto(live_server.url + "/")
        for what in (".campaign-card .btn", "#start-heading"):
            box = page.locator(what).bounding_box()
            assert box["y"] + box["height"] <= size["height"], (language, what, box)
        context.close()


def test_radios_and_campaign_links_are_a_fingers_size(live_server, browser):
    owner = get_user_model().objects.create_user("host", password="pw-1234567")
    mayors = [
        flow.NewMayor("Ann", "A", "teal", "human"),
        flow.NewMayor("Ben", "B", "pink", "human"),
    ]
    campaign = flow.create_campaign("Seven", mayors, seed=1)
    campaign.owner = owner
    campaign.save()
    for language in LANGUAGES:
        context = _visitor(browser, live_server.url, {"width": 390, "height": 844}, language, owner)
        page = context.new_page()
        for path in ("/", "/campaigns/"):
            page.goto(live_server.url + path)
            assert page.evaluate(TAP_TARGETS) == [], (language, path)
        label = page.locator(".campaign-list a").bounding_box()
        assert label["height"] >= 44
        context.close()
