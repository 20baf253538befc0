"""Hostile deck files (a group's own deck is read from files it wrote): whatever the bytes, the
loader answers with the problems it found and never raises anything else; a file too large or
nested too deeply is one more problem, found before the parser is given it."""

import datetime
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legacy_deck.format import DeckError, Problem
from legacy_deck.loader import CONTENT, FILES, MAX_FILE_BYTES, load_deck, parse_deck, read_deck
from legacy_deck.validate import validate
from tests.json_places import places, replaced

ORIGINAL = {role: (CONTENT / name).read_text("utf-8") for role, name in FILES.items()}
PARSED = {role: tomllib.loads(text) for role, text in ORIGINAL.items()}

toml_values = st.recursive(
    st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=30)
    | st.just("")
    | st.dates()
    | st.datetimes(timezones=st.none() | st.just(datetime.UTC)),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=15,
)

fuzzing = settings(
    max_examples=60,
    deadline=None,  # tests assert behaviour; bench/hostile_inputs.py measures time
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def answers_with_problems(folder) -> list[Problem]:
    deck, problems = read_deck(folder)
    assert deck is not None or problems
    assert all(isinstance(problem, Problem) for problem in problems)
    try:
        load_deck(folder)
    except DeckError as error:
        assert error.problems
    return problems


def write_deck(folder, texts: dict[str, str | bytes]) -> None:
    for role, name in FILES.items():
        text = texts[role]
        path = folder / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, "utf-8")


PATHS = {role: list(places(data))[1:] for role, data in PARSED.items()}


@pytest.mark.parametrize("value", [False, [], [False], 7, {"id": "x"}, ""])
def test_a_rule_card_whose_rule_id_is_not_text_is_a_problem_not_a_crash(value):
    """Found by the fuzz below: the loader reported such a rule id, kept it, and the validator
    then failed on it (an unhashable list, a bool sorted among strings)."""
    path = ("rule", 4, "rule")  # the fifth rule card's rule id
    assert path in PATHS["components"]
    components = replaced(PARSED["components"], path, value)
    problems: list[Problem] = []
    deck = parse_deck(components, PARSED["deck"], PARSED["boxes"], problems)
    problems += validate(deck)
    assert any(problem.message == "a rule card needs the engine's rule id" for problem in problems)


@fuzzing
@given(data=st.data(), role=st.sampled_from(sorted(FILES)))
def test_any_value_anywhere_in_the_files_is_a_problem_not_a_crash(data, role):
    """One value of our own deck replaced by anything TOML can hold: the loader and the validator
    report problems (or accept it), and raise nothing."""
    path = data.draw(st.sampled_from(PATHS[role]), label="where")
    value = data.draw(toml_values, label="value")
    files = {**PARSED, role: replaced(PARSED[role], path, value)}
    problems: list[Problem] = []
    deck = parse_deck(files["components"], files["deck"], files["boxes"], problems)
    problems += validate(deck)
    assert all(isinstance(problem, Problem) for problem in problems)


@fuzzing
@given(
    role=st.sampled_from(sorted(FILES)),
    cut=st.floats(min_value=0, max_value=1),
    junk=st.binary(max_size=40) | st.text(max_size=40).map(str.encode),
)
def test_a_cut_or_spliced_file_is_a_problem_not_a_crash(tmp_path_factory, role, cut, junk):
    folder = tmp_path_factory.mktemp("deck")
    original = ORIGINAL[role].encode()
    at = int(len(original) * cut)
    write_deck(folder, {**ORIGINAL, role: original[:at] + junk + original[at + len(junk) :]})
    answers_with_problems(folder)


@pytest.mark.parametrize(
    "path",
    [
        ("deck", ("campaign", "games")),
        ("deck", ("campaign", "boxes")),
        ("deck", ("campaign", "landmark_costs", 0)),
        ("deck", ("card", 0, "number")),
        ("deck", ("card", 3, "a", "stop", "game")),
        ("boxes", ("box", 0, "number")),
    ],
)
def test_a_number_of_a_trillion_is_a_problem_not_a_count_to_it(path):
    role, where = path
    files = {**PARSED, role: replaced(PARSED[role], where, 10**12)}
    problems: list[Problem] = []
    deck = parse_deck(files["components"], files["deck"], files["boxes"], problems)
    problems += validate(deck)
    assert any("999" in problem.message for problem in problems)


def test_a_file_nested_a_hundred_thousand_deep_is_a_problem(tmp_path):
    write_deck(tmp_path, {**ORIGINAL, "boxes": "a = " + "[" * 100_000 + "]" * 100_000})
    problems = answers_with_problems(tmp_path)
    assert any("deep" in problem.message for problem in problems)


def test_a_file_too_large_is_a_problem_and_is_not_parsed(tmp_path):
    huge = ORIGINAL["deck"] + "\n# " + "x" * MAX_FILE_BYTES
    write_deck(tmp_path, {**ORIGINAL, "deck": huge})
    problems = answers_with_problems(tmp_path)
    assert any("large" in problem.message for problem in problems)


def test_a_file_that_is_not_utf8_or_not_a_file_is_a_problem(tmp_path):
    write_deck(tmp_path, {**ORIGINAL, "components": b"\xff\xfe name = 1"})
    assert any("UTF-8" in problem.message for problem in answers_with_problems(tmp_path))
    (tmp_path / FILES["boxes"]).unlink()
    (tmp_path / FILES["boxes"]).mkdir()
    assert answers_with_problems(tmp_path)
