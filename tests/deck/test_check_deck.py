"""python manage.py check_deck [PATH]"""

import shutil
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from legacy_deck.loader import CONTENT


def run(*args):
    out = StringIO()
    call_command("check_deck", *args, stdout=out)
    return out.getvalue()


def test_it_passes_our_deck():
    assert "is sound: 24 cards" in run()


def test_it_names_a_rule_id_the_engine_lacks_unless_told_to_assume_it(tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(CONTENT, folder)
    components = folder / "components.toml"
    text = components.read_text("utf-8")
    components.write_text(text.replace('rule = "rest_day"', 'rule = "time_travel"'), "utf-8")

    out = StringIO()
    with pytest.raises(CommandError, match="problem"):
        call_command("check_deck", str(folder), stdout=out)
    assert "rule id 'time_travel' is not implemented by the engine" in out.getvalue()
    assumed = run(str(folder), "--assume-rule", "time_travel")
    assert "Assuming the engine implements: time_travel." in assumed


@pytest.fixture
def broken(tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(CONTENT, folder)
    deck = folder / "deck.toml"
    text = deck.read_text("utf-8")
    text = text.replace('{ do = "open_box", box = 2 }', '{ do = "open_box", box = 1 }')
    lines = [line for line in text.splitlines() if not line.startswith('story.nl = "Hoofdstuk 3')]
    deck.write_text("\n".join(lines) + "\n", "utf-8")
    return folder


def test_it_prints_every_problem_with_file_card_and_field_and_fails(broken):
    out = StringIO()

    with pytest.raises(CommandError, match="problem"):
        call_command("check_deck", str(broken), stdout=out)

    lines = out.getvalue().splitlines()
    assert "deck.toml: card 6: a.story: missing translation: nl" in lines
    assert "deck.toml: card 5: a.instructions[0].box: mystery box 1 was opened before" in lines
    assert "boxes.toml: box 2: the deck never opens this box" in lines


def test_it_reports_a_file_that_is_not_toml(tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(CONTENT, folder)
    (folder / "boxes.toml").write_text("[[box]\n", "utf-8")
    (folder / "components.toml").unlink()
    out = StringIO()

    with pytest.raises(CommandError):
        call_command("check_deck", str(folder), stdout=out)

    assert "components.toml: file not found" in out.getvalue()
    assert "boxes.toml: not valid TOML" in out.getvalue()


def test_load_deck_raises_with_every_problem(broken):
    from legacy_deck.format import DeckError
    from legacy_deck.loader import load_deck

    assert len(load_deck().cards) == 24
    with pytest.raises(DeckError) as caught:
        load_deck(broken)
    assert len(caught.value.problems) == 5  # the two cards in the unopened box as well
    assert "card 6: a.story: missing translation: nl" in str(caught.value)


def test_manage_py_exits_non_zero_on_a_broken_deck(broken):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "manage.py", "check_deck", str(broken)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 1
    assert "deck.toml: card 6: a.story: missing translation: nl" in result.stdout
    assert "problem(s) in the deck" in result.stderr
