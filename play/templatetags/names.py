"""`{{ mayor.name|bdi }}`: a name people gave, isolated from the sentence around it (RULES.md §6,
turn 5). A name written right to left (Arabic, Hebrew) would otherwise turn the words and numbers
beside it around; inside <bdi> it keeps its own direction and the page keeps its own. Sentences
made in Python isolate theirs with machikoro.names.isolated. A long name without spaces wraps by
static/css/app.css (`overflow-wrap: anywhere`). Built into every template (settings.TEMPLATES'
builtins). Not for attributes, <title> or mail: there the name is plain text."""

from django import template
from django.utils.html import format_html

from machikoro.names import needs_isolation

register = template.Library()


@register.filter
def bdi(value):
    """Only where it changes something (machikoro.names.needs_isolation): the pages are left to
    right, and a name of left-to-right letters turns nothing around."""
    if value is None or not needs_isolation(str(value)):
        return value
    return format_html("<bdi>{}</bdi>", value)
