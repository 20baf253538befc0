"""Small builders shared by the engine tests."""

from contextlib import contextmanager

import pytest

from play.engine import IllegalAction, apply_action, new_game

ANN, BEN, CY, DI = 0, 1, 2, 3
NAMES = ["Ann", "Ben", "Cy", "Di"]


def game(players=2, edition="classic", **keywords):
    return new_game(edition, players=NAMES[:players], seed=keywords.pop("seed", 1), **keywords)


def roll(state, *dice):
    """Roll the given dice for the active seat; keep the roll if a Radio Tower asks."""
    state, events = apply_action(state, {"type": "roll", "dice": len(dice)}, dice=dice)
    return state, events


def transfers(events):
    return [event for event in events if event["type"] == "transfer"]


def coin_changes(events, seats):
    """Each seat's change in coins according to the events alone."""
    changes = [0] * seats
    for event in events:
        if event["type"] == "transfer":
            if event["payer"] is not None:
                changes[event["payer"]] -= event["amount"]
            if event["payee"] is not None:
                changes[event["payee"]] += event["amount"]
        elif "cost" in event:
            changes[event["player"]] -= event["cost"]
    return changes


@contextmanager
def refused(code, **params):
    """Expect an IllegalAction with this message id and (some of) these parameters."""
    with pytest.raises(IllegalAction) as caught:
        yield caught
    assert caught.value.code == code, f"{caught.value.code}: {caught.value}"
    for key, value in params.items():
        assert caught.value.params[key] == value, (key, caught.value.params)
