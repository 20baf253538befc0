"""Playing a deck's instructions through, without players: where every component is after each
STOP, what each chapter is given, and what the campaign's own after-game steps move.

Both the validator (which reports what does not add up) and chapter_setup (which needs the market,
landmarks, rule stack and stickers of chapter N) use this one bookkeeping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from play.engine.catalog import CARDS

from .format import KINDS, Deck, Instruction, Side, Stop

# a place: "start", "box:N", "deck", "reserve", "archive", "bag:<colour>", "table", "out",
# "market", "rules", "tableau", "project", "stuck"
Report = Callable[[Side | None, str, str], None]


@dataclass
class Chapter:
    """What the deck gives for one game's setup (counted between the STOPs around it)."""

    landmarks: list[str] = field(default_factory=list)
    projects: list[str] = field(default_factory=list)
    marketplace: list[dict] = field(default_factory=list)  # one {colour: component id} each time
    # one tuple of ids per double_sided instruction; a sound deck presents one pile: [("ds_x",)]
    double_sided: list[tuple[str, ...]] = field(default_factory=list)


@dataclass(frozen=True)
class GameTable:
    """What is set out when a game starts."""

    tableau: tuple[str, ...]
    project: str | None
    rules: tuple[str, ...]
    on_table: tuple[str, ...]
    market: tuple[str, ...]
    overview: str | None


@dataclass
class Ledger:
    where: dict[str, str]
    boxes_opened: list[int] = field(default_factory=list)
    tableau: list[str] = field(default_factory=list)  # landmark ids in play, in order of arrival
    project: str | None = None
    rules: list[str] = field(default_factory=list)  # rule-card ids in the rule stack, in order
    overview: str | None = None
    stickers: list[tuple[str, str]] = field(default_factory=list)  # (sticker id, card id)
    marketplace: dict[str, list[str]] = field(default_factory=dict)  # colour -> establishment ids
    ticks: list[tuple[int, str, int]] = field(default_factory=list)  # (after game, who, count)
    market: list[str] = field(default_factory=list)  # component ids, in order of arrival
    chapters: dict[int, Chapter] = field(default_factory=dict)
    game: int = 0  # the game being prepared or played
    stops: list[Stop] = field(default_factory=list)
    # what each game is played with, as it stands when the game starts
    tables: dict[int, GameTable] = field(default_factory=dict)

    def copy(self) -> Ledger:
        """A ledger of its own, equal to this one: the caller may change it as replay does."""
        return Ledger(
            where=dict(self.where),
            boxes_opened=list(self.boxes_opened),
            tableau=list(self.tableau),
            project=self.project,
            rules=list(self.rules),
            overview=self.overview,
            stickers=list(self.stickers),
            marketplace={colour: list(ids) for colour, ids in self.marketplace.items()},
            ticks=list(self.ticks),
            market=list(self.market),
            chapters={
                game: Chapter(
                    landmarks=list(chapter.landmarks),
                    projects=list(chapter.projects),
                    marketplace=[dict(given) for given in chapter.marketplace],
                    double_sided=list(chapter.double_sided),
                )
                for game, chapter in self.chapters.items()
            },
            game=self.game,
            stops=list(self.stops),
            tables=dict(self.tables),
        )

    def chapter(self, game: int) -> Chapter:
        return self.chapters.setdefault(game, Chapter())

    def at(self, place: str) -> list[str]:
        return [cid for cid, where in self.where.items() if where == place]


def segments(deck: Deck) -> Iterator[tuple[Stop | None, list[Side]]]:
    """The deck cut at its STOPs: each STOP with the sides it lets you read (its own first)."""
    stop: Stop | None = None
    sides: list[Side] = []
    for side in deck.sides():
        if side.stop is not None:
            if sides:
                yield stop, sides
            stop, sides = side.stop, []
        sides.append(side)
    if sides:
        yield stop, sides


def sorted_tableau(deck: Deck, landmark_ids: list[str]) -> list[str]:
    """Landmarks left to right: by letter, the older first when letters are equal."""
    order = {lid: index for index, lid in enumerate(landmark_ids)}
    return sorted(landmark_ids, key=lambda lid: (deck.components[lid].landmark.letter, order[lid]))


def replay(
    deck: Deck, until: Stop | None = None, report: Report | None = None
) -> tuple[Ledger, bool]:
    """Carry out every instruction up to and including the segment of the STOP `until`.

    Returns the ledger and whether `until` was reached. `report(side, field, message)` hears of
    every instruction that does not fit (the validator passes one; chapter_setup raises).

    A deck's replay to a STOP is the same every time, and a campaign asks for it at every
    chapter (its picks, its setup): each is carried out once and kept (`_REPLAYED`), unless an
    instruction did not fit and a caller wants to hear of it again. Each caller gets a copy.
    """
    key = (id(deck), until)
    kept = _REPLAYED.get(key)
    if kept is not None and kept[0] is deck and (report is None or not kept[3]):
        return kept[1].copy(), kept[2]
    misfits = []

    def say(side: Side | None, field: str, message: str) -> None:
        misfits.append(message)
        if report is not None:
            report(side, field, message)

    ledger, reached = _replay(deck, until, say)
    if len(_REPLAYED) >= _REPLAYED_KEPT:
        _REPLAYED.clear()
    _REPLAYED[key] = (deck, ledger.copy(), reached, bool(misfits))
    return ledger, reached


# replay's results by (the deck's identity, the STOP): (the deck, the ledger, reached, whether an
# instruction did not fit); the deck is kept with them, so no id is reused while they are here.
_REPLAYED: dict[tuple, tuple] = {}
_REPLAYED_KEPT = 128


def _replay(deck: Deck, until: Stop | None, say: Report) -> tuple[Ledger, bool]:
    ledger = Ledger(where={})
    for cid, component in deck.components.items():
        box = deck.box_of(cid)
        ledger.where[cid] = f"box:{box}" if box else "start" if component.start else "deck"
    for stop, sides in segments(deck):
        if stop is not None:
            _game_starts(ledger)
            ledger.stops.append(stop)
            _turn(deck, ledger, stop)
        for side in sides:
            for index, instruction in enumerate(side.instructions):
                _carry_out(deck, ledger, side, f"instructions[{index}]", instruction, say)
        if until is not None and stop == until:
            return ledger, True
    _game_starts(ledger)
    return ledger, until is None


def _game_starts(ledger: Ledger) -> None:
    """If the last STOP turned was before a game, that game starts now: note its table."""
    if ledger.stops and ledger.stops[-1].moment == "before_game":
        ledger.tables[ledger.stops[-1].game] = GameTable(
            tableau=tuple(ledger.tableau),
            project=ledger.project,
            rules=tuple(ledger.rules),
            on_table=tuple(ledger.at("table")),
            market=tuple(ledger.market),
            overview=ledger.overview,
        )


def _turn(deck: Deck, ledger: Ledger, stop: Stop) -> None:
    """What turning this STOP means for the campaign's own steps."""
    if stop.moment == "before_campaign":
        ledger.game = 1
    elif stop.moment == "before_game":
        ledger.game = stop.game
    elif stop.moment == "event":
        ledger.game = stop.game + 1  # anything given now is for the next game
    elif stop.moment == "after_game":
        # after-game steps 2 and 3: the project and each tableau's leftmost landmark go to the
        # archive (everyone has the same landmarks, so one tableau stands for all)
        if ledger.project:
            ledger.where[ledger.project] = "archive"
            ledger.project = None
        if ledger.tableau:
            leftmost = sorted_tableau(deck, ledger.tableau)[0]
            ledger.tableau.remove(leftmost)
            ledger.where[leftmost] = "archive"
        ledger.game = stop.game + 1


def _take(deck, ledger, side, field, cid, kinds, say) -> bool:
    """Check that an instruction may use this component now; say why not."""
    component = deck.components.get(cid)
    if component is None:
        say(side, field, f"unknown component id {cid!r}")
        return False
    if component.kind not in kinds:
        say(side, field, f"{cid!r} is a {component.kind}, not a {' or '.join(kinds)}")
        return False
    place = ledger.where[cid]
    if place == "start":
        say(side, field, f"{cid!r} is a start card, not drawn yet (draw_start_cards first)")
        return False
    if place.startswith("box:") and int(place[4:]) not in ledger.boxes_opened:
        say(side, field, f"{cid!r} is in mystery box {place[4:]}, which is not open yet")
        return False
    if place == "out":
        say(side, field, f"{cid!r} was taken out of the game")
        return False
    return True


def _leave(ledger: Ledger, cid: str) -> None:
    """Take a component from wherever it is, forgetting the roles it had there."""
    place = ledger.where.get(cid)
    if place == "market":
        ledger.market.remove(cid)
    elif place == "rules":
        ledger.rules.remove(cid)
    elif place == "tableau":
        ledger.tableau.remove(cid)
    elif place == "project":
        ledger.project = None


def _put(ledger: Ledger, cid: str, place: str) -> None:
    _leave(ledger, cid)
    ledger.where[cid] = place
    if place == "market":
        ledger.market.append(cid)
    elif place == "rules":
        ledger.rules.append(cid)
    elif place == "tableau":
        ledger.tableau.append(cid)
    elif place == "project":
        ledger.project = cid


def card_ids(deck: Deck) -> set[str]:
    """Every establishment card id a sticker may name: the engine's, the deck's and both sides."""
    ids = set(CARDS)
    for component in deck.components.values():
        if component.card:
            ids.add(component.card.id)
        if component.sides:
            ids.update(side.id for side in component.sides)
    return ids


def card_defs_for(deck: Deck, card_id: str) -> list:
    found = [CARDS[card_id]] if card_id in CARDS else []
    for component in deck.components.values():
        if component.card and component.card.id == card_id:
            found.append(component.card)
        for side in component.sides or ():
            if side.id == card_id:
                found.append(side)
    return found


def _carry_out(deck, ledger, side, field, instruction: Instruction, say) -> None:
    do = instruction.do
    chapter = ledger.chapter(ledger.game)
    if do == "draw_start_cards":
        for cid, component in deck.components.items():
            if ledger.where[cid] != "start":
                continue
            if component.kind == "marketplace":
                _put(ledger, cid, f"bag:{component.colour}")
                ledger.marketplace.setdefault(component.colour, []).append(component.establishment)
            else:
                _put(ledger, cid, "reserve")
    elif do == "open_box":
        number = instruction["box"]
        if number not in deck.boxes:
            say(side, f"{field}.box", f"there is no mystery box {number}")
        elif number in ledger.boxes_opened:
            say(side, f"{field}.box", f"mystery box {number} was opened before")
        else:
            ledger.boxes_opened.append(number)
            for cid in deck.boxes[number].contents:
                if cid in ledger.where:
                    _put(ledger, cid, "reserve")
    elif do == "add_to_market":
        for i, cid in enumerate(instruction["cards"]):
            if _take(
                deck,
                ledger,
                side,
                f"{field}.cards[{i}]",
                cid,
                ("establishment", "double_sided"),
                say,
            ):
                _put(ledger, cid, "market")
    elif do == "move":
        to = instruction["to"]
        if to == "bag":
            colour = instruction.get("colour")
            if colour not in deck.shape.colours:
                say(
                    side,
                    f"{field}.colour",
                    f"moving to a bag needs a player colour, not {colour!r}",
                )
                return
            to = f"bag:{colour}"
        for i, cid in enumerate(instruction["components"]):
            if _take(deck, ledger, side, f"{field}.components[{i}]", cid, KINDS, say):
                _put(ledger, cid, to)
    elif do == "add_rule":
        cid = instruction["rule"]
        if _take(deck, ledger, side, f"{field}.rule", cid, ("rule",), say):
            if ledger.where[cid] == "rules":
                say(side, f"{field}.rule", f"{cid!r} is in the rule stack already")
            _put(ledger, cid, "rules")
    elif do == "replace_turn_overview":
        cid = instruction["card"]
        if _take(deck, ledger, side, f"{field}.card", cid, ("turn_overview",), say):
            if ledger.overview:
                _put(ledger, ledger.overview, "archive")
            _put(ledger, cid, "table")
            ledger.overview = cid
    elif do == "new_landmark":
        cid = instruction["landmark"]
        if _take(deck, ledger, side, f"{field}.landmark", cid, ("landmark",), say):
            if cid in ledger.tableau:
                say(side, f"{field}.landmark", f"{cid!r} is on the tableau already")
            _put(ledger, cid, "tableau")
            chapter.landmarks.append(cid)
    elif do == "community_project":
        cid = instruction["project"]
        if _take(deck, ledger, side, f"{field}.project", cid, ("project",), say):
            if ledger.project:
                say(
                    side,
                    f"{field}.project",
                    f"the game has a community project already ({ledger.project!r})",
                )
                _put(ledger, ledger.project, "archive")
            _put(ledger, cid, "project")
            chapter.projects.append(cid)
    elif do == "marketplace_cards":
        given = {}
        for colour, cid in instruction["cards"].items():
            where = f"{field}.cards.{colour}"
            if colour not in deck.shape.colours:
                say(
                    side,
                    where,
                    f"{colour!r} is not a player colour ({', '.join(deck.shape.colours)})",
                )
                continue
            if not _take(deck, ledger, side, where, cid, ("marketplace",), say):
                continue
            component = deck.components[cid]
            if component.colour != colour:
                say(side, where, f"{cid!r} is a {component.colour} marketplace card, not {colour}")
                continue
            _put(ledger, cid, f"bag:{colour}")
            ledger.marketplace.setdefault(colour, []).append(component.establishment)
            given[colour] = cid
        chapter.marketplace.append(given)
    elif do == "double_sided":
        taken = []
        for i, cid in enumerate(instruction["cards"]):
            if _take(deck, ledger, side, f"{field}.cards[{i}]", cid, ("double_sided",), say):
                _put(ledger, cid, "market")  # after-game step 7 sorts them into the market
                taken.append(cid)
        chapter.double_sided.append(tuple(taken))
    elif do == "sticker":
        cid, card = instruction["sticker"], instruction["card"]
        if not _take(deck, ledger, side, f"{field}.sticker", cid, ("sticker",), say):
            return
        if ledger.where[cid] == "stuck":
            say(side, f"{field}.sticker", f"sticker {cid!r} is stuck on a card already")
            return
        if card not in card_ids(deck):
            say(side, f"{field}.card", f"unknown establishment {card!r}")
            return
        change = deck.components[cid].change or {}
        if "amount" in change:
            for definition in card_defs_for(deck, card):
                if "amount" not in definition.effect.params:
                    say(side, f"{field}.card", f"{card!r} has no amount for the sticker to change")
                    return
        _put(ledger, cid, "stuck")
        ledger.stickers.append((cid, card))
    elif do == "tick_circles":
        ledger.ticks.append((ledger.game - 1, instruction["who"], instruction.get("count", 1)))
