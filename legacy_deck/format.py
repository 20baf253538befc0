"""The typed objects a legacy deck is loaded into, and the vocabulary its files may use.

Everything here is frozen: a loaded deck never changes. What changes during a campaign (how far
the deck has been read, which boxes are open, which sides were chosen) is a DeckState (reader.py).
docs/deck-format.md describes the files these objects are read from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from play.engine.cards import (
    CardDef,
    Effect,
    LandmarkDef,
    ProjectDef,
)
from play.engine.rules import action_types, rule_actions

LANGUAGES = ("en", "de", "nl")
# What [campaign] says about the deck for its box's back, before anything of it is read: these
# change nothing a campaign's state depends on, so they are no part of the deck's digest.
COVER_FIELDS = ("title", "blurb", "author", "languages")
SIDES = ("a", "b")

# The moments a STOP may wait for. An "event" STOP waits for something that happens during game
# n; if the game ends without it, the STOP is turned after that game instead (see the docs).
MOMENTS = ("before_campaign", "before_game", "event", "after_game")
EVENTS = (
    "doubles",  # someone rolls doubles
    "landmark_built",  # someone builds a landmark
    "flag_planted",  # someone puts their flag on the community project
    "island_claimed",  # a boat claims an island
    "rest_taken",  # someone takes a rest day
)

# Where a move instruction may put a component: the reserve (maybe later), the archive (out of the
# campaign, kept for free play), a player's bag (with a colour), on the table (set out at every
# game: the expedition track, islands, boats) or out of the game for good.
LOCATIONS = ("reserve", "archive", "bag", "table", "out")
# Who ticks a circle on their tableau.
TICK_WHO = ("all", "winner", "all_but_winner", "with_flag", "without_flag")

# Component kinds and the table name each is written under in components.toml.
KINDS = (
    "establishment",
    "landmark",
    "project",
    "rule",
    "turn_overview",
    "island",
    "boat",
    "track",
    "sticker",
    "marketplace",
    "double_sided",
)

# Fields each kind of component may have (besides its card definition's, for establishments).
KIND_FIELDS = {
    "establishment": {"id", "name", "colour", "icon", "cost", "numbers", "effect", "copies"},
    "landmark": {"id", "name", "cost", "effect", "letter", "icon"},
    "project": {"id", "name", "cost", "effect"},
    "rule": {"id", "rule", "name", "text"},
    "turn_overview": {"id", "name", "actions", "text"},
    "island": {"id", "name", "space", "effect"},
    "boat": {"id", "name", "colour"},
    "track": {"id", "name", "length"},
    "sticker": {"id", "name", "change"},
    "marketplace": {"id", "name", "colour", "card"},
    "double_sided": {"id", "a", "b", "copies"},
}
# Action types a turn-overview card may show, and the rules that add one, are the engine's.
TURN_ACTIONS = action_types()
RULE_ACTIONS = rule_actions()

# What a sticker may change on an establishment.
STICKER_CHANGES = ("cost", "numbers", "amount", "icon")

# instruction -> {parameter: what it must be}; checked by the loader, meaning checked by validate.
INSTRUCTIONS: dict[str, dict[str, str]] = {
    "draw_start_cards": {},
    "add_to_market": {"cards": "ids"},
    "move": {"components": "ids", "to": "location", "colour?": "colour"},
    "open_box": {"box": "int"},
    "add_rule": {"rule": "id"},
    "replace_turn_overview": {"card": "id"},
    "marketplace_cards": {"cards": "colour_map"},
    "double_sided": {"cards": "ids"},
    "new_landmark": {"landmark": "id"},
    "community_project": {"project": "id"},
    "sticker": {"sticker": "id", "card": "id"},
    "tick_circles": {"who": "who", "count?": "int"},
}


# Until the digest left the wording out, it hashed every word: what campaigns begun then stored,
# mapped to the digest of the same files today. Only wordings whose cards and rules are the ones
# shipped now are listed (every earlier one differs in a cost or a card, and stays refused).
WORDED_DIGESTS = {
    # legacy_deck/content as of commit a0ed8da, "seven_winds_bay"
    "02044096cd31da9d2d92946cd9b5f9627e2e0fee729fd8e1365ca519e6900c71": (
        "173e4a596b4a73c7dc824cac866eb5e7a72de768481c64fd182ec998b7b40ae8"
    ),
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a deck: where it is (file, card number, field) and what it is."""

    file: str
    message: str
    card: int | None = None
    field: str = ""

    def __str__(self) -> str:
        place = self.file
        if self.card is not None:
            place += f": card {self.card}"
        if self.field:
            place += f": {self.field}"
        return f"{place}: {self.message}"


class DeckError(ValueError):
    """A deck that cannot be used; carries every problem found, not only the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True, slots=True)
class Stop:
    moment: str
    game: int = 0  # for before_game, after_game and event
    event: str = ""  # for event

    def describe(self) -> str:
        if self.moment == "before_campaign":
            return "before the campaign"
        if self.moment == "event":
            return f"when {self.event} happens in game {self.game}"
        return f"{self.moment.replace('_', ' ')} {self.game}"


@dataclass(frozen=True, slots=True)
class Instruction:
    do: str
    params: dict = field(default_factory=dict)

    def __getitem__(self, name: str):
        return self.params[name]

    def get(self, name: str, default=None):
        return self.params.get(name, default)

    def to_dict(self) -> dict:
        return {"do": self.do, **self.params}


@dataclass(frozen=True, slots=True)
class Side:
    card: int
    side: str  # "a" or "b"
    story: dict | None = None  # {en, de, nl}, read aloud
    stop: Stop | None = None  # the side may be turned only at this moment
    instructions: tuple[Instruction, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.card}{self.side.upper()}"


@dataclass(frozen=True, slots=True)
class DeckCard:
    number: int
    a: Side
    b: Side


@dataclass(frozen=True, slots=True)
class Component:
    """Anything a deck instruction can name. `kind` says which of the optional fields are set."""

    id: str
    kind: str
    name: dict
    start: bool = False  # one of the start cards drawn before the campaign
    copies: int = 1  # establishments and double-sided establishments: the pile's size
    colour: str = ""  # marketplace cards and boats: the player colour
    card: CardDef | None = None  # establishments
    establishment: str = ""  # marketplace cards: the id of the establishment they are
    landmark: LandmarkDef | None = None
    project: ProjectDef | None = None
    rule: str = ""  # rule cards: the engine's rule id
    text: dict | None = None  # rule cards and turn-overview cards: what they say
    actions: tuple[str, ...] = ()  # turn-overview cards: the action types they show
    effect: Effect | None = None  # islands
    space: int = 0  # islands: their space on the expedition track
    length: int = 0  # tracks
    change: dict | None = None  # stickers
    sides: tuple[CardDef, CardDef] | None = None  # double-sided: side a, side b


@dataclass(frozen=True, slots=True)
class Box:
    number: int
    name: dict
    contents: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CampaignShape:
    """What the campaign promises per chapter; the validator holds the deck to it."""

    games: int = 10
    boxes: int = 6
    colours: tuple[str, ...] = ("yellow", "orange", "pink", "teal")
    landmarks_first_game: int = 3
    marketplace_per_game: int = 4
    double_sided_per_game: int = 5
    start_coins: int = 3
    start_circles: int = 2  # ticked circles before the first game: Wheat Field and Bakery
    landmark_costs: tuple[int, ...] = (5, 15, 25)
    # what free play needs in the archive at the end (RULES.md §5)
    free_play_landmarks: int = 3
    free_play_picks: int = 4  # marketplace cards each player picks: their bag must hold as many
    never_in_free_play: tuple[str, ...] = ()
    free_play_rules: tuple[str, ...] = ()
    free_play_removes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Cover:
    """The deck's public face, all that is shown of it before a campaign begins."""

    title: dict = field(default_factory=dict)  # {en, de, nl}
    blurb: dict = field(default_factory=dict)  # one paragraph for the box's back
    author: str | dict = ""  # a name, or {en, de, nl} where it is words that translate
    languages: tuple[str, ...] = LANGUAGES  # the first is read where the page's is missing


@dataclass(frozen=True, slots=True)
class Deck:
    shape: CampaignShape
    components: dict[str, Component]
    cards: tuple[DeckCard, ...]
    boxes: dict[int, Box]
    files: dict[str, str]  # role -> file name, for messages ("deck" -> "deck.toml")
    # Which deck this is and a hash of what a campaign's state depends on (loader.content_digest,
    # not its wording): a campaign keeps both, so that a deck whose cards, order or rules changed
    # between two evenings is refused with a message instead of shifting the reader silently.
    id: str = ""
    digest: str = ""
    cover: Cover = field(default_factory=Cover)

    def reads_like(self, digest: str) -> bool:
        """Whether a campaign that stored `digest` reads on with this deck: the same hash, or the
        hash an earlier version of the app stored for a wording of the same deck."""
        return digest == self.digest or WORDED_DIGESTS.get(digest) == self.digest

    def box_back(self) -> dict:
        """All that is shown of the deck before its campaign begins, as plain data: its cover,
        how many games, at most how many mayors."""
        return {
            "id": self.id,
            "title": dict(self.cover.title),
            "blurb": dict(self.cover.blurb),
            "author": self.cover.author,
            "languages": list(self.cover.languages),
            "games": self.shape.games,
            "most_mayors": len(self.shape.colours),
        }

    def sides(self) -> list[Side]:
        """Every side in reading order: 1A, 1B, 2A, …"""
        return [side for card in self.cards for side in (card.a, card.b)]

    def face_only_ids(self) -> set[str]:
        """Establishments that exist only as the face of players' marketplace cards (no pile
        of their own): the marketplace cards are the components, not they."""
        faces = {c.establishment for c in self.components.values() if c.kind == "marketplace"}
        return {
            cid
            for cid in faces
            if cid in self.components
            and self.components[cid].kind == "establishment"
            and self.components[cid].copies <= 1
        }

    def box_of(self, component_id: str) -> int | None:
        for box in self.boxes.values():
            if component_id in box.contents:
                return box.number
        return None
