"""EMAIL_URL: where the app sends mail (password resets), in one setting. Its scheme says how
the connection is protected, whatever the port:

    smtp+tls://user:password@mail.example.org:587    STARTTLS (the submission port, 587 unless
    submission://user:password@mail.example.org      named; both schemes mean the same)
    smtps://user:password@mail.example.org:465       TLS from the first byte (465 unless named)
    smtp://localhost:25                              plain, no TLS (a relay on this machine or a
                                                     test sink; 25 unless named)
    console://                                       printed to stderr (trying it out)

User and password are URL-encoded (`%40` for an @). Unset: no mail, and no reset by e-mail.
`manage.py sendtestemail ADDRESS` sends one to try it.
"""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

# scheme: (STARTTLS, TLS from the start, the port unless the URL names one)
SCHEMES = {
    "smtp": (False, False, 25),
    "smtp+tls": (True, False, 587),
    "submission": (True, False, 587),
    "smtps": (False, True, 465),
}


def email_settings(url: str) -> dict:
    if not url:
        return {"EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend"}
    parts = urlsplit(url)
    if parts.scheme == "console":
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise ImproperlyConfigured(
            "EMAIL_URL must look like smtp+tls://user:password@host:587 (STARTTLS), "
            "smtps://user:password@host:465 (TLS), smtp://host:25 (plain) or console://"
        )
    starttls, tls, default_port = SCHEMES[parts.scheme]
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": parts.port or default_port,
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": starttls,
        "EMAIL_USE_SSL": tls,
        "EMAIL_TIMEOUT": 20,
    }
