"""check_deck on the tutorial deck, and --simulate: the balance table an author tunes with."""

import json
import shutil
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from legacy_deck import shipped
from legacy_deck.loader import SHIPPED

TUTORIAL = "tests/deck/tutorial_deck"


def test_the_tutorial_deck_passes_check_deck():
    out = StringIO()
    call_command("check_deck", TUTORIAL, stdout=out)
    assert "is sound: 6 cards" in out.getvalue()


def test_simulate_prints_a_balance_row_per_number_of_mayors():
    out = StringIO()
    call_command("check_deck", TUTORIAL, simulate=2, stdout=out)
    lines = out.getvalue().splitlines()
    assert (
        "| mayors | median rounds, chapters 1–2 | wins by seat % | winner wins next % | goals |"
        in lines
    )
    rows = [line for line in lines if line[:4] in ("| 2 ", "| 3 ", "| 4 ")]
    assert len(rows) == 3
    assert all(row.endswith("| met |") or "MISSED" in row for row in rows)


def test_write_keeps_the_figures_of_a_shipped_deck_only(tmp_path, monkeypatch):
    with pytest.raises(CommandError, match="shipped deck"):
        call_command("check_deck", TUTORIAL, simulate=1, write=True, stdout=StringIO())

    root = tmp_path / "content"
    folder = root / "lighthouse_keepers"
    shutil.copytree(TUTORIAL, folder)
    # installed as a shipped deck
    monkeypatch.setattr(
        "campaign.management.commands.check_deck.deck_folders", lambda _root: [folder]
    )
    call_command("check_deck", str(folder), simulate=1, write=True, stdout=StringIO())

    figures = json.loads((root / "lighthouse_keepers" / "simulation.json").read_text())
    assert set(figures["rounds"]) == {"2", "3", "4"}
    assert shipped.simulated_rounds("lighthouse_keepers", root) == figures["rounds"]


def test_every_shipped_deck_has_its_simulation():
    for folder in shipped.deck_folders(SHIPPED):
        assert set(shipped.simulated_rounds(folder.name)) >= {"2", "3"}, folder.name
