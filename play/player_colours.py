"""The colours a table's players may have of their own (a campaign's mayors choose one each):
by name, as the deck names them, with the colour charts draw them in. The stylesheet has a class
for each (`.mayor-<name>`), since the content security policy allows no inline style."""

PLAYER_COLOURS = {
    "yellow": "#e0b000",
    "orange": "#f07f16",
    "pink": "#e0559a",
    "teal": "#159a9c",
}
