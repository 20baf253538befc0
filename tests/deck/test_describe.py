"""Every instruction kind in words, in English, German and Dutch, with our deck's names."""

import pytest
from django.utils import translation

from legacy_deck.describe import describe, describe_side
from legacy_deck.format import INSTRUCTIONS, Instruction
from legacy_deck.loader import read_deck


@pytest.fixture(scope="module")
def deck():
    deck, problems = read_deck()
    assert problems == []
    return deck


def said(deck, lang: str, do: str, **params) -> str:
    with translation.override(lang):
        return describe(deck, Instruction(do, params))


# (instruction, English, German, Dutch)
CASES = [
    (
        ("draw_start_cards", {}),
        "Draw the start cards: the marketplace cards go into their colour's bag, everything "
        "else into the reserve.",
        "Zieht die Startkarten: Die Marktplatzkarten kommen in den Beutel ihrer Farbe, alles "
        "andere in die Reserve.",
        "Pak de startkaarten: de marktplaatskaarten gaan in het zakje van hun kleur, al het "
        "andere in de reserve.",
    ),
    (
        ("add_to_market", {"cards": ["wheat_field", "legacy_forest"]}),
        "Add to the market: Wheat Field, Forest.",
        "In die Auslage: Weizenfeld, Wald.",
        "In de voorraad: Graanveld, Bos.",
    ),
    (
        ("move", {"components": ["gull_rock", "rule_yokai_coins"], "to": "archive"}),
        "Put in the archive: Gull Rock, The Kind Fox (Yōkai).",
        "Ins Archiv: Möwenfels, Der gütige Fuchs (Yōkai).",
        "Naar het archief: Meeuwenrots, De vriendelijke vos (yōkai).",
    ),
    (
        ("move", {"components": ["ds_pottery"], "to": "reserve"}),
        "Put in the reserve: Pottery / Pretzel Stand.",
        "In die Reserve: Töpferei / Brezelstand.",
        "Naar de reserve: Pottenbakkerij / Krakelingkraam.",
    ),
    (
        ("move", {"components": ["track_expedition", "boat_pink"], "to": "table"}),
        "Set out on the table, from now on at every game: Expedition Track, Pink Boat.",
        "Auf den Tisch, ab jetzt in jeder Partie: Expeditionsleiste, Rosa Boot.",
        "Op tafel, vanaf nu bij elke partij: Expeditiespoor, Roze boot.",
    ),
    (
        ("move", {"components": ["boat_teal"], "to": "bag", "colour": "teal"}),
        "Put in the teal bag: Teal Boat.",
        "In den Beutel der Farbe Türkis: Türkisfarbenes Boot.",
        "In het zakje in de kleur turquoise: Turquoise boot.",
    ),
    (
        ("move", {"components": ["gold_mine"], "to": "out"}),
        "Take out of the game for good: Gold Mine.",
        "Für immer aus dem Spiel: Goldmine.",
        "Voorgoed uit het spel: Goudmijn.",
    ),
    (
        ("open_box", {"box": 2}),
        "Open mystery box 2.",
        "Öffnet die geheimnisvolle Box 2.",
        "Open mysteriedoos 2.",
    ),
    (
        ("add_rule", {"rule": "rule_rest_day"}),
        "Add the rule card “Rest Day” to the rule stack.",
        "Legt die Regelkarte „Ruhetag“ auf den Regelstapel.",
        "Leg de regelkaart ‘Rustdag’ op de regelstapel.",
    ),
    (
        ("replace_turn_overview", {"card": "overview_rest"}),
        "Turn overview card from now on: Turn with a Rest Day (the previous one goes to the "
        "archive).",
        "Übersichtskarte ab jetzt: Zug mit Ruhetag (die bisherige kommt ins Archiv).",
        "Overzichtskaart vanaf nu: Beurt met rustdag (de vorige gaat naar het archief).",
    ),
    (
        (
            "marketplace_cards",
            {"cards": {"yellow": "mp_herb_garden_yellow", "teal": "mp_herb_garden_teal"}},
        ),
        "A new marketplace card into each colour's bag: Herb Garden.",
        "Eine neue Marktplatzkarte in den Beutel jeder Farbe: Kräutergarten.",
        "Een nieuwe marktplaatskaart in het zakje van elke kleur: Kruidentuin.",
    ),
    (
        (
            "marketplace_cards",
            {"cards": {"yellow": "mp_herb_garden_yellow", "orange": "mp_ferry_orange"}},
        ),
        "New marketplace cards: Herb Garden into the yellow bag, Ferry into the orange bag.",
        "Neue Marktplatzkarten: Kräutergarten in den Beutel der Farbe Gelb, Fähre in den Beutel "
        "der Farbe Orange.",
        "Nieuwe marktplaatskaarten: Kruidentuin in het zakje in de kleur geel, Veerpont in het "
        "zakje in de kleur oranje.",
    ),
    (
        ("double_sided", {"cards": ["ds_torii"]}),
        "A new market pile: 5 copies of the double-sided establishment Torii Gate / Fortune "
        "Teller. The winner chooses one side for all of them, for good.",
        "Ein neuer Stapel für die Auslage: 5 Exemplare des doppelseitigen Unternehmens Torii / "
        "Wahrsagerin. Wer gewonnen hat, wählt eine Seite für alle, für immer.",
        "Een nieuwe stapel voor de voorraad: 5 exemplaren van het dubbelzijdige gebouw "
        "Toriipoort / Waarzegster. De winnaar kiest één kant voor allemaal, voorgoed.",
    ),
    (
        ("new_landmark", {"landmark": "clock_tower"}),
        "New landmark: Clock Tower.",
        "Neues Großprojekt: Uhrturm.",
        "Nieuwe bezienswaardigheid: Klokkentoren.",
    ),
    (
        ("community_project", {"project": "waterfall"}),
        "This game's community project: Waterfall.",
        "Gemeinschaftsprojekt dieser Partie: Wasserfall.",
        "Gemeenschapsproject van deze partij: Waterval.",
    ),
    (
        ("sticker", {"sticker": "sticker_fresh_paint", "card": "legacy_forest"}),
        "Stick the sticker “Fresh Paint” on Forest.",
        "Klebt den Sticker „Frische Farbe“ auf die Karte „Wald“.",
        "Plak de sticker ‘Verse verf’ op de kaart Bos.",
    ),
    (
        ("sticker", {"sticker": "sticker_new_sign", "card": "pretzel_stand"}),
        "Stick the sticker “New Sign” on Pretzel Stand.",
        "Klebt den Sticker „Neues Schild“ auf die Karte „Brezelstand“.",
        "Plak de sticker ‘Nieuw bord’ op de kaart Krakelingkraam.",
    ),
    (
        ("tick_circles", {"who": "all"}),
        "Everyone ticks a circle.",
        "Alle kreuzen einen Kreis an.",
        "Iedereen kruist een rondje aan.",
    ),
    (
        ("tick_circles", {"who": "winner", "count": 2}),
        "The winner ticks 2 circles.",
        "Wer gewonnen hat, kreuzt 2 Kreise an.",
        "De winnaar kruist 2 rondjes aan.",
    ),
    (
        ("tick_circles", {"who": "all_but_winner"}),
        "Everyone but the winner ticks a circle.",
        "Alle, die nicht gewonnen haben, kreuzen einen Kreis an.",
        "Iedereen behalve de winnaar kruist een rondje aan.",
    ),
    (
        ("tick_circles", {"who": "with_flag", "count": 1}),
        "Everyone with a flag on the community project ticks a circle.",
        "Alle mit einer Flagge auf dem Gemeinschaftsprojekt kreuzen einen Kreis an.",
        "Iedereen met een vlag op het gemeenschapsproject kruist een rondje aan.",
    ),
    (
        ("tick_circles", {"who": "without_flag", "count": 3}),
        "Everyone without a flag on the community project ticks 3 circles.",
        "Alle ohne Flagge auf dem Gemeinschaftsprojekt kreuzen 3 Kreise an.",
        "Iedereen zonder vlag op het gemeenschapsproject kruist 3 rondjes aan.",
    ),
]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize(("instruction", "en", "de", "nl"), CASES)
def test_it_describes_each_instruction_in_the_active_language(deck, lang, instruction, en, de, nl):
    do, params = instruction

    assert said(deck, lang, do, **params) == {"en": en, "de": de, "nl": nl}[lang]


def test_the_cases_cover_every_instruction_kind_and_every_place_and_who():
    kinds = {do for (do, _), *_ in CASES}
    places = {params["to"] for (do, params), *_ in CASES if do == "move"}
    who = {params["who"] for (do, params), *_ in CASES if do == "tick_circles"}

    assert kinds == set(INSTRUCTIONS)
    assert places == {"reserve", "archive", "bag", "table", "out"}
    assert who == {"all", "winner", "all_but_winner", "with_flag", "without_flag"}


def test_a_german_side_reads_in_order_with_the_decks_names(deck):
    side = deck.cards[2].b  # 3B: after game 1

    with translation.override("de"):
        sentences = describe_side(deck, side)

    assert sentences == [
        "Legt die Regelkarte „Gute Nachbarschaft“ auf den Regelstapel.",
        "Klebt den Sticker „Frische Farbe“ auf die Karte „Wald“.",
        "Eine neue Marktplatzkarte in den Beutel jeder Farbe: Kräutergarten.",
        "Ein neuer Stapel für die Auslage: 5 Exemplare des doppelseitigen Unternehmens "
        "Töpferei / Brezelstand. Wer gewonnen hat, wählt eine Seite für alle, für immer.",
        "Alle, die nicht gewonnen haben, kreuzen einen Kreis an.",
    ]


def test_every_side_of_our_deck_is_described_in_every_language(deck):
    for lang in ("en", "de", "nl"):
        with translation.override(lang):
            for side in deck.sides():
                sentences = describe_side(deck, side)
                assert len(sentences) == len(side.instructions)
                assert all(sentence.endswith(".") for sentence in sentences), side.label


def test_a_name_the_deck_lacks_is_shown_as_its_id(deck):
    assert said(deck, "en", "new_landmark", landmark="moon_base") == "New landmark: moon_base."


def test_the_first_turn_overview_card_puts_no_earlier_one_away(deck):
    """2A lays out the first overview card: there is none before it for the archive."""
    first, later = [
        instruction
        for side in deck.sides()
        for instruction in side.instructions
        if instruction.do == "replace_turn_overview"
    ][:2]
    with translation.override("de"):
        assert describe(deck, first) == "Übersichtskarte ab jetzt: Grundzug."
        assert describe(deck, later).endswith("(die bisherige kommt ins Archiv).")
    with translation.override("nl"):
        assert "archief" not in describe(deck, first)
