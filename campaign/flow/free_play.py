"""Free play after the campaign's last game: the table's Yōkai rule, then picks."""

from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.errors import FlowError
from campaign.models import Campaign, Phase, StepKind

from .picking import begin_picking
from .step import taking


def start_free_play(
    campaign: Campaign,
    *,
    yokai_rule: str,
    version: int | None = None,
    by: str = "",
) -> None:
    """A game of free play: the table's Yōkai rule (chosen once, for good; a deck may have no
    such choice), then picks."""
    with taking(campaign, StepKind.FREE_PLAY, version, by) as step:
        rules = step.deck.shape.free_play_rules
        if not rules:
            yokai_rule = ""
        elif yokai_rule not in rules:
            raise FlowError(_("Choose one of the two Yōkai rules."))
        if step.campaign.yokai_rule and step.campaign.yokai_rule != yokai_rule:
            raise FlowError(_("The table chose its Yōkai rule for good at the first free play."))
        step.campaign.yokai_rule = yokai_rule
        if step.campaign.phase == Phase.FREE_PLAY:
            step.campaign.chapter += 1
        step.words["chapter"] = step.campaign.chapter
        step.move_to(Phase.PICKING)
        begin_picking(step)
