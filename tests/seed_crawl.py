"""Looking for a game's seed in what a page, a stream or an export sends: every spelling of it
the app could print (decimal, with thousands separators, hexadecimal, base64 of its bytes), and
`crawl`, which fetches every route of a game. Streams are read, so a test that crawls needs
`pytest.mark.django_db(transaction=True)`."""

from __future__ import annotations

import base64

from stream_reader import read_stream

from play.models import Game, effective_actions

LANGUAGES = ("en", "de", "nl")
SEPARATORS = (",", ".", " ", "\u00a0", "\u202f", "'")


def spellings(seed: int) -> set[str]:
    """The ways the seed could be written in a page."""
    decimal = str(seed)
    found = {decimal, f"{seed:x}", f"{seed:X}"}
    grouped = f"{seed:,}"
    found |= {grouped.replace(",", separator) for separator in SEPARATORS}
    size = max(8, (seed.bit_length() + 7) // 8)
    for order in ("big", "little"):
        raw = seed.to_bytes(size, order)
        found.add(base64.b64encode(raw).decode().rstrip("="))
        found.add(base64.urlsafe_b64encode(raw).decode().rstrip("="))
    return found


def where_seen(seed: int, sent: dict[str, str]) -> list[tuple[str, str]]:
    """(what was fetched, the spelling found in it) for every answer that holds the seed."""
    return [
        (what, spelling)
        for what, text in sent.items()
        for spelling in spellings(seed)
        if spelling in text
    ]


def sent_text(response) -> str:
    headers = "\n".join(f"{name}: {value}" for name, value in response.headers.items())
    return f"{response.status_code}\n{headers}\n\n{response.content.decode()}"


def crawl(client, game: Game) -> dict[str, str]:
    """Every route of the game, as each of its links and in each language: pages, their htmx
    fragments, polls, streams, the export and every step of the replay."""
    game.refresh_from_db()
    code = game.code
    sent = {}

    def fetch(url, **headers):
        for language in LANGUAGES:
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)
            sent[f"{language} {url} {headers}"] = sent_text(response)

    keys = [game.host_secret, *(seat["secret"] for seat in game.seats), "watch"]
    for key in keys:
        page = f"/g/{code}/watch/" if key == "watch" else f"/g/{code}/{key}/"
        fetch(page)
        fetch(page, HTTP_HX_REQUEST="true")
        fetch(f"/g/{code}/{key}/poll/?v=0", HTTP_HX_REQUEST="true")
        for language in LANGUAGES:
            url = f"/g/{code}/{key}/events/?v=0"
            _status, events = read_stream(url, 1, **{"Accept-Language": language})
            sent[f"{language} {url}"] = "".join(events)
    fetch(f"/g/{code}/export.json")
    fetch(f"/g/{code}/replay/")
    steps = len(effective_actions(game.log()))
    for step in range(steps + 1):
        fetch(f"/g/{code}/replay/?step={step}", HTTP_HX_REQUEST="true")
    return sent
