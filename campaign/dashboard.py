"""What the campaign's screens show, read from the campaign and its deck: plain dicts in words.

Read-only: every change goes through `campaign/flow/`. The golden rule lives here: every
helper starts from what the reader has read (`flow.sides_read`, the boxes opened), never from
the deck as a whole, so nothing of the deck reaches a page before the deck says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from django.urls import reverse
from django.utils.translation import gettext as _

from legacy_deck.format import Deck, Side, Stop
from legacy_deck.reader import DeckState, latest_reading, read_so_far, waiting_at
from legacy_deck.setup import rule_cards_in_force
from play.engine.cards import CardDef
from play.engine.stickers import apply_stickers

from . import decks, flow
from .deck_text import (
    card_summary,
    chapter_title,
    colour_name,
    component_name,
    describe_instruction,
    establishment_card,
    localised,
)
from .models import (
    Campaign,
    ChapterGame,
    Mayor,
    Phase,
    Place,
    StepKind,
)
from .places import bag_components
from .progress import sides_of_game_end

EVENT_WORDS = {
    "doubles": lambda: _("someone rolls doubles"),
    "landmark_built": lambda: _("someone builds a landmark"),
    "flag_planted": lambda: _("someone plants a flag on the community project"),
    "island_claimed": lambda: _("a boat claims an island"),
    "rest_taken": lambda: _("someone takes a rest day"),
}


def stop_words(stop: Stop | None) -> str:
    """When a STOP may be turned, as the card would say it."""
    if stop is None:
        return _("The deck has been read to the end.")
    if stop.moment == "before_game":
        return _("Turn this STOP before game %(n)s.") % {"n": stop.game}
    if stop.moment == "after_game":
        return _("Turn this STOP after game %(n)s.") % {"n": stop.game}
    if stop.moment == "event":
        what = EVENT_WORDS.get(stop.event, lambda: stop.event)()
        return _("Turn this STOP in game %(n)s when %(what)s (or after the game).") % {
            "n": stop.game,
            "what": what,
        }
    return _("Turn this STOP before the campaign.")


def turned_words(stop: Stop) -> str:
    """When a STOP on a side already read was turned."""
    if stop.moment == "before_game":
        return _("A STOP, turned before game %(n)s.") % {"n": stop.game}
    if stop.moment == "after_game":
        return _("A STOP, turned after game %(n)s.") % {"n": stop.game}
    if stop.moment == "event":
        return _("A STOP, turned during or after game %(n)s.") % {"n": stop.game}
    return _("A STOP, turned before the campaign.")


def reason_words(reason: str) -> str:
    """A history row's reason in words: the flow's own step names translated, a person's
    name (who took the step) as it is."""
    if reason in StepKind.values:
        return str(StepKind(reason).label)
    if reason == "table":
        return _("at the table")
    return reason


# --- what has been read --------------------------------------------------------------------


@lru_cache(maxsize=256)
def _seen(deck_digest: str, position: int, boxes: tuple[int, ...]) -> frozenset[str]:
    deck = decks.our_deck()
    seen = {cid for cid, c in deck.components.items() if c.start}
    for side in deck.sides()[:position]:
        for instruction in side.instructions:
            for value in instruction.params.values():
                values = (
                    value.values()
                    if isinstance(value, dict)
                    else (value if isinstance(value, list) else [value])
                )
                seen |= {v for v in values if isinstance(v, str) and v in deck.components}
    for number in boxes:
        seen |= set(deck.boxes[number].contents)
    return frozenset(seen)


def seen_components(deck: Deck, reader: DeckState) -> frozenset[str]:
    """Every component the table has met: start cards, those named on read sides, the
    contents of opened boxes."""
    return _seen(deck.digest, reader.position, tuple(sorted(reader.boxes_opened)))


@dataclass(frozen=True)
class Page:
    number: int  # 1-based
    kind: str  # "side", "box" or "stop"
    side: Side | None = None
    box: int | None = None


def reading_pages(deck: Deck, reader: DeckState) -> list[Page]:
    """Every side read, one page each; an opened box is a page of its own right after the side
    that opens it; the last page is the STOP the deck waits at."""
    pages: list[Page] = []
    for side in read_so_far(deck, reader):
        pages.append(Page(len(pages) + 1, "side", side))
        for instruction in side.instructions:
            if instruction.do == "open_box":
                pages.append(Page(len(pages) + 1, "box", side, instruction["box"]))
    pages.append(Page(len(pages) + 1, "stop"))
    return pages


def latest_reading_page(deck: Deck, reader: DeckState, pages: list[Page]) -> int:
    """The first page of the reading since the last STOP turned (at a game's end whose event
    never came, its event card)."""
    reading = latest_reading(deck, reader)
    if reading:
        for page in pages:
            if page.kind == "side" and page.side.label == reading[0].label:
                return page.number
    return len(pages)


# Phases in which the table has read the game's end down to its STOP already.
_DURING_OR_AFTER = {"event", "after_game"}  # STOPs turned in or after a game, not before it
_END_READ_ALREADY = {Phase.WINNERS_MOMENT, Phase.READING, Phase.FINISHED, Phase.FREE_PLAY}


def first_unread_page(campaign: Campaign, deck: Deck, reader: DeckState, pages: list[Page]) -> int:
    """Where "Read the deck aloud" opens: the reading since the last STOP turned, or the STOP
    itself once the table has read down to it at the game's end (the winner's moment
    reads nothing new). Earlier pages stay a "Back" away."""
    first = latest_reading_page(deck, reader, pages)
    page = pages[first - 1]
    read_at_the_games_end = (
        page.kind == "side"
        and page.side.stop is not None
        and page.side.stop.moment in _DURING_OR_AFTER
    )
    if read_at_the_games_end and campaign.phase in _END_READ_ALREADY:
        return len(pages)
    return first


def page_view(deck: Deck, reader: DeckState, page: Page) -> dict:
    choices = dict(reader.choices)
    view = {"number": page.number, "kind": page.kind}
    if page.kind == "side":
        side = page.side
        view.update(
            label=side.label,
            story=localised(side.story),
            stop=turned_words(side.stop) if side.stop else "",
            instructions=[
                describe_instruction(deck, i) for i in side.instructions if i.do != "open_box"
            ],
            opens=[i["box"] for i in side.instructions if i.do == "open_box"],
        )
    elif page.kind == "box":
        box = deck.boxes[page.box]
        view.update(
            box=page.box,
            box_name=localised(box.name),
            contents=[component_name(deck, cid, choices) for cid in box.contents],
            label=page.side.label,
        )
    else:
        view.update(waiting=stop_words(waiting_at(deck, reader)))
    return view


def read_aloud(deck: Deck, reader: DeckState) -> list[dict]:
    """'What we have read so far': every side read, with its reading page."""
    pages = reading_pages(deck, reader)
    return [
        {"label": p.side.label, "page": p.number, "story": localised(p.side.story)}
        for p in pages
        if p.kind == "side"
    ]


def event_cards(campaign: Campaign, deck: Deck, reader: DeckState) -> list[dict]:
    """The event STOP cards turned during the game being played, to show the table at once."""
    if campaign.phase != Phase.PLAYING:
        return []
    sides = sides_of_game_end(deck, reader, campaign.chapter)
    return [
        {
            "label": side.label,
            "story": localised(side.story),
            "instructions": [describe_instruction(deck, i) for i in side.instructions],
        }
        for side in sides
    ]


# --- the campaign's state ------------------------------------------------------------------


def chapter_titles(deck: Deck, reader: DeckState) -> dict[int, str]:
    """Titles of the chapters whose opening side has been read (and no others)."""
    titles = {}
    for side in read_so_far(deck, reader):
        if side.stop is not None and side.stop.moment == "before_game":
            titles[side.stop.game] = chapter_title(side.story)
    return titles


def without_number(title: str, number: int) -> str:
    """A chapter's title without its 'Chapter 3 - ' (in any language), beside its number."""
    short = re.sub(rf"^\w+ {number}\s*[-–—:]\s*", "", title, count=1)
    return short or title


def timeline(campaign: Campaign, deck: Deck, reader: DeckState, games: list[ChapterGame]):
    titles = chapter_titles(deck, reader)
    winners = {g.chapter: g for g in games}
    rows = []
    for number in range(1, deck.shape.games + 1):
        if number < campaign.chapter or campaign.phase in (Phase.FINISHED, Phase.FREE_PLAY):
            state = "played"
        elif number == campaign.chapter:
            state = "played" if campaign.game_over else "current"
        else:
            state = "to_come"
        game = winners.get(number)
        rows.append(
            {
                "number": number,
                "state": state,
                "title": without_number(titles.get(number, ""), number)
                if state != "to_come"
                else "",
                "winner": game.winner.name if game and game.winner else "",
                "source": game.source if game else "",
            }
        )
    return rows


def next_step(campaign: Campaign) -> dict:
    """The one main button of the table: the step the phase machine says comes next
    (`Campaign.next_step`), in words."""
    kind = campaign.next_step

    def step(label: str, name: str, icon: str) -> dict:
        return {"label": label, "url": reverse(name, args=[campaign.table_secret]), "icon": icon}

    if kind == StepKind.READ:
        return step(_("Read the deck aloud"), "campaign:read_latest", "bi-book")
    if kind == StepKind.PICK:
        return step(_("Pick marketplace cards"), "campaign:picks", "bi-hand-index")
    if kind == StepKind.GAME_OVER:
        if ended_in_app(campaign) is not None:
            # its end was taken back: the table takes it again (or records the game instead)
            return step(_("The game is over: accept its result"), "campaign:game", "bi-trophy")
        if campaign.in_free_play:
            label = _("Play the free game")
        else:
            label = _("Play game %(n)s") % {"n": campaign.chapter}
        return step(label, "campaign:game", "bi-dice-5")
    if kind == StepKind.END_READ:
        return step(_("Read what the game's end reveals"), "campaign:read_latest", "bi-book")
    if kind == StepKind.AFTER_GAME:
        return step(_("The winner's moment"), "campaign:after", "bi-trophy")
    if campaign.phase == Phase.FINISHED:
        return step(_("The campaign is over: free play"), "campaign:free", "bi-stars")
    return step(_("Another game of free play"), "campaign:free", "bi-stars")


def ended_in_app(campaign: Campaign, chapter_game: ChapterGame | None = None) -> str | None:
    """While the campaign plays: the winner's name of its game in the app if that game is over
    (its end was taken back), else None."""
    if campaign.phase != Phase.PLAYING:
        return None
    chapter_game = chapter_game or campaign.chapter_game()
    game = chapter_game.game if chapter_game else None
    if game is None or not game.finished:
        return None
    state = game.load()
    return state.players[state.winner].name


def free_play_choices(campaign: Campaign, deck: Deck) -> list[dict]:
    """The two Yōkai rules the table chooses between at its first free play (the chosen one
    marked), or none while free play is not open."""
    if not campaign.may(StepKind.FREE_PLAY):
        return []
    choices = []
    for rule in deck.shape.free_play_rules:
        component = next(
            (c for c in deck.components.values() if c.kind == "rule" and c.rule == rule), None
        )
        choices.append(
            {
                "rule": rule,
                "name": localised(component.name) if component else rule,
                "text": localised(component.text) if component else "",
                "chosen": campaign.yokai_rule == rule,
            }
        )
    return choices


def game_just_played(campaign: Campaign) -> ChapterGame | None:
    """The chapter's game while its winner's moment waits, with its winner."""
    if not campaign.game_over:
        return None
    return campaign.chapter_game()


def game_view(
    campaign: Campaign, deck: Deck, reader: DeckState, chapter_game: ChapterGame | None = None
) -> dict:
    """A game's page around the board: title, rules in force, event cards turned, the picks
    once revealed, and the board, in play or as it ended (winner, standings, charts). By
    default the game of the chapter the campaign is at; `chapter_game` names a past one (a
    game of free play)."""
    current = chapter_game is None
    chapter_game = campaign.chapter_game() if current else chapter_game
    mayors = list(campaign.mayors.all())
    play_game = chapter_game.game if chapter_game else None
    return {
        "chapter_game": chapter_game,
        "play_game": play_game,
        "title": chapter_titles(deck, reader).get(campaign.chapter, "") if current else "",
        "free_game": free_game_number(campaign, chapter_game),
        "rules": rules_in_force(campaign, deck) if current else [],
        "events": event_cards(campaign, deck, reader) if current else [],
        "picks": [
            {
                "mayor": m,
                "colour": m.colour,
                "cards": [component_name(deck, cid) for cid in (m.picks or [])],
            }
            for m in mayors
        ]
        if current and campaign.picks_revealed(mayors)
        else [],
        "playing": current and campaign.phase == Phase.PLAYING and play_game,
        "ended_in_app": ended_in_app(campaign, chapter_game) if current else None,
        "winner": chapter_game.winner if chapter_game else None,
    }


def last_free_game(campaign: Campaign) -> dict | None:
    """Between games of free play: the one played last, with its number and winner."""
    if campaign.phase != Phase.FREE_PLAY:
        return None
    game = (
        campaign.games.filter(chapter__gt=campaign.games_total)
        .select_related("winner")
        .order_by("-chapter")
        .first()
    )
    if game is None:
        return None
    return {"number": free_game_number(campaign, game), "winner": game.winner}


def mayor_next_step(campaign: Campaign, mayor: Mayor) -> dict:
    """The table's next step as a mayor's phone names it ("At the table now: …"), leading to
    where that mayor takes part in it: their pick form, their seat. Never a table's link."""
    step = next_step(campaign)
    url = None
    if campaign.phase == Phase.PICKING:
        url = reverse("campaign:mayor", args=[mayor.secret])
    elif campaign.phase == Phase.PLAYING:
        url = reverse("campaign:mayor_game", args=[mayor.secret])
    return {"label": step["label"], "icon": step["icon"], "url": url}


def free_game_number(campaign: Campaign, chapter_game: ChapterGame | None) -> int | None:
    """A game of free play's number (1 for the first after the campaign), None otherwise."""
    if chapter_game is None or chapter_game.chapter <= campaign.games_total:
        return None
    return chapter_game.chapter - campaign.games_total


def mayor_view(mayor: Mayor) -> dict:
    return {
        "mayor": mayor,
        "colour_name": colour_name(mayor.colour),
        "colour": mayor.colour,
        "circles": range(mayor.circles),
        "picked": mayor.picks is not None,
    }


def bag(campaign: Campaign, deck: Deck, mayor: Mayor) -> list[dict]:
    """The marketplace cards in a mayor's bag (only that mayor's page or cover shows it),
    as a city is laid out: by the numbers that activate a card (1, 2-3, 2-4, 10)."""
    rows = campaign.places.filter(place=Place.BAG, mayor=mayor).only("component", "place", "mayor")
    stuck = stickered(campaign, deck)
    cards = []
    for cid in bag_components(deck, rows, mayor.pk):
        component = deck.components[cid]
        eid = component.establishment
        card = stuck.get(eid) or establishment_card(deck, eid)
        view = card_summary(card) if card else {"name": component_name(deck, cid)}
        view.update(component=cid, establishment=eid)
        numbers = card.numbers if card else ()
        cards.append(((min(numbers, default=99), max(numbers, default=99), view["name"]), view))
    return [view for _order, view in sorted(cards, key=lambda pair: pair[0])]


def stickered(campaign: Campaign, deck: Deck) -> dict[str, CardDef]:
    """Each establishment a sticker has changed, as it is now: the board's cards and the bags'
    must say the same numbers and costs."""
    changes = []
    cards = {}
    for row in campaign.stickers.all():  # in the order stuck: a later sticker wins a field
        sticker = deck.components.get(row.sticker)
        card = establishment_card(deck, row.card)
        if sticker is None or not sticker.change or card is None:
            continue
        cards[row.card] = card
        changes.append({"card": row.card, "change": dict(sticker.change)})
    return apply_stickers(cards, changes) if changes else {}


def rule_stack(campaign: Campaign, deck: Deck) -> list[dict]:
    """The rule stack as it lies now (rules read after a game are in force from the next),
    each card with the game it is in force from; in free play, with the Yōkai rule the table
    chose and without the other."""
    rows = {row.component: row.chapter for row in campaign.rule_stack.all()}
    cards = list(rows)
    if campaign.yokai_rule:
        cards = rule_cards_in_force(deck, deck.shape.games + 1, campaign.yokai_rule)
    return _rule_words(deck, cards, rows)


def rules_in_force(campaign: Campaign, deck: Deck) -> list[dict]:
    """The rule cards set out at the campaign's game (being picked for, played, or just won):
    the very cards its setup plays with (`legacy_deck.setup.rule_cards_in_force`). None before
    the game's STOP is turned."""
    if campaign.phase not in GAME_PHASES:
        return []
    rows = {row.component: row.chapter for row in campaign.rule_stack.all()}
    cards = rule_cards_in_force(deck, campaign.chapter, campaign.yokai_rule or None)
    return _rule_words(deck, cards, rows)


# the phases in which the campaign's game has had its STOP turned: its rules may be named
GAME_PHASES = (Phase.PICKING, Phase.PLAYING, Phase.AFTER_GAME, Phase.WINNERS_MOMENT)


def _rule_words(deck: Deck, cards: list[str], in_force_from: dict[str, int]) -> list[dict]:
    """Rule cards, their words from the deck's own rule cards."""
    stack = []
    for cid in cards:
        component = deck.components.get(cid)
        stack.append(
            {
                "id": cid,
                "name": component_name(deck, cid),
                "text": localised(component.text) if component else "",
                "chapter": in_force_from.get(cid),
            }
        )
    return stack


def stickers(campaign: Campaign, deck: Deck, rows=None) -> list[dict]:
    from play.describe import sticker_text

    rows = rows if rows is not None else list(campaign.stickers.all())
    found = []
    for row in rows:
        sticker = deck.components.get(row.sticker)
        found.append(
            {
                "name": component_name(deck, row.sticker),
                "card": component_name(deck, row.card),
                "change": sticker_text(sticker.change) if sticker and sticker.change else "",
                "chapter": row.chapter,
            }
        )
    return found


def places_seen(campaign: Campaign, deck: Deck, reader: DeckState, rows) -> dict:
    """Reserve and archive, only with what the table has met."""
    seen = seen_components(deck, reader)
    choices = dict(reader.choices)
    found = {"reserve": [], "archive": []}
    for row in rows:
        if row.place not in found or row.component not in seen:
            continue
        found[row.place].append(component_name(deck, row.component, choices))
    return {place: sorted(names) for place, names in found.items()}


def new_pile_view(campaign: Campaign) -> list[dict]:
    """The new double-sided piles, both sides each (only after a game: flow.new_pile)."""
    return [
        {
            "id": pile["id"],
            "copies": pile["copies"],
            "a": card_summary(pile["sides"][0]),
            "b": card_summary(pile["sides"][1]),
        }
        for pile in flow.new_pile(campaign)
    ]


def history(campaign: Campaign, limit: int = 15) -> list[dict]:
    rows = campaign.history.order_by("-history_date", "-history_id").values(
        "history_date", "history_change_reason", "phase", "chapter"
    )[:limit]
    phases = dict(Phase.choices)
    return [
        {
            "when": row["history_date"],
            "why": reason_words(row["history_change_reason"] or ""),
            "phase": phases.get(row["phase"], row["phase"]),
            "chapter": row["chapter"],
        }
        for row in rows
    ]
