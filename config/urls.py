from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # play's urls first: they register the `secret` converter the campaign's urls use too
    path("", include("play.urls")),
    path("", include("campaign.urls")),
]
