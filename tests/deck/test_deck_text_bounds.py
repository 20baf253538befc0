"""A deck's text is read in bounded time and memory (issue 35, item 3): the depth of its keys
(dotted or by table name), how many keys, tables and lists it sets, how deeply it nests and how
long its texts are written are all bounded before the TOML parser sees it."""

import tomllib

import pytest
from planted_faults import TUTORIAL

from legacy_deck import loader
from legacy_deck.loader import (
    MAX_KEY_PARTS,
    MAX_KEYS,
    MAX_NESTING,
    MAX_TEXT,
    SHIPPED,
    read_deck,
    read_deck_text,
)

NAMES = ("components", "deck", "boxes")


def _with_deck(text: str) -> dict[str, str]:
    texts = {name: (TUTORIAL / f"{name}.toml").read_text(encoding="utf-8") for name in NAMES}
    texts["deck"] = text + "\n" + texts["deck"]
    return texts


@pytest.fixture
def parser_calls(monkeypatch):
    """How many texts reached tomllib."""
    calls = []
    real = tomllib.loads

    def counted(text, **kwargs):
        calls.append(len(text))
        return real(text, **kwargs)

    monkeypatch.setattr(loader.tomllib, "loads", counted)
    return calls


@pytest.mark.parametrize("depth", [1_000, 20_000])
@pytest.mark.parametrize("form", ["dotted", "table"])
def test_a_key_deeper_than_the_bound_is_refused_before_parsing(parser_calls, depth, form):
    key = "a" + ".a" * (depth - 1)
    text = f"{key} = 1" if form == "dotted" else f"[{key}]"

    deck, problems = read_deck_text(_with_deck(text))

    assert deck is None
    assert [p.message for p in problems if p.file == "deck.toml"] == [
        f"a dotted key or table name of more than {MAX_KEY_PARTS} parts"
    ]
    assert len(parser_calls) == 2  # the other two files


def test_a_key_of_the_bounds_parts_is_read_and_one_more_is_not():
    at_bound = "x" + ".x" * (MAX_KEY_PARTS - 1)
    assert loader._shape_problem(f"{at_bound} = 1") is None
    assert loader._shape_problem(f"[{at_bound}]") is None
    assert "parts" in loader._shape_problem(f"{at_bound}.x = 1")
    assert "parts" in loader._shape_problem(f"[{at_bound}.x]")


def test_dots_in_texts_comments_and_numbers_are_not_key_parts():
    text = (
        'story = "One. Two. Three. Four. Five."\n'
        "multi = '''a.b.c.d.e.f\n g.h.i.j'''\n"
        'basic = """x.y.z.w.v.u "quoted.a.b.c" t.s"""\n'
        'odd = """"quoted""""\n'
        "# a.b.c.d.e.f.g in a comment\n"
        "numbers = [1.5, 2.5, 3.5, 4.5, 5.5]\n"
        "when = 1979-05-27T07:32:00.999\n"
    )
    assert loader._shape_problem(text) is None
    tomllib.loads(text)  # and it is TOML


def test_more_keys_tables_and_lists_than_the_bound_are_refused_before_parsing(parser_calls):
    text = "".join(f"k{i} = 1\n" for i in range(MAX_KEYS + 1))

    _, problems = read_deck_text(_with_deck(text))

    assert f"more than {MAX_KEYS} keys, tables and lists in one file" in [
        p.message for p in problems
    ]
    assert len(parser_calls) == 2
    assert loader._shape_problem("".join(f"k{i} = 1\n" for i in range(MAX_KEYS))) is None


def test_nesting_past_the_bound_and_a_text_written_too_long_are_refused():
    assert loader._shape_problem("a = " + "[" * MAX_NESTING + "]" * MAX_NESTING) is None
    deeper = "a = " + "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1)
    assert loader._shape_problem(deeper) == f"nested too deeply: more than {MAX_NESTING} levels"
    written = '"' + "\\u00e9" * MAX_TEXT + '"'
    assert loader._shape_problem(f"a = {written}") is None  # 4,000 characters, all escaped
    assert loader._shape_problem(f'a = "{"x" * (6 * MAX_TEXT + 5)}"') == (
        f"text longer than {MAX_TEXT} characters"
    )


@pytest.mark.parametrize("deck_id", ["seven_winds_bay", "comet_over_millbrook"])
def test_the_shipped_decks_are_well_within_every_bound(deck_id):
    for name in NAMES:
        text = (SHIPPED / deck_id / f"{name}.toml").read_text(encoding="utf-8")
        shape = loader._Shape(text)
        assert shape.key_parts <= MAX_KEY_PARTS // 2
        assert shape.keys <= MAX_KEYS // 5
        assert shape.nesting <= MAX_NESTING // 4
    deck, problems = read_deck(SHIPPED / deck_id)
    assert deck is not None and problems == []
