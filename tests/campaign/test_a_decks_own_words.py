"""A campaign on an added deck reads the very row it was begun with: another account's deck of
the same id and structure never lends it its words, and deleting a deck and beginning a campaign
on it happen one after the other (issue 35, item 4)."""

import sys
import threading
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from campaign import backup, decks, flow
from campaign.models import Campaign
from legacy_deck.models import UploadedDeck
from legacy_deck.uploads import DeckRefused, add_deck, delete_deck

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_add_a_deck import new_campaign_form, tutorial_texts, uploads  # noqa: E402

OURS = "Welcome, keepers!"
THEIRS = "Welcome, strangers who took this deck!"


def _their_words() -> dict[str, str]:
    texts = tutorial_texts()
    texts["deck.toml"] = texts["deck.toml"].replace(OURS, THEIRS)
    return texts


def _first_story(campaign: Campaign) -> str:
    return decks.deck_of(Campaign.objects.get(pk=campaign.pk)).sides()[0].story["en"]


def _begun_by(user, client: Client) -> tuple[UploadedDeck, Campaign]:
    row = add_deck(uploads(tutorial_texts()), owner=user)
    client.force_login(user)
    response = client.post(reverse("campaign:new"), new_campaign_form(f"added:{row.pk}"))
    assert response.status_code == 302
    return row, Campaign.objects.get(owner=user)


@pytest.mark.django_db
def test_another_accounts_deck_of_the_same_structure_never_lends_its_words(client):
    ann = User.objects.create_user("ann", password="a long pass phrase 1")
    ben = User.objects.create_user("ben", password="a long pass phrase 2")
    ann_row, campaign = _begun_by(ann, client)
    assert campaign.added_deck_id == ann_row.pk
    assert OURS in _first_story(campaign)

    ben_row = add_deck(uploads(_their_words()), owner=ben)  # newer, same id and structure

    assert (ben_row.deck_id, ben_row.digest) == (ann_row.deck_id, ann_row.digest)
    assert OURS in _first_story(campaign)
    with pytest.raises(DeckRefused, match="1 campaign is played with this deck"):
        delete_deck(ann_row)
    page = client.get(reverse("campaign:read", args=[campaign.table_secret, 1])).content.decode()
    assert OURS in page and THEIRS not in page


@pytest.mark.django_db
def test_a_campaign_begun_before_binding_never_takes_another_accounts_row(client):
    ann = User.objects.create_user("ann", password="a long pass phrase 1")
    ben = User.objects.create_user("ben", password="a long pass phrase 2")
    ann_row, campaign = _begun_by(ann, client)
    add_deck(uploads(_their_words()), owner=ben)
    # as a campaign stored before 0007 is, with its owner's row gone
    Campaign.objects.filter(pk=campaign.pk).update(added_deck=None)
    UploadedDeck.objects.filter(pk=ann_row.pk).delete()
    decks._loaded.cache_clear()

    with pytest.raises(flow.FlowError, match="installation does not have"):
        _first_story(campaign)
    response = client.get(reverse("campaign:table", args=[campaign.table_secret]))
    assert response.status_code == 409 and THEIRS not in response.content.decode()


@pytest.mark.django_db
def test_a_backup_is_restored_only_on_a_deck_the_importer_may_use(client):
    ann = User.objects.create_user("ann", password="a long pass phrase 1")
    ben = User.objects.create_user("ben", password="a long pass phrase 2")
    _, campaign = _begun_by(ann, client)
    text = backup.export_text(campaign)
    add_deck(uploads(_their_words()), owner=ben)
    carol = User.objects.create_user("carol", password="a long pass phrase 3")

    with pytest.raises(backup.BackupError, match="Add that deck first"):
        backup.import_text(text, owner=carol)

    restored = backup.import_text(text, owner=ann)
    assert restored.added_deck_id == campaign.added_deck_id
    assert OURS in _first_story(restored)


# -- the race: one host deletes a deck while others begin campaigns on it ---------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI)")
@pytest.mark.parametrize("round_", range(3))
def test_deleting_a_deck_while_seven_campaigns_begin_on_it_leaves_none_on_a_deleted_deck(round_):
    host = User.objects.create_user(f"host{round_}", password="a long pass phrase 1")
    row = add_deck(uploads(tutorial_texts()), owner=host)
    decks._loaded.cache_clear()
    clients = [Client() for _ in range(8)]
    for each in clients:
        each.force_login(host)
    barrier = threading.Barrier(len(clients))
    statuses: list = [None] * len(clients)

    def press(index: int) -> None:
        try:
            barrier.wait()
            if index == 0:
                url = reverse("campaign:delete_deck", args=[row.pk])
                statuses[index] = clients[index].post(url).status_code
            else:
                form = new_campaign_form(f"added:{row.pk}")
                statuses[index] = clients[index].post(reverse("campaign:new"), form).status_code
        except Exception as error:  # noqa: BLE001 - what a request raised is the failure
            statuses[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=press, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert statuses[0] == 302
    assert all(status in (302, 400) for status in statuses[1:]), statuses
    begun = Campaign.objects.filter(owner=host)
    assert begun.count() == statuses[1:].count(302)
    if UploadedDeck.objects.filter(pk=row.pk).exists():
        assert all(c.added_deck_id == row.pk for c in begun)
    else:
        assert not begun.exists()
