"""Issue 36 item 5: New campaign names a shipped deck's author in the page's language ("by the
Machi Koro Legacy app" read "von The Machi Koro Legacy app"), and the log's roll for who begins
puts a colon between a name and its roll ("Bot 1 3, Bot 2 4" read as one number too many)."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation
from shipped_decks import COMET_OVER_MILLBROOK, folder_of

from campaign.deck_text import cover_words
from legacy_deck.loader import load_deck_text
from play.narration import start_rolls

pytestmark = pytest.mark.django_db

AUTHOR = {
    "en": "by the Machi Koro Legacy app",
    "de": "von der Machi-Koro-Legacy-App",
    "nl": "door de Machi Koro Legacy-app",
}


@pytest.mark.parametrize("language", sorted(AUTHOR))
def test_new_campaign_names_the_author_in_the_pages_language(client, language):
    client.force_login(User.objects.create_user("host", password="x" * 12))
    page = client.get(reverse("campaign:new"), headers={"accept-language": language})
    text = " ".join(page.content.decode().split())
    assert text.count(AUTHOR[language]) == 2  # both shipped decks
    assert "The Machi Koro Legacy app" not in text


def test_an_author_that_is_a_name_stays_as_written():
    texts = {
        name: (folder_of(COMET_OVER_MILLBROOK) / f"{name}.toml").read_text()
        for name in ("components", "deck", "boxes")
    }
    start = texts["deck"].index("author = ")
    end = texts["deck"].index("\n", start)
    texts["deck"] = texts["deck"][:start] + 'author = "Ada Fink"' + texts["deck"][end:]
    deck = load_deck_text(texts)
    with translation.override("de"):
        assert cover_words(deck.box_back())["author"] == "Ada Fink"


@pytest.mark.parametrize(
    "language, sentence",
    [
        ("en", "Rolling two dice for who starts: Bot 1: 3, Bot 2: 4, Table 2: 10."),
        ("de", "Zwei Würfel entscheiden, wer beginnt: Bot 1: 3, Bot 2: 4, Table 2: 10."),
        ("nl", "Twee dobbelstenen bepalen wie begint: Bot 1: 3, Bot 2: 4, Table 2: 10."),
    ],
)
def test_the_roll_for_who_begins_sets_each_roll_apart_from_its_name(language, sentence):
    with translation.override(language):
        assert start_rolls(["Bot 1", "Bot 2", "Table 2"], [[3, 4, 10]]) == [sentence]
