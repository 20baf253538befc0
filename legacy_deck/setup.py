"""Composing a chapter's game setup for the engine, and a plausible carry-over to test it with.

    carry = plausible_carry_over(deck, chapter=5, players=3)
    setup = chapter_setup(deck, 5, ["Ann", "Ben", "Cem"], carry, seed=7)
    state = play.engine.new_game(setup)

What the deck fixes for everyone (market, the three landmarks, community project, rule stack,
stickers, expedition) is worked out by carrying out the deck's instructions up to the STOP before
that game. What the players decided is the carry-over, a JSON-able dict:

    {"last_winner": 1,                      # seat; starts the game (ignored in chapter 1: roll)
     "choices": {"ds_mill": "b", ...},      # sides picked for every double-sided establishment
     "circles": [3, 4, 4],                  # ticked circles on each seat's tableau
     "picks": [["wheat_field", ...], ...]}  # optional: each seat's marketplace picks
"""

from __future__ import annotations

from collections import Counter

from play.engine import dice
from play.engine.catalog import CARDS
from play.engine.errors import CodedError

from .format import Deck, Side, Stop
from .reader import DeckState, read_so_far, waiting_at
from .timeline import Ledger, replay, sorted_tableau

# Message id -> the English sentence, for logs, tools and tests; the screens translate the id
# (legacy_deck/setup_refusals.py). A parameter named `card` holds a card's or component's id.
MESSAGES: dict[str, str] = {
    "no_such_chapter": "The campaign has chapters 1 to {games}, not {chapter}.",
    "deck_not_clean": "The deck does not carry out cleanly ({where}): {problem}",
    "deck_as_a_whole_not_clean": (
        "The deck as a whole does not carry out cleanly ({where}): {problem}"
    ),
    "no_stop_before_game": "The deck has no STOP before game {chapter}.",
    "not_read_yet": "The deck has not been read up to game {chapter} yet.",
    "landmark_count": "Game {chapter} has {count} landmarks, not {wanted}.",
    "no_project": "Game {chapter} has no community project.",
    "free_play_too_early": "Free play begins when the whole deck has been read.",
    "free_play_rule": "Free play chooses one of {rules}.",
    "archive_too_small": "The archive does not hold enough landmarks and projects for free play.",
    "too_many_players": "The campaign has {colours} player colours, not {count}.",
    "colours_shared": "Each player needs a colour of their own.",
    "unknown_colour": "{colour!r} is not one of the campaign's colours.",
    "no_side_chosen": "No side was chosen for the double-sided establishment {card!r}.",
    "circles_shape": "Ticked circles are {count} whole numbers, one per player.",
    "picks_shape": "Marketplace picks are {count} lists, one per player.",
    "expedition_tracks": (
        "Game {chapter} plays the expedition but has {tracks} tracks on the table."
    ),
    "free_play_expedition_tracks": (
        "Free play plays the expedition but has {tracks} tracks on the table."
    ),
    "picks_not_card_ids": "{player}'s marketplace picks are a list of card ids.",
    "picks_count": (
        "{player} picks {count} marketplace cards, not {wanted} "
        "({circles} ticked circles, {bag} cards in the bag)."
    ),
    "pick_not_in_bag": "{player} has no marketplace card {card!r}.",
}


class SetupError(CodedError):
    """The deck and carry-over do not make a game (a side not chosen, too many picks, …):
    `code` and `params` say which, like the engine's IllegalAction; `str(error)` is the English
    sentence from MESSAGES (a list parameter joined with commas)."""

    def __str__(self) -> str:
        values = {
            key: ", ".join(map(str, value)) if isinstance(value, list | tuple) else value
            for key, value in self.params.items()
        }
        return self.sentence(MESSAGES.get(self.code), values)


def _ledger(deck: Deck, chapter: int) -> Ledger:
    if not 1 <= chapter <= deck.shape.games:
        raise SetupError("no_such_chapter", games=deck.shape.games, chapter=chapter)

    def fail(side: Side | None, field: str, message: str) -> None:
        if side is None:  # a misfit of the deck's own settings or boxes: there is no card to name
            raise SetupError("deck_as_a_whole_not_clean", where=field, problem=message)
        where = f"card {side.label} {field}"
        raise SetupError("deck_not_clean", side=side.label, where=where, problem=message)

    ledger, reached = replay(deck, until=Stop("before_game", chapter), report=fail)
    if not reached:
        raise SetupError("no_stop_before_game", chapter=chapter)
    return ledger


def chapter_setup(
    deck: Deck,
    chapter: int,
    players: list[str] | int,
    carry_over: dict,
    seed: int = 0,
    *,
    reader: DeckState | None = None,
    colours: list[str] | None = None,
) -> dict:
    """The engine setup of chapter `chapter` (1-based) for these players.

    With `reader` (a campaign's reading state), a chapter whose before-game STOP has not been
    turned is refused: nothing the table has not read goes into a game. `colours` are the
    players' own colours, seat by seat (by default the deck's first ones, in order)."""
    players, colours = _seats(deck, players, colours)
    if reader is not None and not _reached(deck, reader, chapter):
        raise SetupError("not_read_yet", chapter=chapter)
    ledger = _ledger(deck, chapter)
    tableau = sorted_tableau(deck, ledger.tableau)
    if len(tableau) != len(deck.shape.landmark_costs):
        raise SetupError(
            "landmark_count",
            chapter=chapter,
            count=len(tableau),
            wanted=len(deck.shape.landmark_costs),
        )
    if ledger.project is None:
        raise SetupError("no_project", chapter=chapter)
    setup = _table(
        deck,
        ledger,
        players,
        colours,
        carry_over,
        market=ledger.market,
        tableau=tableau,
        project=ledger.project,
        rule_cards=rule_cards_in_force(deck, chapter),
        seed=seed,
        first_player="roll" if chapter == 1 else carry_over.get("last_winner", 0),
    )
    if "expedition" in setup["rules"]:
        setup.update(_expedition(deck, ledger.at("table"), chapter))
    return setup


def rule_cards_in_force(deck: Deck, chapter: int, yokai_rule: str | None = None) -> list[str]:
    """The rule cards set out at the game of `chapter`, in the stack's order: the rule stack
    as its STOP is turned; past the deck's games (free play), the stack at the deck's end with
    the one Yōkai rule the table chose. A game's setup plays with these, and every page that
    names the rules in force of a game names these."""
    if chapter > deck.shape.games:
        ledger, _reached_end = replay(deck)
        return free_play_rule_cards(deck, ledger.rules, yokai_rule or "")
    return list(_ledger(deck, chapter).rules)


def free_play_rule_cards(deck: Deck, rule_cards: list[str], yokai_rule: str) -> list[str]:
    """The rule cards of free play: the campaign's, with only the Yōkai rule the table chose (the
    other goes to the archive), which is added if the campaign never read it."""
    by_rule = {c.rule: cid for cid, c in deck.components.items() if c.kind == "rule"}
    unwanted = {by_rule.get(rule) for rule in deck.shape.free_play_rules if rule != yokai_rule}
    kept = [cid for cid in rule_cards if cid not in unwanted]
    chosen = by_rule.get(yokai_rule)
    if chosen is not None and chosen not in kept:
        kept.append(chosen)
    return kept


def free_play_setup(
    deck: Deck,
    reader: DeckState,
    players: list[str],
    colours: list[str],
    carry_over: dict,
    yokai_rule: str,
    seed: int = 0,
) -> dict:
    """A game of free play after the campaign ("chapter 11", RULES.md §5), from what the
    campaign left: the market from every establishment pile the campaign used but those free
    play removes; three random landmarks and one random community project from the archive
    (never the excluded ones); every island open by the track; every rule card in force, with
    the one Yōkai rule the table chose (if the deck has such a choice); as many picks each as
    the deck says (four in ours); the start player by roll. The random draws come from `seed`,
    so a free-play game is set up again exactly from it."""
    players, colours = _seats(deck, players, colours)
    if waiting_at(deck, reader) is not None:
        raise SetupError("free_play_too_early")
    shape = deck.shape
    if shape.free_play_rules and yokai_rule not in shape.free_play_rules:
        raise SetupError("free_play_rule", rules=list(shape.free_play_rules))
    ledger, _reached_end = replay(deck)
    comps = deck.components
    kept = ("market", "reserve", "archive", "tableau", "project")

    def usable(kind: str) -> list[str]:
        return sorted(
            cid
            for cid, component in comps.items()
            if component.kind == kind
            and ledger.where[cid] in kept
            and cid not in shape.never_in_free_play
        )

    removed = set(shape.free_play_removes) | deck.face_only_ids()
    market = [
        cid
        for kind in ("establishment", "double_sided")
        for cid in usable(kind)
        if cid not in removed
    ]
    draw = _Draws(seed)
    landmarks = usable("landmark")
    projects = usable("project")
    if len(landmarks) < len(shape.landmark_costs) or not projects:
        raise SetupError("archive_too_small")
    tableau = sorted_tableau(deck, draw.sample(landmarks, len(shape.landmark_costs)))
    project = draw.sample(projects, 1)[0]
    rule_cards = rule_cards_in_force(deck, shape.games + 1, yokai_rule)
    setup = _table(
        deck,
        ledger,
        players,
        colours,
        {**carry_over, "circles": [shape.free_play_picks] * len(players)},
        market=market,
        tableau=tableau,
        project=project,
        rule_cards=rule_cards,
        seed=seed,
        first_player="roll",
        free_play=True,
    )
    if "expedition" in setup["rules"]:
        islands = [cid for cid, c in comps.items() if c.kind == "island"]
        tracks = [cid for cid, c in comps.items() if c.kind == "track"]
        setup.update(_expedition(deck, tracks[:1] + islands, None))
    return setup


class _Draws:
    """Random choices for a free-play setup, from its seed alone (no global random)."""

    def __init__(self, seed: int):
        self.seed = seed
        self.counter = 0

    def sample(self, items: list[str], count: int) -> list[str]:
        pool = list(items)
        chosen = []
        for _ in range(count):
            index = dice.draw(self.seed, 10_000 + self.counter, len(pool))
            self.counter += 1
            chosen.append(pool.pop(index))
        return chosen


def _seats(deck: Deck, players: list[str] | int, colours: list[str] | None):
    if isinstance(players, int):
        players = [f"Player {seat + 1}" for seat in range(players)]
    count = len(players)
    shape = deck.shape
    if count > len(shape.colours):
        raise SetupError("too_many_players", colours=len(shape.colours), count=count)
    colours = list(colours) if colours is not None else list(shape.colours[:count])
    if len(colours) != count or len(set(colours)) != count:
        raise SetupError("colours_shared")
    for colour in colours:
        if colour not in shape.colours:
            raise SetupError("unknown_colour", colour=colour)
    return list(players), colours


def _table(
    deck: Deck,
    ledger: Ledger,
    players: list[str],
    colours: list[str],
    carry_over: dict,
    *,
    market: list[str],
    tableau: list[str],
    project: str,
    rule_cards: list[str],
    seed: int,
    first_player: int | str,
    free_play: bool = False,
) -> dict:
    """The engine setup for a Legacy table laid out from these components."""
    count = len(players)
    shape = deck.shape
    comps = deck.components
    choices = carry_over.get("choices", {})
    card_defs: dict[str, dict] = {}

    piles: dict[str, int] = {}
    for cid in market:
        component = comps[cid]
        if component.kind == "double_sided":
            side = choices.get(cid)
            if side not in ("a", "b"):
                raise SetupError("no_side_chosen", card=cid)
            card = component.sides[0 if side == "a" else 1]
        else:
            card = component.card
        card_defs[card.id] = card.to_dict()
        piles[card.id] = piles.get(card.id, 0) + component.copies

    # after-game step 7: the market is kept sorted by number
    order = {card["id"]: (min(card["numbers"]), card["id"]) for card in card_defs.values()}
    piles = dict(sorted(piles.items(), key=lambda item: order[item[0]]))

    landmarks = [
        {"id": lid, "cost": cost} for lid, cost in zip(tableau, shape.landmark_costs, strict=True)
    ]
    project_def = comps[project].project

    circles = carry_over.get("circles") or [shape.start_circles] * count
    if len(circles) != count or not all(type(c) is int and c >= 0 for c in circles):
        raise SetupError("circles_shape", count=count)
    bags = [ledger.marketplace.get(colour, []) for colour in colours]
    picks = carry_over.get("picks") or [
        default_picks(bags[seat], circles[seat], deck) for seat in range(count)
    ]
    if len(picks) != count:
        raise SetupError("picks_shape", count=count)
    cities = []
    for seat in range(count):
        check_picks(bags[seat], circles[seat], picks[seat], players[seat])
        for card_id in picks[seat]:
            component = comps.get(card_id)
            if component is not None and component.card is not None:
                card_defs[card_id] = component.card.to_dict()
        cities.append(dict(Counter(picks[seat])))

    setup = {
        "edition": "legacy",
        "players": list(players),
        "seed": seed,
        "coins": [shape.start_coins] * count,
        "cities": cities,
        "landmarks": [[dict(entry) for entry in landmarks] for _ in range(count)],
        "built": [[] for _ in range(count)],
        "community_project": {"id": project_def.id, "cost": project_def.cost},
        "market": piles,
        "rules": [comps[cid].rule for cid in rule_cards],
        # the rules named as this deck's rule cards name them (one rule, one name on a page)
        "rule_defs": [
            {
                "rule": comps[cid].rule,
                "name": dict(comps[cid].name),
                "text": dict(comps[cid].text or {}),
            }
            for cid in rule_cards
        ],
        "variants": [],
        "first_player": first_player,
        "card_defs": list(card_defs.values()),
        "landmark_defs": [comps[lid].landmark.to_dict() for lid in tableau],
        "project_defs": [project_def.to_dict()],
    }
    in_game = set(piles) | {card for city in cities for card in city}
    stickers = [
        {"card": card, "change": dict(comps[sid].change)}
        for sid, card in ledger.stickers
        # free play leaves some piles out (Fox Meadows, Gold Mines): their stickers with them
        if card in in_game or not free_play
    ]
    if stickers:
        setup["stickers"] = stickers
    return setup


def _expedition(deck: Deck, on_table_ids: list[str], chapter: int | None) -> dict:
    """The expedition of chapter `chapter`'s game (None: of free play)."""
    on_table = [deck.components[cid] for cid in on_table_ids]
    tracks = [c for c in on_table if c.kind == "track"]
    if len(tracks) != 1:
        if chapter is None:
            raise SetupError("free_play_expedition_tracks", tracks=len(tracks))
        raise SetupError("expedition_tracks", chapter=chapter, tracks=len(tracks))
    islands = sorted((c for c in on_table if c.kind == "island"), key=lambda c: c.space)
    return {
        "expedition": {
            "length": tracks[0].length,
            "islands": [{"id": c.id, "space": c.space} for c in islands],
        },
        "island_defs": [
            {"id": c.id, "name": dict(c.name), "effect": c.effect.to_dict()} for c in islands
        ],
    }


def check_picks(bag: list[str], circles: int, picks, player: str) -> None:
    """SetupError unless `picks` takes exactly `circles` cards from `bag` (all of a smaller bag);
    `player` is whose picks they are, by name, for the message."""
    if not isinstance(picks, list | tuple) or not all(isinstance(p, str) for p in picks):
        raise SetupError("picks_not_card_ids", player=player)
    wanted = min(circles, len(bag))
    if len(picks) != wanted:
        raise SetupError(
            "picks_count",
            player=player,
            count=len(picks),
            wanted=wanted,
            circles=circles,
            bag=len(bag),
        )
    missing = Counter(picks) - Counter(bag)
    if missing:
        raise SetupError("pick_not_in_bag", player=player, card=sorted(missing)[0])


def default_picks(own: list[str], circles: int, deck: Deck | None = None) -> list[str]:
    """A bot's picks from its bag: the start cards first, then the cards that pay on the lowest
    numbers (a single die reaches them), the newest first among equals; in bag order. Without
    the deck to look cards up, simply the newest."""
    start = _start_establishments(deck) if deck is not None else set()

    def rank(index: int) -> tuple:
        card_id = own[index]
        low = min(_numbers(deck, card_id), default=13) if deck is not None else 0
        return (card_id not in start, low, -index)

    chosen = sorted(range(len(own)), key=rank)[:circles]
    return [own[index] for index in sorted(chosen)]


def _start_establishments(deck: Deck) -> set[str]:
    return {
        c.establishment for c in deck.components.values() if c.kind == "marketplace" and c.start
    }


def _reached(deck: Deck, reader: DeckState, chapter: int) -> bool:
    """Whether the reader has turned the STOP before game `chapter`."""
    wanted = Stop("before_game", chapter)
    return any(side.stop == wanted for side in read_so_far(deck, reader))


def _numbers(deck: Deck, card_id: str) -> tuple[int, ...]:
    component = deck.components.get(card_id)
    if component is not None and component.card is not None:
        return component.card.numbers
    return CARDS[card_id].numbers if card_id in CARDS else ()


def circles_ticked(who: str, count: int, seats: int, winner: int, flags: set[int]) -> list[int]:
    """The circles each seat ticks for one tick_circles instruction ("who" as the deck says),
    given the game's winner and the seats with a flag on the community project."""
    ticked = []
    for seat in range(seats):
        won, flag = seat == winner, seat in flags
        chosen = (
            who == "all"
            or (who == "winner" and won)
            or (who == "all_but_winner" and not won)
            or (who == "with_flag" and flag)
            or (who == "without_flag" and not flag)
        )
        ticked.append(count if chosen else 0)
    return ticked


def plausible_carry_over(deck: Deck, chapter: int, players: int, *, even: bool = False) -> dict:
    """What a campaign would plausibly have decided by chapter `chapter`.

    Winners take turns (game g is won by seat (g - 1) mod players), double-sided establishments
    alternate sides a, b, a, … in the order the deck presents them, and circles are ticked as the
    deck says for those winners (a winner is taken to have a flag on the project, no one else).
    With `even`, every seat gets the same number of circles (the seats' mean, rounded down), so
    that a balance measurement sees the seat order alone. Each seat picks its start cards, then
    the marketplace cards that pay on the lowest numbers. The rule stack, stickers and landmarks
    need no carry-over: the deck fixes them for everyone, and chapter_setup works them out.
    """
    ledger = _ledger(deck, chapter)
    choices = {}
    index = 0
    for game in range(2, chapter + 1):
        for given in ledger.chapter(game).double_sided:
            for cid in given:
                choices[cid] = "ab"[index % 2]
                index += 1
    circles = [deck.shape.start_circles] * players
    for game, who, count in ledger.ticks:
        winner = (game - 1) % players  # a winner is taken to have their flag on the project
        ticked = circles_ticked(who, count, players, winner, {winner})
        circles = [have + more for have, more in zip(circles, ticked, strict=True)]
    if even:
        circles = [sum(circles) // players] * players
    colours = deck.shape.colours
    return {
        "last_winner": (chapter - 2) % players if chapter > 1 else None,
        "choices": choices,
        "circles": circles,
        "picks": [
            default_picks(ledger.marketplace.get(colours[seat], []), circles[seat], deck)
            for seat in range(min(players, len(colours)))
        ],
    }
