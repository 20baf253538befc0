"""The board's Jinja2 templates (templates/jinja2/play/board/) speak German and Dutch: Django's
`makemessages` reads only its own templates, so this test stands in for it there. Every text
they translate (`_("…")`, `ngettext("…", "…", n)`) has an entry in both catalogues, and a board
rendered in each language shows the translation, its values escaped where Django's
`{% blocktranslate %}` escapes them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import RequestFactory
from django.utils import translation
from django.utils.translation import trans_real

from play import board_environment, board_maker
from play.models import Game

BOARD_TEMPLATES = Path(settings.BASE_DIR) / "templates" / "jinja2" / "play" / "board"
# a Python string literal in double or single quotes (the templates' texts have no escapes)
LITERAL = r"""("[^"\\]*"|'[^'\\]*')"""
SINGULAR = re.compile(rf"\b_\(\s*{LITERAL}")
PLURAL = re.compile(rf"\bngettext\(\s*{LITERAL},\s*{LITERAL}")


def texts() -> tuple[set[str], set[str]]:
    singular, plural = set(), set()
    for template in BOARD_TEMPLATES.glob("*.html"):
        source = template.read_text(encoding="utf-8")
        singular |= {found[1:-1] for found in SINGULAR.findall(source)}
        plural |= {found[0][1:-1] for found in PLURAL.findall(source)}
    return singular, plural


def test_the_templates_translate_what_the_board_says():
    singular, plural = texts()
    # the board's own: a heading, a sentence with a value, a plural
    assert {"What happened", "Waiting for %(name)s.", "Market"} <= singular
    assert "%(n)s cards in the deck" not in plural and "%(n)s card in the deck" in plural


@pytest.mark.parametrize("language", ["de", "nl"])
def test_every_text_of_the_board_has_its_translation(language):
    catalogue = trans_real.translation(language)._catalog
    singular, plural = texts()
    missing = sorted(text for text in singular if not catalogue.get(text))
    missing += sorted(text for text in plural if not catalogue.get((text, 0)))
    assert not missing, missing


@pytest.mark.django_db
def test_a_board_in_german_escapes_a_name_inside_a_sentence_as_django_did():
    game = Game.start("classic", [("<b>Ann</b>", "human"), ("Ben", "human")], seed=3)
    with translation.override("de"):
        ctx = board_maker.context(RequestFactory().get("/"), game, None)
        html = "".join(board_maker._part(name, ctx) for name in board_maker.PARTS)
    waiting_for = ctx["active_name"].replace("<", "&lt;").replace(">", "&gt;")

    assert "Was geschah" in html and "Auslage" in html
    assert f"Warten auf {waiting_for}. Du schaust zu." in html
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann</b>" not in html


def test_a_piece_is_kept_by_what_it_shows_the_language_and_the_links_prefix():
    made = []

    def caller():
        made.append(1)
        return "shown"

    german, dutch = {"language": "de", "links_under": "/"}, {"language": "nl", "links_under": "/"}
    board_environment.piece(german, "test piece", 1, caller=caller)
    board_environment.piece(german, "test piece", 1, caller=caller)
    board_environment.piece(dutch, "test piece", 1, caller=caller)
    board_environment.piece(german, "test piece", 2, caller=caller)
    board_environment.piece({**german, "links_under": "/mk/"}, "test piece", 1, caller=caller)

    assert len(made) == 4
