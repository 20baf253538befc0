"""The game state: plain data that round-trips through JSON exactly.

States are treated as values. `apply_action` works on a successor: it shares the players of the
state before it and copies a player only when it is about to change one (`changing`); a player's
copy shares its dicts (city, landmarks) until it changes one, and then replaces it instead of
changing it in place. So a step stays cheap and the state passed in is never mutated.

What is derived from a state to make play fast (a player's effects in force, the JSON of the
setup) is cached beside the data, keyed by the identity of the values it was derived from; it is
never part of the JSON, of equality or of a copy's meaning, and a state read from JSON derives it
afresh.
"""

from __future__ import annotations

import json
from enum import StrEnum
from operator import attrgetter
from typing import Any

from .errors import IllegalAction, shown
from .table import FACE_DOWN_RULES, Table, table_for

FORMAT = 1


class Phase(StrEnum):
    """Where a turn stands: which decision the active seat makes next. A phase is its text in
    the JSON, and compares equal to it."""

    ROLL = "roll"
    REROLL = "reroll"  # Radio Tower: roll again or keep
    CHOOSE_PLAYER = "choose_player"  # TV Station: whom to take coins from
    TRADE = "trade"  # Business Center: which swap, or none
    BUILD = "build"  # the turn's one action
    OVER = "over"  # won


PHASES = tuple(Phase)


# A player's fields, in the order of its JSON: the slots, the copy, the JSON and the check of a
# save's player (`_player`) follow this list; `Player.__init__` takes them in this order.
PLAYER_FIELDS = (
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


class Player:
    __slots__ = (*PLAYER_FIELDS, "in_force_cache")

    def __init__(
        self, name, coins, city, landmarks, fresh=(), flag=False, boat=0, islands=(), face_down=None
    ):
        self.name: str = name
        self.coins: int = coins
        self.city: dict[str, int] = city  # card id -> copies, never 0
        self.landmarks: dict[str, bool] = landmarks  # landmark id -> built, in slot order
        self.fresh: tuple[str, ...] = tuple(fresh)  # built this turn: in force from a later one
        self.flag: bool = flag  # contributed to the community project
        self.boat: int = boat  # expedition: the boat's space on the track, 0 at the start
        self.islands: tuple[str, ...] = tuple(islands)  # expedition: claimed islands, in order
        # yokai_flip: card id -> copies lying face down (never more than the city holds)
        self.face_down: dict[str, int] = face_down if face_down is not None else {}
        self.in_force_cache = None  # effects.InForce, for the landmarks, fresh and islands above

    def copy(self) -> Player:
        """A player to change: it shares this one's values (the engine replaces a dict or tuple
        of a player, never changes one in place) and its cache of what is in force."""
        twin = Player.__new__(Player)
        _copy_player(self, twin)
        twin.in_force_cache = self.in_force_cache
        return twin

    def to_dict(self) -> dict:
        fields = _player_fields(self)
        for name, value in fields.items():
            if isinstance(value, tuple | list):
                fields[name] = list(value)
            elif isinstance(value, dict):
                fields[name] = dict(value)
        return fields

    def _fields(self) -> dict:
        """The player's JSON fields, sharing the player's own dicts: only for dumping at once."""
        return _player_fields(self)

    def __repr__(self) -> str:
        return f"Player({self.name!r}, coins={self.coins}, city={self.city})"


class SetupJson:
    """The JSON of a game's setup, dumped once for all the states of that game: they share the
    setup itself and this cache of it (keyed by the setup's identity, so a state given another
    setup dumps that one)."""

    __slots__ = ("setup", "text")

    def __init__(self):
        self.setup: dict | None = None
        self.text = ""


# The fields besides the players that a move may change, in the order of the JSON (which puts the
# players after the first): successors copy them, rules.push keeps them to undo a move.
PLAYED = (
    "draws",
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
_played = attrgetter(*PLAYED)


def _field_copier(fields: tuple[str, ...]):
    """copy(source, target): target.field = source.field for each field, as straight-line code
    (as dataclasses write their methods): a successor is made at every checked step, a player
    copied at every change of one."""
    body = "".join(f"    target.{name} = source.{name}\n" for name in fields)
    namespace: dict = {}
    exec(f"def copy(source, target):\n{body}", namespace)  # names from PLAYED or PLAYER_FIELDS
    return namespace["copy"]


def _json_fields_maker(fields: tuple[str, ...]):
    """json_fields(state): the JSON's fields after the setup, in its order (the players after the
    first field), sharing the state's values; straight-line code, made once."""
    items = [f"{name!r}: state.{name}" for name in fields]
    items.insert(1, "'players': [player._fields() for player in state.players]")
    namespace: dict = {}
    exec(f"def json_fields(state):\n    return {{{', '.join(items)}}}\n", namespace)
    return namespace["json_fields"]


def _fields_maker(fields: tuple[str, ...]):
    """fields(value): {name: value.name for each name}, sharing the values; straight-line code,
    made once."""
    items = ", ".join(f"{name!r}: value.{name}" for name in fields)
    namespace: dict = {}
    exec(f"def fields(value):\n    return {{{items}}}\n", namespace)  # names from PLAYER_FIELDS
    return namespace["fields"]


_copy_played = _field_copier(PLAYED)
_json_fields = _json_fields_maker(PLAYED)
_copy_player = _field_copier(PLAYER_FIELDS)
_player_fields = _fields_maker(PLAYER_FIELDS)


class GameState:
    # What a state holds: its setup and table (never changed), its players, the fields a move
    # changes (PLAYED, declared once above for copies, undo and JSON), and caches.
    __slots__ = (
        "setup",
        "table",
        "players",
        *PLAYED,
        "owned",
        "setup_json_cache",
        "piles_cache",
        "dice_ahead",
        "own_market",
        "undo",
    )

    def __init__(self, setup: dict, table: Table | None = None):
        self.setup = setup
        self.table = table or table_for(setup)
        self.draws = 0
        self.players: list[Player] = []
        self.market: dict[str, int] = {}
        self.market_deck: tuple[str, ...] = ()
        self.active = 0
        self.phase = Phase.ROLL
        self.dice: tuple[int, ...] = ()
        self.rerolled = False
        self.extra_turn = False  # this turn is itself an extra turn: it earns no further one
        self.queue: tuple[str, ...] = ()  # the active seat's purple cards still to resolve
        self.turn = 1
        self.extra_turns = 0  # of the turns begun, how many were extra turns
        self.winner: int | None = None
        self.start_rolls: list[list[int | None]] = []
        # Which players this state may change in place; None: all of them (see `changing`).
        self.owned: list[bool] | None = None
        self.setup_json_cache = SetupJson()  # shared by every state that play derives from this
        self.piles_cache = None  # market.Piles: the open piles of self.market
        # (setup, first, faces): dice.faces of the setup's seed's draws from `first` on, mixed
        # ahead for the rolls to come. States that share them may have other setups (the
        # expert's trials play on with seeds of their own), so a roll uses them only for the
        # very setup they were mixed for (a setup is never changed once its game has started).
        self.dice_ahead: tuple[dict | None, int, bytes] = (None, 0, b"")
        # The market dict if this state made it and shares it with no other state: a build
        # changes it in place. Any other dict (shared with a successor or a snapshot, or given
        # from outside) is copied by the first build, which then owns the copy.
        self.own_market: dict[str, int] | None = None
        self.undo: list = []  # rules.push's snapshots, newest last

    @property
    def seed(self) -> int:
        return self.setup["seed"]

    @property
    def round(self) -> int:
        """Rounds begun, counted by the start player's turns (extra turns start no round)."""
        return 1 + (self.turn - 1 - self.extra_turns) // len(self.players)

    def copy(self) -> GameState:
        """A state whose players the caller may change at will."""
        twin = self.successor()
        twin.players = [player.copy() for player in self.players]
        twin.owned = None
        return twin

    def successor(self) -> GameState:
        """The state an action starts from: it shares every player with this one until
        `changing` copies the one about to change."""
        twin = GameState.__new__(GameState)
        twin.setup = self.setup
        twin.table = self.table
        twin.players = list(self.players)
        _copy_played(self, twin)
        twin.owned = [False] * len(self.players)
        twin.setup_json_cache = self.setup_json_cache
        twin.piles_cache = self.piles_cache
        twin.dice_ahead = self.dice_ahead
        twin.own_market = self.own_market = None  # the two share the market now
        twin.undo = []
        return twin

    def snapshot(self) -> tuple:
        """What `restore` needs to bring this state back to now. From here on the state copies a
        player before changing it (as a successor does), so the players kept stay as they are."""
        snapshot = (
            _played(self),
            list(self.players),
            self.owned,
            self.piles_cache,
            self.own_market,
        )
        self.owned = [False] * len(self.players)
        self.own_market = None
        return snapshot

    def restore(self, snapshot: tuple) -> None:
        played, players, owned, piles, own_market = snapshot
        for name, value in zip(PLAYED, played, strict=True):
            setattr(self, name, value)
        self.players = list(players)
        self.owned = owned
        self.piles_cache = piles
        self.own_market = own_market

    def changing(self, seat: int) -> Player:
        """The seat's player, copied first if it is still shared with the state before."""
        owned = self.owned
        if owned is None or owned[seat]:
            return self.players[seat]
        player = self.players[seat].copy()
        self.players[seat] = player
        owned[seat] = True
        return player

    def to_dict(self) -> dict[str, Any]:
        fields = _json_fields(self)
        fields["players"] = [player.to_dict() for player in self.players]
        for name, value in fields.items():
            if isinstance(value, tuple):
                fields[name] = list(value)
            elif isinstance(value, dict):
                fields[name] = dict(value)
        return {"format": FORMAT, "setup": self.setup, **fields}

    def to_json(self) -> str:
        # Exactly the text of json.dumps(self.to_dict()), in two pieces: the setup, which never
        # changes in a game and is the larger part, is dumped once; the rest dumps the state's
        # own values without copying them (tuples dump as lists).
        cache = self.setup_json_cache
        if cache.setup is not self.setup:
            cache.setup, cache.text = self.setup, _dumps(self.setup)
        return f'{{"format":{FORMAT},"setup":{cache.text},{_dumps(_json_fields(self))[1:]}'

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        """A state from its dict; IllegalAction for a save that is malformed or contradicts
        itself, so that no later action meets an impossible state."""
        try:
            return _state_from_dict(data)
        except RecursionError as error:  # a value nested deeper than any save
            raise IllegalAction("save_invalid", where="setup") from error

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise IllegalAction("save_not_json") from error
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<GameState turn={self.turn} active={self.active} phase={self.phase}>"


_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

_NO_KEY = object()


def _place(where: str, key: Any) -> str:
    # Made only for a message: a save that loads never pays for the repr of its keys.
    return where if key is _NO_KEY else f"{where}[{shown(key)}]"


def _check(condition: bool, where: str, key: Any = _NO_KEY) -> None:
    if not condition:
        raise IllegalAction("save_invalid", where=_place(where, key))


def _agree(condition: bool, where: str, key: Any = _NO_KEY) -> None:
    if not condition:
        raise IllegalAction("save_contradiction", where=_place(where, key))


def _int(
    value: Any, where: str, minimum: int = 0, maximum: int | None = None, key: Any = _NO_KEY
) -> int:
    _check(
        not isinstance(value, bool)
        and isinstance(value, int)
        and value >= minimum
        and (maximum is None or value <= maximum),
        where,
        key,
    )
    return value


def _bool(value: Any, where: str) -> bool:
    _check(isinstance(value, bool), where)
    return value


def _list(value: Any, where: str) -> list:
    _check(isinstance(value, list), where)
    return value


def _dict(value: Any, where: str) -> dict:
    _check(isinstance(value, dict), where)
    return value


def _cards(table: Table, value: Any, where: str, minimum: int) -> dict[str, int]:
    """{card id: copies} of cards this game knows."""
    cards = _dict(value, where)
    for card, copies in cards.items():
        _check(isinstance(card, str) and card in table.cards, where, card)
        _int(copies, where, minimum, key=card)
    return dict(cards)


def _player(state: GameState, seat: int, entry: Any) -> Player:
    table = state.table
    where = f"players[{seat}]"
    entry = _dict(entry, where)
    for key in ("name", "coins", "city", "landmarks", "fresh", "flag"):
        _check(key in entry, f"{where}.{key}")
    _check(entry["name"] == state.setup["players"][seat], f"{where}.name")
    city = _cards(table, entry["city"], f"{where}.city", 1)
    for card, copies in city.items():
        if table.cards[card].colour == "purple":
            _agree(copies == 1, f"{where}.city", card)
    landmarks = _dict(entry["landmarks"], f"{where}.landmarks")
    _check(list(landmarks) == list(table.landmark_costs[seat]), f"{where}.landmarks")
    for lid, built in landmarks.items():
        _check(isinstance(built, bool), f"{where}.landmarks", lid)
    # Saves from before the Legacy rules lack the last three fields: their defaults hold.
    islands = tuple(_list(entry.get("islands", []), f"{where}.islands"))
    for island in islands:
        _check(isinstance(island, str) and island in table.islands, f"{where}.islands")
    _check(len(set(islands)) == len(islands), f"{where}.islands")
    fresh = tuple(_list(entry["fresh"], f"{where}.fresh"))
    for item in fresh:
        _check(isinstance(item, str), f"{where}.fresh")
        _agree(landmarks.get(item) is True or item in islands, f"{where}.fresh")
    boat = _int(entry.get("boat", 0), f"{where}.boat", 0, table.track_length)
    face_down = _cards(table, entry.get("face_down", {}), f"{where}.face_down", 1)
    _agree(not face_down or bool(table.rules & FACE_DOWN_RULES), f"{where}.face_down")
    for card, copies in face_down.items():
        _agree(copies <= city.get(card, 0), f"{where}.face_down", card)
    return Player(
        name=entry["name"],
        coins=_int(entry["coins"], f"{where}.coins"),
        city=city,
        landmarks=dict(landmarks),
        fresh=fresh,
        flag=_bool(entry["flag"], f"{where}.flag"),
        boat=boat,
        islands=islands,
        face_down=face_down,
    )


# The effect kind of the card a decision phase resolves.
_DECISIONS = {"choose_player": "take_from_chosen", "trade": "swap"}


def _state_from_dict(data: Any) -> GameState:
    _check(isinstance(data, dict), "the save")
    if data.get("format") != FORMAT:
        raise IllegalAction("save_format", value=shown(data.get("format")), expected=FORMAT)
    keys = ("setup", "draws", "players", "market", "market_deck", "active", "phase", "dice")
    for key in (*keys, "rerolled", "extra_turn", "queue", "turn", "winner", "start_rolls"):
        _check(key in data, key)
    setup = _dict(data["setup"], "setup")
    names = setup.get("players")
    _check(isinstance(names, list) and 2 <= len(names) <= 4, "setup.players")
    seed = setup.get("seed")
    _check(isinstance(seed, int) and not isinstance(seed, bool), "setup.seed")
    _check(isinstance(setup.get("landmarks"), list), "setup.landmarks")
    _check(len(setup["landmarks"]) == len(names), "setup.landmarks")
    state = GameState(setup)
    table = state.table
    state.draws = _int(data["draws"], "draws")
    players = _list(data["players"], "players")
    _agree(len(players) == len(names), "players")
    state.players = [_player(state, seat, entry) for seat, entry in enumerate(players)]
    claimed = [island for player in state.players for island in player.islands]
    _agree(len(set(claimed)) == len(claimed), "players[].islands")
    count = len(state.players)

    state.market = state.own_market = _cards(table, data["market"], "market", 0)
    deck = _list(data["market_deck"], "market_deck")
    for card in deck:
        _check(isinstance(card, str) and card in table.cards, "market_deck")
    state.market_deck = tuple(deck)
    state.active = _int(data["active"], "active", 0, count - 1)
    phase = data["phase"]
    _check(isinstance(phase, str) and phase in PHASES, "phase")
    state.phase = phase = Phase(phase)
    dice = tuple(_int(die, "dice", 1, 6) for die in _list(data["dice"], "dice"))
    _check(len(dice) <= 2, "dice")
    # A turn has rolled exactly when it has passed its roll step.
    if phase == "roll":
        _agree(not dice, "dice")
    elif phase != "over":
        _agree(bool(dice), "dice")
    state.dice = dice
    state.rerolled = _bool(data["rerolled"], "rerolled")
    state.extra_turn = _bool(data["extra_turn"], "extra_turn")
    queue = tuple(_list(data["queue"], "queue"))
    for card in queue:
        _check(isinstance(card, str) and card in table.cards, "queue")
        _check(table.cards[card].colour == "purple", "queue")
        _agree(card in state.players[state.active].city, "queue")
    # A decision phase waits on the first queued card, of the kind that asks that decision.
    if phase in _DECISIONS:
        _agree(bool(queue), "queue")
        _agree(table.cards[queue[0]].effect.kind == _DECISIONS[phase], "queue")
    else:
        _agree(not queue, "queue")
    state.queue = queue
    state.turn = _int(data["turn"], "turn", 1)
    winner = data["winner"]
    state.winner = None if winner is None else _int(winner, "winner", 0, count - 1)
    _agree((state.winner is None) == (phase != "over"), "winner")
    rolls = _list(data["start_rolls"], "start_rolls")
    for row in rolls:
        _check(isinstance(row, list) and len(row) == count, "start_rolls")
        for roll in row:
            _check(roll is None or _int(roll, "start_rolls", 2, 12) == roll, "start_rolls")
    state.start_rolls = rolls
    state.extra_turns = _int(data.get("extra_turns", 0), "extra_turns")  # older saves lack it
    return state
