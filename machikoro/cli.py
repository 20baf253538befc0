"""`machikoro` (installed with the package) and manage.py: Django's management commands."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
