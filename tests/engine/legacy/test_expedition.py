"""Rule expedition: boats sail the track ({"type": "sail", "spaces": k}, 2 coins a space) and
claim the island on the space where their move ends; its effect is in force from the owner's
next turn for the rest of the game."""

import pytest

from play.engine import GameState, IllegalAction, apply_action, legal_actions, new_game
from play.engine.effects import landmark_effect

ROLL_NOTHING = (6,)  # nobody owns a card for 6


def _sails(state):
    return [a for a in legal_actions(state) if a["type"] == "sail"]


def _build_step(state, act, dice=ROLL_NOTHING):
    state, _ = act(state, {"type": "roll", "dice": len(dice)}, dice=dice)
    assert state.phase == "build"
    return state


def test_a_new_game_puts_every_boat_at_space_0(expedition_setup):
    state = new_game(expedition_setup())
    assert [p.boat for p in state.players] == [0, 0, 0]
    assert [p.islands for p in state.players] == [(), (), ()]


def test_sail_is_offered_only_with_the_rule(make_setup, expedition_setup, act):
    assert _sails(_build_step(new_game(make_setup(coins=[9, 9, 9])), act)) == []
    state = _build_step(new_game(expedition_setup(coins=[9, 9, 9])), act)
    assert _sails(state) == [{"type": "sail", "spaces": k} for k in (1, 2, 3)]


def test_sail_is_refused_without_the_rule(make_setup, act):
    state = _build_step(new_game(make_setup(coins=[9, 9, 9])), act)
    with pytest.raises(IllegalAction, match=r"^This game does not use the expedition rule\.$"):
        act(state, {"type": "sail", "spaces": 1})


@pytest.mark.parametrize(("coins", "offered"), [(0, 0), (1, 0), (2, 1), (5, 2), (6, 3), (20, 3)])
def test_each_space_costs_two_coins(expedition_setup, act, coins, offered):
    state = _build_step(new_game(expedition_setup(coins=[coins, 3, 3])), act)
    assert len(_sails(state)) == offered


def test_sailing_pays_moves_and_ends_the_turn(expedition_setup, act):
    state = _build_step(new_game(expedition_setup(coins=[7, 3, 3])), act)
    after, events = act(state, {"type": "sail", "spaces": 3})
    assert events[0] == {"type": "sail", "player": 0, "spaces": 3, "from": 0, "to": 3, "cost": 6}
    assert after.players[0].coins == 1 and after.players[0].boat == 3
    assert after.players[0].islands == ()  # gull_rock on space 2 was passed, not claimed
    assert after.active == 1 and after.phase == "roll"
    assert state.players[0].boat == 0 and state.players[0].coins == 7  # input unchanged


def test_a_boat_ending_its_move_on_an_island_claims_it_at_once(expedition_setup, act):
    state = _build_step(new_game(expedition_setup(coins=[4, 3, 3])), act)
    after, events = act(state, {"type": "sail", "spaces": 2})
    assert events[1] == {"type": "claim_island", "player": 0, "island": "gull_rock", "space": 2}
    assert after.players[0].islands == ("gull_rock",)


def test_a_claimed_island_is_not_claimed_again(expedition_setup, act):
    state = new_game(expedition_setup(coins=[4, 4, 3]))
    state, _ = act(_build_step(state, act), {"type": "sail", "spaces": 2})
    state, events = act(_build_step(state, act), {"type": "sail", "spaces": 2})
    assert state.players[1].boat == 2
    assert state.players[1].islands == ()
    assert not [e for e in events if e["type"] == "claim_island"]


def test_the_boat_stops_at_the_last_space(expedition_setup, act):
    setup = expedition_setup(coins=[20, 3, 3])
    setup["expedition"]["length"] = 4
    setup["expedition"]["islands"] = [{"id": "gull_rock", "space": 4}]
    state = new_game(setup)
    state.players[0].boat = 2
    state = _build_step(state, act)
    assert _sails(state) == [{"type": "sail", "spaces": 1}, {"type": "sail", "spaces": 2}]
    with pytest.raises(IllegalAction, match="2 space\\(s\\) from the end of the track"):
        act(state, {"type": "sail", "spaces": 3})
    after, _ = act(state, {"type": "sail", "spaces": 2})
    assert after.players[0].boat == 4 and after.players[0].islands == ("gull_rock",)
    after.players[1].coins = after.players[2].coins = 0
    for _ in range(3):  # Ben, Cem pass; Ann again
        after = _build_step(after, act)
        if after.active == 0:
            break
        after, _ = act(after, {"type": "pass"})
    assert after.active == 0 and _sails(after) == []
    with pytest.raises(IllegalAction, match="at the end of the track already"):
        act(after, {"type": "sail", "spaces": 1})


@pytest.mark.parametrize(
    ("spaces", "message"),
    [(0, "sails 1 to 3 spaces"), (4, "sails 1 to 3 spaces"), ("2", "sails 1 to 3"), (True, "1 to")],
)
def test_bad_sail_actions_are_refused(expedition_setup, act, spaces, message):
    state = _build_step(new_game(expedition_setup(coins=[9, 3, 3])), act)
    with pytest.raises(IllegalAction, match=message):
        act(state, {"type": "sail", "spaces": spaces})


def test_sailing_without_the_coins_is_refused(expedition_setup, act):
    state = _build_step(new_game(expedition_setup(coins=[5, 3, 3])), act)
    with pytest.raises(IllegalAction, match="Ann has 5 coins; sailing 3 space\\(s\\) costs 6"):
        act(state, {"type": "sail", "spaces": 3})


def _claim_bread_isle(expedition_setup, act):
    """Ann (boat on 1) sails 3 to bread_isle (+2 per activated wheat establishment)."""
    state = new_game(expedition_setup(coins=[6, 0, 0]))
    state.players[0].boat = 1
    state = _build_step(state, act)
    state, _ = act(state, {"type": "sail", "spaces": 3})
    assert state.players[0].islands == ("bread_isle",)
    return state


def test_an_island_works_for_its_owner_from_the_moment_it_is_claimed(expedition_setup, act):
    # RULES.md §6: islands work at once, not from the owner's next turn as landmarks do.
    state = _claim_bread_isle(expedition_setup, act)
    state, events = act(state, {"type": "roll", "dice": 1}, dice=(1,))  # Ben rolls 1
    ann = [e for e in events if e["type"] == "transfer" and e["payee"] == 0]
    assert [e["amount"] for e in ann] == [3]  # Ann's Wheat Field pays 1 + 2 from bread_isle


def test_an_island_claimed_on_its_total_gives_the_extra_turn_at_once(expedition_setup, act):
    setup = expedition_setup(coins=[6, 0, 0])
    setup["island_defs"][0]["effect"] = {"kind": "extra_turn_on_total", "total": 4}  # gull_rock
    state = new_game(setup)
    state, _ = act(state, {"type": "roll", "dice": 1}, dice=(4,))
    state, events = act(state, {"type": "sail", "spaces": 2})
    assert state.players[0].islands == ("gull_rock",)
    assert {"type": "extra_turn", "player": 0, "landmark": "gull_rock"} in events
    assert state.active == 0 and state.extra_turn


def test_an_island_is_in_force_from_its_owners_next_turn_for_good(expedition_setup, act):
    state = _claim_bread_isle(expedition_setup, act)
    for _ in range(2):  # Ben and Cem
        state, _ = act(_build_step(state, act), {"type": "pass"})
    for _ in range(2):  # Ann's next turn, and the one after
        state, events = act(state, {"type": "roll", "dice": 1}, dice=(1,))
        ann = [e for e in events if e["type"] == "transfer" and e["payee"] == 0]
        assert [e["amount"] for e in ann] == [3]  # 1 + 2 from bread_isle
        state, _ = act(state, {"type": "pass"})
        for _ in range(2):
            state, _ = act(_build_step(state, act), {"type": "pass"})


def test_an_island_with_a_landmark_effect_works_like_the_landmark(expedition_setup, act):
    state = new_game(expedition_setup(coins=[6, 0, 0]))
    state.players[0].boat = 3
    state, _ = act(_build_step(state, act), {"type": "sail", "spaces": 3})
    assert state.players[0].islands == ("twin_isle",)
    assert landmark_effect(state, state.players[0], "two_dice").id == "twin_isle"  # at once
    for _ in range(2):
        state, _ = act(_build_step(state, act), {"type": "pass"})
    assert {"type": "roll", "dice": 2} in legal_actions(state)
    assert landmark_effect(state, state.players[0], "two_dice").id == "twin_isle"


def test_an_income_island_pays_at_the_start_of_each_of_its_owners_turns(expedition_setup, act):
    state = new_game(expedition_setup(coins=[4, 0, 0]))
    state, events = act(_build_step(state, act), {"type": "sail", "spaces": 2})
    assert not [e for e in events if e.get("card") == "gull_rock"]
    state, _ = act(_build_step(state, act), {"type": "pass"})  # Ben
    state, events = act(_build_step(state, act), {"type": "pass"})  # Cem; Ann's turn begins
    assert events[-2:] == [
        {"type": "turn", "player": 0, "extra": False},
        {
            "type": "transfer",
            "card": "gull_rock",
            "count": 1,
            "payer": None,
            "payee": 0,
            "amount": 1,
            "shortfall": 0,
        },
    ]
    assert state.active == 0 and state.phase == "roll" and state.players[0].coins == 1


def test_sailing_ends_the_turn_like_a_build(expedition_setup, act):
    # Ann may roll two dice (Hochofen built); a 7 earns the Springbrunnen's extra turn.
    setup = expedition_setup(
        coins=[2, 3, 3],
        built=[["hochofen", "springbrunnen"], [], []],
        cities=[{"wheat_field": 1, "kosmos_shop": 1}, {}, {}],
    )
    state = _build_step(new_game(setup), act, dice=(3, 4))
    state, events = act(state, {"type": "sail", "spaces": 1})
    kinds = [e["type"] for e in events]
    assert kinds == ["sail", "transfer", "extra_turn", "turn"]
    assert events[1]["card"] == "kosmos_shop"  # 0 coins after the action: the shop pays 1
    assert state.active == 0 and state.extra_turn


def test_free_play_every_island_open_and_owned_by_no_one(expedition_setup, act):
    setup = expedition_setup(players=4, coins=[6, 6, 6, 6])
    state = new_game(setup)
    claims = []
    for spaces in (2, 3, 3, 1):
        state, events = act(_build_step(state, act), {"type": "sail", "spaces": spaces})
        claims += [e["island"] for e in events if e["type"] == "claim_island"]
    assert claims == ["gull_rock"]
    assert [p.boat for p in state.players] == [2, 3, 3, 1]


def test_boats_and_islands_round_trip_through_json(expedition_setup, act):
    state = new_game(expedition_setup(coins=[4, 3, 3]))
    state, _ = act(_build_step(state, act), {"type": "sail", "spaces": 2})
    data = state.to_dict()
    assert data["players"][0]["boat"] == 2 and data["players"][0]["islands"] == ["gull_rock"]
    twin = GameState.from_json(state.to_json())
    assert twin == state and twin.players[0].islands == ("gull_rock",)
    assert twin.to_json() == state.to_json()


def test_a_saved_game_naming_an_unknown_island_is_refused(expedition_setup):
    data = new_game(expedition_setup()).to_dict()
    data["players"][0]["islands"] = ["atlantis"]
    with pytest.raises(IllegalAction, match="players\\[0\\].islands is wrong"):
        GameState.from_dict(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"expedition": None}, "needs the setup's 'expedition' track"),
        ({"rules": []}, "has an expedition track but not the expedition rule"),
        ({"expedition": {"length": 0, "islands": []}}, "length must be 1 to 99, not 0"),
        ({"expedition": {"length": 3}}, "is \\{'length': N, 'islands'"),
        (
            {"expedition": {"length": 3, "islands": [{"id": "nope", "space": 1}]}},
            "no island 'nope'",
        ),
        (
            {"expedition": {"length": 3, "islands": [{"id": "gull_rock", "space": 4}]}},
            "space from 1 to 3, not 4",
        ),
        (
            {"expedition": {"length": 3, "islands": [{"id": "gull_rock", "space": 0}]}},
            "space from 1 to 3, not 0",
        ),
        (
            {
                "expedition": {
                    "length": 3,
                    "islands": [{"id": "gull_rock", "space": 1}, {"id": "twin_isle", "space": 1}],
                }
            },
            "Two islands lie on space 1",
        ),
        (
            {
                "island_defs": [
                    {"id": "gull_rock", "name": {"en": "x"}, "effect": {"kind": "reroll"}}
                ]
            },
            "island_defs are not valid",
        ),
    ],
)
def test_a_bad_expedition_setup_is_refused(expedition_setup, change, message):
    setup = expedition_setup(**change)
    if setup.get("expedition") is None:
        del setup["expedition"]
    with pytest.raises(IllegalAction, match=message):
        new_game(setup)


def test_island_effects_are_landmark_kinds_or_income(expedition_setup):
    setup = expedition_setup()
    setup["island_defs"][0]["effect"] = {"kind": "bank", "amount": 1}
    with pytest.raises(IllegalAction, match="unknown effect kind 'bank'"):
        new_game(setup)


def test_an_island_may_not_take_a_landmarks_id(expedition_setup):
    setup = expedition_setup()
    setup["island_defs"].append({**setup["island_defs"][0], "id": "hochofen"})
    with pytest.raises(IllegalAction, match="hochofen have the ids of landmarks"):
        new_game(setup)


def test_sail_only_in_the_build_step(expedition_setup):
    state = new_game(expedition_setup(coins=[9, 9, 9]))
    with pytest.raises(IllegalAction, match="must roll the dice now, not sail"):
        apply_action(state, {"type": "sail", "spaces": 1})


def test_a_saved_boat_past_the_end_of_the_track_is_refused(expedition_setup):
    data = new_game(expedition_setup()).to_dict()
    data["players"][1]["boat"] = 7
    with pytest.raises(IllegalAction, match="players\\[1\\].boat is wrong"):
        GameState.from_dict(data)


def test_a_save_from_before_the_legacy_fields_still_loads(make_setup):
    state = new_game(make_setup())
    data = state.to_dict()
    for player in data["players"]:
        del player["boat"], player["islands"], player["face_down"]
    assert GameState.from_dict(data) == state


def test_an_islands_total_gives_an_extra_turn_beside_the_fountains(expedition_setup, act):
    setup = expedition_setup(coins=[0, 0, 0], built=[["hochofen", "springbrunnen"], [], []])
    setup["island_defs"].append(
        {
            "id": "eleven_isle",
            "name": {"en": "Eleven Isle", "de": "Elfinsel", "nl": "Elfeiland"},
            "effect": {"kind": "extra_turn_on_total", "total": 11},
        }
    )
    state = new_game(setup)
    state.players[0].islands = ("eleven_isle",)  # claimed in an earlier turn
    state, _ = act(state, {"type": "roll", "dice": 2}, dice=(5, 6))
    state, events = act(state, {"type": "pass"})
    assert {"type": "extra_turn", "player": 0, "landmark": "eleven_isle"} in events
    state, _ = act(state, {"type": "roll", "dice": 2}, dice=(3, 4))  # in the extra turn: none
    state, events = act(state, {"type": "pass"})
    assert state.active == 1
