"""play's numbers for Prometheus (machikoro.metrics serves them): the moves stored."""

from django.db import transaction
from django.dispatch import receiver
from prometheus_client import Counter

from play.signals import move_made

MOVES = Counter(
    "machikoro_moves_total", "Moves stored in games: a person's, a bot's, an undo", ["by"]
)


@receiver(move_made)
def count_the_move(sender, game, seat, **_kwargs) -> None:
    by = "bot" if seat is not None and game.is_bot(seat) else "person"
    transaction.on_commit(MOVES.labels(by).inc)  # a move rolled back was never made
