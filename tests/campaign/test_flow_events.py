"""An engine event that the deck waits for turns its event STOP during the game, at once; the
move that turned it can no longer be undone. An event that never came is turned at the end."""

import pytest
from campaign_helpers import new_campaign, play_out, record_chapters
from django.db import transaction

from campaign import flow
from campaign.models import Campaign, Phase
from legacy_deck.reader import waiting_at
from play.engine import IllegalAction
from play.models import Game
from play.signals import move_made

pytestmark = pytest.mark.django_db


def _event_chapter(deck, event):
    for side in deck.sides():
        if side.stop is not None and side.stop.moment == "event" and side.stop.event == event:
            return side.stop.game
    raise AssertionError(f"our deck has no {event} STOP")


def test_doubles_turn_the_event_stop_and_pin_the_move(deck):
    chapter = _event_chapter(deck, "doubles")
    campaign = new_campaign(kinds=("human", "human", "human"))
    record_chapters(campaign, chapter - 1, winner=lambda c: c % 3)
    flow.read_on(campaign)
    for mayor in campaign.mayors.filter(picks__isnull=True):
        bag = [row.component for row in campaign.places.filter(mayor=mayor, place="bag")]
        cards = [deck.components[cid].establishment for cid in bag][: mayor.circles]
        flow.pick(campaign, mayor, cards)
    assert campaign.phase == Phase.PLAYING
    game = campaign.games.get(chapter=chapter).game
    stop = waiting_at(deck, flow.reader_of(campaign))
    assert (stop.moment, stop.event, stop.game) == ("event", "doubles", chapter)
    Game.objects.filter(pk=game.pk).update(version=1)  # as if one move had been made
    game.refresh_from_db()

    with transaction.atomic():
        move_made.send(sender=Game, game=game, seat=0, events=[{"type": "pass"}])
    assert waiting_at(deck, flow.reader_of(Campaign.objects.get(pk=campaign.pk))) == stop

    with transaction.atomic():
        move_made.send(
            sender=Game, game=game, seat=0, events=[{"type": "roll", "dice": [4, 4], "total": 8}]
        )
    campaign.refresh_from_db()
    assert waiting_at(deck, flow.reader_of(campaign)) != stop
    revealed = flow.sides_read(campaign)[-1]
    assert revealed.card > 0
    game.refresh_from_db()
    assert game.undo_floor == 1  # the move that turned the card is final


def test_an_event_that_never_came_is_turned_when_the_game_ends(deck):
    chapter = _event_chapter(deck, "rest_taken")
    campaign = new_campaign(kinds=("greedy", "greedy", "greedy"))
    record_chapters(campaign, chapter - 1, winner=lambda c: c % 3)
    flow.read_on(campaign)

    play_out(campaign)

    assert campaign.phase == Phase.AFTER_GAME
    reader = flow.reader_of(campaign)
    stop = waiting_at(deck, reader)
    assert (stop.moment, stop.game) == ("before_game", chapter + 1)


def test_a_kept_move_cannot_be_undone():
    game = Game.start("classic", [("Ann", "human"), ("Ben", "human")], seed=3)
    game.apply_action({"type": "roll", "dice": 1}, version=0, who="host")
    while game.load().phase != "build":
        game.apply_action({"type": "keep"}, version=game.version, who="host")
    game.apply_action({"type": "build", "card": "wheat_field"}, version=game.version, who="host")

    game.keep_last_move()

    with pytest.raises(IllegalAction) as refused:
        game.undo(version=game.version, who="host")
    assert refused.value.code == "nothing_to_undo"
