"""manage.py invite NAME: an account for a host, and the one-time link on which they choose its
password (the way in where sign-up is closed: SIGNUP=closed).

    machikoro invite ann --email ann@example.org --site https://games.example.org

The link is Django's password-reset link: it works once (setting the password spends it) and for
three days (PASSWORD_RESET_TIMEOUT). Inviting a name again gives a new link; the account's
password, if it has one, is kept until the link is used.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from machikoro import names


def invitation_path(user) -> str:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return reverse("campaign:password_reset_confirm", kwargs={"uidb64": uid, "token": token})


def default_site() -> str:
    hosts = [h for h in settings.ALLOWED_HOSTS if h not in {"*", "localhost"} and "*" not in h]
    scheme = "https" if settings.HTTPS else "http"
    return f"{scheme}://{hosts[0].lstrip('.')}" if hosts else f"{scheme}://127.0.0.1:8000"


class Command(BaseCommand):
    help = "Make an account (or find it) and print the one-time link to choose its password."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--email", default="", help="for password resets by e-mail")
        parser.add_argument("--site", help="the site's address (default: from ALLOWED_HOSTS)")

    def handle(self, *args, username, email, site=None, **options):
        model = get_user_model()
        if not model.objects.filter(username=username).exists():
            problem = names.refusal(username)  # a new account's name, as sign-up checks it
            if problem is not None:
                raise CommandError(problem)
        user, made = model.objects.get_or_create(username=username, defaults={"email": email})
        if made:
            user.set_unusable_password()
            user.save()
        elif email and user.email != email:
            raise CommandError(f"{username} has another e-mail address already ({user.email})")
        link = (site or default_site()).rstrip("/") + invitation_path(user)
        self.stdout.write(("New account" if made else "Account") + f" {username}; its link:")
        self.stdout.write(link)
