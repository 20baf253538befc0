"""The engine's refusals in the page's language: one sentence per message id.

The engine raises IllegalAction(code, **params) (play/engine/errors.py); this table gives each code
a translatable sentence with the same named parameters. Parameters that hold a card, landmark,
community project or island id (errors.NAMED_PARAMS) are shown by the thing's name in the current
language; an edition id by the edition's name. tests/web/test_refusals.py checks that every code
the engine can raise is here and translated.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from play.engine.catalog import CARDS, EDITIONS, LANDMARKS, PROJECTS
from play.engine.errors import NAMED_PARAMS, IllegalAction
from play.engine.table import Table, table_for
from play.narration import language, thing_name

REFUSALS = {
    "action_not_a_dict": _("This move is not in the right form."),
    "unknown_action": _("There is no move %(kind)s."),
    "rule_not_in_game": _("This game is played without the rule %(rule)s."),
    "game_over": _("The game is over: %(player)s has won."),
    "not_your_turn": _("It is %(player)s's turn, not %(claimed)s's."),
    "wrong_phase_roll": _("%(player)s must roll the dice now."),
    "wrong_phase_reroll": _("%(player)s must decide now whether to roll again."),
    "wrong_phase_choose_player": _("%(player)s must choose now whom to take coins from."),
    "wrong_phase_trade": _("%(player)s must choose a trade now, or skip it."),
    "wrong_phase_build": _("%(player)s must build something now, or pass."),
    "dice_forced_wrongly": _("Dice can only be set for a roll."),
    "action_fields": _("A move %(kind)s takes exactly the fields %(fields)s."),
    "no_such_seat": _("There is no seat %(seat)s in this game."),
    "forced_dice_invalid": ngettext_lazy(
        "Set dice must be %(count)s whole number from 1 to 6, not %(dice)s.",
        "Set dice must be %(count)s whole numbers from 1 to 6, not %(dice)s.",
        "count",
    ),
    "dice_count": _("You roll 1 or 2 dice."),
    "two_dice_not_allowed": _("%(player)s may roll two dice only once a landmark allows it."),
    "take_from_self": _("%(player)s cannot take coins from themselves."),
    "trade_with_self": _("A trade is with another player."),
    "trade_give_missing": _("%(player)s has no %(give)s to give that may be traded."),
    "trade_take_missing": _("%(player)s has no %(take)s that may be traded."),
    "trade_same_card": _("Swapping %(card)s for %(card)s changes nothing."),
    "trade_over_limit": _(
        "%(player)s may not own %(card)s a third time (at most 2 copies of each establishment)."
    ),
    "not_in_market": _("There is no %(card)s in the market."),
    "pile_sold_out": _("The %(card)s pile is sold out."),
    "not_enough_coins": ngettext_lazy(
        "%(player)s has %(coins)s coin; %(card)s costs %(cost)s.",
        "%(player)s has %(coins)s coins; %(card)s costs %(cost)s.",
        "coins",
    ),
    "one_purple_only": _(
        "%(player)s may not own %(card)s a second time: one of each purple establishment."
    ),
    "two_copies_only": _(
        "%(player)s may not own %(card)s a third time (at most 2 copies of each establishment)."
    ),
    "no_such_landmark_to_build": _("%(player)s has no landmark %(landmark)s to build."),
    "landmark_built_already": _("%(player)s has built %(landmark)s already."),
    "not_enough_coins_landmark": ngettext_lazy(
        "%(player)s has %(coins)s coin; %(landmark)s costs %(cost)s.",
        "%(player)s has %(coins)s coins; %(landmark)s costs %(cost)s.",
        "coins",
    ),
    "no_project": _("This game has no community project."),
    "flag_placed_already": _("%(player)s's flag is on the community project already."),
    "not_enough_coins_project": ngettext_lazy(
        "%(player)s has %(coins)s coin; the community project costs %(cost)s.",
        "%(player)s has %(coins)s coins; the community project costs %(cost)s.",
        "coins",
    ),
    "sail_spaces": _("A boat sails 1 to %(most)s spaces, not %(spaces)s."),
    "boat_at_end": _("%(player)s's boat is at the end of the expedition track already."),
    # (room is at least 1, so spaces, more than room, is at least 2)
    "boat_too_far": ngettext_lazy(
        "%(player)s's boat is %(room)s space from the end of the expedition track; it "
        "cannot sail %(spaces)s.",
        "%(player)s's boat is %(room)s spaces from the end of the expedition track; it "
        "cannot sail %(spaces)s.",
        "room",
    ),
    "not_enough_coins_sail": ngettext_lazy(
        "%(player)s has %(coins)s coin; sailing that far costs %(cost)s.",
        "%(player)s has %(coins)s coins; sailing that far costs %(cost)s.",
        "coins",
    ),
    "setup_not_edition": _("A game starts from an edition or from a setup."),
    "unknown_edition": _("There is no edition %(edition)s (known: %(known)s)."),
    "edition_players": _("%(edition)s is played by %(fewest)s to %(most)s players."),
    "setup_not_dict": _("A setup is a JSON object."),
    "setup_nested": _("The setup nests lists and objects more than %(most)s deep."),
    "player_count": _("A game has %(fewest)s to %(most)s players."),
    "player_name": _("Every player needs a name of 1 to %(most)s characters."),
    "seed_not_whole": _("The seed must be a whole number, not %(value)s."),
    "setup_per_seat": _("The setup needs %(field)s for each of the %(count)s seats."),
    "setup_field": _("The setup's %(field)s is not valid: %(value)s."),
    "setup_market": _("The setup needs a market: {card id: copies}."),
    "setup_list": _("The setup's %(field)s must be a list."),
    "coins_not_whole": _(
        "%(player)s's coins must be a whole number from 0 to %(most)s, not %(value)s."
    ),
    "city_not_dict": _("%(player)s's city must be {card id: copies}."),
    "city_copies": _("%(player)s's city has %(value)s copies of %(card)s."),
    "city_purple_twice": _(
        "%(player)s's city holds %(copies)s × %(card)s; at most one of each purple establishment."
    ),
    "city_over_limit": _(
        "%(player)s's city holds %(copies)s × %(card)s; the beginners' limit allows at most 2."
    ),
    "city_too_many": _("%(player)s's city holds more than %(most)s copies of %(card)s."),
    "landmark_twice": _("%(player)s has the same landmark twice."),
    "landmark_entry": _('Each of %(player)s\'s landmarks is {"id": landmark id, "cost": coins}.'),
    "built_not_owned": _("%(player)s has no landmark %(landmark)s to start with built."),
    "market_card": _("%(card)s is no establishment: it cannot lie in the market."),
    "market_copies": _("The market's %(card)s pile must hold 0 to %(most)s cards, not %(value)s."),
    "first_player": _("The start player must be a seat from 0 to %(last)s, or rolled for."),
    "no_such_card": _("There is no card %(card)s in this game."),
    "card_defs_invalid": _("The setup's card definitions (%(field)s) are not valid."),
    "out_of_bounds": _("%(field)s must be a whole number from %(low)s to %(high)s, not %(value)s."),
    "no_such_landmark": _("There is no landmark %(landmark)s."),
    "no_such_project": _("There is no community project %(project)s."),
    "landmark_cost": _(
        "The cost of %(landmark)s must be a whole number from 0 to %(most)s, not %(value)s."
    ),
    "project_cost": _(
        "The cost of %(project)s must be a whole number from 0 to %(most)s, not %(value)s."
    ),
    "unknown_rules": _("The game does not know the rules %(rules)s."),
    "unknown_variants": _("There is no variant %(variants)s."),
    "both_yokai": _("The two Yōkai rules are never in force together."),
    "islands_are_landmarks": _("The islands %(islands)s have the ids of landmarks."),
    "expedition_without_track": _("The expedition rule needs an expedition track in the setup."),
    "track_without_rule": _("The setup has an expedition track but not the expedition rule."),
    "track_shape": _('The expedition track is {"length": N, "islands": [...]}.'),
    "track_length": _("The expedition track's length must be 1 to %(most)s, not %(value)s."),
    "track_island_shape": _('An island on the track is {"id": island id, "space": k}.'),
    "no_such_island": _("There is no island %(island)s in this game."),
    "island_twice": _("The island %(island)s lies on the track twice."),
    "island_space": _(
        "The island %(island)s must lie on a space from 1 to %(length)s, not %(value)s."
    ),
    "island_space_taken": _("Two islands lie on space %(space)s of the expedition track."),
    "tableau_slots": _("A city tableau has %(slots)s landmark slots, not %(count)s."),
    "tableau_twice": _("A city tableau cannot hold the same landmark twice."),
    "sticker_cost": _(
        "A sticker on %(card)s must set the cost to a whole number from %(low)s to %(high)s."
    ),
    "sticker_numbers": _(
        "A sticker on %(card)s must set the numbers to a list of numbers from 1 to 12."
    ),
    "sticker_no_amount": _("A sticker on %(card)s cannot change an amount: its effect names none."),
    "sticker_amount": _(
        "A sticker on %(card)s must set the amount to a whole number from %(low)s to %(high)s."
    ),
    "sticker_icon": _("A sticker on %(card)s names the unknown symbol %(value)s."),
    "stickers_not_list": _("The setup's stickers must be a list."),
    "sticker_shape": _('A sticker is {"card": card id, "change": {field: value}}.'),
    "sticker_card": _("A sticker names the card %(value)s, which is not in this game."),
    "sticker_empty": _("The sticker on %(card)s changes nothing."),
    "sticker_fields": _(
        "A sticker cannot change %(fields)s of %(card)s; stickers change only %(allowed)s."
    ),
    "save_not_json": _("This is not a valid saved game: it is not JSON."),
    "save_format": _("This saved game has format %(value)s, not %(expected)s."),
    "save_invalid": _("This is not a valid saved game: %(where)s is wrong."),
    "save_contradiction": _("This saved game contradicts itself: %(where)s."),
}

# Refusals of the play app itself (play/models.py), beside the engine's.
PLAY_REFUSALS = {
    "engine_cannot_play": _("The rules engine cannot play this setup."),
    "unknown_seat_kind": _("There is no kind of seat %(kind)s."),
    "nothing_to_undo": _("There is nothing to undo."),
    "unknown_pace": _("There is no pace %(pace)s."),
}


def _name(ident, table: Table | None) -> str:
    """A card's, landmark's, project's or island's name in the current language."""
    if not isinstance(ident, str):
        return str(ident)
    if table is not None:
        return thing_name(table, ident)
    lang = language()
    for defs in (CARDS, LANDMARKS, PROJECTS):
        if ident in defs:
            return defs[ident].name.get(lang) or defs[ident].name["en"]
    return ident


def _param(key: str, value, table: Table | None):
    if key in NAMED_PARAMS:
        return _name(value, table)
    if key == "edition" and value in EDITIONS:
        return EDITIONS[value].name.get(language(), value)
    return value


def refusal_text(error: IllegalAction, table: Table | None = None) -> str:
    """Why the engine (or the play app) refused, in the current language. `table` names the
    cards of the game the refusal is about; without it the built-in cards' names are used."""
    code = getattr(error, "code", None)
    template = REFUSALS.get(code) or PLAY_REFUSALS.get(code)
    if template is None:
        return gettext("The rules do not allow this.")
    params = getattr(error, "params", {})
    values = {key: _param(key, value, table) for key, value in params.items()}
    try:
        return str(template % values)  # a plural template picks its form by the values
    except (KeyError, TypeError, ValueError):
        return str(template)


def setup_table(setup: dict) -> Table | None:
    """The table of a setup the engine refused, so that the refusal names the setup's own cards
    (a Legacy chapter's) in the current language; None if the setup is too broken to give one."""
    try:
        return table_for(setup)
    except (AttributeError, KeyError, TypeError, ValueError):  # IllegalAction is a ValueError
        return None
