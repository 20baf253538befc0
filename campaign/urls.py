from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.decorators.cache import never_cache

from campaign import backup_views, views

app_name = "campaign"

# `secret` is play's converter (registered by play.urls, included first): junk is a 404
T = "c/<secret:table_secret>/"
M = T + "m/<secret:mayor_secret>/"


def private(route, view, name):
    """A page that holds a secret (a link, a pick, a backup): `Cache-Control: no-store`, so no
    browser or proxy keeps it on disk after the tab is closed."""
    return path(route, never_cache(view), name=name)


urlpatterns = [
    private("accounts/signup/", views.signup, "signup"),
    private("accounts/login/", auth_views.LoginView.as_view(), "login"),
    private("accounts/logout/", auth_views.LogoutView.as_view(), "logout"),
    private(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(success_url="/accounts/password/done/"),
        "password_change",
    ),
    private(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        "password_change_done",
    ),
    private("campaigns/", views.mine, "mine"),
    private("campaigns/new/", views.new, "new"),
    path("campaigns/how-it-works/", views.how_it_works, name="how_it_works"),  # no secret in it
    # before the table's link: "import" would pass for a secret
    private("c/import/", backup_views.import_campaign, "import"),
    private(T + "export.json", backup_views.export, "export"),
    private(T, views.table, "table"),
    private(T + "poll/", views.poll, "poll"),
    private(T + "links/", views.links, "links"),
    private(T + "read/", views.read_latest, "read_latest"),
    private(T + "read/<int:page>/", views.read, "read"),
    private(T + "read/turn/", views.turn_stop, "turn"),
    private(T + "picks/", views.picks, "picks"),
    private(T + "picks/<int:seat>/", views.pick_at_table, "pick_at_table"),
    private(T + "game/", views.game, "game"),
    private(T + "after/", views.after, "after"),
    private(T + "record/", views.record, "record"),
    private(T + "book/", views.book, "book"),
    private(T + "charts/", views.chart_page, "charts"),
    private(T + "free/", views.free, "free"),
    private(M, views.mayor, "mayor"),
    private(M + "poll/", views.mayor_poll, "mayor_poll"),
    private(M + "game/", views.mayor_game, "mayor_game"),
]
