"""What the engine caches to stay fast follows the state it belongs to: a new value assigned to a
player is seen at once, a copy may be changed freely, and the JSON text is exactly json.dumps."""

import json

from helpers import ANN, BEN, NAMES

from play.engine import GameState, apply_action, legal_actions, new_game
from play.engine.effects import landmark_effect


def test_a_landmark_assigned_on_a_copy_is_in_force_there_and_not_in_the_original():
    state = new_game("classic", players=NAMES, seed=1)
    assert landmark_effect(state, state.players[ANN], "two_dice") is None  # cached now
    trial = state.copy()
    trial.players[ANN].landmarks = {**trial.players[ANN].landmarks, "train_station": True}
    assert landmark_effect(trial, trial.players[ANN], "two_dice").id == "train_station"
    assert landmark_effect(state, state.players[ANN], "two_dice") is None
    assert {"type": "roll", "dice": 2} in legal_actions(trial)
    assert {"type": "roll", "dice": 2} not in legal_actions(state)


def test_a_copy_may_be_changed_without_touching_the_state_it_came_from():
    state = new_game("classic", players=NAMES, seed=1)
    before = state.to_json()
    trial = state.copy()
    for player in trial.players:
        player.coins += 5
        player.city = {**player.city, "ranch": 1}
    assert state.to_json() == before


def test_a_step_shares_the_players_it_leaves_alone():
    state = new_game("classic", players=NAMES, seed=1)
    state, _ = apply_action(state, {"type": "roll", "dice": 1}, dice=(6,))  # nothing activates
    after, _ = apply_action(state, {"type": "pass"})
    assert after.players[BEN] is state.players[BEN]
    assert after.players[ANN] is state.players[ANN]  # a pass changes no player either


def test_the_json_is_exactly_json_dumps_of_the_dict_for_states_loaded_and_played():
    state = new_game("kosmos", players=["Åsa", "Björn", "Čech"], seed=3, variants=["random_market"])
    for _ in range(60):
        text = state.to_json()
        assert text == json.dumps(state.to_dict(), ensure_ascii=False, separators=(",", ":"))
        loaded = GameState.from_json(text)
        assert loaded.to_json() == text and loaded == state
        state, _ = apply_action(state, legal_actions(state)[-1])


def test_a_players_fields_are_declared_once_and_all_make_the_round_trip():
    import inspect

    from play.engine.state import PLAYER_FIELDS, Player

    assert tuple(inspect.signature(Player.__init__).parameters)[1:] == PLAYER_FIELDS
    state = new_game("classic", players=NAMES, seed=1)
    player = state.players[ANN]
    player.fresh, player.boat, player.face_down = ("train_station",), 3, {"wheat_field": 1}
    player.landmarks = {**player.landmarks, "train_station": True}
    assert tuple(player.to_dict()) == PLAYER_FIELDS
    copied = player.copy()
    assert all(getattr(copied, name) is getattr(player, name) for name in PLAYER_FIELDS)
    assert player.to_dict()["fresh"] == ["train_station"]
    assert player.to_dict()["city"] is not player.city  # a dict of its own, for the caller


def test_games_of_one_edition_share_one_table_equal_to_the_one_their_setup_makes():
    from play.engine.table import build_table

    first = new_game("classic", players=NAMES[:2], seed=1)
    second = new_game("classic", players=NAMES[2:], seed=2)
    assert first.table is second.table
    assert first.table == build_table(first.setup)
    four = new_game("classic", players=NAMES, seed=1)
    market = new_game("classic", players=NAMES[:2], seed=1, variants=["random_market"])
    assert four.table is not first.table and four.table == build_table(four.setup)
    assert market.table is not first.table and market.table == build_table(market.setup)


def test_a_build_that_empties_a_pile_offers_what_reading_the_market_again_offers():
    from play.engine import legal_moves, play
    from play.engine.market import Piles
    from play.engine.state import Phase

    state = new_game("classic", players=NAMES[:2], seed=3, coins=[50, 50])
    state.market = {**state.market, "cafe": 1}
    state.dice, state.phase = (3,), Phase.BUILD  # seat 0's build step
    before = legal_moves(state)  # the piles of this market, read once
    play(state, ("build", "cafe"))
    assert state.market["cafe"] == 0 and state.piles_cache.market is state.market
    state.active, state.dice, state.phase = 0, (3,), Phase.BUILD  # its build step again
    emptied = legal_moves(state)
    assert ("build", "cafe") in before and ("build", "cafe") not in emptied
    state.piles_cache = Piles.read(state)
    assert legal_moves(state) == emptied


def test_a_build_changes_in_place_only_a_market_no_other_state_shares():
    from play.engine import play, pop, push
    from play.engine.state import Phase

    def build_step(state):
        state.active, state.dice, state.phase = 0, (3,), Phase.BUILD
        return state

    state = build_step(new_game("classic", players=NAMES[:2], seed=3, coins=[50, 50]))
    market = state.market
    push(state, ("build", "forest"))
    assert market["forest"] == 6 and state.market["forest"] == 5
    pop(state)
    assert state.market is market and market["forest"] == 6
    play(state, ("build", "forest"))  # a market the state made and shares with none
    assert state.market is market and market["forest"] == 5

    state = build_step(new_game("classic", players=NAMES[:2], seed=3, coins=[50, 50]))
    market = state.market
    after, _ = apply_action(state, {"type": "build", "card": "cafe"})
    assert state.market is market and market["cafe"] == 6 and after.market["cafe"] == 5
    trial = build_step(after.copy())
    play(trial, ("build", "cafe"))
    assert after.market["cafe"] == 5 and trial.market["cafe"] == 4
    play(build_step(state), ("build", "cafe"))  # its successor shares the market: a copy
    assert market["cafe"] == 6 and state.market["cafe"] == 5 and after.market["cafe"] == 5


def test_a_mask_of_piles_offers_their_moves_in_market_order_whatever_part_they_lie_in():
    import random

    from play.engine.market import PASS, PileSet

    piles = tuple((("build", f"card_{i}"), i % 7, i % 5 == 0) for i in range(19))
    pile_set = PileSet(piles)
    rng = random.Random(3)
    for mask in [
        0,
        pile_set.everything,
        1 << 8,
        1 << 18,
        *(rng.getrandbits(19) for _ in range(200)),
    ]:
        moves = tuple(
            move for index, (move, _cost, _purple) in enumerate(piles) if mask >> index & 1
        )
        assert pile_set.offered(mask) == (moves, (*moves, PASS))
        assert pile_set.offered(mask) == (moves, (*moves, PASS))  # as kept


def test_the_pile_sets_together_keep_a_bounded_number_of_offers(monkeypatch):
    import random

    from play.engine import market
    from play.engine.market import PASS, pile_set

    monkeypatch.setattr(market, "_OFFERS_KEPT", 50)
    monkeypatch.setattr(market, "_PILE_SETS", {})
    monkeypatch.setattr(market, "_offers_held", 0)
    rng = random.Random(5)
    for kind in range(4):  # four markets, as random markets open them
        piles = tuple((("build", f"card_{kind}_{i}"), i, False) for i in range(12))
        kept = pile_set(piles)
        for _ in range(40):
            mask = rng.getrandbits(12)
            moves = tuple(move for index, (move, _c, _p) in enumerate(piles) if mask >> index & 1)
            assert kept.offered(mask) == (moves, (*moves, PASS))  # right, whatever was forgotten
            held = sum(len(each.offers) for each in market._PILE_SETS.values())
            assert held == market._offers_held <= 50


def _build_moves_from_scratch(state):
    """A build step's moves read from the market and the seat alone (no project, no extra
    actions, no copy limit): affordable piles in market order, a purple card owned excepted,
    then the affordable landmarks not built, in the seat's slot order, then passing."""
    seat = state.active
    player, cards = state.players[seat], state.table.cards
    piles = [
        ("build", card_id)
        for card_id, copies in state.market.items()
        if copies and cards[card_id].cost <= player.coins
        if not (cards[card_id].colour == "purple" and card_id in player.city)
    ]
    costs = state.table.landmark_costs[seat]
    landmarks = [
        ("build_landmark", lid)
        for lid, built in player.landmarks.items()
        if not built and costs[lid] <= player.coins
    ]
    return [*piles, *landmarks, ("pass",)]


def test_a_build_step_offers_the_landmarks_each_seat_has_not_built_whatever_was_kept():
    import random

    from play.engine import legal_moves, play
    from play.engine.state import Phase

    # seats whose landmarks lie in different orders and cost differently share one table
    setup = new_game("classic", players=NAMES[:3], seed=0).setup
    setup["landmarks"][1] = setup["landmarks"][1][::-1]
    setup["landmarks"][2] = [
        {**entry, "cost": 9 - 2 * i} for i, entry in enumerate(setup["landmarks"][2])
    ]
    setups = [
        setup,
        *(new_game("classic", players=NAMES[:count], seed=1).setup for count in (2, 4)),
    ]
    steps = 0
    for setup in setups:
        for seed in range(15):
            state = new_game({**setup, "seed": seed})
            rng = random.Random(seed)
            while state.winner is None:
                moves = legal_moves(state)
                if state.phase == Phase.BUILD:
                    assert isinstance(moves, tuple)  # shared or not, no caller may change it
                    assert list(moves) == _build_moves_from_scratch(state)
                    steps += 1
                play(state, moves[rng.randrange(len(moves))])
    assert steps > 2_000

    state = new_game("classic", players=NAMES[:2], seed=3, coins=[30, 30])
    state.dice, state.phase = (3,), Phase.BUILD
    assert ("build_landmark", "shopping_mall") in legal_moves(state)  # kept now
    trial = state.copy()
    trial.players[ANN].landmarks = {**trial.players[ANN].landmarks, "shopping_mall": True}
    assert list(legal_moves(trial)) == _build_moves_from_scratch(trial)
    assert ("build_landmark", "shopping_mall") not in legal_moves(trial)
    assert ("build_landmark", "shopping_mall") in legal_moves(state)
