"""The free play page once the table has chosen its Yōkai rule (issue 26): it says which, and no
longer that the table chooses one."""

import pytest
from campaign_helpers import new_campaign, play_out, record_chapters
from django.urls import reverse

from campaign import dashboard, flow

pytestmark = pytest.mark.django_db


def test_once_chosen_the_page_names_the_yokai_rule_in_force(client):
    campaign = new_campaign(kinds=("greedy", "greedy"))
    record_chapters(campaign, 10)
    free = reverse("campaign:free", args=[campaign.table_secret])
    before = client.get(free).content.decode()
    assert "The table chooses one of the two Yōkai rules" in before
    rule, other = campaign.deck.shape.free_play_rules
    flow.start_free_play(campaign, yokai_rule=rule)
    play_out(campaign)

    page = client.get(free).content.decode()

    assert "The table chooses one of the two" not in page
    names = {c["rule"]: c["name"] for c in dashboard.free_play_choices(campaign, campaign.deck)}
    assert f"the Yōkai rule the table chose for good: {names[rule]}." in page
    assert f'value="{other}"' not in page
