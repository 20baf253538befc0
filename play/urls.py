from django.urls import path

from play import views

app_name = "play"

urlpatterns = [
    path("", views.home, name="home"),
]
