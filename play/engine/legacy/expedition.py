"""Rule `expedition`: boats sail a track and claim the islands that lie on it.

Setup (beside `"rules": [..., "expedition"]`):

    "expedition": {"length": 8, "islands": [{"id": "sunny_isle", "space": 3}, ...]},
    "island_defs": [{"id": "sunny_isle", "name": {"en": ..., "de": ..., "nl": ...},
                     "effect": {"kind": "income_each_turn", "amount": 1}}, ...]

Spaces run from 0 (where every boat starts) to `length` (the last space); at most one island lies
on a space, on spaces 1..length. An island's effect is any landmark effect kind (`two_dice`,
`icon_bonus`, `extra_turn_on_doubles`, `extra_turn_on_total`, `reroll`) or `income_each_turn`
{amount}: at the start of each of its owner's turns, take that many coins from the bank.

The build-step action `{"type": "sail", "spaces": k}`, k from 1 to 3, is the turn's one action and
costs 2 coins per space; a boat cannot sail past the last space, so only the k that fit are legal.
A boat that ends its move on the space of an island nobody has claimed claims it: the island goes
into that player's city at once (`Player.islands`) and works for its owner at once, from the
moment it is claimed (RULES.md §6; unlike a landmark, which waits for the next turn), for
the rest of the game: an island that gives an extra turn on a total gives it for this very turn's
roll. Several boats may share a
space; sailing onto a claimed island claims nothing. The turn then ends as after a build.

State: `Player.boat` (space) and `Player.islands` (claimed island ids, in the order claimed).
Events, in order:
    {"type": "sail", "player": seat, "spaces": k, "from": space, "to": space, "cost": 2 * k}
    {"type": "claim_island", "player": seat, "island": island_id, "space": space}   (if claimed)
and at the start of an owner's turn, for an `income_each_turn` island in force:
    {"type": "transfer", "card": island_id, "count": 1, "payer": None, "payee": seat,
     "amount": amount, "shortfall": 0}
"""

from __future__ import annotations

from play.engine.effects import effects_in_force, transfer
from play.engine.errors import IllegalAction, shown
from play.engine.rules import (
    BuildStepExtra,
    add_hook,
    end_action,
    expect_keys,
    register_build_step_action,
)
from play.engine.table import KNOWN_RULES, START_OF_TURN

RULE = "expedition"
COST_PER_SPACE = 2
MAX_SPACES = 3


def claimed_islands(state) -> dict[str, int]:
    """Island id -> the seat that claimed it."""
    return {island: seat for seat, p in enumerate(state.players) for island in p.islands}


def unclaimed_island_at(state, space: int) -> str | None:
    island = state.table.island_spaces.get(space)
    if island is None or island in claimed_islands(state):
        return None
    return island


SAILS = tuple(("sail", spaces) for spaces in range(MAX_SPACES + 1))  # SAILS[k]: sail k spaces


def legal(state) -> tuple[tuple, ...]:
    player = state.players[state.active]
    room = state.table.track_length - player.boat
    most = min(MAX_SPACES, room, player.coins // COST_PER_SPACE)
    return SAILS[1 : most + 1]


def check(state, action: dict) -> tuple:
    expect_keys(action, "spaces")
    spaces = action["spaces"]
    player = state.players[state.active]
    if isinstance(spaces, bool) or not isinstance(spaces, int) or not 1 <= spaces <= MAX_SPACES:
        raise IllegalAction("sail_spaces", most=MAX_SPACES, spaces=shown(spaces))
    room = state.table.track_length - player.boat
    if room == 0:
        raise IllegalAction("boat_at_end", player=player.name)
    if spaces > room:
        raise IllegalAction("boat_too_far", player=player.name, room=room, spaces=spaces)
    cost = COST_PER_SPACE * spaces
    if cost > player.coins:
        raise IllegalAction(
            "not_enough_coins_sail",
            player=player.name,
            coins=player.coins,
            spaces=spaces,
            cost=cost,
        )
    return SAILS[spaces]


def sail(state, move: tuple, events: list | None, forced=None) -> None:
    spaces = move[1]
    cost = COST_PER_SPACE * spaces
    player = state.changing(state.active)
    start = player.boat
    player.coins -= cost
    player.boat = start + spaces
    if events is not None:
        events.append(
            {
                "type": "sail",
                "player": state.active,
                "spaces": spaces,
                "from": start,
                "to": player.boat,
                "cost": cost,
            }
        )
    island = unclaimed_island_at(state, player.boat)
    if island is not None:
        player.islands = (*player.islands, island)
        if events is not None:
            events.append(
                {
                    "type": "claim_island",
                    "player": state.active,
                    "island": island,
                    "space": player.boat,
                }
            )
    end_action(state, events)


def island_income(state, events: list | None) -> None:
    """At the start of an owner's turn, each `income_each_turn` island in force pays."""
    if RULE not in state.table.rules:
        return
    player = state.players[state.active]
    if not player.islands:
        return
    for effect_source in effects_in_force(state, player):
        effect = effect_source.effect
        if effect.kind == "income_each_turn" and effect_source.id in player.islands:
            transfer(state, events, effect_source.id, None, state.active, effect["amount"])


KNOWN_RULES.add(RULE)
register_build_step_action(BuildStepExtra("sail", ("spaces",), legal, check, sail, rule=RULE))
add_hook(START_OF_TURN, island_income, RULE)
