"""Computer players. A bot only ever picks one of `legal_actions(state)`.

Each bot is a function (state, legal actions, rng) -> action, where rng is a `random.Random`
the caller owns and seeds (the server seeds it from the game, so a bot's game replays too).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .cards import CardDef
from .effects import count_icon, effects_in_force, icon_bonus, landmark_effect
from .rules import legal_actions
from .state import GameState, Player

Bot = Callable[[GameState, list[dict], random.Random], dict]

# Chance of each total with one die and with two.
ONE_DIE = dict.fromkeys(range(1, 7), 1 / 6)
TWO_DICE = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}


def random_bot(state: GameState, actions: list[dict], rng: random.Random) -> dict:
    return actions[rng.randrange(len(actions))]


def _dice_odds(state: GameState, player: Player) -> dict[int, float]:
    """The roll a seat is expected to make: two dice once it may, if that earns it more."""
    if not landmark_effect(state, player, "two_dice"):
        return ONE_DIE
    return max(ONE_DIE, TWO_DICE, key=lambda odds: _own_roll_value(state, player, odds))


def _card_income(state: GameState, player: Player, card: CardDef, copies: int) -> float:
    """Coins one activation of `copies` copies of a card brings its owner (estimated)."""
    effect = card.effect
    per_copy = effect.params.get("amount", 0) + icon_bonus(state, player, card)
    if effect.kind == "per_icon":
        count = count_icon(state, player, effect.params["icon"], effect.params["distinct"])
        per_copy = effect.params["amount"] * count + icon_bonus(state, player, card)
    elif effect.kind == "take_from_each":
        per_copy = effect.params["amount"] * (len(state.players) - 1)
    elif effect.kind == "swap":
        per_copy = 2
    return per_copy * copies


def _own_roll_value(state: GameState, player: Player, odds: dict[int, float]) -> float:
    cards = state.table.cards
    value = 0.0
    for card_id, copies in player.city.items():
        card = cards[card_id]
        if card.colour in ("blue", "green", "purple"):
            chance = sum(odds.get(number, 0) for number in card.numbers)
            if chance:
                value += chance * _card_income(state, player, card, copies)
    return value


def _others_roll_value(state: GameState, seat: int) -> float:
    player = state.players[seat]
    cards = state.table.cards
    value = 0.0
    for other_seat, other in enumerate(state.players):
        if other_seat == seat:
            continue
        odds = ONE_DIE if not landmark_effect(state, other, "two_dice") else TWO_DICE
        for card_id, copies in player.city.items():
            card = cards[card_id]
            if card.colour in ("blue", "red"):
                chance = sum(odds.get(number, 0) for number in card.numbers)
                if chance:
                    value += chance * _card_income(state, player, card, copies)
    return value


def _own_turn_value(state: GameState, player: Player) -> float:
    """Coins a seat expects from its own turn: its roll, a reroll of a poor one, extra turns."""
    odds = _dice_odds(state, player)
    value = _own_roll_value(state, player, odds)
    if landmark_effect(state, player, "reroll"):
        value = sum(
            chance * max(_own_roll_value(state, player, {total: 1.0}), value)
            for total, chance in odds.items()
        )
    extra = 0.0
    for source in effects_in_force(state, player):
        effect = source.effect
        if effect.kind == "extra_turn_on_total":
            extra += odds.get(effect.params["total"], 0)
        elif effect.kind == "extra_turn_on_doubles" and odds is TWO_DICE:
            extra += 1 / 6
    return value * (1 + extra)


def _round_value(state: GameState, seat: int) -> float:
    """Coins a seat expects from one round of everyone's rolls."""
    player = state.players[seat]
    value = _own_turn_value(state, player)
    value += _others_roll_value(state, seat)
    if player.islands:
        for source in effects_in_force(state, player):
            if source.effect.kind == "income_each_turn" and source.id in player.islands:
                value += source.effect.params["amount"]
    return value


def _with_card(state: GameState, seat: int, card_id: str, change: int) -> GameState:
    trial = state.copy()
    player = trial.players[seat]
    city = dict(player.city)
    city[card_id] = city.get(card_id, 0) + change
    if not city[card_id]:
        del city[card_id]
    player.city = city
    return trial


def greedy_bot(state: GameState, actions: list[dict], rng: random.Random) -> dict:
    """Builds a landmark or contributes to the community project when that brings its win
    sooner than the best establishment would (rounds still needed = coins still missing / income
    per round, plus a little for each action still due), so a landmark that pays (two dice, a
    bonus, a reroll, extra turns) comes early and a bare one waits while income is scarce; sails
    to claim a free island on the same test; otherwise builds the establishment that earns it the
    most per coin; with nothing worth building it sails towards the next free island if the coins
    are spare and the island is worth the whole voyage, or rests. Rolls the number of dice that
    pays best; takes from the richest; trades up."""
    kind = actions[0]["type"]
    seat = state.active
    player = state.players[seat]
    if kind == "roll":
        odds = _dice_odds(state, player)
        return {"type": "roll", "dice": 2 if odds is TWO_DICE and len(actions) > 1 else 1}
    if kind in ("reroll", "keep"):
        income = _own_roll_value(state, player, {sum(state.dice): 1.0})
        expected = _own_roll_value(state, player, ONE_DIE if len(state.dice) == 1 else TWO_DICE)
        return {"type": "reroll" if income < expected else "keep"}
    if kind == "choose_player":
        return max(actions, key=lambda a: (state.players[a["player"]].coins, -a["player"]))
    if kind in ("trade", "skip"):
        return _best_trade(state, actions)
    return _best_build(state, actions, rng)


def _best_trade(state: GameState, actions: list[dict]) -> dict:
    seat = state.active
    base = _round_value(state, seat)
    best, best_gain = {"type": "skip"}, 0.25
    for action in actions:
        if action["type"] != "trade":
            continue
        trial = _with_card(_with_card(state, seat, action["give"], -1), seat, action["take"], 1)
        gain = _round_value(trial, seat) - base
        if gain > best_gain:
            best, best_gain = action, gain
    return best


# A round's worth of the one action a turn allows: what finishing a step sooner is worth.
ACTION_WEIGHT = 0.5
# Income is never taken as less than this, so an empty city still compares its options.
MIN_INCOME = 0.5


def _missing(state: GameState, seat: int) -> tuple[float, int]:
    """Coins still to pay for the win (the project's benefit taken off) and actions still due."""
    player = state.players[seat]
    costs = state.table.landmark_costs[seat]
    coins = 0.0
    steps = 0
    for lid, built in player.landmarks.items():
        if not built:
            coins += costs[lid]
            steps += 1
    project = state.table.project
    if project is not None and not player.flag:
        coins += project.cost - _project_benefit(state, player)
        steps += 1
    return coins, steps


def _project_benefit(state: GameState, player: Player) -> int:
    params = state.table.project.effect.params
    if state.table.project.effect.kind == "per_icon":
        return params["amount"] * count_icon(state, player, params["icon"], params["distinct"])
    return params.get("amount", 0)


def rounds_to_win(state: GameState, seat: int) -> float:
    """Rounds the seat needs, at its present income, to pay for everything still missing
    (greedy's estimate; the expert scores its playouts by it too)."""
    player = state.players[seat]
    coins, steps = _missing(state, seat)
    income = max(_round_value(state, seat), MIN_INCOME)
    return max(coins - player.coins, 0) / income + ACTION_WEIGHT * steps


def _after(state: GameState, seat: int, action: dict) -> GameState:
    """The state as the seat would see it from its next turn on, had it taken this action."""
    trial = state.copy()
    player = trial.players[seat]
    kind = action["type"]
    if kind == "build":
        card = state.table.cards[action["card"]]
        player.coins -= card.cost
        player.city = {**player.city, card.id: player.city.get(card.id, 0) + 1}
    elif kind == "build_landmark":
        player.coins -= state.table.landmark_costs[seat][action["landmark"]]
        player.landmarks = {**player.landmarks, action["landmark"]: True}
    elif kind == "contribute":
        player.coins += _project_benefit(state, player) - state.table.project.cost
        player.flag = True
    elif kind == "sail":
        player.coins -= 2 * action["spaces"]
        player.boat += action["spaces"]
        island = state.table.island_spaces.get(player.boat)
        if island is not None and island not in _claimed(state):
            player.islands = (*player.islands, island)
    player.fresh = ()
    return trial


def _claimed(state: GameState) -> set[str]:
    return {island for player in state.players for island in player.islands}


def _best_build(state: GameState, actions: list[dict], rng: random.Random) -> dict:
    seat = state.active
    income = _best_income(state, seat, actions, rng)
    income_rounds = None if income is None else rounds_to_win(_after(state, seat, income), seat)
    steps = [a for a in actions if a["type"] in ("build_landmark", "contribute")]
    if steps:
        # The landmark or project that brings the win soonest, unless an establishment would.
        best_step = min(steps, key=lambda a: rounds_to_win(_after(state, seat, a), seat))
        if income is None or rounds_to_win(_after(state, seat, best_step), seat) <= income_rounds:
            return best_step
    claim = _claiming_sail(state, actions)
    # An island is worth its voyage only if it brings the win sooner than the best establishment.
    if claim is not None and (
        income is None or rounds_to_win(_after(state, seat, claim), seat) < income_rounds
    ):
        return claim
    cards = state.table.cards
    best = income or {"type": "pass"}
    if best["type"] == "build" and not _worth_spending(state, seat, cards[best["card"]].cost):
        best = {"type": "pass"}
    if best["type"] == "pass":
        return _idle_action(state, actions)
    return best


def _claiming_sail(state: GameState, actions: list[dict]) -> dict | None:
    """The sail that ends on an island nobody has claimed yet, if one is legal."""
    boat = state.players[state.active].boat
    claimed = {island for player in state.players for island in player.islands}
    for action in actions:
        if action["type"] == "sail":
            island = state.table.island_spaces.get(boat + action["spaces"])
            if island is not None and island not in claimed:
                return action
    return None


def _idle_action(state: GameState, actions: list[dict]) -> dict:
    """Nothing worth building: sail towards the next free island with spare coins, else rest."""
    seat = state.active
    boat = state.players[seat].boat
    claimed = {island for player in state.players for island in player.islands}
    ahead = [
        space
        for space, island in state.table.island_spaces.items()
        if space > boat and island not in claimed
    ]
    sails = [a for a in actions if a["type"] == "sail"]
    if ahead and sails:
        # Stop short of the island rather than sail past it; claim it from there later.
        fitting = [a for a in sails if boat + a["spaces"] < min(ahead)]
        voyage = {"type": "sail", "spaces": min(ahead) - boat}
        if fitting and rounds_to_win(_after(state, seat, voyage), seat) < rounds_to_win(
            state, seat
        ):
            sail = max(fitting, key=lambda a: a["spaces"])
            if _worth_spending(state, seat, 2 * sail["spaces"]):
                return sail
    for action in actions:
        if action["type"] == "rest":
            return action
    return {"type": "pass"}


def _worth_spending(state: GameState, seat: int, cost: int) -> bool:
    """Don't spend coins that would have bought the next landmark this turn or the next."""
    player = state.players[seat]
    costs = state.table.landmark_costs[seat]
    missing = [costs[lid] for lid, built in player.landmarks.items() if not built]
    if not missing:
        return True
    target = min(missing)
    expected = _round_value(state, seat)
    return not (player.coins < target <= player.coins + expected and player.coins - cost < target)


def _income_per_coin(state: GameState, seat: int, actions: list[dict]):
    """(build action, what it adds to the seat's income per round, per coin it costs)."""
    base = _round_value(state, seat)
    cards = state.table.cards
    for action in actions:
        if action["type"] == "build":
            gain = _round_value(_with_card(state, seat, action["card"], 1), seat) - base
            yield action, gain / max(cards[action["card"]].cost, 1)


def _best_income(state: GameState, seat: int, actions: list[dict], rng) -> dict | None:
    """The establishment that earns the most per coin, if any earns anything."""
    best, best_score = None, 0.0
    for action, per_coin in _income_per_coin(state, seat, actions):
        score = per_coin + rng.random() * 1e-6
        if score > best_score:
            best, best_score = action, score
    return best


def best_income_ranked(state: GameState, seat: int, actions: list[dict]) -> list[dict]:
    """The establishments that earn anything, the most per coin first (the expert tries the best
    few of them)."""
    earning = [pair for pair in _income_per_coin(state, seat, actions) if pair[1] > 0]
    return [action for action, _per_coin in sorted(earning, key=lambda pair: -pair[1])]


# Stored by these names, shown to people as easy, normal and hard (play/describe.py). The expert
# (play/engine/expert.py) builds on greedy's estimates, so it adds itself here when imported;
# play/engine/__init__.py imports it, so it is always here.
BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


def choose_action(bot: str, state: GameState, rng: random.Random) -> dict:
    """The action the named bot takes now."""
    return BOTS[bot](state, legal_actions(state), rng)
