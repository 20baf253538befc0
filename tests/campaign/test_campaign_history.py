"""Every change is kept in the campaign's history; the admin shows it and corrects what may be
corrected, and refuses to change what would break the campaign."""

import pytest
from campaign_helpers import new_campaign, record_chapters

from campaign.models import ComponentPlace, Mayor

pytestmark = pytest.mark.django_db


def test_each_step_leaves_its_changes_in_the_history():
    campaign = new_campaign()
    record_chapters(campaign, 1, winner=lambda chapter: 0)

    reasons = set(campaign.history.values_list("history_change_reason", flat=True))
    assert {"create", "read", "record", "after game"} <= reasons
    ben = Mayor.objects.get(campaign=campaign, seat=1)
    ticked = ben.history.order_by("history_date").values_list("circles", flat=True)
    assert list(ticked)[0] == 2 and list(ticked)[-1] == 3
    furnace = ComponentPlace.objects.get(campaign=campaign, component="blast_furnace")
    assert [h.place for h in furnace.history.order_by("history_date")] == [
        "reserve",
        "tableau",
        "archive",
    ]


def test_a_correction_in_the_admin_shows_in_the_history(admin_client):
    campaign = new_campaign()
    ann = campaign.mayors.get(seat=0)
    url = f"/admin/campaign/mayor/{ann.pk}/change/"

    page = admin_client.get(url)
    assert page.status_code == 200
    response = admin_client.post(url, {"name": "Anna", "city_name": "Annaburg", "circles": 2})
    assert response.status_code == 302

    ann.refresh_from_db()
    assert ann.name == "Anna"
    latest = ann.history.latest()
    assert (latest.name, latest.history_user.username) == ("Anna", "admin")
    history = admin_client.get(f"/admin/campaign/mayor/{ann.pk}/history/")
    assert history.status_code == 200 and "Anna" in history.content.decode()


def test_what_would_break_the_campaign_is_read_only_in_the_admin(admin_client):
    campaign = new_campaign()
    place = campaign.places.first()

    assert admin_client.get("/admin/campaign/componentplace/").status_code == 200
    assert admin_client.get(f"/admin/campaign/componentplace/{place.pk}/change/").status_code == 200
    response = admin_client.post(
        f"/admin/campaign/componentplace/{place.pk}/change/", {"place": "out"}
    )
    assert response.status_code == 403
    assert admin_client.get("/admin/campaign/campaign/add/").status_code == 403
    for model in ("campaign", "chaptergame", "rulecard", "stucksticker", "sidechoice"):
        assert admin_client.get(f"/admin/campaign/{model}/").status_code == 200
