"""A backup holds no secret it should not: no picks while the mayors pick (the campaign comes
back with those mayors still to pick), and it takes back only links that look like the app's
own and numbers every column can hold."""

import json

import pytest
from campaign_helpers import links, new_campaign, record_chapters, without_links
from django.contrib.auth.models import User
from django.urls import reverse

from campaign import flow
from campaign.backup import BackupError, export_text, import_text
from campaign.models import Campaign, Phase
from play.models import Game

pytestmark = pytest.mark.django_db


def _fresh_install(text: str) -> Campaign:
    Campaign.objects.all().delete()
    Game.objects.all().delete()
    return import_text(text)


def _bag_picks(campaign, mayor) -> list[str]:
    step = flow.Step(campaign, campaign.deck, flow.reader_of(campaign), [mayor], "test")
    return step.bag(mayor)[: campaign.picks_allowed(mayor)]


@pytest.fixture
def picking():
    """Ann and Ben have picked, Cem has not; Dee is a bot (she picked at once)."""
    campaign = new_campaign(kinds=("human", "human", "human", "greedy"))
    record_chapters(campaign, 2)
    flow.read_on(campaign)
    for seat in (0, 1):
        mayor = campaign.mayors.get(seat=seat)
        flow.pick(campaign, mayor, _bag_picks(campaign, mayor))
    assert campaign.phase == Phase.PICKING
    return campaign


def test_a_backup_made_while_picking_holds_no_picks(picking):
    doc = json.loads(export_text(picking))

    assert [mayor["picks"] for mayor in doc["mayors"]] == [None] * 4


def test_it_restores_with_every_human_mayor_still_to_pick_and_the_bot_picked_again(picking):
    bot_picks = picking.mayors.get(seat=3).picks
    text = export_text(picking)

    restored = _fresh_install(text)

    mayors = list(restored.mayors.order_by("seat"))
    assert restored.phase == Phase.PICKING
    assert [m.picks for m in mayors[:3]] == [None, None, None]
    assert mayors[3].picks == bot_picks
    assert without_links(export_text(restored)) == without_links(text)  # the same but its links
    for mayor in mayors[:3]:
        flow.pick(restored, mayor, _bag_picks(restored, mayor))
    assert restored.phase == Phase.PLAYING  # the last pick started the game


def test_picks_in_an_older_backup_made_while_picking_are_not_taken(picking):
    doc = json.loads(export_text(picking))
    doc["mayors"][0]["picks"] = ["wheat_field", "bakery"]

    restored = _fresh_install(json.dumps(doc))

    assert restored.mayors.get(seat=0).picks is None


def test_picks_are_kept_once_revealed(picking):
    cem = picking.mayors.get(seat=2)
    flow.pick(picking, cem, _bag_picks(picking, cem))  # the game starts: all are revealed

    doc = json.loads(export_text(picking))

    assert all(mayor["picks"] for mayor in doc["mayors"])


def test_a_backup_in_free_play_holds_no_picks_while_picking():
    campaign = new_campaign(kinds=("human", "human", "greedy"))
    record_chapters(campaign, 10)
    flow.start_free_play(campaign, yokai_rule=campaign.deck.shape.free_play_rules[0])
    ann = campaign.mayors.get(seat=0)
    flow.pick(campaign, ann, _bag_picks(campaign, ann))
    assert campaign.phase == Phase.PICKING

    text = export_text(campaign)
    restored = _fresh_install(text)

    assert [mayor["picks"] for mayor in json.loads(text)["mayors"]] == [None] * 3
    assert restored.mayors.get(seat=0).picks is None
    assert restored.mayors.get(seat=2).picks is not None


def test_the_dashboard_tells_the_host_a_backup_made_now_has_no_picks(client, picking):
    picking.owner = User.objects.create_user("host", password="a long pass phrase 7")
    picking.save()
    client.force_login(picking.owner)
    page = client.get(reverse("campaign:table", args=[picking.table_secret])).content.decode()

    assert "A backup made now leaves out the picks made so far" in page


# --- what the import takes back -------------------------------------------------------------


@pytest.fixture(scope="module")
def backup_text(django_db_setup, django_db_blocker):
    """A campaign at chapter 2's game (it has a code and keys), exported and forgotten."""
    with django_db_blocker.unblock():
        campaign = new_campaign()
        record_chapters(campaign, 1)
        flow.read_on(campaign)
        while campaign.phase == Phase.PICKING:
            mayor = campaign.mayors.filter(picks__isnull=True).first()
            flow.pick(campaign, mayor, _bag_picks(campaign, mayor))
        text = export_text(campaign)
        Campaign.objects.all().delete()
        Game.objects.all().delete()
    return text


@pytest.fixture
def backup(backup_text):
    return json.loads(backup_text)


def _refused(doc, match="damaged") -> None:
    with pytest.raises(BackupError, match=match):
        import_text(json.dumps(doc))
    assert Campaign.objects.count() == 0 and Game.objects.count() == 0


@pytest.mark.parametrize(
    "where, value",
    [
        (("places", 0, "box"), 40000),  # a smallint column: a DataError on PostgreSQL
        (("places", 0, "box"), -1),
        (("places", 0, "order"), 2**15),
        (("campaign", "chosen_seed"), 2**63),  # a bigint column
        (("campaign", "chosen_seed"), -1),
        (("campaign", "version"), 2**31),
        (("campaign", "chapter"), 2**15),
        (("campaign", "chapter"), 0),
        (("mayors", 0, "circles"), 2**15),
        (("stickers", 0, "chapter"), 2**15),
        (("rule_stack", 0, "position"), -5),
        (("games", 0, "chapter"), 2**15),
        (("games", 1, "game", "undo_floor"), 2**31),
        (("golden_book", 0, "chapter"), 2**16),
        (("games", 0, "final_coins"), [10**30]),
        (("places", 0, "box"), 1.5),
        (("places", 0, "box"), True),
    ],
)
def test_every_number_is_checked_against_its_column_before_anything_is_written(
    backup, where, value
):
    target = backup
    for step in where[:-1]:
        target = target[step]
    if isinstance(target, list) and not target:
        pytest.skip("nothing there in this backup")
    target[where[-1]] = value

    _refused(backup)


def _secret_places(doc) -> dict[str, tuple]:
    chapter_game = next(g for g in doc["games"] if g["game"])
    index = doc["games"].index(chapter_game)
    return {
        "table": ("campaign", "table_secret"),
        "mayor": ("mayors", 1, "secret"),
        "game code": ("games", index, "game", "code"),
        "host key": ("games", index, "game", "host_secret"),
        "seat key": ("games", index, "game", "seat_secrets", 0),
    }


def _set(doc, where, value):
    target = doc
    for step in where[:-1]:
        target = target[step]
    target[where[-1]] = value


def _imported_with_new_links(doc) -> None:
    """Issue 27: whatever links the file holds (forged, weak, alike, older), the campaign is
    imported with new ones of the app's own strength, all different."""
    given = links(json.dumps(doc))
    campaign = import_text(json.dumps(doc))
    now = links(export_text(campaign))
    assert not now & given
    mayors = list(campaign.mayors.values_list("secret", flat=True))
    assert all(len(secret) == 32 for secret in [campaign.table_secret, *mayors])
    for chapter_game in campaign.games.exclude(game=None):
        game = chapter_game.game
        keys = [game.code, game.host_secret, *(seat["secret"] for seat in game.seats)]
        assert all(len(key) == 22 for key in keys) and len(set(keys)) == len(keys)


@pytest.mark.parametrize("which", ["table", "mayor", "game code", "host key", "seat key"])
@pytest.mark.parametrize(
    "forge",
    [
        lambda s: s[:-1],  # one character short
        lambda s: s + "A",  # one more
        lambda s: "é" + s[1:],  # a letter, but not URL-safe base64
        lambda s: "+" + s[1:],  # standard base64, not URL-safe
        lambda s: "٣" + s[1:],  # an Arabic-Indic digit: str.isalnum() says yes
        lambda s: " " + s[1:],
        lambda s: "a" * 32,  # chosen, weak: it would open /c/aaaa…/
    ],
)
def test_a_link_the_file_chose_is_replaced_by_a_new_one(backup, which, forge):
    where = _secret_places(backup)[which]
    target = backup
    for step in where:
        target = target[step]
    _set(backup, where, forge(target))

    _imported_with_new_links(backup)


def test_two_links_alike_are_replaced(backup):
    backup["mayors"][1]["secret"] = backup["campaign"]["table_secret"]
    _imported_with_new_links(backup)


def test_a_game_with_two_keys_alike_gets_new_ones(backup):
    places = _secret_places(backup)
    _set(backup, places["seat key"], backup["games"][places["host key"][1]]["game"]["host_secret"])
    _imported_with_new_links(backup)


def test_a_games_older_96_bit_links_become_new_ones(backup):
    places = _secret_places(backup)
    for which in ("game code", "host key", "seat key"):
        _set(backup, places[which], f"{which[:1]}{'x' * 15}")

    campaign = import_text(json.dumps(backup))

    assert len(campaign.games.exclude(game=None).get().game.code) == 22


def test_a_creation_time_without_a_time_zone_is_refused(backup):
    backup["campaign"]["created"] = "2026-11-20T10:00:00"
    _refused(backup)
