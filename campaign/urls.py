from django.contrib.auth import views as auth_views
from django.urls import path

from campaign import backup_views, views

app_name = "campaign"

# `secret` is play's converter (registered by play.urls, included first): junk is a 404
T = "c/<secret:table_secret>/"
M = T + "m/<secret:mayor_secret>/"

urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(success_url="/accounts/password/done/"),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("campaigns/", views.mine, name="mine"),
    path("campaigns/new/", views.new, name="new"),
    path("campaigns/how-it-works/", views.how_it_works, name="how_it_works"),
    # before the table's link: "import" would pass for a secret
    path("c/import/", backup_views.import_campaign, name="import"),
    path(T + "export.json", backup_views.export, name="export"),
    path(T, views.table, name="table"),
    path(T + "poll/", views.poll, name="poll"),
    path(T + "links/", views.links, name="links"),
    path(T + "read/", views.read_latest, name="read_latest"),
    path(T + "read/<int:page>/", views.read, name="read"),
    path(T + "read/turn/", views.turn_stop, name="turn"),
    path(T + "picks/", views.picks, name="picks"),
    path(T + "picks/<int:seat>/", views.pick_at_table, name="pick_at_table"),
    path(T + "game/", views.game, name="game"),
    path(T + "after/", views.after, name="after"),
    path(T + "record/", views.record, name="record"),
    path(T + "book/", views.book, name="book"),
    path(T + "charts/", views.chart_page, name="charts"),
    path(T + "free/", views.free, name="free"),
    path(M, views.mayor, name="mayor"),
    path(M + "poll/", views.mayor_poll, name="mayor_poll"),
    path(M + "game/", views.mayor_game, name="mayor_game"),
]
