import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from shipped_decks import COMET_OVER_MILLBROOK, folder_of


def simulate_chapter(*arguments):
    out = StringIO()
    call_command("simulate_chapter", *arguments, stdout=out)
    return out.getvalue()


def test_it_plays_a_chapter_as_the_campaign_sets_it_up_and_prints_the_report():
    output = simulate_chapter("--chapter", "3", "--players", "3", "--games", "4", "--seed", "2")

    assert "4 games of chapter 3 (even circles), 3 players, seed 2" in output
    assert "seat 3 (greedy)" in output
    assert "Turns: mean" in output and "games per second" in output


def test_it_plays_a_chapter_of_another_deck_by_its_folder(tmp_path):
    short = str(folder_of(COMET_OVER_MILLBROOK))
    output = simulate_chapter("--deck", short, "--chapter", "3", "--players", "4", "--games", "2")

    assert "2 games of chapter 3 (even circles), 4 players" in output
    with pytest.raises(CommandError, match="--chapter must be from 1 to 3, not 4"):
        simulate_chapter("--deck", short, "--chapter", "4")
    with pytest.raises(CommandError, match="deck.toml: file not found"):
        simulate_chapter("--deck", str(tmp_path), "--chapter", "1")


def test_the_same_seed_plays_the_same_games():
    def without_speed(text):
        return [line for line in text.splitlines() if "Speed" not in line]

    arguments = ("--chapter", "2", "--players", "2", "--games", "3", "--uneven", "--rotate")
    assert without_speed(simulate_chapter(*arguments)) == without_speed(
        simulate_chapter(*arguments)
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--chapter", "11"], "--chapter must be from 1 to 10, not 11"),
        (["--chapter", "1", "--players", "5"], "--players must be from 2 to 4"),
        (["--chapter", "1", "--games", "0"], "--games must be at least 1"),
        (["--chapter", "1", "--players", "2", "--bots", "greedy,genius"], "Unknown bot genius"),
    ],
)
def test_bad_arguments_get_a_clear_message(arguments, message):
    with pytest.raises(CommandError, match=message):
        simulate_chapter(*arguments)


def test_the_play_app_imports_nothing_of_the_deck():
    """`play` is below `legacy_deck`: the chapter simulation is the deck's command."""
    play = Path(__file__).resolve().parents[2] / "play"
    importing = [
        str(path.relative_to(play.parent))
        for path in play.rglob("*.py")
        if re.search(r"^\s*(from|import) legacy_deck\b", path.read_text("utf-8"), re.MULTILINE)
    ]
    assert importing == []
