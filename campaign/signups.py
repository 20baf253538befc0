"""Who may sign up this hour: at most SIGNUPS_PER_ADDRESS accounts from one connection and at most
SIGNUPS_PER_HOUR on the whole server (both counted in the database, so every process agrees).
The one per connection is the lower, so one visitor cannot close sign-up for everyone.

The connection is the one django-axes reads for log-in (REMOTE_ADDR: behind a proxy uvicorn's
--proxy-headers has put the forwarded address there); an IPv6 address counts by its /64, which one
household or one machine holds whole. Only a keyed digest of it is stored, for an hour.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from datetime import timedelta

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import SignUp

HOUR = timedelta(hours=1)


def connection_key(request: HttpRequest) -> str:
    """A keyed digest of the visitor's connection: the address, or an IPv6 address's /64."""
    address = get_client_ip_address(request) or ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        network = address
    else:
        if ip.version == 6 and ip.ipv4_mapped is None:
            network = str(ipaddress.ip_network(f"{ip}/64", strict=False))
        else:
            network = str(getattr(ip, "ipv4_mapped", None) or ip)
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, b"sign-up:" + network.encode(), hashlib.sha256).hexdigest()


def refusal(request: HttpRequest) -> str | None:
    """Why this visitor may not make an account now, in their language; None if they may."""
    since = timezone.now() - HOUR
    SignUp.objects.filter(made_at__lt=since).delete()  # kept no longer than it counts
    mine = SignUp.objects.filter(address=connection_key(request), made_at__gte=since).count()
    if mine >= settings.SIGNUPS_PER_ADDRESS:
        return ngettext(
            "%(count)s account was made from this connection in the last hour, as many as one "
            "connection may make. Please try again in an hour.",
            "%(count)s accounts were made from this connection in the last hour, as many as one "
            "connection may make. Please try again in an hour.",
            mine,
        ) % {"count": mine}
    if get_user_model().objects.filter(date_joined__gte=since).count() >= settings.SIGNUPS_PER_HOUR:
        return _("Many accounts were made here in the last hour. Please try again later.")
    return None


def record(request: HttpRequest) -> None:
    SignUp.objects.create(address=connection_key(request))


def limits_sentence() -> str:
    """What the sign-up page says of the limits before anyone meets them."""
    return ngettext(
        "This server takes at most %(server)s new account an hour, and %(connection)s from one "
        "connection.",
        "This server takes at most %(server)s new accounts an hour, and %(connection)s from one "
        "connection.",
        settings.SIGNUPS_PER_HOUR,
    ) % {"server": settings.SIGNUPS_PER_HOUR, "connection": settings.SIGNUPS_PER_ADDRESS}
