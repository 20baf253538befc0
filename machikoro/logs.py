"""One log format for uvicorn and Django: times in UTC with their offset, the request's id on
every line logged while it is served, and `LOG_FORMAT=json` for a log collector.

The request id is taken from the proxy's `X-Request-ID` (nginx: `$request_id`) when it is a
plain token, else made here; the answer carries it back in `X-Request-ID`, so a player's report
("it failed at 21:14") finds its lines. It is set around the whole request in the ASGI
application (`with_request_id`), so uvicorn's access line, written when the answer starts, has
it too, and Django's views (run in threads that copy the context) as well.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
from datetime import UTC, datetime

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")

_GIVEN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
NO_REQUEST = "-"


def _utc(record: logging.LogRecord) -> str:
    return datetime.fromtimestamp(record.created, tz=UTC).isoformat(timespec="milliseconds")


class RequestIdFilter(logging.Filter):
    """Puts the id of the request being served (or "-") on every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


class WithoutTraceback(logging.Filter):
    """A refused Host header is a stranger's request, not our fault: one line, no traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True


class PlainFormatter(logging.Formatter):
    """`2026-11-28T04:50:00.123+00:00 INFO uvicorn.access pid=7 request=1f0c…: message`."""

    def format(self, record: logging.LogRecord) -> str:
        line = (
            f"{_utc(record)} {record.levelname} {record.name} pid={record.process} "
            f"request={getattr(record, 'request_id', NO_REQUEST)}: {record.getMessage()}"
        )
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line += "\n" + record.exc_text
        if record.stack_info:
            line += "\n" + self.formatStack(record.stack_info)
        return line


class JsonFormatter(logging.Formatter):
    """One JSON object a line, for a log collector."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": _utc(record),
            "level": record.levelname,
            "logger": record.name,
            "pid": record.process,
            "request_id": getattr(record, "request_id", NO_REQUEST),
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["traceback"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["traceback"] = record.exc_text
        return json.dumps(entry, ensure_ascii=False)


def logging_config(level: str, log_format: str) -> dict:
    """settings.LOGGING: everything to stderr in one format, uvicorn's loggers included."""
    handler = {
        "class": "logging.StreamHandler",
        "formatter": "json" if log_format == "json" else "plain",
        "filters": ["request_id"],
    }
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "request_id": {"()": RequestIdFilter},
            "without_traceback": {"()": WithoutTraceback},
        },
        "formatters": {"plain": {"()": PlainFormatter}, "json": {"()": JsonFormatter}},
        "handlers": {"stderr": handler},
        "root": {"handlers": ["stderr"], "level": level},
        "loggers": {
            # Without handlers of its own, Django's logger passes everything on to the root's.
            "django": {"level": level},
            "django.security.DisallowedHost": {"filters": ["without_traceback"]},
            # uvicorn set up its own handlers before it imported the app: ours replace them.
            "uvicorn": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn.error": {"handlers": [], "level": level, "propagate": True},
            "uvicorn.access": {"handlers": ["stderr"], "level": level, "propagate": False},
        },
    }


def with_request_id(app):
    """The ASGI application that serves each HTTP request under an id of its own."""

    async def application(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")
        current = given if _GIVEN_ID.fullmatch(given) else secrets.token_hex(8)
        token = request_id.set(current)

        async def send_with_id(message):
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", ()), (b"x-request-id", current.encode())]
                message = {**message, "headers": headers}
            await send(message)

        try:
            return await app(scope, receive, send_with_id)
        finally:
            request_id.reset(token)

    return application
