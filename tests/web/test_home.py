import re

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db

HEADLINES = {
    "en": "Build your city, one roll at a time",
    "de": "Baut eure Stadt, Wurf für Wurf",
    "nl": "Bouw ieder een eigen stad, worp na worp",
}


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_it_renders_in_the_accepted_language(client, language):
    response = client.get("/", headers={"accept-language": language})

    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert HEADLINES[language] in html


def test_it_switches_language_through_set_language(client):
    response = client.post("/i18n/setlang/", {"language": "nl", "next": "/"}, follow=True)

    assert response.status_code == 200
    assert response.redirect_chain == [("/", 302)]
    assert HEADLINES["nl"] in response.content.decode()


def test_the_language_switcher_is_a_real_form(client):
    html = client.get("/").content.decode()

    assert 'action="/i18n/setlang/"' in html
    assert 'method="post"' in html
    assert "csrfmiddlewaretoken" in html
    for code in ("de", "en", "nl"):
        assert f'<option value="{code}"' in html


def test_it_references_only_local_static_files(client):
    html = client.get("/").content.decode()

    urls = re.findall(r'(?:src|href)="([^"]+\.(?:css|js))"', html)
    assert urls, "expected stylesheets and scripts on the page"
    for url in urls:
        assert url.startswith("/static/"), url
        assert finders.find(url.removeprefix("/static/")), f"{url} is not a static file"
    assert "htmx" in html
    # A random CSRF token may spell "cdn"; what matters is that no address leaves the site.
    off_site = re.findall(r'(?:src|href|action)="((?:https?:)?//[^"]*)"', html)
    assert off_site == []
