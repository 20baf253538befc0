"""A host adds a deck they wrote: checked whole, refused with every problem, stored for them."""

import io
import sys
import zipfile
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from campaign import decks, flow
from campaign.deck_uploads import DeckRefused, add_deck, delete_deck
from campaign.models import Campaign
from legacy_deck.models import UploadedDeck

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "deck"))
from planted_faults import FAULTS, TUTORIAL, planted  # noqa: E402
from test_campaign_views import new_form  # noqa: E402

pytestmark = pytest.mark.django_db

NAMES = ("components.toml", "deck.toml", "boxes.toml")


def tutorial_texts() -> dict[str, str]:
    return {name: (TUTORIAL / name).read_text(encoding="utf-8") for name in NAMES}


def uploads(texts: dict[str, str | bytes]) -> list[SimpleUploadedFile]:
    return [
        SimpleUploadedFile(name, text.encode() if isinstance(text, str) else text)
        for name, text in texts.items()
    ]


def zipped(texts: dict[str, str], folder="my_deck/") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in texts.items():
            archive.writestr(folder + name, text)
    return buffer.getvalue()


@pytest.fixture
def host(client):
    user = User.objects.create_user("host", password="a long pass phrase 7")
    client.force_login(user)
    return user


def new_campaign_form(deck_key: str, **changes) -> dict:
    return new_form(deck=deck_key, **changes)


def test_a_host_adds_three_files_and_begins_a_campaign_of_them(client, host):
    response = client.post(reverse("campaign:add_deck"), {"files": uploads(tutorial_texts())})

    assert response.status_code == 302
    row = UploadedDeck.objects.get()
    assert (row.owner, row.deck_id, row.for_everyone) == (host, "lighthouse_keepers", False)
    page = client.get(reverse("campaign:new")).content.decode()
    assert "The Lighthouse Keepers" in page and "Seven Winds Bay" in page
    assert "A rocky cove, a dark headland" in page  # the blurb, the box's back
    assert "2 games" in page and "2 to 4 mayors" in page and "The deck-format tutorial" in page
    assert "Welcome, keepers" not in page and "Signal Fire" not in page  # nothing of its content

    response = client.post(reverse("campaign:new"), new_campaign_form(f"added:{row.pk}"))

    assert response.status_code == 302
    campaign = Campaign.objects.get()
    assert (campaign.deck_id, campaign.deck_digest) == ("lighthouse_keepers", row.digest)
    assert flow.deck_of(campaign).cover.title["en"] == "The Lighthouse Keepers"
    page = client.get(reverse("campaign:new")).content.decode()
    assert "You have played this deck." in page


def test_a_zip_archive_of_the_three_files_is_added(host):
    archive = SimpleUploadedFile("keepers.zip", zipped(tutorial_texts()))

    row = add_deck([archive], owner=host)

    assert decks.uploaded_deck(row).id == "lighthouse_keepers"


def test_twenty_planted_faults_are_all_listed_and_nothing_is_stored(client, host):
    response = client.post(reverse("campaign:add_deck"), {"files": uploads(planted())})

    assert response.status_code == 400
    page = response.content.decode()
    assert "The deck was not added: 20 problems." in page
    listed = page.split('class="alert alert-danger deck-problems"')[1].split("</ol>")[0]
    assert listed.count("<li>") == 20
    for _file, _old, _new, where in FAULTS:
        assert where.replace("'", "&#x27;") in listed, where
    assert not UploadedDeck.objects.exists()


def test_the_problems_are_told_in_the_pages_language(client, host):
    texts = tutorial_texts()
    texts["deck.toml"] = texts["deck.toml"].replace('story.en = "Play on."', "")
    del texts["boxes.toml"]

    with translation.override("de"):
        response = client.post(
            reverse("campaign:add_deck"),
            {"files": uploads(texts)},
            HTTP_ACCEPT_LANGUAGE="de",
        )

    page = response.content.decode()
    assert "Der Legacy-Stapel wurde nicht hinzugefügt" in page
    assert "boxes.toml: Datei fehlt" in page


def test_a_script_in_a_deck_is_shown_as_text(client, host):
    texts = tutorial_texts()
    texts["deck.toml"] = (
        texts["deck.toml"]
        .replace(
            'title.en = "The Lighthouse Keepers"', "title.en = \"<script>alert('title')</script>\""
        )
        .replace(
            'story.en = "Welcome, keepers!',
            "story.en = \"<script>alert('story')</script> Welcome, keepers!",
        )
    )
    texts["components.toml"] = texts["components.toml"].replace(
        'name.en = "Net Loft"', 'name.en = "<b>Net Loft</b>"'
    )
    row = add_deck(uploads(texts), owner=host)
    page = client.get(reverse("campaign:new")).content.decode()
    assert "<script>alert(" not in page
    assert "&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt;" in page

    client.post(reverse("campaign:new"), new_campaign_form(f"added:{row.pk}"))
    campaign = Campaign.objects.get()
    page = client.get(reverse("campaign:read", args=[campaign.table_secret, 1])).content.decode()
    assert "&lt;script&gt;alert(&#x27;story&#x27;)&lt;/script&gt; Welcome, keepers!" in page
    assert "<script>alert(" not in page

    flow.read_on(campaign)  # game 1: a card named <b>Net Loft</b> in the market
    for name in ("game", "table"):
        page = client.get(reverse(f"campaign:{name}", args=[campaign.table_secret]))
        page = page.content.decode()
        assert "&lt;b&gt;Net Loft&lt;/b&gt;" in page or name == "table"
        assert "<b>Net Loft" not in page


def test_an_effect_the_engine_does_not_know_is_a_problem_not_a_crash(host):
    texts = tutorial_texts()
    texts["components.toml"] = texts["components.toml"].replace(
        'effect = { kind = "reroll" }', 'effect = { kind = "__import__(os)" }'
    )
    with pytest.raises(DeckRefused) as refused:
        add_deck(uploads(texts), owner=host)
    assert any("unknown effect kind '__import__(os)'" in p for p in refused.value.problems)


def test_an_oversized_upload_and_a_deeply_nested_one_are_refused(client, host):
    big = {"deck.toml": "# " + "x" * 5_000_000, **{n: "\n" for n in NAMES if n != "deck.toml"}}
    response = client.post(reverse("campaign:add_deck"), {"files": uploads(big)})
    assert response.status_code == 400
    assert "a deck is at most" in response.content.decode()

    nested = tutorial_texts()
    nested["deck.toml"] += "deep = " + "[" * 100_000 + "]" * 100_000 + "\n"
    response = client.post(reverse("campaign:add_deck"), {"files": uploads(nested)})
    assert response.status_code == 400
    assert "nested too deeply" in response.content.decode()
    assert not UploadedDeck.objects.exists()


def test_an_archive_inside_the_archive_is_not_read(host):
    inner = zipped(tutorial_texts(), folder="")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("deck.zip", inner)
    with pytest.raises(DeckRefused) as refused:
        add_deck([SimpleUploadedFile("outer.zip", buffer.getvalue())], owner=host)
    assert refused.value.problems == ["deck.zip: an archive inside the archive is not read."]


def test_an_archive_that_unpacks_far_larger_is_refused_at_the_bound(host):
    texts = tutorial_texts()
    texts["deck.toml"] += "# " + "0" * 3_000_000 + "\n"  # compresses to a few kilobytes
    archive = SimpleUploadedFile("bomb.zip", zipped(texts))
    assert archive.size < 100_000
    with pytest.raises(DeckRefused) as refused:
        add_deck([archive], owner=host)
    assert refused.value.problems == ["deck.toml is larger than 512.0\xa0KB."]


def test_a_shipped_decks_id_and_a_colour_the_app_lacks_are_refused(host):
    texts = tutorial_texts()
    texts["deck.toml"] = texts["deck.toml"].replace(
        'id = "lighthouse_keepers"', 'id = "seven_winds_bay"'
    )
    texts["deck.toml"] = (
        texts["deck.toml"]
        .replace('"teal"]', '"turquoise"]')
        .replace('teal = "mp_rope_teal"', 'turquoise = "mp_rope_teal"')
    )
    texts["components.toml"] = texts["components.toml"].replace(
        'colour = "teal"', 'colour = "turquoise"'
    )
    with pytest.raises(DeckRefused) as refused:
        add_deck(uploads(texts), owner=host)
    assert len(refused.value.problems) == 2
    assert "is a deck this app ships" in refused.value.problems[0]
    assert "no colour turquoise" in refused.value.problems[1]


def test_a_deck_is_listed_for_its_host_only_unless_the_admin_shares_it(client, host):
    row = add_deck(uploads(tutorial_texts()), owner=host)
    other = User.objects.create_user("other", password="a long pass phrase 8")
    keys = [choice.key for choice in decks.decks_for(other)]
    assert f"added:{row.pk}" not in keys
    response = client.post(reverse("campaign:new"), new_campaign_form(f"added:{row.pk}"))
    assert response.status_code == 302  # the host may

    UploadedDeck.objects.filter(pk=row.pk).update(for_everyone=True)
    assert f"added:{row.pk}" in [choice.key for choice in decks.decks_for(other)]


def test_another_accounts_deck_cannot_be_chosen_by_posting_its_key(client, host):
    other = User.objects.create_user("other", password="a long pass phrase 8")
    row = add_deck(uploads(tutorial_texts()), owner=other)
    response = client.post(reverse("campaign:new"), new_campaign_form(f"added:{row.pk}"))
    assert response.status_code == 400
    assert "Choose one of the decks shown." in response.content.decode()
    assert not Campaign.objects.exists()


def test_a_deck_with_a_campaign_under_way_is_not_deleted(client, host):
    row = add_deck(uploads(tutorial_texts()), owner=host)
    client.post(reverse("campaign:new"), new_campaign_form(f"added:{row.pk}"))

    response = client.post(reverse("campaign:delete_deck", args=[row.pk]), follow=True)

    assert "1 campaign is played with this deck" in response.content.decode()
    assert UploadedDeck.objects.filter(pk=row.pk).exists()
    Campaign.objects.all().delete()
    delete_deck(row)
    assert not UploadedDeck.objects.exists()


def test_a_story_missing_in_the_pages_language_reads_in_the_decks_first(client, host):
    row = add_deck(uploads(tutorial_texts()), owner=host)
    client.post(reverse("campaign:new"), new_campaign_form(f"added:{row.pk}"))
    campaign = Campaign.objects.get()

    with translation.override("de"):
        page = client.get(
            reverse("campaign:read", args=[campaign.table_secret, 1]), HTTP_ACCEPT_LANGUAGE="de"
        ).content.decode()

    assert "Welcome, keepers!" in page  # the deck is written in English only
    assert 'lang="de"' in page


def test_a_changed_deck_is_a_new_version_and_the_campaign_keeps_its_own(client, host):
    first = add_deck(uploads(tutorial_texts()), owner=host)
    client.post(reverse("campaign:new"), new_campaign_form(f"added:{first.pk}"))
    campaign = Campaign.objects.get()
    texts = tutorial_texts()
    texts["components.toml"] = texts["components.toml"].replace("cost = 16", "cost = 17")

    second = add_deck(uploads(texts), owner=host)

    assert second.digest != first.digest
    assert [c.key for c in decks.decks_for(host) if c.added] == [f"added:{second.pk}"]
    assert flow.deck_of(campaign).components["new_pier"].project.cost == 16


def test_a_campaign_without_a_name_is_named_after_its_deck(client, host):
    row = add_deck(uploads(tutorial_texts()), owner=host)

    client.post(reverse("campaign:new"), new_campaign_form(f"added:{row.pk}", name=""))

    assert Campaign.objects.get().name == "The Lighthouse Keepers"


def test_only_the_host_who_added_a_deck_deletes_it_and_a_visitor_must_log_in(client, host):
    row = add_deck(uploads(tutorial_texts()), owner=host)
    other = User.objects.create_user("other", password="a long pass phrase 8")
    client.force_login(other)

    response = client.post(reverse("campaign:delete_deck", args=[row.pk]), follow=True)

    assert "You have added no such deck." in response.content.decode()
    assert UploadedDeck.objects.filter(pk=row.pk).exists()
    client.logout()
    for response in (
        client.get(reverse("campaign:add_deck")),
        client.post(reverse("campaign:delete_deck", args=[row.pk])),
    ):
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert UploadedDeck.objects.filter(pk=row.pk).exists()


def test_simulate_decks_tells_new_campaign_how_long_an_added_decks_game_lasts(client, host):
    from django.core.management import call_command

    row = add_deck(uploads(tutorial_texts()), owner=host)
    assert "rounds a game" not in card_text(client, "The Lighthouse Keepers")

    call_command("simulate_decks", campaigns=2, stdout=io.StringIO())

    row.refresh_from_db()
    assert set(row.rounds) == {"2", "3", "4"}
    rounds = sorted(row.rounds.values())[1]
    assert f"about {round(rounds)} rounds a game" in card_text(client, "The Lighthouse Keepers")


def card_text(client, title: str) -> str:
    page = client.get(reverse("campaign:new")).content.decode()
    return next(card for card in page.split('class="card mb-2 deck-card"') if title in card)


def test_new_campaign_lists_added_decks_without_reading_them(client, host, monkeypatch):
    add_deck(uploads(tutorial_texts()), owner=host)
    decks._loaded.cache_clear()

    def unread(*args):
        raise AssertionError("the deck was read")

    monkeypatch.setattr(decks, "_loaded", unread)
    page = client.get(reverse("campaign:new")).content.decode()
    assert "The Lighthouse Keepers" in page


def test_the_admin_makes_a_deck_available_to_every_account(admin_client, host):
    row = add_deck(uploads(tutorial_texts()), owner=host)
    url = reverse("admin:legacy_deck_uploadeddeck_changelist")
    assert "The Lighthouse Keepers" in admin_client.get(url).content.decode()

    response = admin_client.post(
        url,
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-0-id": str(row.pk),
            "form-0-for_everyone": "on",
            "_save": "Save",
        },
    )

    assert response.status_code == 302
    row.refresh_from_db()
    assert row.for_everyone
    page = admin_client.get(reverse("admin:legacy_deck_uploadeddeck_change", args=[row.pk]))
    assert page.status_code == 200
