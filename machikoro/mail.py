"""EMAIL_URL: where the app sends mail (password resets), in one setting.

    smtp://user:password@mail.example.org:587     STARTTLS (the usual submission port)
    smtps://user:password@mail.example.org:465    TLS from the start
    smtp://localhost:25                           a local relay, no TLS, no login
    console://                                    printed to stderr (trying it out)

User and password are URL-encoded (`%40` for an @). Unset: no mail, and no reset by e-mail.
"""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured


def email_settings(url: str) -> dict:
    if not url:
        return {"EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend"}
    parts = urlsplit(url)
    if parts.scheme == "console":
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if parts.scheme not in {"smtp", "smtps"} or not parts.hostname:
        raise ImproperlyConfigured(
            "EMAIL_URL must look like smtp://user:password@host:587, smtps://…:465 or console://"
        )
    port = parts.port or (465 if parts.scheme == "smtps" else 587)
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port,
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_SSL": parts.scheme == "smtps",
        # STARTTLS on the submission port; a relay on port 25 of this machine needs none
        "EMAIL_USE_TLS": parts.scheme == "smtp" and port != 25,
        "EMAIL_TIMEOUT": 20,
    }
