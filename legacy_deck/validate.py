"""Checks that need the whole deck: STOP order, ids, boxes, rule ids, what each chapter gets, and
what the archive holds for free play at the end. Every problem is collected, none stops the rest.
"""

from __future__ import annotations

from collections.abc import Iterable

from play.engine.catalog import CARDS

from .format import RULE_ACTIONS, Deck, Problem, Side, Stop
from .timeline import Ledger, replay


def expected_stops(games: int) -> list[tuple[str, int]]:
    """The STOPs every campaign has, in order; event STOPs may come between them."""
    order = [("before_campaign", 0)]
    for game in range(1, games + 1):
        order += [("before_game", game), ("after_game", game)]
    return order


def validate(deck: Deck, known_rules: Iterable[str] | None = None) -> list[Problem]:
    if known_rules is None:
        from play.engine.table import KNOWN_RULES

        known_rules = KNOWN_RULES
    known = set(known_rules)
    problems: list[Problem] = []
    deck_file, comp_file, box_file = (
        deck.files["deck"],
        deck.files["components"],
        deck.files["boxes"],
    )

    def say(side: Side | None, field: str, message: str) -> None:
        if side is None:
            problems.append(Problem(deck_file, message, None, field))
        else:
            problems.append(Problem(deck_file, message, side.card, f"{side.side}.{field}"))

    _check_stops(deck, problems)
    ledger, _ = replay(deck, report=say)
    _check_components(deck, known, problems, comp_file)
    _check_boxes(deck, ledger, problems, box_file)
    _check_chapters(deck, ledger, problems, deck_file)
    _check_tables(deck, ledger, problems, deck_file)
    _check_free_play(deck, ledger, problems, deck_file)
    _check_end_state(deck, ledger, problems, deck_file)
    return problems


def _check_stops(deck: Deck, problems: list[Problem]) -> None:
    file = deck.files["deck"]
    sides = deck.sides()
    if sides and sides[0].stop is None:
        problems.append(
            Problem(
                file, "the first side must be a STOP (before_campaign)", sides[0].card, "a.stop"
            )
        )
    wanted = expected_stops(deck.shape.games)
    position = 0  # index into wanted of the next STOP we expect
    for side in sides:
        stop = side.stop
        if stop is None:
            continue
        field = f"{side.side}.stop"
        key = (stop.moment, stop.game)
        if stop.moment == "event":
            # an event happens during a game: after before_game n and before after_game n
            current = wanted[position - 1] if position else None
            if current != ("before_game", stop.game):
                problems.append(
                    Problem(
                        file,
                        f"unreachable STOP: {stop.describe()} is not inside game {stop.game}",
                        side.card,
                        field,
                    )
                )
            continue
        if position < len(wanted) and key == wanted[position]:
            position += 1
            continue
        if key in wanted[position:]:
            for missing in wanted[position : wanted.index(key, position)]:
                problems.append(
                    Problem(
                        file,
                        f"missing STOP: {_describe(missing)} comes before this one",
                        side.card,
                        field,
                    )
                )
            position = wanted.index(key, position) + 1
        else:
            problems.append(
                Problem(
                    file,
                    f"unreachable STOP: {stop.describe()} is out of order or repeated",
                    side.card,
                    field,
                )
            )
    for missing in wanted[position:]:
        problems.append(
            Problem(file, f"missing STOP: the deck never says {_describe(missing)}", None, "card")
        )


def _describe(key: tuple[str, int]) -> str:
    return Stop(key[0], key[1]).describe()


def _check_components(deck: Deck, known: set[str], problems: list[Problem], file: str) -> None:
    colours = deck.shape.colours
    defined: dict[str, object] = {}
    for component in deck.components.values():
        where = f"{component.kind} {component.id!r}"
        if component.kind == "rule" and component.rule and component.rule not in known:
            problems.append(
                Problem(
                    file,
                    f"rule id {component.rule!r} is not implemented by the engine",
                    None,
                    f"{where}.rule",
                )
            )
        if (
            component.kind in ("boat", "marketplace")
            and component.colour
            and component.colour not in colours
        ):
            problems.append(
                Problem(
                    file,
                    f"{component.colour!r} is not a player colour ({', '.join(colours)})",
                    None,
                    f"{where}.colour",
                )
            )
        if component.kind == "marketplace" and component.establishment:
            target = deck.components.get(component.establishment)
            if component.establishment not in CARDS and (
                target is None or target.kind != "establishment"
            ):
                problems.append(
                    Problem(
                        file,
                        f"unknown establishment {component.establishment!r}",
                        None,
                        f"{where}.card",
                    )
                )
        for definition in ([component.card] if component.card else []) + list(
            component.sides or ()
        ):
            other = defined.get(definition.id)
            if other is not None and other != definition:
                problems.append(
                    Problem(
                        file,
                        f"card id {definition.id!r} is defined twice, differently",
                        None,
                        where,
                    )
                )
            defined[definition.id] = definition


def _check_boxes(deck: Deck, ledger: Ledger, problems: list[Problem], file: str) -> None:
    numbers = sorted(deck.boxes)
    if numbers != list(range(1, deck.shape.boxes + 1)):
        problems.append(
            Problem(
                file,
                f"the campaign has {deck.shape.boxes} mystery boxes numbered from 1, not {numbers}",
                None,
                "box",
            )
        )
    seen: dict[str, int] = {}
    for box in deck.boxes.values():
        for cid in box.contents:
            if cid not in deck.components:
                problems.append(
                    Problem(
                        file, f"unknown component id {cid!r}", None, f"box {box.number}.contents"
                    )
                )
            elif cid in seen:
                problems.append(
                    Problem(
                        file,
                        f"{cid!r} is in box {seen[cid]} already",
                        None,
                        f"box {box.number}.contents",
                    )
                )
            elif deck.components[cid].start:
                problems.append(
                    Problem(
                        file,
                        f"{cid!r} is a start card, it cannot be in a box",
                        None,
                        f"box {box.number}.contents",
                    )
                )
            seen.setdefault(cid, box.number)
        if box.number not in ledger.boxes_opened:
            problems.append(
                Problem(file, "the deck never opens this box", None, f"box {box.number}")
            )


def _check_chapters(deck: Deck, ledger: Ledger, problems: list[Problem], file: str) -> None:
    shape = deck.shape
    for game in range(1, shape.games + 1):
        chapter = ledger.chapter(game)
        field = f"chapter {game}"

        def say(message: str, field: str = field) -> None:
            problems.append(Problem(file, message, None, field))

        wanted = shape.landmarks_first_game if game == 1 else 1
        given = len(chapter.landmarks)
        if given != wanted:
            landmarks = "new landmark" if wanted == 1 else "new landmarks"
            say(f"game {game} needs {wanted} {landmarks}, the deck gives {given}")
        if len(chapter.projects) != 1:
            say(f"game {game} needs 1 community project, the deck gives {len(chapter.projects)}")
        if game == 1:
            continue
        after = f"after game {game - 1}"
        if len(chapter.marketplace) != 1:
            count = len(chapter.marketplace)
            say(f"{after}: needs 1 marketplace_cards instruction, the deck has {count}")
        for cards in chapter.marketplace:
            missing = ", ".join(c for c in shape.colours if c not in cards) or "none"
            if len(cards) != shape.marketplace_per_game or missing != "none":
                wanted = shape.marketplace_per_game
                say(f"{after}: needs {wanted} marketplace cards, one per colour; missing {missing}")
        if len(chapter.double_sided) != 1:
            count = len(chapter.double_sided)
            say(f"{after}: needs 1 double_sided instruction, the deck has {count}")
        # the book's step 5: the next five deck cards are copies of one establishment, one pile
        for cards in chapter.double_sided:
            if len(cards) != 1:
                given = len(cards)
                say(f"{after}: needs 1 double-sided establishment (one pile), it gives {given}")
            for cid in cards:
                copies = deck.components[cid].copies
                if copies != shape.double_sided_per_game:
                    wanted = shape.double_sided_per_game
                    say(f"{after}: {cid!r} needs {wanted} copies (one pile), it has {copies}")
    extra = ledger.chapter(shape.games + 1)
    if extra.landmarks or extra.projects:
        message = "landmarks or projects given after the last game are never played"
        problems.append(Problem(file, message, None, "chapter end"))


def _check_free_play(deck: Deck, ledger: Ledger, problems: list[Problem], file: str) -> None:
    shape = deck.shape
    field = "free play"
    archive = ledger.at("archive")
    comps = deck.components
    landmarks = [
        c for c in archive if comps[c].kind == "landmark" and c not in shape.never_in_free_play
    ]
    if len(landmarks) < shape.free_play_landmarks:
        problems.append(
            Problem(
                file,
                f"the archive must end with {shape.free_play_landmarks} landmarks for free play, "
                f"it has {len(landmarks)}",
                None,
                field,
            )
        )
    projects = [
        c for c in archive if comps[c].kind == "project" and c not in shape.never_in_free_play
    ]
    if not projects:
        problems.append(
            Problem(
                file,
                "the archive must end with a community project allowed in free play",
                None,
                field,
            )
        )
    for cid, component in comps.items():
        if component.kind == "island" and ledger.where[cid] != "archive":
            problems.append(
                Problem(file, f"island {cid!r} must end in the archive for free play", None, field)
            )
    archived_rules = {comps[c].rule for c in archive if comps[c].kind == "rule"}
    for rule in shape.free_play_rules:
        if rule not in archived_rules:
            problems.append(
                Problem(
                    file,
                    f"the rule card for {rule!r} must end in the archive for free play",
                    None,
                    field,
                )
            )
    for cid in shape.free_play_removes:
        if cid not in comps or ledger.where[cid] not in ("market", "archive"):
            problems.append(
                Problem(
                    file,
                    f"{cid!r} must be in the market or archive at the end (free play removes it)",
                    None,
                    field,
                )
            )


# Where each kind of component must be when the deck has been read to the end, so that free play
# (RULES.md §5) can use it: landmarks and projects in the archive for the random draw, islands and
# both Yokai rule cards there too, the other rule cards in the rule stack, double-sided piles in
# the market with their ticked side, marketplace cards in their colour's bag, stickers stuck, the
# expedition's track and boats and the turn-overview card in play on the table. "out" is allowed
# anywhere: the deck has said the component is gone for good.
FREE_PLAY_PLACES = {
    "establishment": ("market", "archive"),
    "double_sided": ("market", "archive"),
    "marketplace": ("bag", "archive"),
    "landmark": ("archive",),
    "project": ("archive",),
    "rule": ("rules", "archive"),
    "turn_overview": ("table", "archive"),
    "island": ("archive",),
    "track": ("table", "archive"),
    "boat": ("table", "archive"),
    "sticker": ("stuck",),
}
_PLACE_WORDS = {
    "start": "among the start cards, never drawn",
    "deck": "never given by the deck",
    "reserve": "in the reserve",
    "tableau": "on the tableau",
    "project": "the community project",
    "rules": "in the rule stack",
    "stuck": "stuck on a card",
}


_NEEDS = {
    "market": "in the market",
    "archive": "in the archive",
    "rules": "in the rule stack",
    "table": "on the table",
    "bag": "in its colour's bag",
    "stuck": "stuck on a card",
}


def _place_words(place: str) -> str:
    if place.startswith("bag:"):
        return f"in the {place[4:]} bag"
    return _PLACE_WORDS.get(place, f"in the {place}")


def _check_end_state(deck: Deck, ledger: Ledger, problems: list[Problem], file: str) -> None:
    """Every component ends where free play can use it (FREE_PLAY_PLACES)."""
    field = "end"
    comps = deck.components

    def say(message: str) -> None:
        problems.append(Problem(file, message, None, field))

    # an establishment that only marketplace cards name is those cards' face, not a pile
    faces = {c.establishment for c in comps.values() if c.kind == "marketplace"}
    presented = {
        cid
        for chapter in ledger.chapters.values()
        for given in chapter.double_sided
        for cid in given
    }
    for cid, component in comps.items():
        place = ledger.where[cid]
        if place == "out" or (component.kind == "establishment" and cid in faces):
            continue
        if place.startswith("box:"):
            continue  # reported already: the deck never opens that box
        wanted = FREE_PLAY_PLACES[component.kind]
        if place.split(":")[0] not in wanted:
            needs = " or ".join(_NEEDS[w] for w in wanted)
            say(f"{component.kind} {cid!r} ends {_place_words(place)}; free play needs it {needs}")
        elif component.kind == "double_sided" and cid not in presented:
            say(
                f"double-sided {cid!r} is never presented by a double_sided instruction, "
                "so no side is ever chosen for free play"
            )
    for colour in deck.shape.colours:
        held = sum(comps[cid].kind == "marketplace" for cid in ledger.at(f"bag:{colour}"))
        if held < deck.shape.free_play_picks:
            say(
                f"the {colour} bag ends with {held} marketplace cards; "
                f"free play picks {deck.shape.free_play_picks}"
            )
    rules = {comps[cid].rule for cid in ledger.rules}
    shown = comps[ledger.overview].actions if ledger.overview else ()
    for rule in sorted(rules):
        action = RULE_ACTIONS.get(rule)
        if action and action not in shown:
            card = "the turn-overview card in play"
            say(f"free play keeps {rule} but {card} does not show {action!r}")


def _check_tables(deck: Deck, ledger: Ledger, problems: list[Problem], file: str) -> None:
    """Each game, as it starts, must be one the engine can set up."""
    comps = deck.components
    slots = len(deck.shape.landmark_costs)
    for game, table in sorted(ledger.tables.items()):
        field = f"game {game}"

        def say(message: str, field: str = field) -> None:
            problems.append(Problem(file, message, None, field))

        if len(table.tableau) != slots:
            say(f"starts with {len(table.tableau)} landmarks on the tableau, not {slots}")
        if table.project is None:
            say("starts without a community project")
        if not table.market:
            say("starts with an empty market")
        rules = {comps[cid].rule for cid in table.rules}
        shown = comps[table.overview].actions if table.overview else ()
        for rule in sorted(rules):
            action = RULE_ACTIONS.get(rule)
            if action and action not in shown:
                say(f"plays {rule} but the turn-overview card in play does not show {action!r}")
        if "expedition" not in rules:
            continue
        tracks = [comps[c] for c in table.on_table if comps[c].kind == "track"]
        islands = [comps[c] for c in table.on_table if comps[c].kind == "island"]
        boats = {comps[c].colour for c in table.on_table if comps[c].kind == "boat"}
        if len(tracks) != 1:
            say(f"plays the expedition with {len(tracks)} tracks on the table, not 1")
            continue
        if not islands:
            say("plays the expedition without islands on the table")
        spaces = [island.space for island in islands]
        if len(set(spaces)) != len(spaces):
            say("two islands on the table share a space")
        for island in islands:
            if island.space > tracks[0].length:
                say(f"island {island.id!r} lies beyond the track's {tracks[0].length} spaces")
        missing = [c for c in deck.shape.colours if c not in boats]
        if missing:
            say(f"plays the expedition without boats for {', '.join(missing)}")
