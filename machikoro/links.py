"""Links another device at the table can open: absolute URLs that carry this machine's network
address, and their QR codes. A seat's or a mayor's link made on a page opened at 127.0.0.1 would
lead a phone to itself."""

from __future__ import annotations

import segno
from django.http import HttpRequest
from django.http.request import split_domain_port

from machikoro.network import is_loopback, lan_addresses


def reachable_url(request: HttpRequest, path: str) -> str:
    """An absolute URL another device can open: the host this page was opened with, unless
    that names this very machine (127.0.0.1, localhost), then its address on the network."""
    hostname, port = split_domain_port(request.get_host())
    addresses = lan_addresses() if is_loopback(hostname) else []
    if not addresses:
        return request.build_absolute_uri(path)
    netloc = f"{addresses[0]}:{port}" if port else addresses[0]
    return f"{request.scheme}://{netloc}{path}"


def qr_code(url: str) -> str:
    """The URL as an inline SVG QR code, for a phone's camera."""
    return segno.make(url, error="m").svg_inline(scale=3, border=2, omitsize=True)
