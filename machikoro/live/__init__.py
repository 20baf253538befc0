"""Live updates: a change is announced when its transaction commits, and every open page's stream
that follows it wakes up and sends the page what changed.

- `announce(channel, payload)`: inside the transaction of a change (a move, a campaign step).
  On PostgreSQL it is a NOTIFY, delivered at commit to every app process (and never if the
  transaction rolls back); with another database (SQLite, one process) it wakes this process's
  streams when the transaction commits. `announcement` is the same as statements to send with
  the change's own writes (machikoro.statements).
- `event_stream(request, channels, look)`: a server-sent events response that asks `look` what
  to send now, then again whenever one of its channels is announced; `reload_when_changed`
  makes the `look` of a page that is loaded anew when what it shows changes; `in_a_worker`
  runs a stream view's own database work (who may follow) off the server's loop.
- `machikoro.live.hub`: the one hub of this process, its PostgreSQL listener and the tasks that
  run beside the server (`machikoro.asgi` starts them).
"""

from machikoro.live.notify import announce, announcement
from machikoro.live.stream import Update, event_stream, in_a_worker, reload_when_changed

__all__ = [
    "Update",
    "announce",
    "announcement",
    "event_stream",
    "in_a_worker",
    "reload_when_changed",
]
