"""URL converters for the secrets in links, so nothing else reaches a view or the database.

A game code or key is URL-safe base64 (secrets.token_urlsafe). Anything else in its place, a
NUL byte or a megabyte included, is answered 404 by the resolver, before any query runs
(PostgreSQL refuses NUL in text with an error of its own, which would be a 500).
"""


class SecretConverter:
    regex = r"[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
