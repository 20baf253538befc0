"""The game state: plain data that round-trips through JSON exactly.

States are treated as values. `apply_action` works on a copy; a copy shares the dicts of the
original (cities, landmarks, market) until it changes one, and then replaces it instead of
changing it in place, so copying stays cheap and the state passed in is never mutated.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalAction
from .table import Table, build_table

FORMAT = 1
PHASES = ("roll", "reroll", "choose_player", "trade", "build", "over")


class Player:
    __slots__ = (
        "name",
        "coins",
        "city",
        "landmarks",
        "fresh",
        "flag",
        "boat",
        "islands",
        "face_down",
    )

    def __init__(
        self, name, coins, city, landmarks, fresh=(), flag=False, boat=0, islands=(), face_down=None
    ):
        self.name: str = name
        self.coins: int = coins
        self.city: dict[str, int] = city  # card id -> copies, never 0
        self.landmarks: dict[str, bool] = landmarks  # landmark id -> built, in slot order
        self.fresh: tuple[str, ...] = tuple(fresh)  # built or claimed this turn: in force later
        self.flag: bool = flag  # contributed to the community project
        self.boat: int = boat  # expedition: the boat's space on the track, 0 at the start
        self.islands: tuple[str, ...] = tuple(islands)  # expedition: claimed islands, in order
        # yokai_flip: card id -> copies lying face down (never more than the city holds)
        self.face_down: dict[str, int] = face_down if face_down is not None else {}

    def copy(self) -> Player:
        twin = Player.__new__(Player)
        twin.name = self.name
        twin.coins = self.coins
        twin.city = self.city
        twin.landmarks = self.landmarks
        twin.fresh = self.fresh
        twin.flag = self.flag
        twin.boat = self.boat
        twin.islands = self.islands
        twin.face_down = self.face_down
        return twin

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "coins": self.coins,
            "city": dict(self.city),
            "landmarks": dict(self.landmarks),
            "fresh": list(self.fresh),
            "flag": self.flag,
            "boat": self.boat,
            "islands": list(self.islands),
            "face_down": dict(self.face_down),
        }

    def __repr__(self) -> str:
        return f"Player({self.name!r}, coins={self.coins}, city={self.city})"


class GameState:
    __slots__ = (
        "setup",
        "table",
        "draws",
        "players",
        "market",
        "market_deck",
        "active",
        "phase",
        "dice",
        "rerolled",
        "extra_turn",
        "queue",
        "turn",
        "extra_turns",
        "winner",
        "start_rolls",
    )

    def __init__(self, setup: dict, table: Table | None = None):
        self.setup = setup
        self.table = table or build_table(setup)
        self.draws = 0
        self.players: list[Player] = []
        self.market: dict[str, int] = {}
        self.market_deck: tuple[str, ...] = ()
        self.active = 0
        self.phase = "roll"
        self.dice: tuple[int, ...] = ()
        self.rerolled = False
        self.extra_turn = False  # this turn is itself an extra turn: it earns no further one
        self.queue: tuple[str, ...] = ()  # the active seat's purple cards still to resolve
        self.turn = 1
        self.extra_turns = 0  # of the turns begun, how many were extra turns
        self.winner: int | None = None
        self.start_rolls: list[list[int | None]] = []

    @property
    def seed(self) -> int:
        return self.setup["seed"]

    @property
    def round(self) -> int:
        """Rounds begun, counted by the start player's turns (extra turns start no round)."""
        return 1 + (self.turn - 1 - self.extra_turns) // len(self.players)

    def copy(self) -> GameState:
        twin = GameState.__new__(GameState)
        twin.setup = self.setup
        twin.table = self.table
        twin.draws = self.draws
        twin.players = [player.copy() for player in self.players]
        twin.market = self.market
        twin.market_deck = self.market_deck
        twin.active = self.active
        twin.phase = self.phase
        twin.dice = self.dice
        twin.rerolled = self.rerolled
        twin.extra_turn = self.extra_turn
        twin.queue = self.queue
        twin.turn = self.turn
        twin.extra_turns = self.extra_turns
        twin.winner = self.winner
        twin.start_rolls = self.start_rolls
        return twin

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "setup": self.setup,
            "draws": self.draws,
            "players": [player.to_dict() for player in self.players],
            "market": dict(self.market),
            "market_deck": list(self.market_deck),
            "active": self.active,
            "phase": self.phase,
            "dice": list(self.dice),
            "rerolled": self.rerolled,
            "extra_turn": self.extra_turn,
            "queue": list(self.queue),
            "turn": self.turn,
            "extra_turns": self.extra_turns,
            "winner": self.winner,
            "start_rolls": self.start_rolls,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        try:
            return _state_from_dict(data)
        except IllegalAction:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise IllegalAction(f"This is not a valid saved game ({error!r}).") from error

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise IllegalAction(f"This is not a valid saved game: {error}") from error
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<GameState turn={self.turn} active={self.active} phase={self.phase}>"


def _int(value: Any, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"expected a whole number of at least {minimum}, got {value!r}")
    return value


def _state_from_dict(data: dict) -> GameState:
    if data.get("format") != FORMAT:
        raise IllegalAction(f"This saved game has format {data.get('format')!r}, not {FORMAT}.")
    state = GameState(data["setup"])
    state.draws = _int(data["draws"])
    for entry in data["players"]:
        city = {str(card): _int(copies, 1) for card, copies in entry["city"].items()}
        for card in city:
            state.table.card(card)
        landmarks = {str(lid): bool(built) for lid, built in entry["landmarks"].items()}
        # Saves from before the Legacy rules lack the last three fields: their defaults hold.
        islands = tuple(str(island) for island in entry.get("islands", ()))
        for island in islands:
            if island not in state.table.islands:
                raise ValueError(f"there is no island {island!r} in this game")
        boat = _int(entry.get("boat", 0))
        if boat > state.table.track_length:
            raise ValueError(f"a boat on space {boat}, past the end of the expedition track")
        face_down = {
            str(card): _int(copies, 1) for card, copies in entry.get("face_down", {}).items()
        }
        for card, copies in face_down.items():
            if copies > city.get(card, 0):
                raise ValueError(f"more copies of {card!r} face down than in the city")
        state.players.append(
            Player(
                str(entry["name"]),
                _int(entry["coins"]),
                city,
                landmarks,
                tuple(entry["fresh"]),
                bool(entry["flag"]),
                boat,
                islands,
                face_down,
            )
        )
    if len(state.players) != len(state.setup["players"]):
        raise ValueError("the number of players differs from the setup")
    state.market = {str(card): _int(copies) for card, copies in data["market"].items()}
    state.market_deck = tuple(data["market_deck"])
    for card in [*state.market, *state.market_deck]:
        state.table.card(card)
    state.active = _int(data["active"])
    if state.active >= len(state.players):
        raise ValueError(f"no seat {state.active}")
    if data["phase"] not in PHASES:
        raise ValueError(f"unknown phase {data['phase']!r}")
    state.phase = data["phase"]
    state.dice = tuple(_int(die, 1) for die in data["dice"])
    state.rerolled = bool(data["rerolled"])
    state.extra_turn = bool(data["extra_turn"])
    state.queue = tuple(data["queue"])
    state.turn = _int(data["turn"], 1)
    state.extra_turns = _int(data.get("extra_turns", 0))  # saves from before it was counted
    state.winner = None if data["winner"] is None else _int(data["winner"])
    state.start_rolls = data["start_rolls"]
    return state
