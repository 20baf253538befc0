"""The access matrix: every view tried with every wrong identity, as a reusable helper.

A test lists `Attempt`s (which view, as whom, the request) against a *protected* party (a game, a
campaign) and calls `refusals()`: each attempt must be answered 403 or 404, must not show any
of the protected party's secrets or private words that the request did not carry itself, and
must change no row (`snapshot` returns what must stay as it was). The list of problems is empty
when access holds; a test asserts that, so its failure names every hole at once.

    problems = refusals(client, attempts, private=[...secrets, names...], snapshot=rows_of_game)
    assert problems == []

Point it at campaign views with the campaign's links, mayors' links and another host's account
as identities (log that client in first; an Attempt carries its own client when it needs one).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

REFUSED = (403, 404)
HTMX = {"HX-Request": "true"}


@dataclass(frozen=True)
class Attempt:
    view: str  # what is tried, for the report: "move", "campaign dashboard"…
    identity: str  # as whom: "another game's host link", "nobody"…
    method: str  # "get", "head" or "post"
    url: str
    data: dict = field(default_factory=dict)
    htmx: bool = False
    client: object | None = None  # another client (logged in as someone else); else the default


def forged_keys(key: str) -> dict[str, str]:
    """Keys that look like `key` but are not it: each must be refused like a stranger's."""
    flipped = ("A" if key[0] != "A" else "B") + key[1:]
    return {
        "a forged key (one character changed)": flipped,
        "a forged key (cut short)": key[:-1],
        "a forged key (one character more)": key + "A",
        "a forged key (guessed, same length)": secrets.token_urlsafe(16)[: len(key)],
    }


def refusals(
    client,
    attempts: Iterable[Attempt],
    *,
    private: Iterable[str],
    snapshot: Callable[[], object],
) -> list[str]:
    """Every way the attempts got through: a status other than 403/404, a private word in the
    answer (one the request did not itself carry), or a row changed."""
    private = [word for word in private if word]
    problems = []
    for attempt in attempts:
        before = snapshot()
        asker = attempt.client or client
        send = getattr(asker, attempt.method)
        kwargs = {"headers": HTMX} if attempt.htmx else {}
        if attempt.method == "post":
            response = send(attempt.url, attempt.data, **kwargs)
        else:
            response = send(attempt.url, **kwargs)
        what = f"{attempt.view} as {attempt.identity} ({attempt.method.upper()} {attempt.url})"
        if response.status_code not in REFUSED:
            problems.append(f"{what}: answered {response.status_code}")
        answer = response.content.decode("utf-8", "replace") + str(dict(response.headers))
        asked = attempt.url + str(attempt.data)
        leaked = [word for word in private if word in answer and word not in asked]
        if leaked:
            problems.append(f"{what}: the answer shows {leaked}")
        if snapshot() != before:
            problems.append(f"{what}: changed the database")
    return problems
