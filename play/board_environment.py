"""The Jinja2 environment a game's board is rendered in (settings.TEMPLATES' "board" engine).

A board is made at every move for the seats of its table: under Django's template engine its
parts were the largest share of a move's CPU (docs/live.md, "Where a move's CPU goes now"). Its
templates (templates/jinja2/play/board/) are Jinja2's, compiled to Python once a process, and
speak as Django's do (`render` gives each rendering its words and its `language`):

- `_("text")` is `{% translate %}` (the translation escaped, as that tag escapes it);
  `_("text %(name)s", name=value)` is `{% blocktranslate with %}` (the values escaped, the
  translation kept as written); `ngettext(singular, plural, count, n=count)` is
  `{% blocktranslate count %}`. The words are the catalogues' (locale/), in the active
  language; docs/translations.md says how an entry is added, and
  tests/web/test_board_words_in_catalogues.py finds every text of these templates there.
- `url(name, *args)` is `{% url %}` (each link reversed once a process); `bdi` and `capfirst`
  are Django's filters of those names.
- A dict's key comes before an attribute of the same name, as in Django's templates, and a
  value is escaped as Django's `conditional_escape` escapes it (`&quot;`, `&#x27;`): a board
  reads as it did under Django's engine, character for character but for whitespace
  (bench/board_renderings.py compares two checkouts' boards).
- `{% call piece(*what_it_shows) %}…{% endcall %}` keeps what the block renders by what it
  shows, the language and the prefix of its links, for every board of the process (a city by
  what it holds, a market card by its pile, a line of the log by its place): most of a board
  is the same move after move.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from django.conf import settings
from django.template import engines
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import trans_real
from jinja2 import BaseLoader, ChainableUndefined, Environment, pass_context
from markupsafe import Markup

from play.recent import Recent
from play.templatetags.names import bdi


class BoardEnvironment(Environment):
    def getattr(self, obj, attribute):
        # `card.values` is the card's, not dict.values (Django's templates look keys up first)
        if isinstance(obj, dict) and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


# Line breaks and the indentation after them: in HTML (the board has no <pre>, no textarea and
# no script) they are one space, and a board on one line is one `data:` line of its stream.
LINE_BREAKS = re.compile(r"\n\s*")


class OnOneLine(BaseLoader):
    """The board's templates with their line breaks made spaces once, as they are loaded: a
    rendering has none to take out at every move (but those a value brings)."""

    def __init__(self, loader: BaseLoader):
        self.loader = loader

    def get_source(self, environment, template):
        source, filename, uptodate = self.loader.get_source(environment, template)
        return LINE_BREAKS.sub(" ", source), filename, uptodate


class Words:
    """The active language's catalogue, looked up once a rendering: Django's `gettext` looks it
    up again for every text (through a context-local), a tenth of a board's time."""

    def __init__(self):
        self.language = translation.get_language() or settings.LANGUAGE_CODE
        self.catalogue = trans_real.translation(self.language)  # what `activate` made active

    def gettext(self, message: str, **values) -> str | Markup:
        text = self.catalogue.gettext(message)
        return Markup(text) % _escaped(values) if values else text

    def ngettext(self, singular: str, plural: str, count: int, **values) -> Markup:
        return Markup(self.catalogue.ngettext(singular, plural, count)) % _escaped(values)


def escaped(value) -> Markup:
    """What Django's `conditional_escape` makes of a value (`&quot;`, `&#x27;`), without its
    wrapper for lazy values (a lazy text is a str here)."""
    if hasattr(value, "__html__"):
        return value
    return Markup(html.escape(str(value)))


def _escaped(values: dict) -> dict:
    return {name: escaped(value) for name, value in values.items()}


# Links kept, each a game's page, move, undo or poll for one of its keys: about 25 a table.
LINKS_KEPT = 32768


@pass_context
def url(context, name: str, *args) -> str:
    """`{% url %}`, each link reversed once a process: a board asks for its game's few links at
    every move, and Django's `reverse` walks its patterns every time (30 µs a link)."""
    return _reversed(context["links_under"], get_urlconf(), context["language"], name, args)


@lru_cache(maxsize=LINKS_KEPT)
def _reversed(_prefix: str, _urlconf, _language: str, name: str, args: tuple) -> str:
    # what a link depends on besides its name and arguments, in the key: a proxy's prefix, a
    # request's own URLconf, the language (were a path ever translated)
    return reverse(name, args=args)


_pieces = Recent(settings.BOARD_PIECES_KEPT)


@pass_context
def piece(context, *what_it_shows, caller) -> Markup:
    # a footer's links are under the prefix a proxy serves the app at
    key = repr((*what_it_shows, context["language"], context["links_under"]))
    found = _pieces.get(key)
    return found if found is not None else _pieces.put(key, caller())


def forget_pieces() -> None:
    """A log line is kept by its place, which a version that did not commit gave an action the
    next move's version will not have (play.board_maker.forget)."""
    _pieces.clear()


def render(template_name: str, ctx: dict) -> str:
    """A board's template, rendered with `ctx` in the active language."""
    words = Words()
    template = engines["board"].env.get_template(template_name)
    return template.render(
        {
            **ctx,
            "_": words.gettext,
            "ngettext": words.ngettext,
            "language": words.language,
            "links_under": get_script_prefix(),
        }
    )


def environment(**options) -> BoardEnvironment:
    options["undefined"] = ChainableUndefined  # a key a page has not (`error`, `ask_for`) is empty
    options["finalize"] = escaped  # before Jinja2's own escape, which then keeps it
    options["loader"] = OnOneLine(options["loader"])
    env = BoardEnvironment(**options)
    env.globals.update(url=url, piece=piece)
    env.filters.update(bdi=bdi, capfirst=capfirst)
    return env
