"""Inside one step: the campaign's row locked, its phase checked against the phase machine, and
everything the step changes saved together (or nothing, if anything goes wrong)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from campaign.decks import deck_of, reader_of
from campaign.errors import FlowError, Overtaken, WrongPhase
from campaign.metrics import STEPS
from campaign.models import (
    TRANSITIONS,
    Campaign,
    CampaignSnapshot,
    ChapterGame,
    ComponentPlace,
    Mayor,
    Phase,
    RuleCard,
    StepKind,
    StuckSticker,
)
from campaign.places import bag_components, city_cards, ledger_now, spots
from campaign.snapshots import capture
from legacy_deck.format import Deck
from legacy_deck.reader import DeckState
from legacy_deck.timeline import Ledger
from machikoro.live import announce

READER_OUT_OF_STEP = gettext_noop(
    "The deck cannot be read on here: the campaign's reading is out of step with the deck."
)


class NothingToDo(Exception):
    """Raised inside a step that turns out to have nothing to do: it writes nothing."""


@contextmanager
def taking(campaign: Campaign, kind: str, version: int | None, by: str) -> Iterator[Step]:
    """Lock the campaign's row, check the phase (and the version the step was shown on), and
    save everything the step changed when it ends well; any exception undoes all of it."""
    with transaction.atomic():
        locked = Campaign.objects.select_for_update().get(pk=campaign.pk)
        if version is not None and locked.version != version:
            raise Overtaken(
                _("Someone at the table took this step a moment ago; nothing else changed.")
            )
        if not locked.may(kind):
            raise WrongPhase(
                _("The campaign is at “%(phase)s”; that step is not possible now.")
                % {"phase": locked.get_phase_display()}
            )
        step = Step(
            locked,
            deck_of(locked),
            reader_of(locked),
            list(locked.mayors.order_by("seat")),
            by or kind,
            kind=kind,
        )
        # the campaign as it stands before the step, for the host to take the step back (the
        # game's end read is no entry to correct: taking back goes past it, to the result)
        before = None if kind in (StepKind.TAKE_BACK, StepKind.END_READ) else step.capture()
        yield step
        step.save_campaign()
        if before is not None:
            CampaignSnapshot.objects.create(
                campaign=locked,
                version=locked.version - 1,
                kind=kind,
                words=step.words,
                document=before,
            )
        # Every open page of the campaign looks again once this commits (never if it rolls
        # back, nor before: a page reloaded early would show the campaign as it was).
        announce(locked.live_channel, str(locked.version))
        transaction.on_commit(STEPS.labels(kind).inc)
    for name in ("reader", "phase", "chapter", "version", "yokai_rule", "updated"):
        setattr(campaign, name, getattr(locked, name))


class Step:
    """A campaign during one step: its locked row, deck, reader and mayors, and the rows of
    where its components lie (read once, kept in step as the step writes them)."""

    def __init__(
        self,
        campaign: Campaign,
        deck: Deck,
        reader: DeckState,
        mayors: list[Mayor],
        reason: str,
        *,
        kind: str | None = None,
    ):
        self.campaign = campaign
        self.deck = deck
        self.reader = reader
        self.mayors = mayors
        self.reason = reason
        self.kind = kind
        # what the step did, as its description will say it (`dashboard.step_words`)
        self.words: dict = {"chapter": campaign.chapter}
        self._ledger: tuple[int, Ledger] | None = None
        self._rows: dict[str, ComponentPlace] | None = None

    # reading

    def ledger(self) -> Ledger:
        """The deck's bookkeeping at the reader's position (worked out once per position)."""
        if self._ledger is None or self._ledger[0] != self.reader.position:
            self._ledger = (self.reader.position, ledger_now(self.deck, self.reader))
        return self._ledger[1]

    def rows(self) -> dict[str, ComponentPlace]:
        """The campaign's ComponentPlace rows by component, read once per step."""
        if self._rows is None:
            self._rows = {row.component: row for row in self.campaign.places.all()}
        return self._rows

    def mayor(self, mayor: Mayor | int) -> Mayor:
        pk = mayor.pk if isinstance(mayor, Mayor) else mayor
        for candidate in self.mayors:
            if candidate.pk == pk:
                return candidate
        raise FlowError(_("That mayor does not belong to this campaign."))

    def seat_of_colour(self) -> dict[str, int]:
        return {mayor.colour: mayor.seat for mayor in self.mayors}

    def bag_components(self, mayor: Mayor) -> list[str]:
        """The marketplace cards (component ids) in a mayor's bag now."""
        return bag_components(self.deck, self.rows().values(), mayor.pk)

    def bag(self, mayor: Mayor) -> list[str]:
        """The establishment ids of the marketplace cards in a mayor's bag."""
        return [self.deck.components[cid].establishment for cid in self.bag_components(mayor)]

    def picked_cities(self) -> dict[int, list[str]]:
        """The marketplace cards each mayor's picks put in their city, by seat."""
        return {
            mayor.seat: city_cards(self.deck, self.bag_components(mayor), mayor.picks or [])
            for mayor in self.mayors
        }

    def chapter_game(self) -> ChapterGame | None:
        return self.campaign.chapter_game()

    def capture(self) -> dict:
        """Every row the step may change, as it stands (`campaign.snapshots`)."""
        return capture(self.campaign, self.mayors, self.rows().values())

    # writing

    def move_to(self, phase: Phase) -> None:
        """The step moves the campaign on, as the phase machine allows."""
        if self.kind is not None and phase not in TRANSITIONS[self.kind].end:
            raise RuntimeError(f"A {self.kind!r} step cannot end in {phase!r}.")
        self.campaign.phase = phase

    def save_mayors(self, mayors: list[Mayor], fields: list[str]) -> None:
        bulk_update_with_history(mayors, Mayor, fields, default_change_reason=self.reason)

    def save_campaign(self) -> None:
        if self.kind is not None and self.campaign.phase not in TRANSITIONS[self.kind].end:
            raise RuntimeError(f"A {self.kind!r} step cannot end in {self.campaign.phase!r}.")
        self.campaign.reader = self.reader.to_dict()
        self.campaign.version += 1
        self.campaign._change_reason = self.reason
        self.campaign.save()

    def write_deck_places(
        self,
        cities: dict[int, list[str]] | None = None,
        only: Callable[[str, ComponentPlace | None], bool] | None = None,
    ) -> None:
        """Write where the deck's bookkeeping says each component is (those `only` accepts),
        and the rule stack and stickers as they stand; rows that are right stay untouched."""
        ledger = self.ledger()
        target = spots(self.deck, ledger, self.seat_of_colour(), dict(self.reader.choices), cities)
        mayor_at = {mayor.seat: mayor for mayor in self.mayors}
        rows = self.rows()
        self.place_components(
            {
                cid: (spot.place, mayor_at.get(spot.seat), spot.box, spot.order)
                for cid, spot in target.items()
                if only is None or only(cid, rows.get(cid))
            }
        )
        if only is None:
            self._write_rule_stack(ledger.rules)
            self._write_stickers(ledger.stickers)

    def place_components(self, wanted: dict[str, tuple]) -> None:
        """Write each component's (place, mayor, box, order) as `wanted` says; rows that are
        right stay untouched, and this step's rows (`rows()`) follow."""
        rows = self.rows()
        new, changed = [], []
        for cid, (place, mayor, box, order) in wanted.items():
            row = rows.get(cid)
            if row is None:
                new.append(
                    ComponentPlace(
                        campaign=self.campaign,
                        component=cid,
                        kind=self.deck.components[cid].kind,
                        place=place,
                        mayor=mayor,
                        box=box,
                        order=order,
                    )
                )
            elif (row.place, row.mayor_id, row.box, row.order) != (
                place,
                mayor.pk if mayor else None,
                box,
                order,
            ):
                row.place, row.mayor, row.box, row.order = place, mayor, box, order
                changed.append(row)
        if new:
            bulk_create_with_history(new, ComponentPlace, default_change_reason=self.reason)
            if new[0].pk is None:  # backends that do not return ids from a bulk insert
                fresh = self.campaign.places.filter(component__in=[row.component for row in new])
                new = list(fresh)
            rows.update((row.component, row) for row in new)
        if changed:
            bulk_update_with_history(
                changed,
                ComponentPlace,
                ["place", "mayor", "box", "order"],
                default_change_reason=self.reason,
            )

    def _write_rule_stack(self, rules: list[str]) -> None:
        """The rule stack as the deck's bookkeeping has it, in its order: a rule card put in
        the archive (the Night Fox, by card 17B) leaves it."""
        rows = {row.component: row for row in self.campaign.rule_stack.all()}
        moved = []
        for cid, row in rows.items():
            if cid not in rules:
                row._change_reason = self.reason
                row.delete()
            elif row.position != rules.index(cid):
                row.position = rules.index(cid)
                moved.append(row)
        if moved:
            bulk_update_with_history(
                moved, RuleCard, ["position"], default_change_reason=self.reason
            )
        new = [
            RuleCard(
                campaign=self.campaign,
                component=cid,
                position=position,
                chapter=self._in_force_from(),
            )
            for position, cid in enumerate(rules)
            if cid not in rows
        ]
        if new:
            bulk_create_with_history(new, RuleCard, default_change_reason=self.reason)

    def _write_stickers(self, stuck: list[tuple[str, str]]) -> None:
        have = {row.sticker for row in self.campaign.stickers.all()}
        new = [
            StuckSticker(
                campaign=self.campaign, sticker=sid, card=card, chapter=self._in_force_from()
            )
            for sid, card in stuck
            if sid not in have
        ]
        if new:
            bulk_create_with_history(new, StuckSticker, default_change_reason=self.reason)

    def _in_force_from(self) -> int:
        """The first game a rule or sticker read now applies to."""
        after = self.campaign.game_over or self.campaign.phase == Phase.PLAYING
        return self.campaign.chapter + (1 if after else 0)
