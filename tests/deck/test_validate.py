"""Broken decks, one fault each: the validator names the file, the card number and the field."""

import copy

import pytest
from small_deck import build, card, check, instruction, side, small_deck


def test_the_small_deck_is_sound(data):
    assert check(data) == []


def test_it_reports_a_numbering_gap(data):
    data["deck"]["card"][4]["number"] = 7  # 1..4, 7, 6: no card 5

    problems = check(data)

    assert "deck.toml: card 5: number: numbering gap: there is no such card" in problems


def test_it_reports_a_number_used_twice(data):
    data["deck"]["card"][5]["number"] = 5

    assert "deck.toml: card 5: number: number used twice" in check(data)


def test_it_reports_an_unknown_component_id(data):
    side(data, 2, "a")["instructions"][1]["landmark"] = "lm_x"

    assert "deck.toml: card 2: a.instructions[1].landmark: unknown component id 'lm_x'" in check(
        data
    )


def test_it_reports_an_unknown_id_in_a_box(data):
    data["boxes"]["box"][0]["contents"].append("ghost")

    assert "boxes.toml: box 1.contents: unknown component id 'ghost'" in check(data)


def test_it_reports_a_component_of_the_wrong_kind(data):
    side(data, 2, "a")["instructions"][4]["project"] = "lm_d"

    assert (
        "deck.toml: card 2: a.instructions[4].project: 'lm_d' is a landmark, not a project"
        in check(data)
    )


def test_it_reports_a_stop_out_of_order_as_unreachable(data):
    cards = data["deck"]["card"]
    cards[3]["a"]["stop"], cards[4]["a"]["stop"] = cards[4]["a"]["stop"], cards[3]["a"]["stop"]

    problems = check(data)

    assert any(
        p.startswith("deck.toml: card 5: a.stop: unreachable STOP: after game 1") for p in problems
    )


def test_it_reports_a_missing_stop(data):
    del side(data, 6, "a")["stop"]

    problems = check(data)

    assert "deck.toml: card: missing STOP: the deck never says after game 2" in problems


def test_it_reports_an_event_stop_outside_its_game(data):
    side(data, 3, "a")["stop"]["game"] = 2

    problems = check(data)

    assert any(
        "card 3: a.stop: unreachable STOP: when doubles happens in game 2" in p for p in problems
    )


def test_it_reports_a_box_opened_twice(data):
    side(data, 5, "b")["instructions"] = [{"do": "open_box", "box": 1}]

    assert "deck.toml: card 5: b.instructions[0].box: mystery box 1 was opened before" in check(
        data
    )


def test_it_reports_a_box_never_opened(data):
    side(data, 4, "a")["instructions"] = []

    problems = check(data)

    assert "boxes.toml: box 1: the deck never opens this box" in problems
    # and everything inside it is used before it could be
    assert any("'rule_rest' is in mystery box 1, which is not open yet" in p for p in problems)


def test_it_reports_a_start_card_used_before_the_start_cards_are_drawn(data):
    side(data, 1, "a")["instructions"] = []

    problems = check(data)

    assert any("'lm_a' is a start card, not drawn yet" in p for p in problems)


def test_it_reports_a_rule_id_the_engine_does_not_implement(data):
    problems = check(data, known_rules=set())

    assert (
        "components.toml: rule 'rule_rest'.rule: "
        "rule id 'rest_day' is not implemented by the engine" in problems
    )


def test_it_reports_a_chapter_without_its_new_landmark(data):
    del side(data, 5, "a")["instructions"][0]

    assert "deck.toml: chapter 2: game 2 needs 1 new landmark, the deck gives 0" in check(data)


def test_it_reports_a_first_game_without_three_landmarks(data):
    del side(data, 2, "a")["instructions"][3]

    assert "deck.toml: chapter 1: game 1 needs 3 new landmarks, the deck gives 2" in check(data)


def test_it_reports_a_chapter_without_a_community_project(data):
    del side(data, 5, "a")["instructions"][1]

    assert "deck.toml: chapter 2: game 2 needs 1 community project, the deck gives 0" in check(data)


def test_it_reports_a_colour_without_its_marketplace_card(data):
    del instruction(data, 4, "b", "marketplace_cards")["cards"]["blue"]

    problems = check(data)

    assert (
        "deck.toml: chapter 2: after game 1: "
        "needs 2 marketplace cards, one per colour; missing blue" in problems
    )


def test_it_reports_a_marketplace_card_of_the_wrong_colour(data):
    instruction(data, 4, "b", "marketplace_cards")["cards"]["blue"] = "mp_plum_red"

    problems = check(data)

    assert (
        "deck.toml: card 4: b.instructions[3].cards.blue: "
        "'mp_plum_red' is a red marketplace card, not blue" in problems
    )


def test_it_reports_anything_but_one_double_sided_pile_after_a_game(data):
    instruction(data, 4, "b", "double_sided")["cards"] = []

    assert (
        "deck.toml: chapter 2: after game 1: "
        "needs 1 double-sided establishment (one pile), it gives 0" in check(data)
    )


def test_it_reports_two_double_sided_piles_after_a_game(data):
    data["components"]["double_sided"].append(
        {"id": "ds_two", "a": card("up_side", numbers=[6]), "b": card("down_side", numbers=[7])}
    )
    instruction(data, 4, "b", "double_sided")["cards"] = ["ds_one", "ds_two"]

    assert (
        "deck.toml: chapter 2: after game 1: "
        "needs 1 double-sided establishment (one pile), it gives 2" in check(data)
    )


def test_it_reports_a_double_sided_pile_of_the_wrong_size(data):
    data["components"]["double_sided"][0]["copies"] = 4

    assert (
        "deck.toml: chapter 2: after game 1: 'ds_one' needs 5 copies (one pile), it has 4"
        in check(data)
    )


def test_it_reports_a_missing_translation(data):
    del side(data, 2, "a")["story"]["nl"]
    del data["components"]["rule"][0]["text"]["de"]

    problems = check(data)

    assert "deck.toml: card 2: a.story: missing translation: nl" in problems
    assert "components.toml: rule 'rule_rest'.text: missing translation: de" in problems


def test_it_reports_an_unknown_instruction_and_a_missing_parameter(data):
    side(data, 6, "b")["instructions"].append({"do": "dance"})
    side(data, 6, "b")["instructions"].append({"do": "open_box"})

    problems = check(data)

    assert any(
        p.startswith("deck.toml: card 6: b.instructions[2].do: unknown instruction")
        for p in problems
    )
    assert "deck.toml: card 6: b.instructions[3].box: open_box needs 'box'" in problems


def test_it_reports_a_sticker_on_an_unknown_card_or_with_nothing_to_change(data):
    instruction(data, 4, "b", "sticker")["card"] = "moon_base"
    bad = small_deck()
    bad["components"]["sticker"][0]["change"] = {"amount": 2}
    bad["components"]["establishment"][0]["effect"] = {"kind": "swap"}
    bad["components"]["establishment"][0]["colour"] = "purple"

    assert "deck.toml: card 4: b.instructions[2].card: unknown establishment 'moon_base'" in check(
        data
    )
    assert any("'wheat_field' has no amount for the sticker to change" in p for p in check(bad))


def test_it_reports_a_sticker_that_changes_what_it_cannot(data):
    data["components"]["sticker"][0]["change"] = {"colour": "red"}

    problems = check(data)

    assert any(
        p.startswith("components.toml: sticker 'st1'.change: a sticker cannot change 'colour'")
        for p in problems
    )


def test_it_reports_an_invalid_card_definition(data):
    data["components"]["double_sided"][0]["b"]["effect"] = {"kind": "teleport"}

    problems = check(data)

    assert any(
        p.startswith(
            "components.toml: double_sided 'ds_one': "
            "card 'shady_side': unknown effect kind 'teleport'"
        )
        for p in problems
    )


def test_it_reports_what_free_play_will_miss(data):
    side(data, 6, "b")["instructions"] = []
    data["deck"]["campaign"]["free_play_rules"] = ["yokai_flip"]

    problems = check(data)

    assert "deck.toml: free play: island 'isle' must end in the archive for free play" in problems
    assert (
        "deck.toml: free play: the rule card for 'yokai_flip' must end in the archive for free play"
        in problems
    )


def test_it_collects_every_problem_instead_of_stopping_at_the_first(data):
    data["deck"]["card"][4]["number"] = 7
    del side(data, 2, "a")["story"]["de"]
    data["boxes"]["box"][0]["contents"].append("ghost")

    assert len(check(data)) >= 3


@pytest.mark.parametrize("field", ["games", "colours"])
def test_it_reports_a_bad_campaign_setting(data, field):
    data["deck"]["campaign"][field] = "many"

    assert any(f"campaign.{field}" in p for p in check(data))


def test_parse_never_changes_its_input(data):
    before = copy.deepcopy(data)
    build(data)
    assert data == before


def test_it_reports_a_game_that_starts_short_of_landmarks(data):
    del side(data, 5, "a")["instructions"][0]

    assert "deck.toml: game 2: starts with 2 landmarks on the tableau, not 3" in check(data)


def test_it_reports_an_expedition_the_table_cannot_play(data):
    data["components"]["rule"][0]["rule"] = "expedition"
    data["components"]["island"][0]["space"] = 9

    problems = check(data, known_rules={"expedition"})

    assert "deck.toml: game 2: island 'isle' lies beyond the track's 4 spaces" in problems
    assert "deck.toml: game 2: plays the expedition without boats for red, blue" in problems


def test_it_reports_a_rule_whose_action_the_turn_overview_does_not_show(data):
    side(data, 4, "b")["instructions"].remove({"do": "replace_turn_overview", "card": "ov2"})
    side(data, 6, "b")["instructions"].append({"do": "replace_turn_overview", "card": "ov2"})

    assert (
        "deck.toml: game 2: plays rest_day but the turn-overview card in play does not show 'rest'"
        in check(data)
    )


def test_it_reports_unknown_fields_and_actions_on_components(data):
    data["components"]["establishment"][1]["coppies"] = 3
    data["components"]["turn_overview"][0]["actions"] = ["roll", "dance"]

    problems = check(data)

    assert "components.toml: establishment 'plum_tree'.coppies: unknown field" in problems
    assert any(
        p.startswith("components.toml: turn_overview 'ov1'.actions: must be a list of action types")
        for p in problems
    )


def test_it_reports_components_that_end_where_free_play_cannot_use_them(data):
    side(data, 6, "b")["instructions"] = [
        {"do": "move", "components": ["isle", "lm_c"], "to": "archive"},
        {"do": "move", "components": ["boat_red"], "to": "reserve"},
    ]
    side(data, 4, "b")["instructions"].remove(instruction(data, 4, "b", "sticker"))

    problems = check(data)

    assert (
        "deck.toml: end: landmark 'lm_d' ends on the tableau; free play needs it in the archive"
        in problems
    )
    assert (
        "deck.toml: end: boat 'boat_red' ends in the reserve; "
        "free play needs it on the table or in the archive" in problems
    )
    assert (
        "deck.toml: end: sticker 'st1' ends in the reserve; free play needs it stuck on a card"
        in problems
    )


def test_it_reports_a_double_sided_pile_no_side_was_ever_chosen_for(data):
    instruction(data, 4, "b", "double_sided")["cards"] = []
    side(data, 5, "a")["instructions"].append({"do": "add_to_market", "cards": ["ds_one"]})

    assert (
        "deck.toml: end: double-sided 'ds_one' is never presented by a double_sided instruction, "
        "so no side is ever chosen for free play" in check(data)
    )


def test_it_reports_a_bag_too_small_for_free_play_picks(data):
    data["deck"]["campaign"]["free_play_picks"] = 3

    problems = check(data)

    assert (
        "deck.toml: end: the red bag ends with 2 marketplace cards; free play picks 3" in problems
    )


def test_it_reports_a_free_play_overview_without_the_rules_actions(data):
    instruction(data, 4, "b", "replace_turn_overview")["card"] = "ov1"

    assert any(
        "end: free play keeps rest_day but the turn-overview card in play does not show 'rest'" in p
        for p in check(data)
    )


@pytest.mark.parametrize(
    ("colour", "effect"),
    [
        ("green", {"kind": "take_from_chosen", "amount": 2}),
        ("blue", {"kind": "take_from_active", "amount": 1}),
        ("red", {"kind": "bank", "amount": 1}),
    ],
)
def test_it_reports_a_card_whose_colour_does_not_fit_its_effect(data, colour, effect):
    # Such a card used to load and then crash the first roll that activated it (issue 9).
    plum = data["components"]["establishment"][1]
    plum.update(colour=colour, effect=effect)

    problems = check(data)

    assert any(
        "plum_tree" in p and f"a {colour} card cannot have the effect {effect['kind']!r}" in p
        for p in problems
    ), problems
