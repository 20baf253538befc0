"""play_campaign plays a whole campaign and free play through the flow, from the command line."""

import pytest
from django.core.management import CommandError, call_command

from campaign.models import Campaign, GoldenBookEntry, Phase

pytestmark = pytest.mark.django_db


def test_it_plays_ten_chapters_and_free_play(capsys):
    call_command("play_campaign", players=2, bots="greedy,random", seed=1, free_play=1)

    out = capsys.readouterr().out
    campaign = Campaign.objects.get()
    assert campaign.phase == Phase.FREE_PLAY
    assert GoldenBookEntry.objects.filter(campaign=campaign).count() == 10
    assert out.count("chapter ") == 10 and "free play 1:" in out
    assert "The Golden Book of" in out and "Overall:" in out
    for game in campaign.games.all():
        assert game.game.replays_to_stored_state()


def test_it_refuses_bad_arguments():
    with pytest.raises(CommandError, match="2 bots for 3 mayors"):
        call_command("play_campaign", players=3, bots="greedy,random")
    with pytest.raises(CommandError, match="no bot 'clever'"):
        call_command("play_campaign", players=2, bots="greedy,clever")
    with pytest.raises(CommandError, match="--players must be 2 to 4"):
        call_command("play_campaign", players=5)
