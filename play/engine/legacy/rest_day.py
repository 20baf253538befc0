"""Rule `rest_day`: a day off instead of building.

A new build-step action `{"type": "rest"}`: instead of building, the active player takes 1 coin
from the bank. It is the turn's one action, so the turn then ends as after a build.

Events: `{"type": "rest", "player": seat}`, then the transfer
`{"type": "transfer", "card": "rest_day", "count": 1, "payer": None, "payee": seat, "amount": 1,
"shortfall": 0}`.
"""

from __future__ import annotations

from play.engine.effects import transfer
from play.engine.rules import BuildStepExtra, end_action, expect_keys, register_build_step_action
from play.engine.table import KNOWN_RULES

RULE = "rest_day"
REST_COINS = 1


REST = ("rest",)


def legal(state) -> tuple[tuple, ...]:
    return (REST,)


def check(state, action: dict) -> tuple:
    expect_keys(action)
    return REST


def rest(state, move: tuple, events: list | None, forced=None) -> None:
    if events is not None:
        events.append({"type": "rest", "player": state.active})
    transfer(state, events, RULE, None, state.active, REST_COINS)
    end_action(state, events)


KNOWN_RULES.add(RULE)
register_build_step_action(BuildStepExtra("rest", (), legal, check, rest, rule=RULE))
