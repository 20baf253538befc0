"""Reading the deck: pure functions over a small, JSON-able DeckState.

    state = DeckState.start(deck)                            # nothing read yet, of this deck
    reading = advance(deck, state, "before_campaign")        # reveals up to the next STOP
    reading.revealed, reading.instructions, reading.waiting  # what was read, what to do, next STOP
    state = reading.state                                    # keep this; the old one is unchanged
    state = choose(deck, state, "ds_mill", "b")               # the winner picks a side, for good

A STOP sits on a side and guards it: the side (and everything after it) is read only when the
moment it names comes. An event STOP ("when someone rolls doubles in game 4") whose event never
came is turned when that game ends, and then the same "after_game 4" reads on past the after-game
STOP right behind it. Reading never passes a STOP, never re-orders, and the same state and moment
always give the same reading.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from .format import Deck, Instruction, Side, Stop


class ReaderError(ValueError):
    """The deck cannot be read that way (a moment that is not the one the STOP waits for, …)."""


@dataclass(frozen=True, slots=True)
class DeckState:
    position: int = 0  # index of the next unread side in reading order (1A = 0, 1B = 1, 2A = 2…)
    boxes_opened: tuple[int, ...] = ()
    choices: tuple[tuple[str, str], ...] = ()  # (double-sided component id, "a" or "b")
    deck_id: str = ""  # the deck this state reads ("" for a state not tied to one deck)
    digest: str = ""  # that deck's content hash when reading began
    # where the latest reading began: its STOP's side, an event STOP turned late included (the
    # position alone cannot tell it from one turned during the game); None in a state kept
    # before it was recorded
    reading_from: int | None = None

    @classmethod
    def start(cls, deck: Deck) -> DeckState:
        """Nothing read yet, of exactly this deck."""
        return cls(deck_id=deck.id, digest=deck.digest)

    def to_dict(self) -> dict:
        return {
            "position": self.position,
            "boxes_opened": list(self.boxes_opened),
            "choices": dict(self.choices),
            "deck_id": self.deck_id,
            "digest": self.digest,
            "reading_from": self.reading_from,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict) -> DeckState:
        return cls(
            position=int(data.get("position", 0)),
            boxes_opened=tuple(int(n) for n in data.get("boxes_opened", ())),
            choices=tuple(sorted(dict(data.get("choices", {})).items())),
            deck_id=str(data.get("deck_id", "")),
            digest=str(data.get("digest", "")),
            reading_from=None if data.get("reading_from") is None else int(data["reading_from"]),
        )

    @classmethod
    def from_json(cls, text: str) -> DeckState:
        return cls.from_dict(json.loads(text))

    def choice(self, component_id: str) -> str | None:
        return dict(self.choices).get(component_id)


@dataclass(frozen=True, slots=True)
class Reading:
    revealed: tuple[Side, ...]  # in order
    instructions: tuple[Instruction, ...]  # in order, from all revealed sides
    waiting: Stop | None  # the STOP reading halted at; None when the deck is read to the end
    state: DeckState
    boxes: dict[int, tuple[str, ...]] = field(default_factory=dict)  # boxes opened: contents


def parse_moment(moment: str | Stop) -> Stop:
    """'before_campaign', 'before_game 3', 'after_game 3' or 'event doubles 3' (or a Stop)."""
    if isinstance(moment, Stop):
        return moment
    parts = str(moment).split()
    try:
        if parts == ["before_campaign"]:
            return Stop("before_campaign")
        if len(parts) == 2 and parts[0] in ("before_game", "after_game"):
            return Stop(parts[0], int(parts[1]))
        if len(parts) == 3 and parts[0] == "event":
            return Stop("event", int(parts[2]), parts[1])
    except ValueError:
        pass
    raise ReaderError(
        f"{moment!r} is not a moment: say 'before_campaign', 'before_game N', 'after_game N' "
        "or 'event NAME N'."
    )


class DeckChanged(ReaderError):
    """The state was read from another deck, or from this deck before its content changed."""


def check_same_deck(deck: Deck, state: DeckState) -> None:
    """DeckChanged unless `state` was read from exactly this deck (a state tied to no deck
    passes: tests and tools read small decks without an identity)."""
    if not state.deck_id and not state.digest:
        return
    if state.deck_id != deck.id:
        raise DeckChanged(f"This campaign reads the deck {state.deck_id!r}, not {deck.id!r}.")
    if not deck.reads_like(state.digest):
        raise DeckChanged(f"The deck {deck.id!r} has changed since this campaign began reading it.")


def waiting_at(deck: Deck, state: DeckState) -> Stop | None:
    """The STOP the deck waits at, or None if everything has been read."""
    check_same_deck(deck, state)
    sides = deck.sides()
    if state.position >= len(sides):
        return None
    return sides[state.position].stop


def _may_turn(stop: Stop, moment: Stop) -> bool:
    if stop == moment:
        return True
    # an event that did not happen in its game: its STOP is turned when that game ends
    return stop.moment == "event" and moment == Stop("after_game", stop.game)


def advance(deck: Deck, state: DeckState, moment: str | Stop) -> Reading:
    """Turn the STOP the deck waits at (if `moment` is its moment) and read up to the next one."""
    moment = parse_moment(moment)
    check_same_deck(deck, state)
    sides = deck.sides()
    if state.position >= len(sides):
        raise ReaderError("The deck has been read to the end; there is nothing more to turn.")
    stop = sides[state.position].stop
    if stop is None:
        raise ReaderError(
            f"Card {sides[state.position].label} is not a STOP; the state is corrupt."
        )
    if not _may_turn(stop, moment):
        raise ReaderError(
            f"Card {sides[state.position].label} is a STOP to be turned {stop.describe()}, "
            f"not {moment.describe()}."
        )
    revealed: list[Side] = []
    instructions: list[Instruction] = []
    opened = list(state.boxes_opened)
    boxes: dict[int, tuple[str, ...]] = {}
    position = state.position
    # an event STOP turned at its game's end lets that same end turn the after-game STOP next
    late_event = stop.moment == "event" and moment.moment == "after_game"
    while position < len(sides):
        side = sides[position]
        if side.stop is not None and revealed:
            if not (late_event and side.stop == moment):
                break
            late_event = False
        revealed.append(side)
        for instruction in side.instructions:
            instructions.append(instruction)
            if instruction.do == "open_box":
                number = instruction["box"]
                if number in opened:
                    raise ReaderError(
                        f"Card {side.label} opens mystery box {number} a second time."
                    )
                if number not in deck.boxes:
                    raise ReaderError(
                        f"Card {side.label} opens mystery box {number}, which does not exist."
                    )
                opened.append(number)
                boxes[number] = deck.boxes[number].contents
        position += 1
    new_state = replace(
        state, position=position, boxes_opened=tuple(opened), reading_from=state.position
    )
    waiting = sides[position].stop if position < len(sides) else None
    return Reading(tuple(revealed), tuple(instructions), waiting, new_state, boxes)


def read_so_far(deck: Deck, state: DeckState) -> list[Side]:
    """Every side read, in order: what a table may look back at, and nothing after it."""
    check_same_deck(deck, state)
    return deck.sides()[: state.position]


def latest_reading(deck: Deck, state: DeckState) -> list[Side]:
    """The sides the latest turn of a STOP revealed, in order: at a game's end whose event never
    came, the event card first (RULES.md §6), then the after-game cards. Empty before the
    first reading."""
    check_same_deck(deck, state)
    read = deck.sides()[: state.position]
    start = state.reading_from
    if start is None or not 0 <= start < len(read) or read[start].stop is None:
        # a state kept before readings were recorded: the last STOP read begins it
        start = next((i for i in reversed(range(len(read))) if read[i].stop is not None), 0)
    return read[start:]


def last_turned(deck: Deck, state: DeckState) -> Stop | None:
    """The STOP turned most recently (None before the first reading)."""
    for side in reversed(read_so_far(deck, state)):
        if side.stop is not None:
            return side.stop
    return None


# Which engine events make a deck event happen (an event STOP's `event`).
def deck_events(engine_events: list[dict]) -> set[str]:
    """The deck's events among a move's engine events: doubles, landmark_built, …"""
    found = set()
    for event in engine_events:
        kind = event.get("type")
        dice = event.get("dice") or []
        if kind == "roll" and len(dice) == 2 and dice[0] == dice[1]:
            found.add("doubles")
        elif kind == "landmark":
            found.add("landmark_built")
        elif kind == "contribute":
            found.add("flag_planted")
        elif kind == "claim_island":
            found.add("island_claimed")
        elif kind == "rest":
            found.add("rest_taken")
    return found


def presented(deck: Deck, state: DeckState) -> list[str]:
    """Double-sided establishments revealed so far (whose side may be chosen)."""
    ids = []
    for side in deck.sides()[: state.position]:
        for instruction in side.instructions:
            if instruction.do == "double_sided":
                ids.extend(instruction["cards"])
    return ids


def choose(deck: Deck, state: DeckState, component_id: str, side: str) -> DeckState:
    """Record the side the winner picked for a double-sided establishment; it is for good."""
    if side not in ("a", "b"):
        raise ReaderError(f"A side is 'a' or 'b', not {side!r}.")
    if component_id not in presented(deck, state):
        raise ReaderError(
            f"{component_id!r} has not been presented as a double-sided establishment."
        )
    if state.choice(component_id) is not None:
        raise ReaderError(f"The side of {component_id!r} was chosen already, for good.")
    return replace(
        state, choices=tuple(sorted({**dict(state.choices), component_id: side}.items()))
    )
