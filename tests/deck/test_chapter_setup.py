"""chapter_setup and the plausible carry-over, on our deck and on the small one."""

import json

import pytest
from small_deck import build

from legacy_deck.loader import read_deck
from legacy_deck.reader import DeckState, advance
from legacy_deck.setup import SetupError, chapter_setup, default_picks, plausible_carry_over
from play.engine import new_game


@pytest.fixture(scope="module")
def deck():
    deck, problems = read_deck()
    assert problems == []
    return deck


def test_the_carry_over_is_plain_json(deck):
    carry = plausible_carry_over(deck, 7, 3)

    assert json.loads(json.dumps(carry)) == carry
    assert carry["last_winner"] == (7 - 2) % 3
    assert len(carry["choices"]) == 6  # one double-sided pile after each of games 1..6
    assert set(carry["choices"].values()) == {"a", "b"}


def test_the_last_winner_starts_after_the_first_game(deck):
    carry = {**plausible_carry_over(deck, 3, 3), "last_winner": 2}

    assert chapter_setup(deck, 3, 3, carry)["first_player"] == 2


def test_landmarks_sit_by_letter_at_costs_5_15_25(deck):
    setup = chapter_setup(deck, 4, 2, plausible_carry_over(deck, 4, 2))

    assert setup["landmarks"][0] == [
        {"id": "clock_tower", "cost": 5},
        {"id": "tea_garden", "cost": 15},
        {"id": "lighthouse", "cost": 25},
    ]
    assert setup["landmarks"][0] == setup["landmarks"][1]


def test_it_brings_the_rule_stack_stickers_and_expedition(deck):
    setup = chapter_setup(deck, 8, 3, plausible_carry_over(deck, 8, 3))

    assert setup["rules"] == ["turn_order_coins", "rest_day", "expedition", "yokai_coins"]
    assert {"card": "legacy_forest", "change": {"cost": 3}} in setup["stickers"]
    assert setup["expedition"]["length"] == 10
    assert [i["space"] for i in setup["expedition"]["islands"]] == [2, 5, 8, 9, 10]
    assert {i["id"] for i in setup["island_defs"]} == {
        i["id"] for i in setup["expedition"]["islands"]
    }


def test_the_chosen_side_is_what_plays(deck):
    carry = plausible_carry_over(deck, 2, 2)
    carry["choices"]["ds_pottery"] = "b"
    setup = chapter_setup(deck, 2, 2, carry)
    carry["choices"]["ds_pottery"] = "a"
    other = chapter_setup(deck, 2, 2, carry)

    assert setup["market"]["pretzel_stand"] == 5 and "pottery" not in setup["market"]
    assert other["market"]["pottery"] == 5 and "pretzel_stand" not in other["market"]
    assert any(card["id"] == "pretzel_stand" for card in setup["card_defs"])


def test_it_refuses_a_double_sided_establishment_without_a_side(deck):
    carry = plausible_carry_over(deck, 2, 2)
    del carry["choices"]["ds_pottery"]

    with pytest.raises(SetupError, match="No side was chosen .* 'ds_pottery'"):
        chapter_setup(deck, 2, 2, carry)


def test_it_refuses_more_picks_than_circles_or_cards_not_owned(deck):
    carry = plausible_carry_over(deck, 3, 2)
    too_many = {**carry, "picks": [["wheat_field", "bakery", "herb_garden", "village_well"], []]}
    too_few = {**carry, "picks": [["wheat_field"], carry["picks"][1]]}
    not_owned = {**carry, "picks": [["wheat_field", "ferry"], carry["picks"][1]]}
    not_a_list = {**carry, "picks": ["wheat_field", carry["picks"][1]]}

    assert carry["circles"][0] == 2  # seat 0 won game 1 and ticked no circle then
    with pytest.raises(SetupError, match="picks 4 marketplace cards, not 2"):
        chapter_setup(deck, 3, 2, too_many)
    with pytest.raises(SetupError, match="picks 1 marketplace cards, not 2"):
        chapter_setup(deck, 3, 2, too_few)
    with pytest.raises(SetupError, match="no marketplace card 'ferry'"):
        chapter_setup(deck, 3, 2, not_owned)
    with pytest.raises(SetupError, match="a list of card ids"):
        chapter_setup(deck, 3, 2, not_a_list)


def test_it_refuses_a_chapter_the_reader_has_not_reached(deck):
    reader = advance(deck, DeckState.start(deck), "before_campaign").state
    carry = plausible_carry_over(deck, 1, 2)

    with pytest.raises(SetupError, match="not been read up to game 1"):
        chapter_setup(deck, 1, 2, carry, reader=reader)
    reader = advance(deck, reader, "before_game 1").state
    assert chapter_setup(deck, 1, 2, carry, reader=reader)["players"] == ["Player 1", "Player 2"]


def test_it_takes_the_players_colours(deck):
    carry = plausible_carry_over(deck, 1, 2)

    setup = chapter_setup(deck, 1, 2, {**carry, "picks": None}, colours=["teal", "pink"])

    assert setup["cities"] == [{"wheat_field": 1, "bakery": 1}] * 2
    with pytest.raises(SetupError, match="colour of their own"):
        chapter_setup(deck, 1, 2, carry, colours=["teal", "teal"])
    with pytest.raises(SetupError, match="not one of the campaign's colours"):
        chapter_setup(deck, 1, 2, carry, colours=["teal", "purple"])


def test_it_refuses_a_chapter_the_campaign_does_not_have(deck):
    with pytest.raises(SetupError, match="chapters 1 to 10"):
        chapter_setup(deck, 11, 2, {})


def test_picks_keep_the_start_cards_then_the_lowest_numbers(deck):
    own = ["wheat_field", "bakery", "herb_garden", "village_well", "fishing_hut", "ferry"]

    assert default_picks(own, 2) == ["fishing_hut", "ferry"]  # no deck to say which start
    assert default_picks(own, 2, deck) == ["wheat_field", "bakery"]
    assert default_picks(own, 4, deck) == ["wheat_field", "bakery", "herb_garden", "village_well"]
    assert default_picks(own, 9, deck) == own


def test_the_small_deck_sets_up_its_second_game(data):
    deck, problems = build(data)
    assert problems == []
    carry = plausible_carry_over(deck, 2, 2)

    setup = chapter_setup(deck, 2, ["Ann", "Ben"], carry)

    assert carry["circles"] == [2, 3]  # seat 0 won game 1; all but the winner ticked a circle
    assert setup["market"] == {"wheat_field": 5, "sunny_side": 5}
    assert [lm["id"] for lm in setup["landmarks"][0]] == ["lm_b", "lm_c", "lm_d"]
    assert setup["stickers"] == [{"card": "wheat_field", "change": {"cost": 0}}]
    assert setup["cities"][1] == {"wheat_field": 1, "plum_tree": 1}
    assert new_game({**setup, "rules": []}).players[1].city == {"wheat_field": 1, "plum_tree": 1}


def test_an_even_carry_over_gives_every_seat_the_same_circles(deck):
    uneven = plausible_carry_over(deck, 10, 4)
    even = plausible_carry_over(deck, 10, 4, even=True)

    assert len(set(uneven["circles"])) > 1
    assert even["circles"] == [sum(uneven["circles"]) // 4] * 4
    chapter_setup(deck, 10, 4, even)


def test_the_market_is_sorted_by_number(deck):
    setup = chapter_setup(deck, 6, 2, plausible_carry_over(deck, 6, 2))
    numbers = {card["id"]: min(card["numbers"]) for card in setup["card_defs"]}

    firsts = [numbers[card_id] for card_id in setup["market"]]

    assert firsts == sorted(firsts)
    assert len(setup["market"]) == 8 + 5


def test_the_plausible_carry_over_names_each_seats_picks(deck):
    carry = plausible_carry_over(deck, 5, 2)

    # start cards, then what pays on the lowest numbers: lemonade stand (2), herb garden (3)
    assert carry["picks"][0] == ["wheat_field", "bakery", "lemonade_stand"]  # 3 circles
    assert carry["picks"][1] == ["wheat_field", "bakery", "herb_garden", "lemonade_stand"]
    assert chapter_setup(deck, 5, 2, carry)["cities"][1] == {
        "wheat_field": 1,
        "bakery": 1,
        "herb_garden": 1,
        "lemonade_stand": 1,
    }
