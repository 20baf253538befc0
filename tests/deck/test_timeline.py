"""What each instruction kind does to the campaign's bookkeeping, on the small deck."""

from small_deck import build, check, instruction, side

from legacy_deck.format import Stop
from legacy_deck.timeline import replay


def ledger_after(data, stop=None):
    deck, problems = build(data)
    assert problems == []
    ledger, reached = replay(deck, until=stop)
    assert reached
    return ledger


def test_drawing_the_start_cards_fills_reserve_and_bags(data):
    ledger = ledger_after(data, Stop("before_campaign"))

    assert ledger.where["lm_a"] == "reserve"
    assert ledger.where["mp_wf_red"] == "bag:red"
    assert ledger.marketplace == {"red": ["wheat_field"], "blue": ["wheat_field"]}
    assert ledger.where["plum_tree"] == "deck"
    assert ledger.where["rule_rest"] == "box:1"


def test_game_one_gets_market_landmarks_project_and_overview(data):
    ledger = ledger_after(data, Stop("before_game", 1))

    assert ledger.market == ["wheat_field"]
    assert ledger.tableau == ["lm_a", "lm_b", "lm_c"]
    assert ledger.project == "p1"
    assert ledger.overview == "ov1"


def test_after_a_game_the_project_and_leftmost_landmark_go_to_the_archive(data):
    ledger = ledger_after(data, Stop("after_game", 1))

    assert ledger.where["p1"] == "archive"
    assert ledger.where["lm_a"] == "archive"
    assert ledger.tableau == ["lm_b", "lm_c"]


def test_the_after_game_instructions_each_do_their_part(data):
    ledger = ledger_after(data, Stop("after_game", 1))

    assert ledger.boxes_opened == [1]  # open_box
    assert ledger.rules == ["rule_rest"]  # add_rule
    assert ledger.stickers == [("st1", "wheat_field")]  # sticker
    assert ledger.where["st1"] == "stuck"
    assert ledger.marketplace["red"] == ["wheat_field", "plum_tree"]  # marketplace_cards
    assert ledger.where["mp_plum_blue"] == "bag:blue"
    assert ledger.market == ["wheat_field", "ds_one"]  # double_sided joins the market
    assert ledger.ticks == [(1, "all_but_winner", 1)]  # tick_circles
    assert ledger.where["trk"] == ledger.where["isle"] == "table"  # move to the table
    assert ledger.where["boat_red"] == "bag:red"  # move into a bag


def test_the_end_of_the_deck(data):
    ledger = ledger_after(data)

    assert ledger.where["isle"] == "archive"
    assert ledger.tableau == []  # the last card archives the tableau's landmarks for free play
    assert sorted(ledger.at("archive")) == [
        "isle",
        "lm_a",
        "lm_b",
        "lm_c",
        "lm_d",
        "ov1",
        "p1",
        "p2",
    ]


def test_a_rule_card_added_twice_is_reported(data):
    side(data, 5, "b")["instructions"] = [{"do": "add_rule", "rule": "rule_rest"}]

    assert any("'rule_rest' is in the rule stack already" in p for p in check(data))


def test_a_move_to_a_bag_needs_a_player_colour(data):
    instruction(data, 4, "b", "move", 1)["colour"] = "green"

    assert any("moving to a bag needs a player colour" in p for p in check(data))


def test_a_component_taken_out_cannot_come_back(data):
    side(data, 4, "b")["instructions"].insert(
        0, {"do": "move", "components": ["plum_tree"], "to": "out"}
    )
    side(data, 5, "b")["instructions"] = [{"do": "add_to_market", "cards": ["plum_tree"]}]

    assert any("'plum_tree' was taken out of the game" in p for p in check(data))


def test_a_replay_is_kept_and_each_caller_gets_a_ledger_of_its_own(data):
    deck, problems = build(data)
    assert problems == []
    first, reached = replay(deck, until=Stop("before_game", 1))
    assert reached
    first.where["lm_a"] = "out"
    first.market.append("plum_tree")
    first.chapter(7).landmarks.append("lm_a")
    again, reached = replay(deck, until=Stop("before_game", 1))
    assert reached and again is not first
    assert again.where["lm_a"] != "out" and "plum_tree" not in again.market
    assert 7 not in again.chapters
    assert again == ledger_after(data, Stop("before_game", 1))  # a deck built afresh, replayed


def test_a_kept_replay_still_reports_what_does_not_fit(data):
    side(data, 5, "b")["instructions"] = [{"do": "add_rule", "rule": "rule_rest"}]
    deck, _problems = build(data)
    first, again = [], []
    replay(deck, report=lambda side, field, message: first.append(message))
    replay(deck)
    replay(deck, report=lambda side, field, message: again.append(message))
    assert any("'rule_rest' is in the rule stack already" in p for p in first)
    assert again == first
