"""Forms of the campaign's pages."""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms
from django.utils.translation import gettext_lazy as _

from .backup import MAX_BYTES


class ImportCampaignForm(forms.Form):
    file = forms.FileField(label=_("Campaign backup (JSON file)"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_method = "post"
        self.helper.attrs = {"enctype": "multipart/form-data"}
        self.helper.add_input(Submit("import", _("Import the campaign"), css_class="btn-primary"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is too large to be a campaign backup."))
        return upload.read()
