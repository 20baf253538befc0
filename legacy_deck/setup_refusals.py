"""Why a chapter's game cannot be set up, in the page's language: one sentence per message id.

legacy_deck/setup.py raises SetupError(code, **params) and stays free of Django (benchmarks use
it without); this table gives each code a translatable sentence with the same named parameters,
as play/refusals.py does for the engine. A `card` is shown by its name, a `colour` by its colour's
name, `rules` by the names of their rule cards. tests/deck/test_setup_refusal_words.py checks that
every code setup.py raises is here, with the parameters it is raised with.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from machikoro.word_lists import or_list

from .describe import colour_name, name_of
from .format import Deck
from .setup import SetupError

SETUP_REFUSALS = {
    "no_such_chapter": _(
        "The campaign has chapters 1 to %(games)s; there is no chapter %(chapter)s."
    ),
    "deck_not_clean": _("The legacy deck cannot be carried out as it is written (card %(side)s)."),
    "deck_as_a_whole_not_clean": _(
        "The legacy deck cannot be carried out as it is written (the deck as a whole, not one "
        "card)."
    ),
    "no_stop_before_game": _("The legacy deck has no STOP before game %(chapter)s."),
    "not_read_yet": _("The legacy deck has not been read up to game %(chapter)s yet."),
    "landmark_count": _(
        "Game %(chapter)s needs %(wanted)s landmarks; the legacy deck gives it %(count)s."
    ),
    "no_project": _("Game %(chapter)s has no community project."),
    "free_play_too_early": _("Free play begins once the whole legacy deck has been read."),
    "free_play_rule": _("Free play is played with one of these rule cards: %(rules)s."),
    "archive_too_small": _(
        "The archive does not hold enough landmarks and community projects for free play."
    ),
    "too_many_players": _("The campaign has only %(colours)s colours, not %(count)s."),
    "colours_shared": _("Each colour can be chosen by one mayor only."),
    "unknown_colour": _("The colour %(colour)s is not one of the campaign's colours."),
    "no_side_chosen": _("No side was chosen for the double-sided establishment %(card)s."),
    "circles_shape": _("The ticked circles must be %(count)s whole numbers, one per city tableau."),
    "picks_shape": _("The marketplace picks must be %(count)s lists, one per city tableau."),
    "expedition_tracks": _(
        "Game %(chapter)s is played with the expedition rule, but %(tracks)s expedition tracks lie "
        "on the table instead of one."
    ),
    "free_play_expedition_tracks": _(
        "Free play is played with the expedition rule, but %(tracks)s expedition tracks lie on the "
        "table instead of one."
    ),
    "picks_not_card_ids": _("The marketplace picks of %(player)s are not a list of cards."),
    "picks_count": ngettext_lazy(
        "%(player)s must pick exactly %(wanted)s marketplace card, not %(count)s.",
        "%(player)s must pick exactly %(wanted)s marketplace cards, not %(count)s.",
        "wanted",
    ),
    "pick_not_in_bag": _("The marketplace card %(card)s is not in %(player)s's bag."),
}

UNKNOWN = _("The legacy deck and the campaign's choices do not add up to a game.")

# Parameters only the English message shows (for logs): the deck file's own wording of what does
# not add up, and the counts behind the number of picks.
LEFT_OUT = {
    "deck_not_clean": {"where", "problem"},
    "deck_as_a_whole_not_clean": {"where", "problem"},
    "picks_count": {"circles", "bag"},
}


def _rule_names(deck: Deck | None, rules) -> str:
    by_rule = {}
    if deck is not None:
        by_rule = {c.rule: cid for cid, c in deck.components.items() if c.kind == "rule"}
    return or_list(
        [name_of(deck, by_rule[rule]) if rule in by_rule else str(rule) for rule in rules]
    )


def _param(key: str, value, deck: Deck | None):
    if key == "card":
        return name_of(deck, value) if deck is not None else value
    if key == "colour":
        return colour_name(value)
    if key == "rules":
        return _rule_names(deck, value)
    return value


def setup_refusal_text(error: SetupError, deck: Deck | None = None) -> str:
    """Why the game cannot be set up, in the current language. `deck` names the cards and rules
    (the deck the setup was made from); without it their ids are shown."""
    template = SETUP_REFUSALS.get(getattr(error, "code", None))
    try:
        values = {key: _param(key, value, deck) for key, value in error.params.items()}
        return str(template % values)
    except (AttributeError, KeyError, TypeError, ValueError):  # no code, or not its parameters
        return str(UNKNOWN)
