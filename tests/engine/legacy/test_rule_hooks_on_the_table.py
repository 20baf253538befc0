"""A table takes the hooks and build-step actions of its game's rules when it is built, and a rule
that registers once a table has been built is refused (it would be missing from that table)."""

import pytest

from play.engine import new_game
from play.engine.legacy import expedition, yokai
from play.engine.rules import BuildStepExtra, add_hook, register_build_step_action
from play.engine.table import AFTER_INCOME, BUILD_STEP_EXTRAS, START_OF_TURN


def test_a_classic_table_has_no_rules_hooks_and_a_legacy_one_those_of_its_rules(make_setup):
    classic = new_game("classic", players=["Ann", "Ben"]).table
    assert (classic.start_of_turn, classic.after_income, classic.build_step_extras) == ((), (), ())

    flip = new_game(make_setup(3, rules=["yokai_flip", "rest_day"])).table
    assert flip.start_of_turn == (yokai.turn_face_up,)
    assert flip.after_income == (yokai.yokai_flip,)
    assert [extra.action_type for extra in flip.build_step_extras] == ["rest"]
    assert expedition.island_income not in flip.start_of_turn


def test_registering_once_a_table_has_been_built_is_refused_and_changes_nothing():
    new_game("classic", players=["Ann", "Ben"])
    before = (list(START_OF_TURN), list(AFTER_INCOME), list(BUILD_STEP_EXTRAS))
    with pytest.raises(RuntimeError):
        add_hook(START_OF_TURN, lambda state, events: None, "late_rule")
    extra = BuildStepExtra("late", (), lambda state: [], None, None, rule="late_rule")
    with pytest.raises(RuntimeError):
        register_build_step_action(extra)
    assert (list(START_OF_TURN), list(AFTER_INCOME), list(BUILD_STEP_EXTRAS)) == before
