"""Forms where people type or choose something for the campaign; the flow checks the rest."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Div, Fieldset, Layout, Submit
from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from machikoro import names
from play.describe import BOT_NAMES
from play.engine.bots import BOTS
from play.models import HUMAN

from . import decks, flow
from .backup import MAX_BYTES
from .deck_text import colour_name, localised
from .errors import FlowError

SLOTS = 4


def _colour_choices():
    return [("", "—")] + [(c, colour_name(c)) for c in decks.our_deck().shape.colours]


def _kind_choices():
    return [(HUMAN, gettext_lazy("person"))] + [
        (bot, gettext_lazy("bot: %(kind)s") % {"kind": BOT_NAMES.get(bot, bot)}) for bot in BOTS
    ]


class SignUpForm(UserCreationForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].validators.append(names.validate)
        self.helper = FormHelper()
        self.helper.form_tag = False

    def clean_username(self):
        """No account whose name looks like one there is already ("Bеn" with a Cyrillic е
        beside "Ben"): a host's name is how the others know whose campaign it is."""
        username = super().clean_username()
        if not username or self.has_error("username"):
            return username
        likeness = names.likeness(username)
        model = self._meta.model
        for existing in model.objects.values_list("username", flat=True).iterator():
            if names.likeness(existing) == likeness:
                raise forms.ValidationError(
                    _("An account named “%(name)s” exists already, and the two look alike.")
                    % {"name": existing}
                )
        return username


class NewCampaignForm(forms.Form):
    """A campaign's name and up to four mayors; empty rows are no mayor."""

    name = forms.CharField(
        label=gettext_lazy("Name of the campaign"),
        max_length=flow.CAMPAIGN_NAME_LENGTH,
        required=False,
        help_text=gettext_lazy("Left empty, the campaign is named after its deck."),
    )

    def __init__(self, *args, decks=(), **kwargs):
        super().__init__(*args, **kwargs)
        # the deck: chosen from the cards the page shows above the mayors (templates/campaign/new)
        self.decks = {choice.key: choice for choice in decks}
        self.fields["deck"] = forms.ChoiceField(
            label=gettext_lazy("Legacy deck"),
            choices=[(key, key) for key in self.decks],
            initial=next(iter(self.decks), None),
            required=False,  # none chosen: the first, Seven Winds Bay
            widget=forms.RadioSelect,
            error_messages={"invalid_choice": gettext_lazy("Choose one of the decks shown.")},
        )
        colours = _colour_choices()
        defaults = [c for c, _label in colours[1:]]
        rows = []
        for slot in range(1, SLOTS + 1):
            required = slot <= flow.MIN_MAYORS
            self.fields[f"m{slot}_name"] = forms.CharField(
                label=gettext_lazy("Name"), max_length=flow.NAME_LENGTH, required=required
            )
            # an optional mayor's city and colour are needed once the mayor has a name (clean)
            self.fields[f"m{slot}_city"] = forms.CharField(
                label=gettext_lazy("City name"),
                max_length=flow.CITY_LENGTH,
                required=required,
                error_messages={"required": gettext_lazy("Every city needs a name.")},
            )
            self.fields[f"m{slot}_colour"] = forms.ChoiceField(
                label=gettext_lazy("Colour"),
                choices=colours,
                required=required,
                initial=defaults[slot - 1] if slot <= len(defaults) else "",
                error_messages={"required": gettext_lazy("Choose a colour.")},
            )
            self.fields[f"m{slot}_kind"] = forms.ChoiceField(
                label=gettext_lazy("Person or bot"),
                choices=_kind_choices(),
                initial=HUMAN,
                required=required,
            )
            rows.append(
                Fieldset(
                    _("Mayor %(n)s") % {"n": slot} + ("" if required else " " + _("(optional)")),
                    Div(
                        Div(f"m{slot}_name", css_class="col-12 col-sm-6"),
                        Div(f"m{slot}_city", css_class="col-12 col-sm-6"),
                        Div(f"m{slot}_colour", css_class="col-6"),
                        Div(f"m{slot}_kind", css_class="col-6"),
                        css_class="row g-2",
                    ),
                    css_class="mayor-row border rounded p-2 mb-3",
                )
            )
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.form_show_errors = True
        self.helper.layout = Layout(
            "name",
            HTML(
                "<p class='small text-body-secondary'>{}</p>".format(
                    _("Two to four mayors. Each chooses a colour; each colour once.")
                )
            ),
            *rows,
            Submit("start", _("Begin the campaign"), css_class="btn-lg w-100"),
        )

    def clean(self):
        data = super().clean()
        mayors = []
        taken = set()
        for slot in range(1, SLOTS + 1):
            name = (data.get(f"m{slot}_name") or "").strip()
            if not name:
                continue
            city = (data.get(f"m{slot}_city") or "").strip()
            if not city and f"m{slot}_city" not in self.errors:
                self.add_error(f"m{slot}_city", _("Every city needs a name."))
            colour = data.get(f"m{slot}_colour") or ""
            if not colour and f"m{slot}_colour" not in self.errors:
                self.add_error(f"m{slot}_colour", _("Choose a colour."))
            elif colour in taken:  # the field marked: the later mayor chooses another
                self.add_error(f"m{slot}_colour", _("Each colour can be chosen by one mayor only."))
            taken.add(colour)
            mayors.append(flow.NewMayor(name, city, colour, data.get(f"m{slot}_kind") or HUMAN))
        if not flow.MIN_MAYORS <= len(mayors) <= flow.MAX_MAYORS:
            raise forms.ValidationError(_("A campaign has 2 to 4 mayors."))
        data["mayors"] = mayors
        key = data.get("deck") or next(iter(self.decks), None)
        choice = self.decks.get(key)
        try:
            data["deck"] = choice.deck() if choice is not None else None
        except FlowError as error:  # the deck was deleted since the page was made
            raise forms.ValidationError(error.message) from None
        data["added_deck"] = choice.added if choice is not None else None
        if not (data.get("name") or "").strip() and data["deck"] is not None:
            data["name"] = localised(data["deck"].cover.title)[: flow.CAMPAIGN_NAME_LENGTH]
        return data


class RecordForm(forms.Form):
    """A game played with the box: when, who won, and (asked when the winner is named, in a
    campaign's chapters, where the deck may tick circles by flag) who planted a flag."""

    played_on = forms.DateField(
        label=gettext_lazy("Played on"),
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    winner = forms.TypedChoiceField(
        label=gettext_lazy("Winner"),
        coerce=int,
        error_messages={"required": gettext_lazy("Choose the mayor who won.")},
    )
    flags = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Who planted a flag on the community project?"),
        help_text=gettext_lazy("Whoever won planted one: there is no win without a flag."),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, mayors, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # no winner until one is chosen: a default would record the first mayor by mistake
        self.fields["winner"].choices = [("", gettext_lazy("Choose…"))] + [
            (m.seat, f"{m.name} ({m.city_name})") for m in mayors
        ]
        self.fields["flags"].choices = [(m.seat, m.name) for m in mayors]
        self.fields["played_on"].initial = timezone.localdate()
        if not self.is_bound:  # the browser makes it its own day (static/js/local-date.js)
            self.fields["played_on"].widget.attrs["data-local-date-of"] = timezone.now().isoformat()
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout("played_on", "winner")

    def flags_ticked(self) -> list[int]:
        """The seats whose flag is ticked: the winner's always (the flow credits it too)."""
        data = self.cleaned_data
        return sorted({data["winner"], *data.get("flags", [])})


class GoldenBookForm(forms.Form):
    """The winner's entry (prefilled) and, when there is a new pile, its side."""

    date = forms.DateField(
        label=gettext_lazy("Date"),
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    name = forms.CharField(label=gettext_lazy("Name"), max_length=flow.NAME_LENGTH)
    city_name = forms.CharField(label=gettext_lazy("City name"), max_length=flow.CITY_LENGTH)
    side = forms.ChoiceField(
        label=gettext_lazy("This side up, for good"),
        choices=[("a", "A"), ("b", "B")],
        widget=forms.RadioSelect,
        required=False,
    )

    def __init__(self, *args, needs_side: bool, ended_at=None, **kwargs):
        """`ended_at`: when the game the app played ended; the browser prefills its own day of
        that moment (static/js/local-date.js), the server's day stays without JavaScript."""
        super().__init__(*args, **kwargs)
        self.needs_side = needs_side
        if ended_at is not None and not self.is_bound:
            self.fields["date"].widget.attrs["data-local-date-of"] = ended_at.isoformat()
        if not needs_side:
            del self.fields["side"]

    def clean_side(self):
        side = self.cleaned_data.get("side")
        if self.needs_side and side not in ("a", "b"):
            raise forms.ValidationError(_("Choose which side of the new establishments faces up."))
        return side


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files in one field (Django's documented way); a list of uploads."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(item, initial) for item in data]
        return [single(data, initial)]


class AddDeckForm(forms.Form):
    files = MultipleFileField(
        label=gettext_lazy("The deck's files"),
        help_text=gettext_lazy(
            "components.toml, deck.toml and boxes.toml together, or one zip archive of them."
        ),
        error_messages={
            "required": gettext_lazy("Choose the deck's three files, or one zip archive of them.")
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["files"].widget.attrs["accept"] = ".toml,.zip"
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.attrs = {"enctype": "multipart/form-data"}
        self.helper.add_input(Submit("add", gettext_lazy("Add the deck"), css_class="btn-primary"))


class ImportCampaignForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Campaign backup (JSON file)"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.attrs = {"enctype": "multipart/form-data"}
        self.helper.add_input(
            Submit("import", gettext_lazy("Import the campaign"), css_class="btn-primary")
        )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is too large to be a campaign backup."))
        return upload.read()
