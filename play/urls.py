from django.urls import path

from play import views

app_name = "play"

urlpatterns = [
    path("", views.home, name="home"),
    path("import/", views.import_game, name="import"),
    path("how-to-play/<str:edition>/", views.how_to_play, name="how_to_play"),
    path("g/<str:code>/watch/", views.game_page, name="watch"),
    path("g/<str:code>/replay/", views.replay_view, name="replay"),
    path("g/<str:code>/export.json", views.export, name="export"),
    path("g/<str:code>/<str:key>/", views.game_page, name="game"),
    path("g/<str:code>/<str:key>/poll/", views.poll, name="poll"),
    path("g/<str:code>/<str:key>/move/", views.move, name="move"),
    path("g/<str:code>/<str:key>/undo/", views.undo, name="undo"),
    path("g/<str:code>/<str:key>/rematch/", views.rematch, name="rematch"),
]
