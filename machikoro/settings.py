"""One settings file for every environment, read from the environment.

SQLite in the repo directory unless DATABASE_URL names another database
(PostgreSQL through psycopg 3 in CI and production).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from machikoro import logs, mail, network

BASE_DIR = Path(__file__).resolve().parent.parent
# templates/, static/ and locale/: beside the packages in a checkout; an installed wheel carries
# them inside this package (setup.py copies them there when it builds it).
_PACKED = Path(__file__).resolve().parent / "site"
INSTALLED_RELEASE = (_PACKED / "templates").is_dir()
SITE_FILES = _PACKED if INSTALLED_RELEASE else BASE_DIR


def _env_bool(name: str, default: bool) -> bool:
    value = os.getenv(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


SECRET_KEY = os.getenv("SECRET_KEY", "django-insecure-dev-only-change-me-in-production")
DEBUG = _env_bool("DEBUG", True)
# Unless named: this machine by any name or address a phone on the home network may use.
ALLOWED_HOSTS = [
    h.strip() for h in os.getenv("ALLOWED_HOSTS", "").split(",") if h.strip()
] or network.allowed_hosts()
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.getenv("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "simple_history",
    "axes",
    "play",
    "campaign",
    "legacy_deck",
]

MIDDLEWARE = [
    # Before all: /metrics/ for a scraper with its token; every answer counted (machikoro.metrics)
    "machikoro.metrics.MetricsMiddleware",
    # First: a local probe's Host is not the site's, and it asks over plain HTTP (machikoro.health).
    "machikoro.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Compresses what every middleware below has written (machikoro.middleware.CompressPages).
    "machikoro.middleware.CompressPages",
    # Outside the session and CSRF middleware, so it sees the cookies they set.
    "machikoro.middleware.secure_cookies_over_https",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "machikoro.middleware.english_variant",
    "play.limits.RequestSizeLimit",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "csp.middleware.CSPMiddleware",
    # last, as django-axes asks: it turns a closed account's log-in into our page (below)
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "machikoro.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SITE_FILES / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "machikoro.release.context",
            ],
            # `|bdi`: a person's name isolated from the text around it (play.templatetags.names)
            "builtins": ["play.templatetags.names"],
        },
    },
    {
        # A game's board, made at every move for every seat: Jinja2 renders it in less than half
        # the time Django's engine took (play.board_environment; docs/live.md).
        "NAME": "board",
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [SITE_FILES / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "play.board_environment.environment"},
    },
]

WSGI_APPLICATION = "machikoro.wsgi.application"
ASGI_APPLICATION = "machikoro.asgi.application"

# The data folder: the SQLite database, the SECRET_KEY that `dev.py serve` makes and the backups
# of `manage.py backup`. DATA_DIR puts it outside the checkout (a `git clean` or a fresh clone
# keeps the data); unset, a checkout keeps it in itself, an installed release where it starts.
DATA_DIR = Path(os.getenv("DATA_DIR") or (Path.cwd() if INSTALLED_RELEASE else BASE_DIR))
if not DATA_DIR.is_dir():
    # A data folder named but not made yet is made (SQLite would fail: "unable to open database
    # file"); one that cannot be made is said in words.
    try:
        DATA_DIR.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ImproperlyConfigured(f"DATA_DIR {DATA_DIR} cannot be made: {error}") from error
# Where `manage.py backup` writes (and `--keep-days` prunes) its files.
BACKUP_DIR = Path(os.getenv("BACKUP_DIR") or DATA_DIR / "backups")

# `manage.py cleanup` removes games outside campaigns finished and untouched this many days.
CLEANUP_DAYS = int(os.getenv("CLEANUP_DAYS", "90"))

# SQLite file by default; DATABASE_URL=postgres://user@host:5432/name for PostgreSQL.
DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{DATA_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.getenv("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # The ASGI server runs each request in a thread of its own, which would open a connection
    # per request: a pool per process lends them instead (persistent connections cannot be
    # combined with it). DB_POOL_SIZE bounds one process's connections.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": int(os.getenv("DB_POOL_SIZE", "12")),
        "timeout": 20,
    }
# /health/ on PostgreSQL asks over a connection of its own and answers 503 if the database has not
# answered within this many seconds (machikoro.health), not after the pool's 20.
HEALTH_DB_TIMEOUT = float(os.getenv("HEALTH_DB_TIMEOUT", "1.5"))
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # SQLite has no row locks (select_for_update is a no-op): a transaction takes the write lock
    # when it begins, so two phones' moves or rematch presses run one after the other.
    DATABASES["default"].setdefault("OPTIONS", {}).update(transaction_mode="IMMEDIATE", timeout=20)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The pieces of a game's board that last a game (a log line, a city, a market card, the
# reference, the footer: 150 B to 2.5 KB each), kept by what they show in each process's memory
# (play.board_environment.piece): at most about 50 MB a process.
BOARD_PIECES_KEPT = int(os.getenv("BOARD_PIECES_KEPT", "20000"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: English source strings, German and Dutch translations in locale/.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("de", _("German")),
    ("en", _("English")),
    ("nl", _("Dutch")),
]
LOCALE_PATHS = [SITE_FILES / "locale"]
TIME_ZONE = os.getenv("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

# Static files: served by the app itself through whitenoise, never from a CDN.
STATIC_URL = "static/"
# Where collectstatic gathers the files whitenoise serves without DEBUG (an installed release
# names a folder of its own: STATIC_ROOT=/srv/machikoro/static).
STATIC_ROOT = Path(os.getenv("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [SITE_FILES / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed files need `collectstatic`; development and tests run without it.
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Fixed at import time: pytest-django turns DEBUG off later, yet tests run without collectstatic.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# Log-in throttling (django-axes, failures kept in the database so every process sees them):
# after 10 failed log-ins within 15 minutes of each other, log-in is closed for 15 minutes, even
# with the right password, (a) to that account from that address, and (b) to any account from
# that address. So a stranger who knows the host's name closes only their own way in, never the
# host's from elsewhere, and trying many accounts from one address is slowed as well. A family
# whose phones share one address shares (b). Tries while closed do not extend it, and a success
# forgets the failures. The page says why (campaign.throttle); a forgotten password is reset
# with `manage.py changepassword NAME` or, with mail, by e-mail.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
# The visitor's address is REMOTE_ADDR: uvicorn's --proxy-headers has already taken it from the
# proxy's X-Forwarded-For (trusting only --forwarded-allow-ips). Reading that header again here
# would let a client pick any address by sending one.
AXES_IPWARE_META_PRECEDENCE_ORDER = ["REMOTE_ADDR"]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "campaign.throttle.locked_out"
AXES_DISABLE_ACCESS_LOG = True  # successful log-ins need no record of their address
AXES_VERBOSE = False  # no banner on every start
# security.W021 asks for HSTS preload, which is the domain owner's choice (HSTS_PRELOAD=1).
SILENCED_SYSTEM_CHECKS = ["security.W021"]

# Who may make an account: SIGNUP=closed leaves it to the host, who invites by a one-time link
# (`manage.py invite NAME`) or makes accounts in the admin. Open, at most SIGNUPS_PER_HOUR new
# accounts an hour on the whole server and SIGNUPS_PER_ADDRESS from one connection (counted in the
# database, so every process agrees; campaign.signups): a burst of sign-ups is refused in words,
# one visitor cannot use up the server's hour, and a group's own sign-ups are never that many.
SIGNUP_OPEN = os.getenv("SIGNUP", "open").strip().lower() != "closed"
SIGNUPS_PER_HOUR = int(os.getenv("SIGNUPS_PER_HOUR", "10"))
SIGNUPS_PER_ADDRESS = int(os.getenv("SIGNUPS_PER_ADDRESS", "3"))
# Mail, for password resets by e-mail (machikoro.mail; without it the log-in page says how the
# host sets a new password on the server). EMAIL_FROM is the sender.
EMAIL_URL = os.getenv("EMAIL_URL", "")
globals().update(mail.email_settings(EMAIL_URL))
DEFAULT_FROM_EMAIL = os.getenv("EMAIL_FROM", "machikoro@localhost")
# An invitation's or a reset's one-time link holds for three days.
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600

LOGIN_URL = "campaign:login"
LOGIN_REDIRECT_URL = "campaign:mine"
LOGOUT_REDIRECT_URL = "play:home"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Cookies are marked Secure when the request came over HTTPS (machikoro.middleware), so phones on
# a plain-HTTP home network can post; SECURE_COOKIES=1 marks them always (behind a TLS proxy).
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = _env_bool("SECURE_COOKIES", False)
# A failed CSRF check gets our page, or for a move a working board with a message.
CSRF_FAILURE_VIEW = "machikoro.errors.csrf_failure"

# Playing: a bot moves this many seconds after the previous move (longer after a human's, so
# the table can follow each step and a human can still undo a build); pages poll this often.
PLAY_BOT_DELAY = float(os.getenv("PLAY_BOT_DELAY", "1.0"))
PLAY_BOT_DELAY_AFTER_HUMAN = float(os.getenv("PLAY_BOT_DELAY_AFTER_HUMAN", "2.5"))
# How long a request that claimed a bot's step may think before another poll may take it over
# (a hard bot decides in well under a second; the claim only matters if a worker dies meanwhile).
PLAY_BOT_THINK_SECONDS = float(os.getenv("PLAY_BOT_THINK_SECONDS", "5"))
# Pages are pushed each change over a stream (machikoro/live/); they poll this often only while
# their stream is down. A stream pings every LIVE_HEARTBEAT_SECONDS, so proxies keep it open and the
# page notices one that died without a word.
PLAY_POLL_MS = int(os.getenv("PLAY_POLL_MS", "1500"))
LIVE_HEARTBEAT_SECONDS = float(os.getenv("LIVE_HEARTBEAT_SECONDS", "20"))
# Requests of one process inside Django at once (machikoro/live/threads.py); the others wait on
# the loop. Two: one computes while the other waits for the database; more only fight for the
# process's GIL (two cores, 200 tables: 8 at once, p95 8.0 s and 48 ms of CPU a move; 2, 2.2 s
# and 38 ms; 1, 6.7 s: docs/live.md). Keep it below DB_POOL_SIZE.
REQUESTS_AT_ONCE = int(os.getenv("REQUESTS_AT_ONCE", "2"))
# The door of the streams (machikoro/live/asgi.py), in each server process: at most this many
# open streams from one client address (behind a proxy, uvicorn's --forwarded-allow-ips names
# it, else every visitor is the proxy) and in all; and new streams are refused (503,
# Retry-After about LIVE_SHED_RETRY_AFTER seconds) while the process's loop lags more than
# LIVE_SHED_LAG_SECONDS.
LIVE_STREAMS_PER_ADDRESS = int(os.getenv("LIVE_STREAMS_PER_ADDRESS", "100"))
LIVE_STREAMS_MAX = int(os.getenv("LIVE_STREAMS_MAX", "4000"))
LIVE_SHED_LAG_SECONDS = float(os.getenv("LIVE_SHED_LAG_SECONDS", "0.5"))
LIVE_SHED_RETRY_AFTER = float(os.getenv("LIVE_SHED_RETRY_AFTER", "10"))
# The apps' tasks each server process runs beside its requests, named here so that the plumbing
# (machikoro/asgi.py) starts them without importing an app: the bots' steps when their time
# comes, so a game goes on with no page open (play.autoplay), and the phones' sightings written
# together (play.presence).
LIVE_BESIDE_THE_SERVER = ["play.autoplay.play_due_bots", "play.presence.write_sightings"]
# A seat's phone seen this recently (its page, poll or stream) is in someone's hand: the shared
# screen asks before it acts for that seat (play.presence). Longer than a stream's heartbeat.
PLAY_PHONE_SEEN_SECONDS = float(os.getenv("PLAY_PHONE_SEEN_SECONDS", "60"))

# /metrics/ for Prometheus (machikoro.metrics): off while empty; a scraper sends
# `Authorization: Bearer <METRICS_TOKEN>`.
METRICS_TOKEN = os.getenv("METRICS_TOKEN", "")

# --- Hardening (issue 10): secrets, HTTPS, sizes, logging, content security policy -----------

if not DEBUG and not os.getenv("SECRET_KEY"):
    raise ImproperlyConfigured(
        "DEBUG=0 needs a SECRET_KEY of its own in the environment (for example the output of "
        "`python3 -c 'import secrets; print(secrets.token_urlsafe(50))'`); the built-in "
        "development key would let anyone forge this site's cookies."
    )

# HTTPS=1: served over HTTPS behind a proxy that terminates TLS and sets X-Forwarded-Proto
# (and strips any the client sent). Then plain HTTP is redirected, browsers are told to use HTTPS
# only (HSTS), and cookies travel over HTTPS only. Without it (a phone on a home network over
# plain HTTP) none of this is set, or the browser could not post a move.
HTTPS = _env_bool("HTTPS", False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = int(os.getenv("HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
    # Preloading ships the domain as HTTPS-only in browsers, subdomains included, for good:
    # only ever on the owner's word.
    SECURE_HSTS_PRELOAD = _env_bool("HSTS_PRELOAD", False)
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True

# No request body over 5 MB is read (play.limits.RequestSizeLimit answers 413 in the page's
# language): the largest thing taken is a campaign backup (campaign.backup.MAX_BYTES, 4 MB), and
# uploads below it stay in memory. Each endpoint bounds its own input far lower: a move 1 KB, an
# exported game 256 KB and 2,000 actions, which is far more than any real game.
DATA_UPLOAD_MAX_MEMORY_SIZE = FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
GAME_IMPORT_MAX_BYTES = 256 * 1024
# A real game is a few hundred actions: of 900 bot games (classic and Kosmos, two and four seats,
# random bots, the longest-playing) the longest took 303. 2,000 leaves room for much undoing.
GAME_IMPORT_MAX_ACTIONS = 2000

# Errors (a 500's traceback included) go to stderr whatever DEBUG says; Django's default sends
# them nowhere with DEBUG off. One format for Django and uvicorn, in UTC with its offset and the
# request's id (machikoro.logs); LOG_FORMAT=json for a log collector, LOG_LEVEL=DEBUG shows more.
LOGGING = logs.logging_config(
    level=os.getenv("LOG_LEVEL", "INFO"), log_format=os.getenv("LOG_FORMAT", "plain").lower()
)

# Scripts and styles only from our own static files: no inline <script>, no on* handler, no
# style attribute (htmx is told not to need eval or inline styles, in base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],  # Bootstrap draws form controls with data: SVG
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
