"""Every sentence the code builds, read the way the language review read them: every deck side,
every card's and landmark's effect, every rule in force and every rule or overview card, in
English, German and Dutch; and every German and Dutch translation held to the words and the
address docs/translations.md decides."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from shipped_decks import SHIPPED, shipped_deck

from legacy_deck.describe import describe_side
from legacy_deck.setup import chapter_setup, plausible_carry_over
from play import describe
from play.engine.cards import Effect
from play.engine.catalog import CARDS, LANDMARKS, PROJECTS

LANGUAGES = ("en", "de", "nl")
# A word that gives English away in a German or Dutch sentence.
ENGLISH = re.compile(r"\b(the|and|with|from|each|your)\b")
DOUBLED = re.compile(r"\b(\w{3,})\W+\1\b", re.IGNORECASE)
# A name right after a word that needs an article before it ("auf Wald", "ist Sternwarte").
BARE = {"de": ("auf", "ist", "mit", "von", "für"), "nl": ("op", "is", "met", "van"), "en": ("is",)}
OR_WORD = {"en": " or ", "de": " oder ", "nl": " of "}
AND_WORD = {"en": " and ", "de": " und ", "nl": " en "}


@pytest.fixture(scope="module", params=SHIPPED)
def deck(request):
    """Each deck the installation ships."""
    return shipped_deck(request.param)


def names(deck, lang: str) -> set[str]:
    found = {c.name[lang] for c in deck.components.values() if c.name}
    for component in deck.components.values():
        for card in component.sides or ():
            found.add(card.name[lang])
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_deck_side_reads_as_sentences(deck, lang):
    sentences = []
    with translation.override(lang):
        for side in deck.sides():
            sentences += [(side.label, s) for s in describe_side(deck, side)]
    known = sorted(names(deck, lang), key=len, reverse=True)  # "Zug mit Ruhetag" before "Ruhetag"

    assert len(sentences) > 6 * deck.shape.games
    for label, sentence in sentences:
        assert sentence.endswith(".") and "%(" not in sentence, (label, sentence)
        assert not DOUBLED.search(sentence), (label, sentence)  # "Übersichtskarte Übersichtskarte"
        named = sentence
        for name in known:
            named = named.replace(name, "<name>")
        for word in BARE[lang]:
            assert f" {word} <name>" not in named, (label, sentence)
        if lang != "en":
            assert not ENGLISH.search(sentence), (label, sentence)
        if lang == "de":
            assert "Gewinner" not in sentence, (label, sentence)  # "wer gewonnen hat"


def every_effect(deck) -> list[tuple[str, Effect]]:
    found = [(card.id, card.effect) for card in CARDS.values()]
    found += [(landmark.id, landmark.effect) for landmark in LANDMARKS.values()]
    found += [(project.id, project.effect) for project in PROJECTS.values()]
    for component in deck.components.values():
        for thing in (
            component.card,
            component.landmark,
            component.project,
            *(component.sides or ()),
        ):
            if thing is not None:
                found.append((thing.id, thing.effect))
        if component.effect is not None:  # an island
            found.append((component.id, component.effect))
    return found


def test_every_effect_of_every_card_reads_in_three_languages(deck):
    effects = every_effect(deck)
    said = {}
    for lang in LANGUAGES:
        with translation.override(lang):
            said[lang] = [describe.effect_text(effect) for _, effect in effects]

    assert len(effects) > len(CARDS) + len(LANDMARKS) + len(PROJECTS) + 20  # the deck's own
    for index, (ident, effect) in enumerate(effects):
        en, de, nl = (said[lang][index] for lang in LANGUAGES)
        for lang, text in (("en", en), ("de", de), ("nl", nl)):
            assert text.endswith(".") and "%(" not in text and "_" not in text, (ident, text)
            if effect.kind == "icon_bonus" and len(effect.params["icons"]) > 1:
                # a card has one icon: "cup or bread", never "cup and bread"
                assert OR_WORD[lang] in text and AND_WORD[lang] not in text, (ident, text)
        assert de != en and nl != en, ident
        assert "von der Bank" not in de and "mit Symbol" not in de, (ident, de)
        assert "met symbool" not in nl, (ident, nl)
        if effect.kind == "income_each_turn":  # on its owner's turns only
            assert "elk van je beurten" in nl and "jedes deiner Züge" in de, ident


def every_rule(deck) -> list[tuple[str, dict]]:
    """Each rule's words: the board's summaries and the deck's rule and overview cards."""
    found = []
    for rule_id, (name, text) in describe.RULES.items():
        words = {}
        for lang in LANGUAGES:
            with translation.override(lang):
                words[lang] = f"{name}: {text}"
        found.append((rule_id, words))
    for component in deck.components.values():
        if component.kind in ("rule", "turn_overview"):
            words = {lang: f"{component.name[lang]}: {component.text[lang]}" for lang in LANGUAGES}
            found.append((component.id, words))
    return found


def test_every_rule_speaks_to_the_one_player_whose_turn_it_is(deck):
    """Rules and overview cards are read by one player for their own turn: du, je."""
    rules = every_rule(deck)

    cards = [c for c in deck.components.values() if c.kind in ("rule", "turn_overview")]
    assert len(rules) == len(describe.RULES) + len(cards) and cards
    for ident, words in rules:
        assert words["de"] != words["en"] and words["nl"] != words["en"], ident
        assert not re.search(GROUP_WORDS["de"], words["de"]), ident
        assert "von der Bank" not in words["de"], ident
        assert not re.search(r"\bjullie\b", words["nl"]), ident
        assert not DOUBLED.search(words["en"] + words["de"] + words["nl"]), ident


@pytest.mark.parametrize(
    "lang, sentence",
    [
        (
            "en",
            "The Yōkai haunts Anna's doubles: Ben turns Bakery face down until their next turn.",
        ),
        (
            "de",
            "Der Yōkai spukt beim Pasch von Anna: Ben dreht „Bäckerei“ bis zum nächsten eigenen "
            "Zug um.",
        ),
        (
            "nl",
            "De Yōkai spookt bij de dubbele worp van Anna: Ben draait ‘Bakkerij’ om tot Ben weer "
            "aan de beurt is.",
        ),
    ],
)
def test_a_name_is_never_given_a_genitive_apostrophe(lang, sentence):
    from play.engine import new_game
    from play.narration import Narrator

    state = new_game("classic", players=["Anna", "Ben"], seed=1)
    event = {"type": "face_down", "player": 1, "card": "bakery", "roller": 0}
    with translation.override(lang):
        assert Narrator(["Anna", "Ben"], state.table).narrate(event) == sentence


# --- the translations themselves ---------------------------------------------------------------

# One name per thing (docs/translations.md): what the German and Dutch texts no longer say.
NOT_OUR_WORD = {
    "de": [
        r"Aufkleber",
        r"Anfängerregel",
        r"von der Bank",
        r"erober",
        r"Einnahmen",
        r"Sieger",
        r"Spielfeld",
        r"Startperson",
        r"freiwillig",
        r"(am|auf dem) Tisch gespielt|echten Schachtel",
        r"Bürgermeisterin oder",
        r"Tüte",  # Beutel
        r"Türkises|Oranges",
        r"Regelheft",  # the Legacy book's own word: Spielanleitung
        r"als Erstes",  # zuerst
        r"Der Tisch (hat|wählt|liest|sieht)",  # the group is "ihr"; the table is the screen
        r"\b(Feld|Zahl|Münze)\((e|en|er|n)\)",  # counted nouns go through ngettext
        r"Gastgeber",
        r"Zufällige Auslage(?! \(„Komme, was wolle“\))",  # with the rulebooks' own name
        r"macht einen Ruhetag",
        r"\bMensch\b",
        r"\bDeck\b",  # Stapel
    ],
    "nl": [
        r"claim",
        r"vlag (plant|planten)|geplant",
        r"\bvaart\b|\bvaren\b",
        r"Willekeurige markt",
        r"Yōkai-regel|yōkai-regel",
        r"Legacy-campagne",
        r"niet verplicht",
        r"\bMens\b",
        r"(aan|op) tafel gespeeld|echte doos",
        r"kaartzijde",
        r"\bJouw\b",
        r"Gulden Boek",  # Gouden Boek
        r"\b(vak|getal|munt)\((en|ken|len)\)",  # counted nouns go through ngettext
        r"gastheer|gastvrouw",
        r"[Uu]itgegooid|Uitgooien",
        r"De tafel (kiest|heeft|leest|ziet)",  # the group is "jullie"; the table is the screen
        r"gehele getal",  # hele getallen
        r"\bdeck\b(?!\. ?toml)",  # stapel (not the file deck.toml)
    ],
}
# Whom a screen addresses: the player alone on phone pages, buttons and cards (du / je), the
# group on the table's pages (ihr / jullie).
ONE_PLAYER = (
    "templates/campaign/mayor.html",
    "templates/campaign/_pick_form.html",
    "play/describe.py",
)
GROUP = (
    "templates/play/home.html",
    "templates/campaign/dashboard.html",
    "templates/campaign/read.html",
    "templates/campaign/record.html",
    "templates/campaign/book.html",
)
# (German "ihr" is also "her": the group shows in "euch", "eure" and the plural imperative.)
GROUP_WORDS = {
    "de": r"\b(euch|eure\w*|euer)\b|\b(Nehmt|Legt|Spielt|Zieht|Gebt|Lest|Dreht)\b|Würfelt mit",
    "nl": r"\bjullie\b",
}
ONE_WORDS = {"de": r"\b(du|dein\w*|dich|dir)\b", "nl": r"\b(je|jij|jou|jouw)\b"}


def catalogue(lang: str) -> list[tuple[set[str], str, str]]:
    """(files it is used in, msgid, every msgstr joined) for each entry of our .po file."""
    text = (Path(settings.BASE_DIR) / "locale" / lang / "LC_MESSAGES" / "django.po").read_text()
    entries = []
    for block in text.split("\n\n")[1:]:
        files = {
            ref.rsplit(":", 1)[0]
            for line in block.splitlines()
            if line.startswith("#: ")
            for ref in line[3:].split()
        }
        strings, current = {"msgid": "", "msgstr": ""}, None
        for line in block.splitlines():
            key = line.split(" ", 1)[0]
            if key in ("msgid", "msgid_plural") or key.startswith("msgstr"):
                current = "msgid" if key.startswith("msgid") else "msgstr"
                line = line[len(key) + 1 :]
            if current and line.startswith('"'):
                strings[current] += line[1:-1].replace('\\"', '"') + " "
        text = re.sub(r"%\(\w+\)[sd]", "", strings["msgstr"])  # not the placeholders' names
        entries.append((files, strings["msgid"].strip(), text.strip()))
    return entries


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_translation_uses_one_name_per_thing(lang):
    entries = catalogue(lang)
    assert len(entries) > 600

    found = [
        (word, text)
        for _, _, text in entries
        for word in NOT_OUR_WORD[lang]
        if re.search(word, text)
    ]
    assert found == []


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_translation_addresses_whom_its_screen_speaks_to(lang):
    wrong = []
    for files, msgid, text in catalogue(lang):
        if not files:
            continue
        if all(file.startswith(ONE_PLAYER) for file in files) and re.search(
            GROUP_WORDS[lang], text
        ):
            wrong.append(("one player", msgid))
        if all(file.startswith(GROUP) for file in files) and re.search(
            ONE_WORDS[lang], text, re.IGNORECASE
        ):
            wrong.append(("the group", msgid))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_names_each_rule_as_its_rule_card_does(deck, lang):
    """One rule, one name on a campaign's pages: the board of each chapter's game names the rules
    in force as this deck's rule cards do, from the game's setup (two decks may give one engine
    rule two names: the Comet's Front-Row Seats are Seven Winds Bay's Good Neighbours)."""
    cards = {c.rule: c.name[lang] for c in deck.components.values() if c.kind == "rule"}
    named = {}
    for chapter in range(1, deck.shape.games + 1):
        setup = chapter_setup(deck, chapter, 3, plausible_carry_over(deck, chapter, 3))
        with translation.override(lang):
            shown = describe.rules_in_force(setup["rules"], setup["rule_defs"])
        named |= {rule["id"]: rule["name"] for rule in shown}

    assert named and named == {rule: cards[rule] for rule in named}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_without_its_decks_names_names_rules_as_seven_winds_bay_does(lang):
    """Games stored before setups carried their rules' names, and the board's own fallback."""
    deck = shipped_deck("seven_winds_bay")
    cards = {c.rule: c.name[lang] for c in deck.components.values() if c.kind == "rule"}
    with translation.override(lang):
        board = {rule["id"]: rule["name"] for rule in describe.rules_in_force(describe.RULES)}

    assert board == cards
