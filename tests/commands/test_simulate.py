from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def simulate(*arguments):
    out = StringIO()
    call_command("simulate", *arguments, stdout=out)
    return out.getvalue()


def test_it_prints_win_rates_per_seat_and_per_bot_turns_and_speed():
    output = simulate("--players", "4", "--games", "20", "--bots", "greedy,random,random,random")

    assert "20 games of classic, 4 players, seed 1" in output
    assert "seat 1 (greedy)" in output
    assert "seat 4 (random)" in output
    assert "Win rate by bot" in output
    assert "Turns: mean" in output and "median" in output
    assert "games per second" in output


def test_it_is_repeatable_for_a_seed():
    first = simulate("--edition", "kosmos", "--players", "3", "--games", "10", "--seed", "4")
    second = simulate("--edition", "kosmos", "--players", "3", "--games", "10", "--seed", "4")

    def without_speed(text):
        return [line for line in text.splitlines() if "Speed" not in line]

    assert without_speed(first) == without_speed(second)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--edition", "chess"], "--edition must be one of classic, kosmos"),
        (["--players", "5"], "--players must be from 2 to 4"),
        (["--games", "0"], "--games must be at least 1"),
        (["--players", "2", "--bots", "greedy"], "--bots names 1 bots for 2 players"),
        (["--players", "2", "--bots", "greedy,genius"], "Unknown bot genius"),
        (["--variants", "chaos"], "There is no variant chaos"),
    ],
)
def test_bad_arguments_get_a_clear_message(arguments, message):
    with pytest.raises(CommandError, match=message):
        simulate(*arguments)
