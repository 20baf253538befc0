"""Both editions' setups, the books' variants and the start-position keywords."""

import pytest
from helpers import ANN, BEN, NAMES, game, roll, transfers

from play.engine import GameState, apply_action, legal_actions, new_game
from play.engine.catalog import EDITIONS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_starts_with_three_coins_wheat_field_bakery_and_four_landmarks(players):
    state = game(players=players)

    for player in state.players:
        assert player.coins == 3
        assert player.city == {"wheat_field": 1, "bakery": 1}
        assert player.landmarks == dict.fromkeys(
            ["train_station", "shopping_mall", "amusement_park", "radio_tower"], False
        )
    assert state.market == EDITIONS["classic"].market
    assert sum(state.market.values()) == 84
    assert (state.active, state.phase, state.winner) == (ANN, "roll", None)


def test_kosmos_adds_the_kosmos_shop_and_its_theme_names():
    state = game(edition="kosmos")

    assert state.players[0].city == {"wheat_field": 1, "bakery": 1, "kosmos_shop": 1}
    assert state.table.cards["wheat_field"].name["de"] == "Autorinnen & Autoren"
    assert state.table.cards["business_center"].name["de"] == "Geschäftsleitung & Personal"
    assert state.table.landmarks["train_station"].name["de"] == "Mitarbeiterinnen & Mitarbeiter"
    assert state.table.cards["ranch"].name["de"] == "Bauernhof"  # not named by the book
    box = 4 * 3 + sum(state.market.values()) + 4 * 4  # start cards, market, landmarks
    assert box == 112


def test_kosmos_shop_pays_one_coin_after_a_build_step_that_ends_with_no_coins():
    state = game(edition="kosmos", coins=[1, 1])
    state, _ = roll(state, 6)

    state, events = apply_action(state, {"type": "build", "card": "wheat_field"})

    shop = [e for e in transfers(events) if e["card"] == "kosmos_shop"]
    assert [(e["payee"], e["amount"]) for e in shop] == [(ANN, 1)]
    assert state.players[ANN].coins == 1


def test_kosmos_shop_pays_after_passing_too_but_not_with_coins_left():
    state = game(edition="kosmos", coins=[0, 2])
    state, _ = roll(state, 6)
    state, events = apply_action(state, {"type": "pass"})
    assert state.players[ANN].coins == 1
    state, _ = roll(state, 6)
    state, events = apply_action(state, {"type": "pass"})
    assert state.players[BEN].coins == 2
    assert transfers(events) == []


def test_the_start_keywords_set_each_seats_whole_position():
    state = game(coins=[0, 5], cities=[{"cafe": 2}, {"mine": 1}], built=[["train_station"], []])

    assert [p.coins for p in state.players] == [0, 5]
    assert state.players[ANN].city == {"cafe": 2}
    assert state.players[BEN].city == {"mine": 1}
    assert state.players[ANN].landmarks["train_station"] is True
    assert {"type": "roll", "dice": 2} in legal_actions(state)


def test_two_copies_max_stops_a_third_copy_and_keeps_purple_at_one():
    state = game(
        coins=[10, 0], cities=[{"wheat_field": 2, "bakery": 1}, {}], variants=["two_copies_max"]
    )
    state, _ = roll(state, 5)

    builds = {a["card"] for a in legal_actions(state) if a["type"] == "build"}

    assert "wheat_field" not in builds
    assert "bakery" in builds


@pytest.mark.parametrize(("players", "purple"), [(2, 2), (3, 3), (4, 4)])
def test_random_market_opens_ten_different_piles_from_a_shuffled_deck(players, purple):
    state = game(players=players, variants=["random_market"], seed=3)

    assert len(state.market) == 10
    assert all(copies > 0 for copies in state.market.values())
    total = sum(state.market.values()) + len(state.market_deck)
    assert total == 72 + 3 * purple


def test_random_market_refills_to_ten_piles_when_a_pile_empties():
    state = game(variants=["random_market"], seed=3)
    single = next(card for card, copies in state.market.items() if copies == 1)
    state = new_game({**state.setup, "coins": [100, 0]})
    state, _ = roll(state, 4)

    state, events = apply_action(state, {"type": "build", "card": single})

    assert single not in state.market
    assert len(state.market) == 10
    assert [e["type"] for e in events if e["type"] == "reveal"]


def test_random_market_stops_refilling_when_its_deck_runs_out():
    setup = game(variants=["random_market"]).setup
    setup = {**setup, "market": {"wheat_field": 1, "ranch": 1}, "coins": [5, 5]}
    state = new_game(setup)
    assert state.market.keys() == {"ranch", "wheat_field"}
    state, _ = roll(state, 4)
    state, _ = apply_action(state, {"type": "build", "card": "ranch"})
    assert state.market == {"wheat_field": 1}
    assert state.market_deck == ()


def test_sold_out_piles_stay_in_a_fixed_market_but_cannot_be_bought():
    state = game(coins=[10, 0])
    state = new_game({**state.setup, "market": {**state.market, "ranch": 1}})
    state, _ = roll(state, 4)
    state, _ = apply_action(state, {"type": "build", "card": "ranch"})
    state, _ = roll(state, 4)
    state, _ = apply_action(state, {"type": "pass"})
    state, _ = roll(state, 4)

    assert state.market["ranch"] == 0
    assert {"type": "build", "card": "ranch"} not in legal_actions(state)


def test_first_player_by_roll_is_the_highest_two_dice_sum_with_ties_rolling_again():
    for seed in range(40):
        state = new_game("classic", players=NAMES, seed=seed, first_player="roll")
        final = state.start_rolls[-1]
        best = max(r for r in final if r is not None)
        assert final[state.active] == best
        assert [r for r in final if r == best] == [best]
        for earlier in state.start_rolls[:-1]:
            top = max(r for r in earlier if r is not None)
            assert sum(r == top for r in earlier) > 1


def test_a_chosen_first_player_starts():
    assert game(players=3, first_player=2).active == 2


def test_the_same_seed_gives_the_same_dice_and_another_seed_others():
    def rolls(seed):
        state = game(seed=seed)
        totals = []
        for _ in range(30):
            state, events = apply_action(state, {"type": "roll", "dice": 1})
            totals.append(events[0]["total"])
            state, _ = apply_action(state, {"type": "pass"})
        return totals

    assert rolls(5) == rolls(5)
    assert rolls(5) != rolls(6)
    assert set(rolls(5)) == {1, 2, 3, 4, 5, 6}


def test_a_full_setup_starts_the_same_game_as_the_edition_keywords():
    state = game(seed=9, variants=["random_market"])
    again = new_game(state.setup)
    assert again == state
    assert GameState.from_json(state.to_json()) == state
