"""Computer players. A bot only ever picks one of the legal moves.

Each bot is a function (state, legal moves, rng) -> move (`MOVE_BOTS`, for simulations, the
expert's look-ahead and benchmarks: `rules.legal_moves` and `rules.play`), where rng is a
`random.Random` the caller owns and seeds (the server seeds it from the game, so a bot's game
replays too). `BOTS` holds the same bots on action dicts: (state, legal actions, rng) -> action.

Greedy's estimates weigh a seat's city as it would be after a move by changing a copy of that
seat's player only (`_with_card`, `_after`), or for a trial establishment the entries of the
city's incomes it changes (`_trial_entries`): every other seat stays as the state holds it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .cards import CardDef
from .effects import InForce, count_icon, effects_in_force, icons_in, in_force
from .rules import as_action, as_move, legal_moves
from .state import GameState, Player

Bot = Callable[[GameState, list[dict], random.Random], dict]
MoveBot = Callable[[GameState, Sequence[tuple], random.Random], tuple]

# Chance of each total with one die and with two.
ONE_DIE = dict.fromkeys(range(1, 7), 1 / 6)
TWO_DICE = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}


def random_move(state: GameState, moves: Sequence[tuple], rng: random.Random) -> tuple:
    return moves[rng.randrange(len(moves))]


_CHANCES: dict[tuple[int, ...], tuple[float, float]] = {}  # numbers -> (one die, two dice)


def _chances(numbers: tuple[int, ...]) -> tuple[float, float]:
    """The chances that a roll of one die and of two dice activates a card with these numbers."""
    found = _CHANCES.get(numbers)
    if found is None:
        found = _CHANCES[numbers] = (
            sum(ONE_DIE.get(number, 0) for number in numbers),
            sum(TWO_DICE.get(number, 0) for number in numbers),
        )
    return found


# (numbers, colour) -> the chances that a roll activates the card for its owner, with one die and
# with two, on the owner's roll and on another's (0 where its colour does not pay then)
_ODDS: dict[tuple[tuple[int, ...], str], tuple[float, float, float, float]] = {}


def _odds(card: CardDef) -> tuple[float, float, float, float]:
    key = (card.numbers, card.colour)
    found = _ODDS.get(key)
    if found is None:
        one, two = _chances(card.numbers)
        own = card.colour in _OWN_ROLL
        others = card.colour in _OTHERS_ROLL
        found = _ODDS[key] = (
            one if own else 0,
            two if own else 0,
            one if others else 0,
            two if others else 0,
        )
    return found


def _dice_odds(state: GameState, player: Player) -> dict[int, float]:
    """The roll a seat is expected to make: two dice once it may, if that earns it more."""
    return _dice_odds_and_value(state, player, _incomes(state, player))[0]


def _dice_odds_and_value(
    state: GameState, player: Player, incomes, powers: InForce | None = None
) -> tuple[dict, float]:
    """The odds of `_dice_odds` and what the seat's own roll earns with them (`powers`: the
    player's `in_force`, if known)."""
    one = _own_value(incomes, ONE_DIE)
    if not (powers or in_force(state, player)).two_dice:
        return ONE_DIE, one
    two = _own_value(incomes, TWO_DICE)
    return (TWO_DICE, two) if two > one else (ONE_DIE, one)


def _incomes(state: GameState, player: Player) -> list[tuple]:
    """Each card of the player's city (in city order) with the coins one activation of its copies
    brings the player (estimated) and its chances with one die and with two on its owner's roll
    and on another's (`_odds`): worked out once for every roll an estimate weighs.

    The list is shared by the estimates of one city (`_INCOMES`): a seat's roll, its build step
    and the others' estimates of it weigh the same city again and again. Callers read it only."""
    city = player.city
    bonus = in_force(state, player).icon_bonus  # icon -> extra coins per copy (Shopping Mall)
    found = _INCOMES.get(id(city))
    # what the list is derived from: the city, the icon bonuses in force (the only power it
    # reads: a landmark that adds none, tried by greedy, leaves the list as it is) and the count
    # of players (take_from_each); the cache holds them, so no id is reused while it is there
    if (
        found is not None
        and found[0] is city
        and (found[1] is bonus or found[1] == bonus)
        and found[2] == len(state.players)
    ):
        return found[3]
    cards = state.table.cards
    incomes = [
        _income(state, city, bonus, cards[card_id], copies) for card_id, copies in city.items()
    ]
    if len(_INCOMES) >= _INCOMES_KEPT:
        _INCOMES.clear()
    _INCOMES[id(city)] = (city, bonus, len(state.players), incomes)
    return incomes


# _incomes by the identity of the city they were worked out for (the engine replaces a city
# when it changes, never changes one in place); cleared when full.
_INCOMES: dict[int, tuple] = {}
_INCOMES_KEPT = 512


def _income(state: GameState, city: dict, bonus: dict, card: CardDef, copies: int) -> tuple:
    """One card's entry in `_incomes` of a player with this city."""
    note = _NOTES.get(id(card))
    if note is None or note[0] is not card:
        note = _note(card)
    _card, kind, amount, one, two, one_others, two_others = note
    if kind == "per_icon":
        params = card.effect.params
        count = icons_in(state.table.cards, city, params["icon"], params["distinct"])
        per_copy = amount * count + bonus.get(card.icon, 0)
    elif kind == "take_from_each":
        per_copy = amount * (len(state.players) - 1)
    elif kind == "swap":
        per_copy = 2
    else:
        per_copy = amount + bonus.get(card.icon, 0)
    return (card, per_copy * copies, one, two, one_others, two_others)


# What `_income` reads of a card, by the card's identity: (the card, its effect kind, the amount
# it names or 0, and the four chances of `_odds`); the card is kept with it, so no id is reused
# while it is there.
_NOTES: dict[int, tuple] = {}


def _note(card: CardDef) -> tuple:
    if len(_NOTES) >= 2048:  # a campaign's games each have cards of their own
        _NOTES.clear()
    note = _NOTES[id(card)] = (
        card,
        card.effect.kind,
        card.effect.params.get("amount", 0),
        *_odds(card),
    )
    return note


def _entries_of(incomes: list) -> tuple[dict[str, int], dict[str, list[int]]]:
    """Where each card's entry lies in an `_incomes` list, and, by icon, where the entries of the
    cards that count that icon (per_icon) lie: the entries a card added to the city changes."""
    at: dict[str, int] = {}
    counting: dict[str, list[int]] = {}
    for position, entry in enumerate(incomes):
        card = entry[0]
        at[card.id] = position
        effect = card.effect
        if effect.kind == "per_icon":
            counting.setdefault(effect.params["icon"], []).append(position)
    return at, counting


def _trial_entries(
    state: GameState, city: dict, incomes: list, entries: tuple, bonus: dict, card_id: str
) -> tuple[int, list, Sequence[int], bool, bool]:
    """What a city's `_incomes` list (`entries`: its `_entries_of`; `bonus`: the owner's icon
    bonuses) would be with one copy of a card more, as the first place that changes and the
    list from there on: only the card's own entry and those counting its icon change, and a card
    new to the city comes last, as in the city's dict. `incomes[:first] + tail` is the very list
    `_incomes` makes for that city (same entries, same order, so every sum over it is the same).

    Also whether an entry that changed pays on the owner's roll, and on another's: if none does,
    what the owner's roll (or the others') is worth is what it was worth before, to the bit (an
    entry with no chance is skipped in each sum)."""
    at, counting = entries
    added = state.table.cards[card_id]
    position = at.get(card_id)
    city = {**city, card_id: city.get(card_id, 0) + 1}
    changed = counting.get(added.icon, ())
    if position is not None and position not in changed:
        changed = (*changed, position)
    first = min(changed) if changed else len(incomes)
    tail = incomes[first:]  # the entries at `changed` replaced below, one appended if new
    own = others = False
    for place in changed:
        card = incomes[place][0]
        entry = tail[place - first] = _income(state, city, bonus, card, city[card.id])
        own = own or bool(entry[2] or entry[3])
        others = others or bool(entry[4] or entry[5])
    if position is None:
        entry = _income(state, city, bonus, added, 1)
        own = own or bool(entry[2] or entry[3])
        others = others or bool(entry[4] or entry[5])
        tail.append(entry)
    return first, tail, changed, own, others


def _prefix_sums(incomes: list) -> tuple[list[float], ...]:
    """For each place k of an `_incomes` list (and its end), the sums `_own_value` with one die
    and with two, and a pass of `_others_roll_value` with one die and with two, have reached
    before entry k: summed as those loops sum, so a trial that changes entries from k on goes on
    from there and gets the very same floats."""
    own_one, own_two, others_one, others_two = [0.0], [0.0], [0.0], [0.0]
    a = b = c = d = 0.0
    for _card, income, one, two, one_others, two_others in incomes:
        if one:
            a += one * income
        if two:
            b += two * income
        if one_others:
            c += one_others * income
        if two_others:
            d += two_others * income
        own_one.append(a)
        own_two.append(b)
        others_one.append(c)
        others_two.append(d)
    return own_one, own_two, others_one, others_two


_OWN_ROLL = frozenset({"blue", "green", "purple"})  # colours that pay on their owner's roll
_OTHERS_ROLL = frozenset({"blue", "red"})  # colours that pay on another player's roll


class _CitySums:
    """Sums over one `_incomes` list that the estimates of its city ask for again and again
    (greedy weighs the seat's landmarks on the same city, the roll and the build step weigh it in
    one turn), each worked out when first asked for. The list is never changed once made."""

    __slots__ = ("incomes", "own_one_die", "own_two_dice", "others", "_per_total", "_prefix")

    def __init__(self, incomes: list):
        self.incomes = incomes
        self.own_one_die: float | None = None  # `_own_value` with one die
        self.own_two_dice: float | None = None  # and with two
        self.others: dict[tuple[bool, ...], float] = {}  # the other seats' dice -> their rolls
        self._per_total: dict[int, float] | None = None
        self._prefix: tuple | None = None

    def per_total(self) -> dict[int, float]:
        """`_value_per_total` of the list."""
        if self._per_total is None:
            self._per_total = _value_per_total(self.incomes)
        return self._per_total

    def prefix(self) -> tuple:
        """`_prefix_sums` of the list, and by total the places of the entries that earn on it."""
        if self._prefix is None:
            places: dict[int, list[int]] = {}
            for place, entry in enumerate(self.incomes):
                if entry[0].colour in _OWN_ROLL:
                    for number in entry[0].numbers:
                        places.setdefault(number, []).append(place)
            self._prefix = (_prefix_sums(self.incomes), places)
        return self._prefix


# _CitySums by its list's identity; the list is kept in them, so no id is reused while it is
# here; cleared when full.
_SUMS: dict[int, _CitySums] = {}


def _sums(incomes: list) -> _CitySums:
    found = _SUMS.get(id(incomes))
    if found is None or found.incomes is not incomes:
        if len(_SUMS) >= _INCOMES_KEPT:
            _SUMS.clear()
        found = _SUMS[id(incomes)] = _CitySums(incomes)
    return found


def _own_value(incomes, odds: dict[int, float]) -> float:
    if odds is TWO_DICE:
        sums = _sums(incomes)
        if sums.own_two_dice is None:
            sums.own_two_dice = _own_value_summed(incomes, True)
        return sums.own_two_dice
    if odds is ONE_DIE:
        sums = _sums(incomes)
        if sums.own_one_die is None:
            sums.own_one_die = _own_value_summed(incomes, False)
        return sums.own_one_die
    value = 0.0
    for card, income, *_chances in incomes:
        if card.colour in _OWN_ROLL:
            chance = sum(odds.get(number, 0) for number in card.numbers)
            if chance:
                value += chance * income
    return value


def _own_value_summed(incomes, two_dice: bool) -> float:
    value = 0.0
    for _card, income, one, two, _others_one, _others_two in incomes:
        chance = two if two_dice else one  # 0 for a card that pays on others' rolls only
        if chance:
            value += chance * income
    return value


def _own_roll_value(state: GameState, player: Player, odds: dict[int, float]) -> float:
    return _own_value(_incomes(state, player), odds)


def _value_per_total(incomes) -> dict[int, float]:
    """What the seat's own roll earns on each total (as `_own_value` with the odds {total: 1.0})."""
    per_total: dict[int, float] = {}
    for card, income, *_chances in incomes:
        if card.colour in _OWN_ROLL:
            for number in card.numbers:
                per_total[number] = per_total.get(number, 0.0) + 1.0 * income
    return per_total


def _trial_per_total(
    incomes: list, first: int, tail: list, changed: Sequence[int]
) -> dict[int, float]:
    """`_value_per_total(incomes[:first] + tail)` for a trial of `_trial_entries` (`changed`:
    the places it changed), from the city's own: only the totals of the entries that changed
    are summed again, over the entries that earn on them, in the list's order (the same floats).
    """
    sums = _sums(incomes)
    _prefix, places = sums.prefix()
    per_total = dict(sums.per_total())
    added = tail[-1] if len(tail) > len(incomes) - first else None  # a card new to the city
    new = [tail[place - first] for place in changed]
    if added is not None:
        new.append(added)
    for entry in new:
        if entry[0].colour not in _OWN_ROLL:
            continue
        for number in entry[0].numbers:
            value = 0.0
            for place in places.get(number, ()):
                value = value + 1.0 * (tail[place - first] if place >= first else incomes[place])[1]
            if added is not None and added[0].colour in _OWN_ROLL:
                for added_number in added[0].numbers:
                    if added_number == number:
                        value = value + 1.0 * added[1]
            per_total[number] = value
    return per_total


def _others_two_dice(state: GameState, seat: int) -> tuple[bool, ...]:
    """Whether each other seat (in seat order) rolls two dice, as the estimates assume."""
    return tuple(
        [
            in_force(state, other).two_dice
            for other_seat, other in enumerate(state.players)
            if other_seat != seat
        ]
    )


def _others_roll_value(
    state: GameState, seat: int, incomes, others_two_dice: tuple[bool, ...] | None = None
) -> float:
    if others_two_dice is None:
        others_two_dice = _others_two_dice(state, seat)
    known = _sums(incomes).others
    value = known.get(others_two_dice)
    if value is None:
        value = known[others_two_dice] = _others_value_summed(incomes, others_two_dice)
    return value


def _others_value_summed(incomes, others_two_dice: tuple[bool, ...]) -> float:
    value = 0.0
    for two_dice in others_two_dice:
        for _card, income, _own_one, _own_two, one, two in incomes:
            chance = two if two_dice else one  # 0 for a card that pays on its owner's roll only
            if chance:
                value += chance * income
    return value


def _own_turn_value(state: GameState, player: Player, incomes) -> float:
    """Coins a seat expects from its own turn: its roll, a reroll of a poor one, extra turns."""
    powers = in_force(state, player)
    odds, value = _dice_odds_and_value(state, player, incomes, powers)
    if not powers.reroll:
        return _turn_value(powers, odds, value, None)
    return _turn_value(powers, odds, value, _sums(incomes).per_total())


def _turn_value(powers: InForce, odds: dict, value: float, per_total: dict | None) -> float:
    """`_own_turn_value` from the roll the seat makes (`_dice_odds_and_value`) and, for a
    reroll, what each total earns (`_value_per_total`)."""
    if powers.reroll:
        rerolled = 0  # summed as sum() sums, from the int 0: the very same float
        for total, chance in odds.items():
            rerolled += chance * max(per_total.get(total, 0.0), value)
        value = rerolled
    extra = 0.0
    for source in powers.sources if powers.extra_turns else ():
        effect = source.effect
        if effect.kind == "extra_turn_on_total":
            extra += odds.get(effect.params["total"], 0)
        elif effect.kind == "extra_turn_on_doubles" and odds is TWO_DICE:
            extra += 1 / 6
    return value * (1 + extra)


def _round_value(
    state: GameState,
    seat: int,
    player: Player | None = None,
    incomes: list | None = None,
    others_two_dice: tuple[bool, ...] | None = None,
) -> float:
    """Coins a seat expects from one round of everyone's rolls (with `player` in its seat, if
    given: the seat's player as it would be after a move; `incomes` its `_incomes` and
    `others_two_dice` the other seats' `_others_two_dice`, if known)."""
    if player is None:
        player = state.players[seat]
    if incomes is None:
        incomes = _incomes(state, player)
    own = _own_turn_value(state, player, incomes)
    return _round_value_of(
        state, player, own, _others_roll_value(state, seat, incomes, others_two_dice)
    )


def _round_value_of(state: GameState, player: Player, own: float, others: float) -> float:
    """`_round_value` from what the seat's own turn and the others' rolls are worth to it."""
    value = own
    value += others
    if player.islands:
        for source in effects_in_force(state, player):
            if source.effect.kind == "income_each_turn" and source.id in player.islands:
                value += source.effect.params["amount"]
    return value


def _with_card(player: Player, card_id: str, change: int) -> Player:
    """The player with one copy of a card more (change 1) or less (-1)."""
    trial = player.copy()
    city = dict(player.city)
    city[card_id] = city.get(card_id, 0) + change
    if not city[card_id]:
        del city[card_id]
    trial.city = city
    return trial


def greedy_move(state: GameState, moves: Sequence[tuple], rng: random.Random) -> tuple:
    """Builds a landmark or contributes to the community project when that brings its win
    sooner than the best establishment would (rounds still needed = coins still missing / income
    per round, plus a little for each action still due), so a landmark that pays (two dice, a
    bonus, a reroll, extra turns) comes early and a bare one waits while income is scarce; sails
    to claim a free island on the same test; otherwise builds the establishment that earns it the
    most per coin; with nothing worth building it sails towards the next free island if the coins
    are spare and the island is worth the whole voyage, or rests. Rolls the number of dice that
    pays best; takes from the richest; trades up."""
    kind = moves[0][0]
    seat = state.active
    player = state.players[seat]
    if kind == "roll":
        if len(moves) == 1:  # one die is all the seat may roll: no need to weigh two
            return moves[0]
        return ("roll", 2 if _dice_odds(state, player) is TWO_DICE else 1)
    if kind in ("reroll", "keep"):
        income = _own_roll_value(state, player, {sum(state.dice): 1.0})
        expected = _own_roll_value(state, player, ONE_DIE if len(state.dice) == 1 else TWO_DICE)
        return ("reroll",) if income < expected else ("keep",)
    if kind == "choose_player":
        return max(moves, key=lambda move: (state.players[move[1]].coins, -move[1]))
    if kind in ("trade", "skip"):
        return _best_trade(state, moves)
    return _best_build(state, moves, rng)


def _best_trade(state: GameState, moves: Sequence[tuple]) -> tuple:
    seat = state.active
    player = state.players[seat]
    base = _round_value(state, seat)
    best, best_gain = ("skip",), 0.25
    # A swap changes only the trading seat's city here, so giving a card for another is worth
    # the same whoever the other seat is: each pair is weighed once, not once per seat.
    gains: dict[tuple[str, str], float] = {}
    for move in moves:
        if move[0] != "trade":
            continue
        _kind, give, _target, take = move
        gain = gains.get((give, take))
        if gain is None:
            trial = _with_card(_with_card(player, give, -1), take, 1)
            gain = gains[give, take] = _round_value(state, seat, trial) - base
        if gain > best_gain:
            best, best_gain = move, gain
    return best


# A round's worth of the one action a turn allows: what finishing a step sooner is worth.
ACTION_WEIGHT = 0.5
# Income is never taken as less than this, so an empty city still compares its options.
MIN_INCOME = 0.5


def _missing(state: GameState, seat: int, player: Player) -> tuple[float, int]:
    """Coins still to pay for the win (the project's benefit taken off) and actions still due."""
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


def rounds_to_win(
    state: GameState, seat: int, player: Player | None = None, value: float | None = None
) -> float:
    """Rounds the seat needs, at its present income, to pay for everything still missing
    (greedy's estimate; the expert scores its playouts by it too). With `player`, for the seat's
    player as it would be after a move; with `value`, its `_round_value` if already known."""
    if player is None:
        player = state.players[seat]
    coins, steps = _missing(state, seat, player)
    income = max(_round_value(state, seat, player) if value is None else value, MIN_INCOME)
    return max(coins - player.coins, 0) / income + ACTION_WEIGHT * steps


def _after(state: GameState, seat: int, move: tuple) -> Player:
    """The seat's player as it would be from its next turn on, had it made this move."""
    player = state.players[seat].copy()
    kind = move[0]
    if kind == "build":
        card = state.table.cards[move[1]]
        player.coins -= card.cost
        player.city = {**player.city, card.id: player.city.get(card.id, 0) + 1}
    elif kind == "build_landmark":
        player.coins -= state.table.landmark_costs[seat][move[1]]
        player.landmarks = {**player.landmarks, move[1]: True}
    elif kind == "contribute":
        player.coins += _project_benefit(state, player) - state.table.project.cost
        player.flag = True
    elif kind == "sail":
        player.coins -= 2 * move[1]
        player.boat += move[1]
        island = state.table.island_spaces.get(player.boat)
        if island is not None and island not in _claimed(state):
            player.islands = (*player.islands, island)
    player.fresh = ()
    return player


def _rounds_after(state: GameState, seat: int, move: tuple) -> float:
    return rounds_to_win(state, seat, _after(state, seat, move))


def _claimed(state: GameState) -> set[str]:
    return {island for player in state.players for island in player.islands}


def _best_build(state: GameState, moves: Sequence[tuple], rng: random.Random) -> tuple:
    seat = state.active
    income, income_value, value = _best_income(state, seat, moves, rng)
    if income is None:
        income_rounds = None
    elif state.players[seat].fresh:  # from the next turn on they count: the powers differ
        income_rounds = _rounds_after(state, seat, income)
    else:  # the establishment's round value, as _best_income weighed it, is the one after it
        income_rounds = rounds_to_win(state, seat, _after(state, seat, income), income_value)
    steps = {
        move: _rounds_after(state, seat, move)
        for move in moves
        if move[0] in ("build_landmark", "contribute")
    }
    if steps:
        # The landmark or project that brings the win soonest, unless an establishment would.
        best_step = min(steps, key=steps.__getitem__)
        if income is None or steps[best_step] <= income_rounds:
            return best_step
    claim = _claiming_sail(state, moves)
    # An island is worth its voyage only if it brings the win sooner than the best establishment.
    if claim is not None and (income is None or _rounds_after(state, seat, claim) < income_rounds):
        return claim
    cards = state.table.cards
    best = income or PASS
    if best[0] == "build" and not _worth_spending(state, seat, cards[best[1]].cost, value):
        best = PASS
    if best[0] == "pass":
        return _idle_move(state, moves)
    return best


def _claiming_sail(state: GameState, moves: Sequence[tuple]) -> tuple | None:
    """The sail that ends on an island nobody has claimed yet, if one is legal."""
    boat = state.players[state.active].boat
    claimed = _claimed(state)
    for move in moves:
        if move[0] == "sail":
            island = state.table.island_spaces.get(boat + move[1])
            if island is not None and island not in claimed:
                return move
    return None


def _idle_move(state: GameState, moves: Sequence[tuple]) -> tuple:
    """Nothing worth building: sail towards the next free island with spare coins, else rest."""
    seat = state.active
    boat = state.players[seat].boat
    claimed = _claimed(state)
    ahead = [
        space
        for space, island in state.table.island_spaces.items()
        if space > boat and island not in claimed
    ]
    sails = [move for move in moves if move[0] == "sail"]
    if ahead and sails:
        # Stop short of the island rather than sail past it; claim it from there later.
        fitting = [move for move in sails if boat + move[1] < min(ahead)]
        voyage = ("sail", min(ahead) - boat)
        if fitting and _rounds_after(state, seat, voyage) < rounds_to_win(state, seat):
            sail = max(fitting, key=lambda move: move[1])
            if _worth_spending(state, seat, 2 * sail[1]):
                return sail
    for move in moves:
        if move[0] == "rest":
            return move
    return PASS


def _worth_spending(state: GameState, seat: int, cost: int, value: float | None = None) -> bool:
    """Don't spend coins that would have bought the next landmark this turn or the next
    (`value`: the seat's `_round_value`, if known)."""
    player = state.players[seat]
    costs = state.table.landmark_costs[seat]
    missing = [costs[lid] for lid, built in player.landmarks.items() if not built]
    if not missing:
        return True
    target = min(missing)
    expected = _round_value(state, seat) if value is None else value
    return not (player.coins < target <= player.coins + expected and player.coins - cost < target)


def _income_per_coin(
    state: GameState, seat: int, moves: Sequence[tuple]
) -> tuple[float, list[tuple[tuple, float, float]]]:
    """The seat's `_round_value` as it is, and for each build move: the move, what it adds to
    that per coin it costs, and the seat's round value with the establishment.

    A trial establishment changes a few entries of the city's incomes (`_trial_entries`), so
    each sum over them goes on from where the city's own sum stood before the first change
    (`_prefix_sums`): the same floats as summing the trial city's list from its start."""
    player = state.players[seat]
    incomes = _incomes(state, player)
    powers = in_force(state, player)
    others_two_dice = _others_two_dice(state, seat)
    own_base = _own_turn_value(state, player, incomes)
    others_base = _others_roll_value(state, seat, incomes, others_two_dice)
    base = _round_value_of(state, player, own_base, others_base)
    cards = state.table.cards
    entries = _entries_of(incomes)
    prefix = None
    found = []
    for move in moves:
        if move[0] != "build":
            continue
        if prefix is None:
            prefix, _places = _sums(incomes).prefix()
            own_one, own_two, others_one, others_two = prefix
        first, tail, changed, own_changed, others_changed = _trial_entries(
            state, player.city, incomes, entries, powers.icon_bonus, move[1]
        )
        own = own_base
        if own_changed:
            one = own_one[first]
            for _card, income, chance, _two, _one_others, _two_others in tail:
                if chance:
                    one += chance * income
            odds, roll = ONE_DIE, one
            if powers.two_dice:
                two = own_two[first]
                for _card, income, _one, chance, _one_others, _two_others in tail:
                    if chance:
                        two += chance * income
                if two > one:
                    odds, roll = TWO_DICE, two
            per_total = _trial_per_total(incomes, first, tail, changed) if powers.reroll else None
            own = _turn_value(powers, odds, roll, per_total)
        others = others_base
        if others_changed:
            others = 0.0
            for turn, two_dice in enumerate(others_two_dice):
                if turn == 0:  # the first pass goes on from the city's own sum
                    others = (others_two if two_dice else others_one)[first]
                    trial = tail
                else:
                    trial = incomes[:first] + tail
                for _card, income, _one, _two, one, two in trial:
                    chance = two if two_dice else one
                    if chance:
                        others += chance * income
        value = _round_value_of(state, player, own, others)
        found.append((move, (value - base) / max(cards[move[1]].cost, 1), value))
    return base, found


def _best_income(
    state: GameState, seat: int, moves: Sequence[tuple], rng
) -> tuple[tuple | None, float | None, float]:
    """The establishment that earns the most per coin, if any earns anything, with the seat's
    round value with it; and the seat's round value as it is."""
    base, found = _income_per_coin(state, seat, moves)
    best, best_score, best_value = None, 0.0, None
    for move, per_coin, value in found:
        score = per_coin + rng.random() * 1e-6
        if score > best_score:
            best, best_score, best_value = move, score, value
    return best, best_value, base


def best_income_ranked(state: GameState, seat: int, moves: Sequence[tuple]) -> list[tuple]:
    """The establishments that earn anything, the most per coin first (the expert tries the best
    few of them)."""
    earning = [entry for entry in _income_per_coin(state, seat, moves)[1] if entry[1] > 0]
    return [move for move, _per_coin, _value in sorted(earning, key=lambda entry: -entry[1])]


def on_actions(move_bot: MoveBot) -> Bot:
    """The same bot on action dicts: it picks one of the actions it is given."""

    def bot(state: GameState, actions: list[dict], rng: random.Random) -> dict:
        return as_action(move_bot(state, [as_move(action) for action in actions], rng))

    bot.__name__ = bot.__qualname__ = move_bot.__name__.replace("_move", "_bot")
    bot.__doc__ = move_bot.__doc__
    return bot


PASS = ("pass",)
random_bot = on_actions(random_move)
greedy_bot = on_actions(greedy_move)

# Stored by these names, shown to people as easy, normal and hard (play/describe.py). The expert
# (play/engine/expert.py) builds on greedy's estimates, so it adds itself here when imported;
# play/engine/__init__.py imports it, so it is always here.
MOVE_BOTS: dict[str, MoveBot] = {"random": random_move, "greedy": greedy_move}
BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


def choose_move(bot: str, state: GameState, rng: random.Random) -> tuple:
    """The move the named bot makes now."""
    return MOVE_BOTS[bot](state, legal_moves(state), rng)


def choose_action(bot: str, state: GameState, rng: random.Random) -> dict:
    """The action the named bot takes now."""
    return as_action(choose_move(bot, state, rng))
