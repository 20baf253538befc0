"""The engine's refusals: a stable message id with parameters, and an English sentence.

    raise IllegalAction("not_enough_coins", player="Ann", coins=2, card="cafe", cost=5)

`code` and `params` are the contract: a front end translates `code` (play/refusals.py) and fills in
`params`; `str(error)` is the English sentence from MESSAGES, for logs, tools and tests. Parameters
named in NAMED_PARAMS hold the id of a card, landmark, community project or island, so that a front
end can show its name in its own language; every other parameter is shown as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .catalog import CARDS, LANDMARKS, PROJECTS

# Parameter name -> the kind of thing whose id it holds.
NAMED_PARAMS = {
    "card": "card",
    "give": "card",
    "take": "card",
    "landmark": "landmark",
    "project": "project",
    "island": "island",
}

MESSAGES: dict[str, str] = {
    # actions
    "action_not_a_dict": "An action is a dict with a 'type', such as {{'type': 'pass'}}.",
    "unknown_action": "There is no action {kind}.",
    "rule_not_in_game": "This game does not use the {rule} rule.",
    "game_over": "The game is over: {player} has won.",
    "not_your_turn": "It is {player}'s turn, not {claimed}'s.",
    "wrong_phase_roll": "{player} must roll the dice now, not {kind}.",
    "wrong_phase_reroll": "{player} must decide whether to roll again now, not {kind}.",
    "wrong_phase_choose_player": "{player} must choose whom to take coins from now, not {kind}.",
    "wrong_phase_trade": "{player} must choose a trade or skip it now, not {kind}.",
    "wrong_phase_build": "{player} must build something or pass now, not {kind}.",
    "dice_forced_wrongly": "Dice can only be forced for a roll or a reroll.",
    "action_fields": "A {kind} action takes exactly the fields {fields}.",
    "no_such_seat": "There is no seat {seat} in this game.",
    "forced_dice_invalid": "Forced dice must be {count} whole number(s) from 1 to 6: {dice}.",
    "dice_count": "You roll 1 or 2 dice.",
    "two_dice_not_allowed": "{player} may roll two dice only once the landmark allows it.",
    "take_from_self": "{player} cannot take coins from themselves.",
    "trade_with_self": "A trade is with another player.",
    "trade_give_missing": "{player} has no {give} to give that may be traded.",
    "trade_take_missing": "{player} has no {take} to take that may be traded.",
    "trade_same_card": "Swapping {card} for another {card} changes nothing.",
    "trade_over_limit": "{player} may not own a third {card} (at most 2 copies of each).",
    "not_in_market": "There is no {card} in the market.",
    "pile_sold_out": "The {card} pile is sold out.",
    "not_enough_coins": "{player} has {coins} coins; {card} costs {cost}.",
    "one_purple_only": "{player} may not own another {card}: one of each major establishment.",
    "two_copies_only": "{player} may not own a third {card} (at most 2 copies of each).",
    "no_such_landmark_to_build": "{player} has no landmark {landmark} to build.",
    "landmark_built_already": "{player} has built {landmark} already.",
    "not_enough_coins_landmark": "{player} has {coins} coins; {landmark} costs {cost}.",
    "no_project": "This game has no community project.",
    "flag_placed_already": "{player}'s flag is on the community project already.",
    "not_enough_coins_project": "{player} has {coins} coins; the project costs {cost}.",
    # expedition (Legacy)
    "sail_spaces": "A boat sails 1 to {most} spaces, not {spaces}.",
    "boat_at_end": "{player}'s boat is at the end of the track already.",
    "boat_too_far": (
        "{player}'s boat is {room} space(s) from the end of the track; it cannot sail {spaces}."
    ),
    "not_enough_coins_sail": "{player} has {coins} coins; sailing {spaces} space(s) costs {cost}.",
    # setups
    "setup_not_edition": "A game starts from an edition name or from a setup dict.",
    "unknown_edition": "There is no edition {edition} (known: {known}).",
    "edition_players": "{edition} is played by {fewest} to {most} players.",
    "setup_not_dict": "A setup is a dict.",
    "setup_nested": "The setup nests lists and dicts more than {most} deep.",
    "player_count": "A game has {fewest} to {most} players.",
    "player_name": "Every player needs a name of 1 to {most} characters.",
    "seed_not_whole": "The seed must be a whole number, not {value}.",
    "setup_per_seat": "The setup needs {field} for each of the {count} seats.",
    "setup_field": "The setup's {field} is not valid: {value}.",
    "setup_market": "The setup needs a market: {{card id: copies}}.",
    "setup_list": "The setup's {field} must be a list.",
    "coins_not_whole": "{player}'s coins must be a whole number from 0 to {most}, not {value}.",
    "city_not_dict": "{player}'s city must be {{card id: copies}}.",
    "city_copies": "{player}'s city has {value} copies of {card}.",
    "city_purple_twice": (
        "{player}'s city holds {copies} of {card}; at most one of each purple card."
    ),
    "city_over_limit": "{player}'s city holds {copies} of {card}; the variant allows at most 2.",
    "city_too_many": "{player}'s city holds more than {most} copies of {card}.",
    "landmark_twice": "{player} has the same landmark twice.",
    "landmark_entry": "Each of {player}'s landmarks is {{'id': landmark id, 'cost': coins}}.",
    "built_not_owned": "{player} has no landmark {landmark} to start with built.",
    "market_card": "{card} is no establishment: it cannot lie in the market.",
    "market_copies": "The market's {card} pile must hold 0 to {most} cards, not {value}.",
    "first_player": "The first player must be a seat from 0 to {last} or 'roll'.",
    "no_such_card": "There is no card {card} in this game.",
    "card_defs_invalid": "The setup's {field} are not valid: {problem}",
    "out_of_bounds": "{field} must be a whole number from {low} to {high}, not {value}.",
    "no_such_landmark": "There is no landmark {landmark}.",
    "no_such_project": "There is no community project {project}.",
    "landmark_cost": "The cost of {landmark} must be a whole number from 0 to {most}, not {value}.",
    "project_cost": "The cost of {project} must be a whole number from 0 to {most}, not {value}.",
    "unknown_rules": "The engine does not know the rules {rules}.",
    "unknown_variants": "There is no variant {variants}.",
    "both_yokai": "The two Yōkai rules are never in force together.",
    "islands_are_landmarks": "The islands {islands} have the ids of landmarks.",
    "expedition_without_track": "The expedition rule needs the setup's 'expedition' track.",
    "track_without_rule": "The setup has an expedition track but not the expedition rule.",
    "track_shape": "The expedition track is {{'length': N, 'islands': [...]}}.",
    "track_length": "The expedition track's length must be 1 to {most}, not {value}.",
    "track_island_shape": "An island on the track is {{'id': island id, 'space': k}}.",
    "no_such_island": "There is no island {island} in the setup's island_defs.",
    "island_twice": "The island {island} lies on the track twice.",
    "island_space": "The island {island} must lie on a space from 1 to {length}, not {value}.",
    "island_space_taken": "Two islands lie on space {space} of the expedition track.",
    "tableau_slots": "A city tableau has {slots} landmark slots, not {count}.",
    "tableau_twice": "A city tableau cannot hold the same landmark twice.",
    # stickers (Legacy)
    "sticker_cost": "A sticker on {card} must set the cost to a whole number from {low} to {high}.",
    "sticker_numbers": (
        "A sticker on {card} must set the numbers to a list of numbers from 1 to 12."
    ),
    "sticker_no_amount": "A sticker on {card} cannot change an amount: its effect names none.",
    "sticker_amount": (
        "A sticker on {card} must set the amount to a whole number from {low} to {high}."
    ),
    "sticker_icon": "A sticker on {card} names the unknown icon {value}.",
    "stickers_not_list": "The setup's stickers must be a list.",
    "sticker_shape": "A sticker is {{'card': card id, 'change': {{field: value}}}}.",
    "sticker_card": "A sticker names the card {value}, which is not in this game.",
    "sticker_empty": "The sticker on {card} changes nothing.",
    "sticker_fields": "A sticker cannot change {fields} of {card}; stickers change only {allowed}.",
    # saved games
    "save_not_json": "This is not a valid saved game: it is not JSON.",
    "save_format": "This saved game has format {value}, not {expected}.",
    "save_invalid": "This is not a valid saved game: {where} is wrong.",
    "save_contradiction": "This saved game contradicts itself: {where}.",
}

# The longest a refused value is shown, so that a huge input never makes a huge message.
SHOWN_LENGTH = 40


def shown(value: Any) -> str:
    """A refused value as it is shown in a message: its repr, cut short."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # deeply nested, or an int of thousands of digits
        text = "…"
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 1] + "…"


def _plain_name(kind: str, ident: Any) -> str:
    """The English name of a built-in card or landmark; any other id as it is."""
    if not isinstance(ident, str):
        return shown(ident)
    for defs in (CARDS, LANDMARKS, PROJECTS):
        if ident in defs:
            return defs[ident].name["en"]
    return shown(ident)


class CodedError(ValueError):
    """A refusal named by a message id (`code`) and its parameters, which the screens translate;
    `str(error)` is the English sentence `sentence` makes of one of its class's templates."""

    def __init__(self, code: str, /, **params: Any):
        super().__init__(code)
        self.code = code
        self.params = params

    def sentence(self, template: str | None, values: dict) -> str:
        """The template with its values, never failing: the bare template where a value is
        missing or does not fit, the code where there is no template (logs call str())."""
        if template is None:
            return self.code
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template

    def __reduce__(self):
        return (_rebuild, (type(self), self.code, self.params))


def _rebuild(kind: type[CodedError], code: str, params: dict) -> CodedError:
    return kind(code, **params)


class IllegalAction(CodedError):
    """An action, setup or saved state the rules do not allow: `code` and `params` say which."""

    def __init__(self, code: str, /, **params: Any):
        super().__init__(code, **params)
        self.english_name: Callable[[str, Any], str] = _plain_name

    def named_by(self, english_name: Callable[[str, Any], str]) -> IllegalAction:
        """Use these English names of cards and landmarks in `str(self)`; returns self."""
        self.english_name = english_name
        return self

    def __str__(self) -> str:
        values = {
            key: self.english_name(NAMED_PARAMS[key], value) if key in NAMED_PARAMS else value
            for key, value in self.params.items()
        }
        return self.sentence(MESSAGES.get(self.code), values)
