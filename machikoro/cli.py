"""`machikoro` (installed with the package) and manage.py: Django's management commands."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")
    if sys.argv[1:] == ["--version"]:
        # Django's own --version would print Django's version: say this release's, and Django's.
        import django

        from machikoro.release import version

        print(f"machikoro {version()} (Django {django.get_version()})")
        return
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
