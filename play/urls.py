from django.urls import path, register_converter
from django.views.decorators.cache import never_cache

from play import views
from play.converters import SecretConverter

app_name = "play"

register_converter(SecretConverter, "secret")


def secret_page(route, view, name):
    """A page whose link carries a game's code or key: no browser or proxy keeps a copy."""
    return path(route, never_cache(view), name=name)


urlpatterns = [
    path("", views.home, name="home"),
    path("import/", views.import_game, name="import"),
    path("how-to-play/<slug:edition>/", views.how_to_play, name="how_to_play"),
    secret_page("g/<secret:code>/watch/", views.game_page, "watch"),
    secret_page("g/<secret:code>/replay/", views.replay_view, "replay"),
    secret_page("g/<secret:code>/export.json", views.export, "export"),
    secret_page("g/<secret:code>/<secret:key>/", views.game_page, "game"),
    secret_page("g/<secret:code>/<secret:key>/poll/", views.poll, "poll"),
    secret_page("g/<secret:code>/<secret:key>/events/", views.events, "events"),
    secret_page("g/<secret:code>/<secret:key>/move/", views.move, "move"),
    secret_page("g/<secret:code>/<secret:key>/undo/", views.undo, "undo"),
    secret_page("g/<secret:code>/<secret:key>/rematch/", views.rematch, "rematch"),
]
