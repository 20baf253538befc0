from django.urls import path, register_converter

from play import views
from play.converters import SecretConverter

app_name = "play"

register_converter(SecretConverter, "secret")

urlpatterns = [
    path("", views.home, name="home"),
    path("import/", views.import_game, name="import"),
    path("how-to-play/<slug:edition>/", views.how_to_play, name="how_to_play"),
    path("g/<secret:code>/watch/", views.game_page, name="watch"),
    path("g/<secret:code>/replay/", views.replay_view, name="replay"),
    path("g/<secret:code>/export.json", views.export, name="export"),
    path("g/<secret:code>/<secret:key>/", views.game_page, name="game"),
    path("g/<secret:code>/<secret:key>/poll/", views.poll, name="poll"),
    path("g/<secret:code>/<secret:key>/events/", views.events, name="events"),
    path("g/<secret:code>/<secret:key>/move/", views.move, name="move"),
    path("g/<secret:code>/<secret:key>/undo/", views.undo, name="undo"),
    path("g/<secret:code>/<secret:key>/rematch/", views.rematch, name="rematch"),
]
