"""What `play` announces to the rest of the project (campaign listens; play knows nothing of it).

game_finished is sent inside the transaction of the move that won, with `game` (the locked
Game row, already saved): a receiver's database work commits or rolls back with that move.
"""

from django.dispatch import Signal

game_finished = Signal()
