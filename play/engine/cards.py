"""Card, landmark and community-project definitions: plain data, validated when read.

A definition names its effect by kind; the kinds and the parameters each takes are listed here,
and each kind is implemented once (establishments in effects.py, landmarks in rules.py). A new card
with an existing kind of effect is a data change only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import bounds

LANGUAGES = ("en", "de", "nl")
COLOURS = ("blue", "green", "red", "purple", "special")
ICONS = (
    "wheat",
    "cow",
    "bread",
    "cup",
    "gear",
    "factory",
    "fruit",
    "tower",
    "shop",
    "boat",
    "flower",
)

_REQUIRED = object()

# kind -> {parameter: (type, default)}; _REQUIRED marks a parameter that must be given.
ESTABLISHMENT_EFFECTS: dict[str, dict[str, tuple[type, Any]]] = {
    "bank": {"amount": (int, _REQUIRED)},
    "per_icon": {"amount": (int, _REQUIRED), "icon": (str, _REQUIRED), "distinct": (bool, False)},
    "take_from_active": {"amount": (int, _REQUIRED)},
    "take_from_each": {"amount": (int, _REQUIRED)},
    "take_from_chosen": {"amount": (int, _REQUIRED)},
    "swap": {},
    "coin_if_broke_after_build": {"amount": (int, _REQUIRED)},
}
LANDMARK_EFFECTS: dict[str, dict[str, tuple[type, Any]]] = {
    "two_dice": {},
    "icon_bonus": {"icons": (list, _REQUIRED), "amount": (int, 1)},
    "extra_turn_on_doubles": {},
    "extra_turn_on_total": {"total": (int, _REQUIRED)},
    "reroll": {},
}
# An island of the expedition track (Legacy) works like a landmark once claimed, or pays each turn.
ISLAND_EFFECTS: dict[str, dict[str, tuple[type, Any]]] = {
    **LANDMARK_EFFECTS,
    "income_each_turn": {"amount": (int, _REQUIRED)},
}
# A community project's benefit is taken at once by whoever contributes.
PROJECT_EFFECTS: dict[str, dict[str, tuple[type, Any]]] = {
    "bank": ESTABLISHMENT_EFFECTS["bank"],
    "per_icon": ESTABLISHMENT_EFFECTS["per_icon"],
}
# Effects that stop the turn for the owner's decision.
CHOICE_EFFECTS = frozenset({"take_from_chosen", "swap"})
# The effects each colour may carry: a colour says when a card activates and whom it touches
# (RULES.md §1), so a red card takes from the active player, blue and green cards pay from the
# bank, purple cards act against other players on their owner's roll, and the one special card
# (the Kosmos Shop) pays after the build step and is never rolled for. A card whose colour does
# not fit its effect is refused when it is read, never met in the middle of a roll.
COLOUR_EFFECTS: dict[str, frozenset[str]] = {
    "blue": frozenset({"bank", "per_icon"}),
    "green": frozenset({"bank", "per_icon"}),
    "red": frozenset({"take_from_active"}),
    "purple": frozenset({"take_from_each", "take_from_chosen", "swap"}),
    "special": frozenset({"coin_if_broke_after_build"}),
}
MAX_COST = bounds.COST.high
# The bound of each whole-number parameter an effect takes.
PARAMETER_BOUNDS = {"amount": bounds.AMOUNT, "total": bounds.DICE_TOTAL}
# A name in one language: as long as the longest a card of the books needs, twice.
MAX_NAME = 60


class ContentError(ValueError):
    """A card, landmark or edition definition that does not hold together."""


class ContentOutOfBounds(ContentError):
    """A definition's number outside its bound (bounds.py): where, and which field."""

    def __init__(self, where: str, error: bounds.OutOfBounds):
        self.where, self.error = where, error
        super().__init__(f"{where}: {error}")


def _bounded(where: str, field: str, bound: bounds.Bound, value: Any) -> int:
    try:
        return bounds.checked(field, bound, value)
    except bounds.OutOfBounds as error:
        raise ContentOutOfBounds(where, error) from None


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    params: dict = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.params[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)

    def to_dict(self) -> dict:
        return {"kind": self.kind, **self.params}


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: dict
    colour: str
    icon: str
    cost: int
    numbers: tuple[int, ...]
    effect: Effect

    @property
    def is_establishment(self) -> bool:
        """Bought from the market and activated by dice (the Kosmos Shop is neither)."""
        return bool(self.numbers)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "name": dict(self.name),
            "colour": self.colour,
            "icon": self.icon,
            "cost": self.cost,
            "numbers": list(self.numbers),
            "effect": self.effect.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class LandmarkDef:
    id: str
    name: dict
    cost: int
    effect: Effect
    letter: str = ""
    icon: str = ""

    def to_dict(self) -> dict:
        data = {"id": self.id, "name": dict(self.name), "cost": self.cost}
        data["effect"] = self.effect.to_dict()
        if self.letter:
            data["letter"] = self.letter
        if self.icon:
            data["icon"] = self.icon
        return data


@dataclass(frozen=True, slots=True)
class ProjectDef:
    id: str
    name: dict
    cost: int
    effect: Effect

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "name": dict(self.name),
            "cost": self.cost,
            "effect": self.effect.to_dict(),
        }


def _where(what: str, data: Any) -> str:
    ident = data.get("id") if isinstance(data, dict) else None
    return f"{what} {ident!r}" if ident else what


def _require(data: dict, key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise ContentError(f"{where}: missing field {key!r}")
    value = data[key]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise ContentError(f"{where}: field {key!r} must be {kind.__name__}, not {value!r}")
    return value


def _name(data: dict, where: str) -> dict:
    name = _require(data, "name", dict, where)
    missing = [lang for lang in LANGUAGES if not isinstance(name.get(lang), str) or not name[lang]]
    if missing:
        raise ContentError(f"{where}: name lacks a translation for {', '.join(missing)}")
    if any(len(name[lang]) > MAX_NAME for lang in LANGUAGES):
        raise ContentError(f"{where}: a name is at most {MAX_NAME} characters")
    return {lang: name[lang] for lang in LANGUAGES}


def parse_effect(data: Any, kinds: dict, where: str) -> Effect:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ContentError(f"{where}: effect must be a table with a 'kind'")
    kind = data["kind"]
    if kind not in kinds:
        raise ContentError(f"{where}: unknown effect kind {kind!r} (known: {', '.join(kinds)})")
    schema = kinds[kind]
    unknown = set(data) - set(schema) - {"kind"}
    if unknown:
        raise ContentError(f"{where}: effect {kind!r} takes no {', '.join(sorted(unknown))}")
    params = {}
    for key, (kind_type, default) in schema.items():
        if key in data:
            params[key] = _require(data, key, kind_type, f"{where}: effect {kind!r}")
        elif default is _REQUIRED:
            raise ContentError(f"{where}: effect {kind!r} needs {key!r}")
        else:
            params[key] = default
    for key, bound in PARAMETER_BOUNDS.items():
        if key in params:
            _bounded(where, f"effect.{key}", bound, params[key])
    if "icon" in params and params["icon"] not in ICONS:
        raise ContentError(f"{where}: unknown icon {params['icon']!r}")
    for icon in params.get("icons", ()):
        if icon not in ICONS:
            raise ContentError(f"{where}: unknown icon {icon!r}")
    return Effect(kind, params)


def _cost(data: dict, where: str) -> int:
    return _bounded(where, "cost", bounds.COST, _require(data, "cost", int, where))


def _id(data: Any, what: str) -> str:
    if not isinstance(data, dict):
        raise ContentError(f"a {what} must be a table, not {data!r}")
    ident = _require(data, "id", str, what)
    if not ident.isidentifier() or ident != ident.lower():
        raise ContentError(f"{what} {ident!r}: ids are snake_case")
    return ident


def parse_card(data: Any) -> CardDef:
    ident = _id(data, "card")
    where = _where("card", data)
    colour = _require(data, "colour", str, where)
    if colour not in COLOURS:
        raise ContentError(f"{where}: unknown colour {colour!r}")
    icon = _require(data, "icon", str, where)
    if icon not in ICONS:
        raise ContentError(f"{where}: unknown icon {icon!r}")
    numbers = _require(data, "numbers", list, where)
    if not all(bounds.DIE_NUMBER.holds(n) for n in numbers):
        raise ContentError(f"{where}: numbers must be whole numbers from {bounds.DIE_NUMBER}")
    if len(set(numbers)) != len(numbers):
        raise ContentError(f"{where}: each number is named once")
    if colour != "special" and not numbers:
        raise ContentError(f"{where}: an establishment needs at least one number")
    if colour == "special" and numbers:
        raise ContentError(f"{where}: a special card is never rolled for, so it has no numbers")
    effect = parse_effect(data.get("effect"), ESTABLISHMENT_EFFECTS, where)
    if effect.kind not in COLOUR_EFFECTS[colour]:
        fitting = ", ".join(sorted(COLOUR_EFFECTS[colour]))
        raise ContentError(
            f"{where}: a {colour} card cannot have the effect {effect.kind!r} "
            f"(a {colour} card's effect is one of: {fitting})"
        )
    return CardDef(
        ident, _name(data, where), colour, icon, _cost(data, where), tuple(numbers), effect
    )


def parse_landmark(data: Any) -> LandmarkDef:
    ident = _id(data, "landmark")
    where = _where("landmark", data)
    effect = parse_effect(data.get("effect"), LANDMARK_EFFECTS, where)
    letter = data.get("letter", "")
    if not isinstance(letter, str):
        raise ContentError(f"{where}: letter must be text")
    icon = data.get("icon", "")
    if icon and icon not in ICONS:
        raise ContentError(f"{where}: unknown icon {icon!r}")
    return LandmarkDef(ident, _name(data, where), _cost(data, where), effect, letter, icon)


def parse_project(data: Any) -> ProjectDef:
    ident = _id(data, "community project")
    where = _where("community project", data)
    effect = parse_effect(data.get("effect"), PROJECT_EFFECTS, where)
    return ProjectDef(ident, _name(data, where), _cost(data, where), effect)


def parse_island(data: Any) -> LandmarkDef:
    """An island card: a name and an effect, no cost (it is claimed, not bought)."""
    ident = _id(data, "island")
    where = _where("island", data)
    effect = parse_effect(data.get("effect"), ISLAND_EFFECTS, where)
    icon = data.get("icon", "")
    if icon and icon not in ICONS:
        raise ContentError(f"{where}: unknown icon {icon!r}")
    return LandmarkDef(ident, _name(data, where), 0, effect, "", icon)
