from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.decorators.cache import never_cache

from campaign.views import (
    access,
    accounts,
    after,
    backup,
    book,
    campaigns,
    decks,
    events,
    free,
    game,
    hosting,
    mayor,
    picks,
    poll,
    reading,
    record,
    table,
    take_back,
)

app_name = "campaign"

# `secret` is play's converter (registered by play.urls, included first): junk is a 404.
# Three kinds of visitor (campaign/views/access.py): a mayor's link names only that mayor, the
# table's link is the shared screen, and the host's pages need the owner logged in as well.
M = "c/m/<secret:mayor_secret>/"
T = "c/<secret:table_secret>/"
OLD_M = T + "m/<secret:mayor_secret>/"  # how mayors' links looked before: redirected


def private(route, view, name, **kwargs):
    """A page that holds a secret (a link, a pick, a backup): `Cache-Control: no-store`, so no
    browser or proxy keeps it on disk after the tab is closed."""
    return path(route, never_cache(view), kwargs or None, name=name)


urlpatterns = [
    private("accounts/signup/", accounts.signup, "signup"),
    private("accounts/login/", accounts.LoginView.as_view(), "login"),
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
    private("accounts/password/reset/", accounts.password_reset, "password_reset"),
    private(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        "password_reset_done",
    ),
    # The one-time link of a reset or an invitation (`manage.py invite`), by Django's name: the
    # e-mail's template asks for it.
    path(
        "accounts/reset/<uidb64>/<token>/",
        never_cache(
            auth_views.PasswordResetConfirmView.as_view(success_url="/accounts/reset/done/")
        ),
        name="password_reset_confirm",
    ),
    private(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        "password_reset_complete",
    ),
    private("campaigns/", campaigns.mine, "mine"),
    private("campaigns/new/", campaigns.new, "new"),
    private("campaigns/decks/", decks.add, "add_deck"),
    private("campaigns/decks/<int:pk>/delete/", decks.delete, "delete_deck"),
    path("campaigns/how-it-works/", campaigns.how_it_works, name="how_it_works"),  # no secret
    # before the table's link: "import" and "m" would pass for a table's secret
    private("c/import/", backup.import_campaign, "import"),
    # a mayor's phone
    private(M, mayor.mayor, "mayor"),
    private(M + "poll/", poll.mayor_poll, "mayor_poll"),
    private(M + "events/", events.mayor_events, "mayor_events"),
    private(M + "game/", game.mayor_game, "mayor_game"),
    private(M + "game/events/", events.mayor_game_events, "mayor_game_events"),
    private(M + "campaign/", table.mayor_dashboard, "mayor_dashboard"),
    private(M + "campaign/events/", events.mayor_dashboard_events, "mayor_dashboard_events"),
    private(M + "book/", book.mayor_book, "mayor_book"),
    private(M + "charts/", book.mayor_charts, "mayor_charts"),
    # the table's screen
    private(T, table.table, "table"),
    private(T + "poll/", poll.poll, "poll"),
    private(T + "events/", events.table_events, "events"),
    private(T + "links/", table.links, "links"),
    private(T + "read/", reading.read_latest, "read_latest"),
    private(T + "read/<int:page>/", reading.read, "read"),
    private(T + "read/turn/", reading.turn_stop, "turn"),
    private(T + "picks/", picks.picks, "picks"),
    private(T + "picks/<int:seat>/", picks.pick_at_table, "pick_at_table"),
    private(T + "game/", game.game, "game"),
    private(T + "game/end/", game.game_end, "game_end"),
    private(T + "game/events/", events.game_events, "game_events"),
    private(T + "after/", after.after, "after"),
    private(T + "record/", record.record, "record"),
    private(T + "book/", book.book, "book"),
    private(T + "charts/", book.chart_page, "charts"),
    private(T + "free/", free.free, "free"),
    private(T + "free/<int:number>/", game.free_game, "free_game"),
    # the host's
    private(T + "export.json", backup.export, "export"),
    private(T + "links/renew/", hosting.renew, "renew"),
    private(T + "delete/", hosting.delete, "delete"),
    private(T + "take-back/", take_back.take_back, "take_back"),
    # mayors' links handed out before they named no table
    private(OLD_M, access.old_mayor_link, "old_mayor", page=""),
    private(OLD_M + "poll/", access.old_mayor_link, "old_mayor_poll", page="poll/"),
    private(OLD_M + "game/", access.old_mayor_link, "old_mayor_game", page="game/"),
]
