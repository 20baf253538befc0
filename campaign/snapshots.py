"""The campaign as it stood before each step, kept so that the host can take steps back.

    document = capture(step)             # inside a step, before it changes anything
    restore(step, document)              # inside the take-back step: every row as it was

A document holds every row a step may change: the campaign's reading, chapter, phase and Yōkai
rule; each mayor's ticked circles and picks (secret ones too: restoring must be exact); where
every component lies (unread ones too); stickers, rule stack, sides, the chapter games (the
`play` game by its id: a game keeps its moves, see `flow.take_back`) and the Golden Book. It
holds no link: the links in force stay in force, whatever they were when the document was
made. Nor what no step changes (the campaign's and the mayors' names, cities, colours). Its
rows are never shown, exported or listed in the admin.
"""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from campaign.errors import FlowError
from legacy_deck.reader import DeckState
from play.models import Game

from .models import (
    Campaign,
    CampaignSnapshot,
    ChapterGame,
    GoldenBookEntry,
    Mayor,
    RuleCard,
    SideChoice,
    StuckSticker,
)


def capture(campaign: Campaign, mayors: list[Mayor], places) -> dict:
    """Every row of the campaign a step may change, as plain JSON (`places`: its
    ComponentPlace rows, as the step read them)."""
    seat = {mayor.pk: mayor.seat for mayor in mayors}
    return {
        "campaign": {
            "reader": campaign.reader,
            "chapter": campaign.chapter,
            "phase": campaign.phase,
            "yokai_rule": campaign.yokai_rule,
        },
        "mayors": [{"circles": m.circles, "picks": m.picks} for m in sorted(mayors, key=_seat)],
        "places": {
            row.component: [row.place, seat.get(row.mayor_id), row.box, row.order]
            for row in sorted(places, key=lambda row: row.component)
        },
        "stickers": [
            [s.sticker, s.card, s.chapter, s.stuck_at.isoformat()]
            for s in campaign.stickers.order_by("sticker")
        ],
        "rule_stack": [
            [r.component, r.position, r.chapter] for r in campaign.rule_stack.order_by("position")
        ],
        "sides": [
            [s.component, s.side, seat.get(s.chosen_by_id), s.chapter]
            for s in campaign.sides.order_by("component")
        ],
        "games": [
            {
                "chapter": g.chapter,
                "game": g.game_id,
                "source": g.source,
                "winner": seat.get(g.winner_id),
                "played_on": _day(g.played_on),
                "flags": g.flags,
                "final_coins": g.final_coins,
            }
            for g in campaign.games.order_by("chapter")
        ],
        "golden_book": [
            [e.chapter, seat[e.mayor_id], e.name, e.city_name, _day(e.date)]
            for e in campaign.golden_book.order_by("chapter")
        ],
    }


def document_of(campaign: Campaign) -> dict:
    """The campaign's document now (what a step taken now would keep)."""
    return capture(campaign, list(campaign.mayors.all()), campaign.places.all())


def newest(campaign: Campaign) -> CampaignSnapshot | None:
    """The snapshot of the campaign's last step still standing, if any."""
    return campaign.snapshots.order_by("-version").first()


def games_of(campaign: Campaign) -> set[int]:
    """Every `play` game the campaign holds or may bring back by a take-back: a game recorded
    from the table instead stays unlinked until then (its links are the campaign's too)."""
    found = set(campaign.games.exclude(game=None).values_list("game_id", flat=True))
    for document in campaign.snapshots.values_list("document", flat=True):
        found.update(g["game"] for g in document["games"] if g["game"] is not None)
    return found


def restore(step, document: dict) -> None:
    """Every row of the campaign as in `document`, in place (inside the step's transaction):
    rows that are right stay untouched, so the history shows only what the take-back changed."""
    campaign, reason = step.campaign, step.reason
    state = document["campaign"]
    step.reader = DeckState.from_dict(state["reader"])  # the step saves it on the campaign
    campaign.chapter = state["chapter"]
    campaign.phase = state["phase"]
    campaign.yokai_rule = state["yokai_rule"]
    by_seat = {mayor.seat: mayor for mayor in step.mayors}

    def mayor_at(seat):
        return None if seat is None else by_seat[seat]

    changed = []
    for mayor, row in zip(sorted(step.mayors, key=_seat), document["mayors"], strict=True):
        if (mayor.circles, mayor.picks) != (row["circles"], row["picks"]):
            mayor.circles, mayor.picks = row["circles"], row["picks"]
            changed.append(mayor)
    if changed:
        bulk_update_with_history(changed, Mayor, ["circles", "picks"], default_change_reason=reason)

    _restore_places(step, document["places"], mayor_at)
    remade = _restore_rows(
        campaign.stickers.all(),
        {s[0]: s for s in document["stickers"]},
        key=lambda row: row.sticker,
        values=lambda row: [row.sticker, row.card, row.chapter, row.stuck_at.isoformat()],
        make=lambda s: StuckSticker(
            campaign=campaign,
            sticker=s[0],
            card=s[1],
            chapter=s[2],
            stuck_at=datetime.datetime.fromisoformat(s[3]),
        ),
        model=StuckSticker,
        reason=reason,
    )
    for sticker, _card, _chapter, stuck_at in remade:  # saving a sticker sets it to now
        campaign.stickers.filter(sticker=sticker).update(
            stuck_at=datetime.datetime.fromisoformat(stuck_at)
        )
    _restore_rows(
        campaign.rule_stack.all(),
        {r[0]: r for r in document["rule_stack"]},
        key=lambda row: row.component,
        values=lambda row: [row.component, row.position, row.chapter],
        make=lambda r: RuleCard(campaign=campaign, component=r[0], position=r[1], chapter=r[2]),
        model=RuleCard,
        reason=reason,
    )
    seat_of = {mayor.pk: mayor.seat for mayor in step.mayors}
    _restore_rows(
        campaign.sides.all(),
        {s[0]: s for s in document["sides"]},
        key=lambda row: row.component,
        values=lambda row: [row.component, row.side, seat_of.get(row.chosen_by_id), row.chapter],
        make=lambda s: SideChoice(
            campaign=campaign, component=s[0], side=s[1], chosen_by=mayor_at(s[2]), chapter=s[3]
        ),
        model=SideChoice,
        reason=reason,
    )
    _restore_games(step, document["games"], mayor_at)
    _restore_rows(
        campaign.golden_book.all(),
        {e[0]: e for e in document["golden_book"]},
        key=lambda row: row.chapter,
        # an entry that stands before and after keeps its wording: only the winner's moment
        # writes it, and a correction made in the admin since is the group's, not a step's
        values=lambda row: [row.chapter, seat_of[row.mayor_id]],
        compare=lambda row: row[:2],
        make=lambda e: GoldenBookEntry(
            campaign=campaign,
            chapter=e[0],
            mayor=mayor_at(e[1]),
            name=e[2],
            city_name=e[3],
            date=datetime.date.fromisoformat(e[4]),
        ),
        model=GoldenBookEntry,
        reason=reason,
    )


def _restore_places(step, places: dict, mayor_at) -> None:
    step.place_components(
        {
            cid: (place, mayor_at(seat), box, order)
            for cid, (place, seat, box, order) in places.items()
        }
    )
    rows = step.rows()
    for cid in set(rows) - set(places):
        _delete(rows.pop(cid), step.reason)


def _restore_games(step, games: list[dict], mayor_at) -> None:
    """The chapter games as they were. A `play` game the campaign had not set up yet goes
    (the take-back of the pick that started it); one it had stays as it is, with its moves."""
    campaign = step.campaign
    wanted = {g["chapter"]: g for g in games}
    linked = {g["game"] for g in games if g["game"] is not None}
    if linked and Game.objects.filter(pk__in=linked).count() != len(linked):
        raise FlowError(_("This step cannot be taken back: its game in the app is gone."))
    for row in list(campaign.games.all()):
        want = wanted.pop(row.chapter, None)
        if want is None:
            game_id = row.game_id
            _delete(row, step.reason)
            if game_id is not None and game_id not in linked:
                Game.objects.filter(pk=game_id).delete()
            continue
        values = _game_values(want, mayor_at)
        now = {name: getattr(row, name) for name in values}
        if now != values:
            for name, value in values.items():
                setattr(row, name, value)
            row._change_reason = step.reason
            row.save()
    for want in wanted.values():
        row = ChapterGame(
            campaign=campaign, chapter=want["chapter"], **_game_values(want, mayor_at)
        )
        row._change_reason = step.reason
        row.save()


def _game_values(want: dict, mayor_at) -> dict:
    played_on = want["played_on"]
    return {
        "game_id": want["game"],
        "source": want["source"],
        "winner_id": None if want["winner"] is None else mayor_at(want["winner"]).pk,
        "played_on": datetime.date.fromisoformat(played_on) if played_on else None,
        "flags": want["flags"],
        "final_coins": want["final_coins"],
    }


def _restore_rows(rows, wanted: dict, *, key, values, make, model, reason, compare=None):
    """Rows keyed by `key` as `wanted` lists them: missing ones made, others deleted, those
    whose `values` differ (as `compare` reads a wanted row) made anew."""
    compare = compare or (lambda value: value)
    wanted = dict(wanted)
    for row in rows:
        want = wanted.pop(key(row), None)
        if want is not None and values(row) == compare(list(want)):
            continue
        _delete(row, reason)
        if want is not None:
            wanted[key(row)] = want
    if wanted:
        bulk_create_with_history(
            [make(want) for want in wanted.values()], model, default_change_reason=reason
        )
    return list(wanted.values())


def _delete(row, reason: str) -> None:
    row._change_reason = reason
    row.delete()


def _seat(mayor: Mayor) -> int:
    return mayor.seat


def _day(day: datetime.date | None) -> str | None:
    return day.isoformat() if day else None
