"""What `play` announces to the rest of the project (campaign listens; play knows nothing of it).

game_finished is sent inside the transaction of the move that won, with `game` (the locked
Game row, already saved): a receiver's database work commits or rolls back with that move.

move_made is sent inside the transaction of every move (a person's, a bot's or an undo), with
`game` (locked, saved), `seat` and the move's `events`, before game_finished. A receiver that
acts on a move for good (the campaign turning an event STOP) calls `game.keep_last_move()`, so
that move can no longer be undone.
"""

from django.dispatch import Signal

game_finished = Signal()
move_made = Signal()
