"""Taking back the campaign's last step: the host's way to correct a mistake at the table.

Every step keeps the campaign as it stood before it (`campaign.snapshots`, one row per step);
taking back restores the newest of them, in place and in one step of its own (the campaign's
row locked, the version the host's page showed checked), and drops it, so the next take-back
reaches the step before, back to the campaign's start. The history shows the take-back as an
entry of its own.

What a take-back leaves as it is: the links (the campaign's, the mayors' and the games': a link
renewed since stays renewed), what no step changes (names, cities, colours, a Golden Book
entry's wording corrected since), and a game played in the app, which keeps its moves: taking
back its end returns the campaign to the game's last position, from where the table takes its
end again (`take_game_end`) or records it as played with the box. Only the game the taken-back
step set up (the last pick's) goes with it.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign import snapshots
from campaign.errors import FlowError
from campaign.models import Campaign, StepKind

from .step import taking


def take_back(campaign: Campaign, *, version: int | None, by: str = "") -> str:
    """Take back the campaign's last step; returns the kind of step taken back."""
    with taking(campaign, StepKind.TAKE_BACK, version, by) as step:
        last = snapshots.newest(step.campaign)
        if last is None:
            raise FlowError(_("There is no step to take back: the campaign is at its start."))
        snapshots.restore(step, last.document)
        last.delete()
    return last.kind
