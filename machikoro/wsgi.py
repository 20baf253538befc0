"""WSGI entry point: `gunicorn machikoro.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "machikoro.settings")

application = get_wsgi_application()
