from django.urls import path

from campaign import backup_views

app_name = "campaign"

urlpatterns = [
    path("c/import/", backup_views.import_campaign, name="import"),
    path("c/<secret:table_secret>/export.json", backup_views.export, name="export"),
]
