"""The colours a table's players may have of their own (a campaign's mayors choose one each):
by name, as the deck names them, with the colour charts draw them in. The stylesheet has a class
for each (`.mayor-<name>`), since the content security policy allows no inline style."""

PLAYER_COLOURS = {
    "yellow": "#e0b000",
    "orange": "#f07f16",
    "pink": "#e0559a",
    "teal": "#159a9c",
}


def own_colours(seats: list[dict]) -> list[str | None]:
    """Each seat's own colour by name, or None for a seat that has none (a game of its own)."""
    return [seat.get("colour") if seat.get("colour") in PLAYER_COLOURS else None for seat in seats]
