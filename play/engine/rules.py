"""The turn machine: which actions are legal now, and what an action does.

A turn is roll -> (reroll decision) -> activation -> (decisions of purple cards) -> one action in
the build step. The engine stops at every decision, even when only one action is legal.
Every action is checked here and nowhere else; a front end shows `legal_actions` and nothing more.

Two ways in, one set of rules:
- checked, for the web, the campaign, replays and tests: `legal_actions` (dicts) and
  `apply_action` (refuses an illegal action with the reason, returns a new state and the events,
  leaves the state it was given as it was);
- fast, for bots, simulations and benchmarks: `legal_moves` (shared tuples) and `play` (plays a
  move on the state itself, builds events only when given a list), `push` / `pop` to look ahead.
The checked way is the fast one behind a check and a copy: both run the same steps below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import dice as dice_module
from .cards import CHOICE_EFFECTS
from .dice import AHEAD as DICE_AHEAD
from .dice import faces as _dice_faces
from .effects import RESOLVERS, count_icon, face_up, in_force, resolve, transfer
from .errors import IllegalAction, shown
from .market import PASS, Piles, market_piles, open_piles, refill_market
from .state import GameState, Phase
from .swaps import NOBODY_FULL, Swaps
from .table import BUILD_STEP_EXTRAS, registering
from .table import activation as lay_out_activation

Events = list[dict]

# The phases the turn sets, read once: an enum's member is an attribute look-up through its class
# that costs several times a global's, and every step sets one.
ROLL_PHASE = Phase.ROLL
REROLL_PHASE = Phase.REROLL
BUILD_PHASE = Phase.BUILD
OVER_PHASE = Phase.OVER


# --- moves ---------------------------------------------------------------------------------------
#
# A move is an action as a tuple: its type, then its fields in the order ACTION_FIELDS lists them,
# ("build", "cafe") for {"type": "build", "card": "cafe"}. Moves are immutable, so the engine hands
# out shared ones (the roll step's are constants) and a caller may keep them.

ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "roll": ("dice",),
    "reroll": (),
    "keep": (),
    "choose_player": ("player",),
    "trade": ("give", "player", "take"),
    "skip": (),
    "build": ("card",),
    "build_landmark": ("landmark",),
    "contribute": (),
    "pass": (),
}

ROLL_ONE = (("roll", 1),)
ROLL_ONE_OR_TWO = (("roll", 1), ("roll", 2))
REROLL_OR_KEEP = (("reroll",), ("keep",))
CONTRIBUTE = ("contribute",)
NO_MOVES = ()


def as_action(move: tuple) -> dict:
    """The action dict of a move: {"type": ..., field: value, ...}."""
    return _TO_ACTION[move[0]](move)


def _action_maker(kind: str, fields: tuple[str, ...]) -> Callable[[tuple], dict]:
    """A function that makes the action dict of a move of this type (a fresh dict each time)."""
    if not fields:
        return lambda move: {"type": kind}
    if len(fields) == 1:
        (key,) = fields
        return lambda move: {"type": kind, key: move[1]}
    if len(fields) == 3:  # a trade: a Business Center offers many
        first, second, third = fields
        return lambda move: {"type": kind, first: move[1], second: move[2], third: move[3]}
    return lambda move: {"type": kind, **dict(zip(fields, move[1:], strict=True))}


_TO_ACTION = {kind: _action_maker(kind, fields) for kind, fields in ACTION_FIELDS.items()}


def as_move(action: dict) -> tuple:
    """The move of an action dict that has its type's fields."""
    kind = action["type"]
    return (kind, *[action[key] for key in ACTION_FIELDS[kind]])


# --- legal actions -----------------------------------------------------------------------------


def legal_moves(state: GameState) -> Sequence[tuple]:
    """Every move the active seat may make now, as shared, read-only tuples; () once won."""
    if state.phase is not ROLL_PHASE:
        return _LEGAL[state.phase](state)
    # The roll step, the commonest, answered here rather than by a function of its own: a call
    # costs as much as the check
    player = state.players[state.active]
    powers = player.in_force_cache  # in_force(state, player), its check spelled out
    if (
        powers is None
        or powers.landmarks is not player.landmarks
        or powers.fresh is not player.fresh
        or powers.islands is not player.islands
        or powers.table is not state.table
    ):
        powers = in_force(state, player)
    return ROLL_ONE_OR_TWO if powers.two_dice else ROLL_ONE


def legal_actions(state: GameState) -> list[dict]:
    """Every action the active seat may take now, as JSON-able dicts; [] once the game is won."""
    to_action = _TO_ACTION
    return [
        # the commonest action, spelled out: a build step offers many
        {"type": "build", "card": move[1]} if move[0] == "build" else to_action[move[0]](move)
        for move in legal_moves(state)
    ]


def _legal_reroll(state: GameState) -> Sequence[tuple]:
    return REROLL_OR_KEEP


def _legal_choose_player(state: GameState) -> Sequence[tuple]:
    return [("choose_player", seat) for seat in _others(state)]


def _legal_trade(state: GameState) -> Sequence[tuple]:
    """Every swap that changes something and keeps both cities within the copy limits (the
    checks of _trade_refusal, applied to whole rows of swaps: `Swaps`)."""
    active = state.active
    mine = _tradeable(state, active)
    players = state.players
    if "two_copies_max" not in state.table.variants:
        return Swaps(
            mine, [(seat, _tradeable(state, seat), NOBODY_FULL) for seat in _others(state)]
        )
    my_city = players[active].city
    return Swaps(
        mine,
        [
            (
                seat,
                [take for take in _tradeable(state, seat) if my_city.get(take, 0) < 2],
                {card_id for card_id, copies in players[seat].city.items() if copies >= 2},
            )
            for seat in _others(state)
        ],
    )


def _legal_build(state: GameState) -> Sequence[tuple]:
    """What _build, _build_landmark and _contribute allow (the copy limits of _may_own_more
    inlined: this runs at every build step for every pile)."""
    active = state.active
    player = state.players[active]
    coins = player.coins
    table = state.table
    extras = table.build_step_extras
    by_coins = table.landmark_moves[active]
    paid_for, last_moves = by_coins[coins if coins < len(by_coins) else -1]  # built or not
    if "two_copies_max" in table.variants:
        city = player.city
        moves = [
            move
            for move, cost, purple in open_piles(state)
            if cost <= coins and (move[1] not in city if purple else city.get(move[1], 0) < 2)
        ]
    else:
        piles = state.piles_cache
        if piles is None or piles.market is not state.market:
            piles = market_piles(state)
        pile_set = piles.set  # the open piles within reach: a mask, an AND and a look-up
        costing = pile_set.costing
        mask = piles.open & costing[coins if coins < len(costing) else -1]
        if mask & pile_set.purple_mask:
            # a purple card owned is offered no more: its bit cleared, set or not (testing the
            # mask first cost more than the clearings it spared)
            city = player.city
            for card_id, bit in pile_set.purple:
                if card_id in city:
                    mask &= ~bit
        found = pile_set.offers.get(mask)
        if found is None:
            found = pile_set.offered(mask)
        affordable, offered = found
        if table.project is None and not extras:
            if not paid_for:
                return offered  # the piles within reach and passing, one shared tuple
            # the piles, then the landmarks paid for and not built and passing, kept by the
            # landmarks built (read off what is in force: a tuple made there once, not here)
            powers = player.in_force_cache
            if powers is None or powers.landmarks is not player.landmarks:
                powers = in_force(state, player)
            try:
                tail = last_moves[powers.built]
            except KeyError:
                tail = last_moves[powers.built] = (*_unbuilt(paid_for, powers.built), PASS)
            return affordable + tail
        moves = list(affordable)
    moves += _unbuilt(paid_for, tuple(player.landmarks.values()))
    project = table.project
    if project and not player.flag and project.cost <= coins:
        moves.append(CONTRIBUTE)
    for extra in extras:
        moves.extend(extra.legal(state))
    moves.append(PASS)
    return moves


def _unbuilt(paid_for: tuple, built: tuple[bool, ...]) -> list[tuple]:
    """The moves of the landmarks in `paid_for` ((slot, move)) that are not `built` (by slot)."""
    return [move for slot, move in paid_for if not built[slot]]


# the legal moves of every phase but the roll (legal_moves answers that one itself)
_LEGAL: dict[Phase, Callable[[GameState], Sequence[tuple]]] = {
    Phase.REROLL: _legal_reroll,
    Phase.CHOOSE_PLAYER: _legal_choose_player,
    Phase.TRADE: _legal_trade,
    Phase.BUILD: _legal_build,
    Phase.OVER: lambda state: NO_MOVES,
}


# --- helpers -----------------------------------------------------------------------------------


def _others(state: GameState) -> list[int]:
    count = len(state.players)
    return [(state.active + step) % count for step in range(1, count)]


def _tradeable(state: GameState, seat: int) -> list[str]:
    tradeable = state.table.tradeable
    player = state.players[seat]
    face_down = player.face_down
    if not face_down:
        return [card_id for card_id in player.city if card_id in tradeable]
    return [
        card_id
        for card_id, copies in player.city.items()
        if card_id in tradeable and copies > face_down.get(card_id, 0)  # one face up
    ]


def _trade_refusal(state: GameState, give: str, target: int, take: str) -> IllegalAction | None:
    """Why a swap of two tradeable cards is not legal (RULES.md §6), or None if it is."""
    if give == take:
        return _refuse(state, "trade_same_card", card=give)
    # Each player gains one card; the two-copy limit holds for trades as for building.
    for seat, gained in ((state.active, take), (target, give)):
        if not _may_own_more(state, state.players[seat], gained):
            return _refuse(state, "trade_over_limit", player=_name(state, seat), card=gained)
    return None


def _refuse(state: GameState, code: str, **params) -> IllegalAction:
    """A refusal whose English text names this game's cards and landmarks."""
    return IllegalAction(code, **params).named_by(state.table.english_name)


def _may_own_more(state: GameState, player, card_id: str) -> bool:
    owned = player.city.get(card_id, 0)
    if state.table.cards[card_id].colour == "purple":
        return owned == 0
    return owned < 2 if "two_copies_max" in state.table.variants else True


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def expect_keys(action: dict, *keys: str) -> None:
    if len(action) == 1 + len(keys):  # "type" is there: apply_action has read it
        for key in keys:
            if key not in action:
                break
        else:
            return
    expected = {"type", *keys}
    if set(action) != expected:
        wanted = ", ".join(sorted(expected))
        raise IllegalAction("action_fields", kind=shown(action["type"]), fields=wanted)


def _seat_number(state: GameState, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(state.players):
        raise IllegalAction("no_such_seat", seat=shown(value))
    return value


def _roll_dice(state: GameState, count: int, forced) -> tuple[int, ...]:
    if forced is None:
        values = dice_module.roll(state.setup["seed"], state.draws, count)
        state.draws += count
        return values
    if not isinstance(forced, list | tuple):
        raise IllegalAction("forced_dice_invalid", count=count, dice=shown(forced))
    forced = tuple(forced)
    if len(forced) != count or any(
        isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6 for die in forced
    ):
        raise IllegalAction("forced_dice_invalid", count=count, dice=shown(forced))
    return forced


# --- the turn ----------------------------------------------------------------------------------
#
# Each action has a check and a step. The check reads an action dict from outside, refuses it
# with the reason if it is not legal now, and returns its move; the step plays a move on the state
# it is given, in place, and reports what happened in `events` unless that is None. Every move
# `legal_moves` offers passes its check, so `play` runs the step alone.


def _check_roll(state: GameState, action: dict) -> tuple:
    expect_keys(action, "dice")
    count = action["dice"]
    if count not in (1, 2) or isinstance(count, bool):
        raise IllegalAction("dice_count")
    if count == 2:
        if "two_dice" not in in_force(state, state.players[state.active]).first:
            raise IllegalAction("two_dice_not_allowed", player=_name(state, state.active))
        return ROLL_ONE_OR_TWO[1]
    return ROLL_ONE[0]


def _roll(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    # The commonest roll takes its dice from those the game mixed ahead (dice.faces); _roll_dice,
    # for rerolls and forced dice, mixes them one by one: the same draws either way.
    if forced is None:
        count = move[1]
        draws = state.draws
        setup = state.setup
        mixed_for, first, faces = state.dice_ahead
        at = draws - first
        if mixed_for is not setup or at < 0 or at + count > len(faces):
            faces = _dice_faces(setup["seed"], draws, DICE_AHEAD)
            state.dice_ahead = (setup, draws, faces)
            at = 0
        dice = (faces[at],) if count == 1 else (faces[at], faces[at + 1])  # never more dice
        state.draws = draws + count
    else:
        dice = _roll_dice(state, move[1], forced)
    state.dice = dice
    if events is not None:
        events.append(
            {"type": "roll", "player": state.active, "dice": list(dice), "total": sum(dice)}
        )
    if not state.rerolled:
        player = state.players[state.active]
        powers = player.in_force_cache  # in_force(state, player), its check spelled out
        if (
            powers is None
            or powers.landmarks is not player.landmarks
            or powers.fresh is not player.fresh
            or powers.islands is not player.islands
            or powers.table is not state.table
        ):
            powers = in_force(state, player)
        if powers.reroll:
            state.phase = REROLL_PHASE
            return
    _activate(state, events)


def _check_plain(state: GameState, action: dict) -> tuple:
    expect_keys(action)
    return (action["type"],)


def _reroll(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    state.rerolled = True
    state.dice = dice = _roll_dice(state, len(state.dice), forced)
    if events is not None:
        events.append(
            {
                "type": "roll",
                "player": state.active,
                "dice": list(dice),
                "total": sum(dice),
                "reroll": True,
            }
        )
    _activate(state, events)


def _keep(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    state.rerolled = True
    if events is not None:
        events.append({"type": "keep", "player": state.active})
    _activate(state, events)


def _activate(state: GameState, events: Events | None) -> None:
    """Red first (counter-clockwise from the active seat's right), then blue (clockwise from the
    active seat), green (the active seat's), purple (queued for _resolve_queue).

    The commonest effect, coins from the bank, is paid here as effects._bank would pay it: a
    roll pays out several times over, and the calls would cost more than the payment."""
    dice = state.dice
    total = dice[0] if len(dice) == 1 else dice[0] + dice[1]  # one die or two, never more
    table = state.table
    active = state.active
    try:  # laid out on the first such roll: a subscript costs less than a .get call
        activation = table.activations[active][total]
    except KeyError:
        activation = lay_out_activation(table, active, total)
    if activation is None:
        state.queue = ()
        _after_income(state, events)
        return
    players = state.players
    quiet = events is None and state.owned is None
    for seat, card_id, amount, take, may_earn_more, card in activation.payouts:
        player = players[seat]  # its city stays as it is: resolvers move coins only
        copies = player.city.get(card_id)
        if not copies:  # most seats own none of most cards
            continue
        if player.face_down:
            copies -= player.face_down.get(card_id, 0)
            if not copies:
                continue
        if amount is None:
            if take is None:
                RESOLVERS[card.effect.kind](state, seat, card, copies, events)
                continue
            amount = take  # effects._take_from_active, spelled out
        if may_earn_more:
            bonus = in_force(state, player).icon_bonus
            if bonus:
                amount += bonus.get(card.icon, 0)
        if take is None:
            if quiet:  # the bank pays a player this state owns: no event, no copy
                player.coins += amount * copies
            else:
                transfer(state, events, card_id, None, seat, amount * copies, copies)
        elif quiet:  # as transfer would: the roller pays what they have, the rest is lost
            roller = players[active]
            paid = min(amount * copies, roller.coins)
            roller.coins -= paid
            player.coins += paid
        else:
            transfer(state, events, card_id, active, seat, amount * copies, copies)
    purple = activation.purple  # the active seat's own, face up, resolve in turn
    if purple:
        player = players[active]
        if player.face_down:
            purple = tuple(card_id for card_id in purple if face_up(player, card_id))
        else:  # face_up, spelled out: a city holds no card 0 times
            purple = tuple(filter(player.city.__contains__, purple))
    state.queue = purple
    if purple:
        _resolve_queue(state, events)
        return
    if not table.after_income:  # _after_income, spelled out
        state.phase = BUILD_PHASE
    else:
        _after_income(state, events)


def _resolve_queue(state: GameState, events: Events | None) -> None:
    """Resolve the active seat's purple cards in order, stopping at one that needs a decision."""
    cards = state.table.cards
    while state.queue:
        card = cards[state.queue[0]]
        if card.effect.kind in CHOICE_EFFECTS:
            state.phase = (
                Phase.CHOOSE_PLAYER if card.effect.kind == "take_from_chosen" else Phase.TRADE
            )
            return
        resolve(state, state.active, card, 1, events)
        state.queue = state.queue[1:]
    _after_income(state, events)


def _after_income(state: GameState, events: Events | None) -> None:
    """A roll's activation is over, its purple cards too: the rules' hooks, then the build step."""
    for hook in state.table.after_income:
        hook(state, events)
    state.phase = BUILD_PHASE


def _check_choose_player(state: GameState, action: dict) -> tuple:
    expect_keys(action, "player")
    target = _seat_number(state, action["player"])
    if target == state.active:
        raise IllegalAction("take_from_self", player=_name(state, target))
    return ("choose_player", target)


def _choose_player(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    card = state.table.cards[state.queue[0]]
    transfer(state, events, card.id, move[1], state.active, card.effect.params["amount"])
    state.queue = state.queue[1:]
    _resolve_queue(state, events)


def _check_trade(state: GameState, action: dict) -> tuple:
    expect_keys(action, "give", "player", "take")
    target = _seat_number(state, action["player"])
    give, take = action["give"], action["take"]
    if target == state.active:
        raise IllegalAction("trade_with_self")
    if not isinstance(give, str) or give not in _tradeable(state, state.active):
        raise _refuse(state, "trade_give_missing", player=_name(state, state.active), give=give)
    if not isinstance(take, str) or take not in _tradeable(state, target):
        raise _refuse(state, "trade_take_missing", player=_name(state, target), take=take)
    refusal = _trade_refusal(state, give, target, take)
    if refusal is not None:
        raise refusal
    return ("trade", give, target, take)


def _trade(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    _kind, give, target, take = move
    mine = state.changing(state.active)
    theirs = state.changing(target)
    mine.city = _moved(mine.city, give, take)
    theirs.city = _moved(theirs.city, take, give)
    if events is not None:
        events.append(
            {
                "type": "trade",
                "card": state.queue[0],
                "player": state.active,
                "give": give,
                "target": target,
                "take": take,
            }
        )
    state.queue = state.queue[1:]
    _resolve_queue(state, events)


def _moved(city: dict, lose: str, gain: str) -> dict:
    city = dict(city)
    city[lose] -= 1
    if not city[lose]:
        del city[lose]
    city[gain] = city.get(gain, 0) + 1
    return city


def _skip(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    if events is not None:
        events.append({"type": "skip", "player": state.active, "card": state.queue[0]})
    state.queue = state.queue[1:]
    _resolve_queue(state, events)


def _check_build(state: GameState, action: dict) -> tuple:
    expect_keys(action, "card")
    card_id = action["card"]
    player = state.players[state.active]
    if not isinstance(card_id, str) or card_id not in state.market:
        raise _refuse(state, "not_in_market", card=card_id)
    card = state.table.cards[card_id]
    if not state.market[card_id]:
        raise _refuse(state, "pile_sold_out", card=card_id)
    if card.cost > player.coins:
        raise _refuse(
            state,
            "not_enough_coins",
            player=player.name,
            coins=player.coins,
            card=card_id,
            cost=card.cost,
        )
    if not _may_own_more(state, player, card_id):
        if card.colour == "purple":
            raise _refuse(state, "one_purple_only", player=player.name, card=card_id)
        raise _refuse(state, "two_copies_only", player=player.name, card=card_id)
    return ("build", card_id)


def _build(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    card_id = move[1]
    table = state.table
    cost = table.cards[card_id].cost
    active = state.active
    owned = state.owned  # state.changing(active), the call saved for a player owned already
    player = state.players[active] if owned is None or owned[active] else state.changing(active)
    player.coins -= cost
    city = player.city.copy()  # other states may share the old one (dict.copy: quicker than {**})
    city[card_id] = city.get(card_id, 0) + 1
    player.city = city
    market = state.market
    left = market[card_id] - 1
    piles = state.piles_cache
    if piles is not None and piles.market is not market:
        piles = None  # read afresh when next needed
    if state.own_market is market:  # no other state shares it: changed in place
        market[card_id] = left
        if piles is not None and not left:  # the same piles but the one just emptied
            state.piles_cache = Piles(market, piles.set, piles.open & ~piles.set.bits[card_id])
    else:
        state.market = state.own_market = new_market = {**market, card_id: left}
        if piles is not None:  # the same piles, or the same but the one just emptied
            pile_set = piles.set
            state.piles_cache = Piles(
                new_market, pile_set, piles.open if left else piles.open & ~pile_set.bits[card_id]
            )
    if events is not None:
        events.append({"type": "build", "player": active, "card": card_id, "cost": cost})
    if "random_market" in table.variants:
        refill_market(state, events)
    end_action(state, events)


def _check_build_landmark(state: GameState, action: dict) -> tuple:
    expect_keys(action, "landmark")
    landmark = action["landmark"]
    player = state.players[state.active]
    if not isinstance(landmark, str) or landmark not in player.landmarks:
        raise _refuse(state, "no_such_landmark_to_build", player=player.name, landmark=landmark)
    if player.landmarks[landmark]:
        raise _refuse(state, "landmark_built_already", player=player.name, landmark=landmark)
    cost = state.table.landmark_costs[state.active][landmark]
    if cost > player.coins:
        raise _refuse(
            state,
            "not_enough_coins_landmark",
            player=player.name,
            coins=player.coins,
            landmark=landmark,
            cost=cost,
        )
    return ("build_landmark", landmark)


def _build_landmark(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    landmark = move[1]
    cost = state.table.landmark_costs[state.active][landmark]
    player = state.changing(state.active)
    player.coins -= cost
    player.landmarks = {**player.landmarks, landmark: True}
    player.fresh = (*player.fresh, landmark)
    if events is not None:
        events.append(
            {"type": "landmark", "player": state.active, "landmark": landmark, "cost": cost}
        )
    end_action(state, events)


def _check_contribute(state: GameState, action: dict) -> tuple:
    expect_keys(action)
    project = state.table.project
    player = state.players[state.active]
    if project is None:
        raise IllegalAction("no_project")
    if player.flag:
        raise IllegalAction("flag_placed_already", player=player.name)
    if project.cost > player.coins:
        raise IllegalAction(
            "not_enough_coins_project", player=player.name, coins=player.coins, cost=project.cost
        )
    return CONTRIBUTE


def _contribute(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    project = state.table.project
    player = state.changing(state.active)
    player.coins -= project.cost
    player.flag = True
    if events is not None:
        events.append(
            {
                "type": "contribute",
                "player": state.active,
                "project": project.id,
                "cost": project.cost,
            }
        )
    params = project.effect.params
    if project.effect.kind == "per_icon":
        amount = params["amount"] * count_icon(state, player, params["icon"], params["distinct"])
    else:
        amount = params["amount"]
    transfer(state, events, project.id, None, state.active, amount)
    end_action(state, events)


def _pass(state: GameState, move: tuple, events: Events | None, forced=None) -> None:
    if events is not None:
        events.append({"type": "pass", "player": state.active})
    end_action(state, events)


def has_won(state: GameState, seat: int) -> bool:
    player = state.players[seat]
    if not all(player.landmarks.values()):
        return False
    return state.table.project is None or player.flag


def end_action(state: GameState, events: Events | None) -> None:
    """The game ends at once on a win; otherwise the after-build cards pay and the turn passes."""
    active = state.active
    player = state.players[active]
    table = state.table
    if False not in player.landmarks.values() and (table.project is None or player.flag):
        state.winner = active  # has_won
        state.phase = OVER_PHASE
        if events is not None:
            events.append({"type": "game_over", "winner": active})
        return
    paying = table.after_build
    if paying and player.coins == 0 and not paying.isdisjoint(player.city):
        cards = table.cards
        for card_id in state.players[active].city:  # in city order: once one has paid,
            if card_id in paying and state.players[active].coins == 0:  # none is broke
                amount = cards[card_id].effect["amount"]
                transfer(state, events, card_id, None, active, amount)
    dice = state.dice
    if not (
        state.extra_turn
        or not dice
        or not (table.extra_turn_totals or (len(dice) == 2 and dice[0] == dice[1]))
        or not in_force(state, player).extra_turns
    ):
        _end_turn(state, events)
        return
    # No extra turn: start_turn(state, next seat, False, events), spelled out for games whose
    # landmarks wait for their owner (classic and Kosmos): this runs at every turn.
    if not table.landmarks_wait_for_owner:
        start_turn(state, (active + 1) % len(state.players), False, events)
        return
    players = state.players
    seat = active + 1
    if seat == len(players):
        seat = 0
    state.active = seat
    state.phase = ROLL_PHASE
    state.dice = ()
    state.rerolled = False
    state.extra_turn = False
    state.queue = ()
    if players[seat].fresh:
        state.changing(seat).fresh = ()
    state.turn += 1
    if events is not None:
        events.append({"type": "turn", "player": seat, "extra": False})
    for hook in table.start_of_turn:
        hook(state, events)


def _extra_turn_reason(state: GameState) -> str | None:
    if state.extra_turn or not state.dice:
        return None
    powers = in_force(state, state.players[state.active])
    if not powers.extra_turns:
        return None
    doubles = len(state.dice) == 2 and state.dice[0] == state.dice[1]
    park = powers.first.get("extra_turn_on_doubles")
    if doubles and park:
        return park.id
    if "extra_turn_on_total" not in powers.first:
        return None
    for source in powers.sources:  # a landmark and an island may name totals
        effect = source.effect
        if effect.kind == "extra_turn_on_total" and sum(state.dice) == effect.params["total"]:
            return source.id
    return None


def _end_turn(state: GameState, events: Events | None) -> None:
    reason = _extra_turn_reason(state)
    if reason:
        if events is not None:
            events.append({"type": "extra_turn", "player": state.active, "landmark": reason})
        start_turn(state, state.active, extra=True, events=events)
    else:
        start_turn(state, (state.active + 1) % len(state.players), extra=False, events=events)


def start_turn(
    state: GameState, seat: int, extra: bool, events: Events | None, *, opening: bool = False
) -> None:
    """Begin a seat's turn. The opening turn of a game (`opening`) counts no turn and runs no
    hooks; `events` None: play the turn's start without reporting it."""
    state.active = seat
    state.phase = ROLL_PHASE
    state.dice = ()
    state.rerolled = False
    state.extra_turn = extra
    state.queue = ()
    table = state.table
    if table.landmarks_wait_for_owner:
        if state.players[seat].fresh:
            state.changing(seat).fresh = ()
    else:
        for other, player in enumerate(state.players):
            if player.fresh:
                state.changing(other).fresh = ()
    if opening:
        return
    state.turn += 1
    if extra:
        state.extra_turns += 1
    if events is not None:
        events.append({"type": "turn", "player": seat, "extra": extra})
    for hook in table.start_of_turn:
        hook(state, events)


# --- the entry points --------------------------------------------------------------------------


class BuildStepExtra:
    """An action a later rule adds to the build step: its fields, its legal moves, its check
    (an action dict -> its move, or IllegalAction) and its step (plays a move in place).

    With a rule id, the action is offered and allowed only in games whose setup has that rule.
    """

    def __init__(self, action_type: str, fields: tuple[str, ...], legal, check, step, rule=None):
        self.action_type = action_type
        self.fields = fields
        self.legal = legal
        self.check = check
        self.step = step
        self.rule = rule


_ACTION_RULES: dict[str, str] = {}  # action type -> the rule id that brings it

Hook = Callable[[GameState, "Events | None"], None]


def add_hook(hooks: list, hook: Hook, rule: str | None = None) -> None:
    """Register a START_OF_TURN or AFTER_INCOME hook (table.py says when each runs), for the
    games with `rule` (None: all); events is None when nobody asked for them."""
    registering()
    hooks.append((rule, hook))


# action type -> (the phase it is taken in, its check, its step)
_HANDLERS = {
    "roll": ("roll", _check_roll, _roll),
    "reroll": ("reroll", _check_plain, _reroll),
    "keep": ("reroll", _check_plain, _keep),
    "choose_player": ("choose_player", _check_choose_player, _choose_player),
    "trade": ("trade", _check_trade, _trade),
    "skip": ("trade", _check_plain, _skip),
    "build": ("build", _check_build, _build),
    "build_landmark": ("build", _check_build_landmark, _build_landmark),
    "contribute": ("build", _check_contribute, _contribute),
    "pass": ("build", _check_plain, _pass),
}
# action type -> its step, for play
_STEPS = {kind: step for kind, (_phase, _check, step) in _HANDLERS.items()}

# The refusal of an action made in the wrong phase: what the active seat must do instead.
WRONG_PHASE = {
    "roll": "wrong_phase_roll",
    "reroll": "wrong_phase_reroll",
    "choose_player": "wrong_phase_choose_player",
    "trade": "wrong_phase_trade",
    "build": "wrong_phase_build",
}


def action_types() -> tuple[str, ...]:
    """Every action type the engine knows, those later rules add included."""
    return tuple(_HANDLERS)


def rule_actions() -> dict[str, str]:
    """Each rule id that adds an action to the turn, with that action's type."""
    return {rule: action for action, rule in _ACTION_RULES.items()}


def register_build_step_action(extra: BuildStepExtra) -> None:
    registering()
    _HANDLERS[extra.action_type] = ("build", extra.check, extra.step)
    _STEPS[extra.action_type] = extra.step
    ACTION_FIELDS[extra.action_type] = extra.fields
    _TO_ACTION[extra.action_type] = _action_maker(extra.action_type, extra.fields)
    BUILD_STEP_EXTRAS.append(extra)
    if extra.rule is not None:
        _ACTION_RULES[extra.action_type] = extra.rule


def play(state: GameState, move: tuple, events: Events | None = None) -> None:
    """Play a move from `legal_moves(state)` on the state itself: the fast way for bots,
    simulations and benchmarks. Events are reported into `events` if a list is given.

    The move is not checked: anything `legal_moves` did not offer is undefined (take actions from
    outside through `apply_action`, which refuses what is not legal). `push` keeps the way back.
    """
    _STEPS[move[0]](state, move, events)


def push(state: GameState, move: tuple) -> None:
    """`play` a move and remember how to take it back with `pop` (for looking ahead)."""
    state.undo.append(state.snapshot())
    _STEPS[move[0]](state, move, None)


def pop(state: GameState) -> None:
    """Take back the last move that `push` played: the state is exactly as it was before it."""
    state.restore(state.undo.pop())


def apply_action(
    state: GameState, action: dict, *, dice=None, seat: int | None = None
) -> tuple[GameState, Events]:
    """Play one action for the active seat; returns the new state and what happened.

    The state given is left as it was (the new one shares what did not change). `dice` forces the
    values of a roll or reroll (tests and replay only). `seat`, if given, is the seat that claims
    to act; any other than the active seat is refused.
    """
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str):
        raise IllegalAction("action_not_a_dict")
    entry = _HANDLERS.get(kind)
    if entry is None:
        raise IllegalAction("unknown_action", kind=shown(kind))
    if kind in _ACTION_RULES and _ACTION_RULES[kind] not in state.table.rules:
        raise IllegalAction("rule_not_in_game", rule=_ACTION_RULES[kind])
    if state.winner is not None:
        raise IllegalAction("game_over", player=_name(state, state.winner))
    if seat is not None and seat != state.active:
        claimed = _name(state, _seat_number(state, seat))
        raise IllegalAction("not_your_turn", player=_name(state, state.active), claimed=claimed)
    phase, check, step = entry
    if phase != state.phase:
        raise IllegalAction(WRONG_PHASE[state.phase], player=_name(state, state.active), kind=kind)
    if dice is not None and kind not in ("roll", "reroll"):
        raise IllegalAction("dice_forced_wrongly")
    move = check(state, action)
    new_state = state.successor()
    events: Events = []
    step(new_state, move, events, dice)
    return new_state, events
