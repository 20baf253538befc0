"""Names a person can see and tell apart (issue 35, RULES.md §6 turn 5): a mayor's, a city's, a
campaign's, an account's and a seat's name holds a visible letter or digit (Unicode categories),
no bidirectional or tag characters, at most three marks on a letter; names that look alike in one
campaign (UTS #39 skeletons) are refused with a sentence. One check (machikoro.names) that the
campaign's steps, the sign-up, the start form and the backup import all use."""

from __future__ import annotations

import json

import pytest
from campaign_helpers import new_campaign
from django.contrib.auth.models import User

from campaign import flow
from campaign.backup import BackupError, export_text, import_text
from campaign.errors import FlowError
from campaign.models import Campaign
from machikoro import names

pytestmark = pytest.mark.django_db

REFUSED = {
    "hangul filler alone": "\u3164",
    "braille blank alone": "\u2800",
    "tag characters": "Ann\U000e0041\U000e007f",
    "right-to-left override": "\u202eyaB",
    "right-to-left isolate": "Ann\u2067x\u2069",
    "left-to-right mark": "Ann\u200e",
    "arabic letter mark": "Ann\u061c",
    "fifty stacked accents": "Bay" + "\u0301" * 50,
    "four accents on a letter": "Ba\u0301\u0302\u0303\u0304y",
    "an emoji alone": "\U0001f98a",
    "a control character": "Ann\x07",
}
KEPT = [
    "Ann",
    "Nguyễn",
    "Ba\u0301\u0302y",
    "محمد",
    "李小龍",
    "Zoë-Marie",
    "R2",
    "ثلاثة ٣",
    "Ann 🦊",
]


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_an_unreadable_name_is_refused_with_a_sentence(name):
    assert names.refusal(name) is not None


@pytest.mark.parametrize("name", KEPT)
def test_a_readable_name_in_any_script_is_kept(name):
    assert names.refusal(name) is None


@pytest.mark.parametrize(
    "first, second",
    [("Ben", "B\u0435n"), ("Ann", "ANN"), ("Ann", "\u0391nn"), ("m", "rn"), ("Ann", " Ann ")],
)
def test_names_that_look_alike_share_a_likeness(first, second):
    assert names.look_alike([first, "Zed", second]) == (first, second)


def test_names_that_differ_do_not():
    assert names.look_alike(["Ann", "Anna", "Ben", "Sén", "Sen"]) is None


def _mayors(*pairs):
    colours = ["teal", "yellow", "pink", "orange"]
    return [
        flow.NewMayor(name, city, colours[seat], "human") for seat, (name, city) in enumerate(pairs)
    ]


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_a_campaign_refuses_such_a_mayor_city_and_campaign_name(name):
    with pytest.raises(FlowError):
        flow.create_campaign("Bay", _mayors((name, "Annville"), ("Ben", "Benton")))
    with pytest.raises(FlowError):
        flow.create_campaign("Bay", _mayors(("Ann", name), ("Ben", "Benton")))
    with pytest.raises(FlowError):
        flow.create_campaign(name, _mayors(("Ann", "Annville"), ("Ben", "Benton")))
    assert not Campaign.objects.exists()


def test_two_mayors_or_cities_that_look_alike_are_refused_in_words():
    with pytest.raises(FlowError, match="“Ben” and “B\u0435n” look alike"):
        flow.create_campaign("Bay", _mayors(("Ben", "Annville"), ("B\u0435n", "Benton")))
    with pytest.raises(FlowError, match="look alike"):
        flow.create_campaign("Bay", _mayors(("Ann", "Oakham"), ("Ben", "OAKHAM")))
    assert not Campaign.objects.exists()


def test_the_new_campaign_page_says_so_in_german(client):
    client.force_login(User.objects.create_user("host", password="pw-for-tests-only"))
    page = client.get("/campaigns/new/", headers={"accept-language": "de"})
    assert page.status_code == 200
    data = {"name": "Bucht", "m1_name": "Ben", "m1_city": "A", "m1_colour": "teal"}
    data |= {"m1_kind": "human", "m2_name": "B\u0435n", "m2_city": "B", "m2_colour": "pink"}
    data |= {"m2_kind": "human"}
    html = client.post("/campaigns/new/", data, headers={"accept-language": "de"}).content
    assert "„Ben“ und „B\u0435n“ sehen gleich aus" in html.decode()


def test_sign_up_refuses_an_account_name_that_shows_nothing(client, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    password = "a long pass phrase 7"
    response = client.post(
        "/accounts/signup/",
        {"username": "\u3164", "password1": password, "password2": password},
        headers={"accept-language": "nl"},
    )
    assert response.status_code == 400
    assert "zichtbare letter of cijfer" in response.content.decode()
    assert not User.objects.exists()


def test_the_start_form_refuses_seats_that_look_alike(client):
    data = {"edition": "classic", "first_player": "0", "pace": "quick", "seed": "7"}
    data |= {"name_0": "Ann", "kind_0": "human", "name_1": "\u0391nn", "kind_1": "human"}
    data |= {"name_2": "", "kind_2": "", "name_3": "", "kind_3": ""}
    response = client.post("/", data)
    assert response.status_code == 400
    assert "look alike" in response.content.decode()
    data["name_1"] = "\u202eAnn"
    assert "invisible control characters" in client.post("/", data).content.decode()


def test_a_backup_with_such_names_is_refused_and_nothing_is_written():
    campaign = new_campaign(kinds=("human", "human"))
    doc = json.loads(export_text(campaign))
    Campaign.objects.all().delete()
    alike = json.loads(json.dumps(doc))
    alike["mayors"][1]["name"] = "\u0391nn"  # Ann beside a Greek Alpha-nn
    with pytest.raises(BackupError, match="look alike"):
        import_text(json.dumps(alike))
    hidden = json.loads(json.dumps(doc))
    hidden["campaign"]["name"] = "Seven \U000e0041Winds"
    with pytest.raises(BackupError, match="A name in the file cannot be taken"):
        import_text(json.dumps(hidden))
    assert not Campaign.objects.exists()
    assert import_text(json.dumps(doc)).name == doc["campaign"]["name"]


def test_an_imported_game_with_seats_that_look_alike_is_refused(client):
    from play.models import Game

    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)
    doc = game.export()
    doc["setup"]["players"] = ["Ann", "\u0391nn"]
    response = client.post("/import/", {"text": json.dumps(doc)})
    assert response.status_code == 400
    assert "look alike" in response.content.decode()


def test_an_invitation_refuses_an_account_name_that_turns_the_text_around():
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match="invisible control characters"):
        call_command("invite", "\u202eann", site="https://games.example.org")
    assert not User.objects.exists()


def test_sign_up_refuses_an_account_name_like_one_there_is(client, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    User.objects.create_user("Ben", password="pw-for-tests-only")
    password = "a long pass phrase 7"
    response = client.post(
        "/accounts/signup/",
        {"username": "B\u0435n", "password1": password, "password2": password},
        headers={"accept-language": "de"},
    )
    assert response.status_code == 400
    assert "Es gibt schon ein Konto namens „Ben“" in response.content.decode()
    assert User.objects.count() == 1
