"""The forms a person types into: starting a game and importing one."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Field, Fieldset, Layout, Row, Submit
from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from machikoro import names
from play.engine.catalog import EDITIONS
from play.engine.replay import ROLLED
from play.limits import UnreadableInput, checked_action, load_json
from play.models import HUMAN, INSTANT, QUICK, RELAXED

MAX_SEATS = 4
EMPTY = ""

KIND_CHOICES = [
    (HUMAN, _("Human")),
    # The bots by how hard they are to beat (play/engine/bots.py keeps their stored names).
    ("random", _("Bot: easy")),
    ("greedy", _("Bot: normal")),
    ("expert", _("Bot: hard")),
]
EDITION_CHOICES = [
    ("classic", _("Classic")),
    ("kosmos", _("200 Jahre Kosmos")),
]
VARIANT_CHOICES = [
    ("two_copies_max", _("Beginners' limit: at most 2 copies of each establishment")),
    ("random_market", _("Random market: 10 different piles, refilled from a shuffled deck")),
]
PACE_CHOICES = [
    (RELAXED, _("Relaxed: bots move a step a second")),
    (QUICK, _("Quick: bots move briskly")),
    (INSTANT, _("Instant: bots move at once")),
]
DEFAULT_NAMES = ["Ann", "Ben", "Cleo", "Dirk"]
DEFAULT_KINDS = [HUMAN, HUMAN, "greedy", EMPTY]
# An export nests about five deep (setup, cities, a city); more is not a game of ours.
IMPORT_MAX_DEPTH = 16


class StartForm(forms.Form):
    errors_listed_above = True  # play/home.html lists them at the top, focused
    edition = forms.ChoiceField(
        label=_("Edition"), choices=EDITION_CHOICES, initial="classic", widget=forms.RadioSelect
    )
    variants = forms.MultipleChoiceField(
        label=_("Variants"),
        choices=VARIANT_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    first_player = forms.ChoiceField(label=_("Who starts"), initial="0")
    pace = forms.ChoiceField(
        label=_("Pace"),
        choices=PACE_CHOICES,
        initial=RELAXED,
        required=False,  # a form from before paces existed plays relaxed
        # radios, whose labels wrap: a select shows the chosen pace on one line, cut mid-word
        # on a phone (and WebKit scrolled the German page sideways for it)
        widget=forms.RadioSelect,
        help_text=_("After a person builds, bots always wait long enough for an undo."),
    )
    seed = forms.IntegerField(
        label=_("Seed (optional)"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=_("The same seed and the same moves give the same game."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        assert set(EDITIONS) >= {code for code, _label in EDITION_CHOICES}
        rows = []
        for i in range(MAX_SEATS):
            self.fields[f"name_{i}"] = forms.CharField(
                label=_("Seat %(n)s name") % {"n": i + 1},
                max_length=24,
                required=False,
                initial=DEFAULT_NAMES[i],
            )
            choices = KIND_CHOICES if i < 2 else [(EMPTY, _("Nobody")), *KIND_CHOICES]
            self.fields[f"kind_{i}"] = forms.ChoiceField(
                label=_("Seat %(n)s plays") % {"n": i + 1},
                choices=choices,
                initial=DEFAULT_KINDS[i],
                required=i < 2,
            )
            rows.append(
                Row(
                    Column(Field(f"name_{i}"), css_class="col-6"),
                    Column(Field(f"kind_{i}"), css_class="col-6"),
                )
            )
        self.fields["first_player"].choices = [
            *[(str(i), _("Seat %(n)s") % {"n": i + 1}) for i in range(MAX_SEATS)],
            ("roll", _("Roll for it (highest two dice)")),
        ]
        self.helper = FormHelper()
        self.helper.form_method = "post"
        # The page lists every error at the top (play/home.html); fields keep their own too.
        self.helper.form_show_errors = True
        self.helper.attrs = {"id": "start-form", "novalidate": ""}
        self.helper.layout = Layout(
            Field("edition"),
            Fieldset(_("Seats"), *rows),
            Field("variants"),
            Field("first_player"),
            Field("pace"),
            Field("seed"),
            Submit("start", _("Start the game"), css_class="btn-primary btn-lg w-100"),
        )

    def clean(self):
        data = super().clean()
        seats = []
        first_index = None
        for i in range(MAX_SEATS):
            kind = data.get(f"kind_{i}", EMPTY)
            name = (data.get(f"name_{i}") or "").strip()
            if kind == EMPTY:
                continue
            if not name or not names.shows_something(name):
                self.add_error(f"name_{i}", _("Every seat that plays needs a name."))
                continue
            problem = names.refusal(name)
            if problem is not None:
                self.add_error(f"name_{i}", problem)
                continue
            if data.get("first_player") == str(i):
                first_index = len(seats)
            seats.append((name, kind))
        if len(seats) < 2:
            raise forms.ValidationError(_("A game needs 2 to 4 players."))
        if len({name for name, _kind in seats}) != len(seats):
            raise forms.ValidationError(_("Give every player a different name."))
        alike = names.look_alike_refusal(name for name, _kind in seats)
        if alike is not None:
            raise forms.ValidationError(alike)
        first = data.get("first_player")
        if first == "roll":
            data["first"] = "roll"
        elif first_index is None:
            self.add_error("first_player", _("The player who starts must have a seat."))
        else:
            data["first"] = first_index
        data["seats"] = seats
        data["pace"] = data.get("pace") or RELAXED
        return data


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Exported game (JSON file)"), required=False)
    text = forms.CharField(
        label=_("…or paste it here"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.attrs = {"enctype": "multipart/form-data"}
        self.helper.add_input(Submit("import", _("Import and replay"), css_class="btn-primary"))

    def clean(self):
        data = super().clean()
        limit = settings.GAME_IMPORT_MAX_BYTES
        upload = data.get("file")
        if upload is not None and upload.size > limit:
            raise forms.ValidationError(
                _("This file is %(size)s; an exported game is at most %(limit)s.")
                % {"size": filesizeformat(upload.size), "limit": filesizeformat(limit)}
            )
        raw = upload.read() if upload is not None else data.get("text", "")
        if not raw:
            raise forms.ValidationError(_("Choose a file or paste an exported game."))
        try:
            doc = load_json(raw, max_bytes=limit, max_depth=IMPORT_MAX_DEPTH)
        except UnreadableInput as error:
            raise forms.ValidationError(
                _("This is not an exported game: %(reason)s") % {"reason": error}
            ) from error
        if not isinstance(doc, dict) or doc.get("format") != 1:
            raise forms.ValidationError(_("This is not an exported game of format 1."))
        actions = doc.get("actions")
        if not isinstance(doc.get("setup"), dict) or not isinstance(actions, list):
            raise forms.ValidationError(_("An exported game needs a setup and a list of actions."))
        most = settings.GAME_IMPORT_MAX_ACTIONS
        if len(actions) > most:
            raise forms.ValidationError(
                _("This game has %(count)s actions; at most %(most)s are imported.")
                % {"count": len(actions), "most": most}
            )
        for number, action in enumerate(actions, start=1):
            try:
                checked_action(_without_dice_rolled(action))
            except UnreadableInput as error:
                raise forms.ValidationError(
                    _("Action %(number)s: %(reason)s") % {"number": number, "reason": error}
                ) from error
        players = doc["setup"].get("players")
        if isinstance(players, list) and all(isinstance(name, str) for name in players):
            for name in players:
                problem = names.refusal(name)
                if problem is not None:
                    raise forms.ValidationError(problem)
            alike = names.look_alike_refusal(players)
            if alike is not None:
                raise forms.ValidationError(alike)
        data["doc"] = doc
        return data


def _without_dice_rolled(action):
    """A move of a game restored from a campaign backup carries the dice it rolled (a list the
    engine checks when it forces them: play.engine.replay.ROLLED); the rest is a move as any."""
    if isinstance(action, dict) and ROLLED in action:
        rolled = action[ROLLED]
        if not (isinstance(rolled, list) and len(rolled) <= 2):
            raise UnreadableInput(_("the dice it rolled are not a list of one or two dice"))
        return {key: value for key, value in action.items() if key != ROLLED}
    return action
