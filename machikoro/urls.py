from django.contrib import admin
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from machikoro import home_screen
from machikoro.release import version

# The admin's header names the release it runs (also at the foot of every page).
admin.site.site_header = format_lazy("{} {}", _("Machi Koro Legacy"), version())
admin.site.site_title = _("Machi Koro Legacy")

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # play's urls first: they register the `secret` converter the campaign's urls use too
    # Browsers ask for /favicon.ico before they read the page's <link rel="icon">.
    path("favicon.ico", lambda request: redirect(static("favicon.svg"))),
    # At the root: a service worker controls the pages under its own folder only.
    path("service-worker.js", home_screen.service_worker, name="service_worker"),
    path("manifest.webmanifest", home_screen.manifest, name="manifest"),
    path("offline/<slug:language>/", home_screen.offline, name="offline"),
    path("", include("play.urls")),
    path("", include("campaign.urls")),
]

handler400 = "machikoro.errors.bad_request"
handler403 = "machikoro.errors.permission_denied"
handler404 = "machikoro.errors.not_found"
handler500 = "machikoro.errors.server_error"
