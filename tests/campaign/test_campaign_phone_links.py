"""The campaign's phone page gives links and QR codes a phone can open: with the network
address `serve` printed, also when the table's page was opened at 127.0.0.1."""

import pytest
from campaign_helpers import new_campaign
from django.urls import reverse

from machikoro.links import qr_code

pytestmark = pytest.mark.django_db


@pytest.fixture
def lan(monkeypatch):
    monkeypatch.setattr("machikoro.links.lan_addresses", lambda: ["10.209.0.1"])


def test_a_page_opened_on_this_machine_gives_the_network_address(client, lan):
    campaign = new_campaign(kinds=("human", "human", "greedy"))
    links = reverse("campaign:links", args=[campaign.table_secret])

    page = client.get(links, HTTP_HOST="127.0.0.1:8120").content.decode()

    for mayor in campaign.mayors.filter(kind="human"):
        url = "http://10.209.0.1:8120" + reverse("campaign:mayor", args=[mayor.secret])
        assert f'href="{url}"' in page
        assert qr_code(url) in page
    assert "127.0.0.1" not in page and "localhost" not in page


def test_a_page_opened_by_its_network_name_keeps_it(client, lan, settings):
    settings.ALLOWED_HOSTS = ["gameboard.local"]
    campaign = new_campaign(kinds=("human", "greedy"))
    mayor = campaign.mayors.get(seat=0)

    page = client.get(
        reverse("campaign:links", args=[campaign.table_secret]), HTTP_HOST="gameboard.local:8000"
    ).content.decode()

    url = "http://gameboard.local:8000" + reverse("campaign:mayor", args=[mayor.secret])
    assert f'href="{url}"' in page
