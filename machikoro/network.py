"""This machine's addresses on the local network, for the links a phone must be able to open.

Standard library only: `dev.py serve` uses it before the virtual environment exists, and the
views use it to turn a link made on http://127.0.0.1/ into one another device can reach.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
_SIOCGIFADDR = 0x8915  # Linux: the IPv4 address of an interface


def is_loopback(host: str) -> bool:
    """A host name or address that means this very device (so useless on another one)."""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def _interface_addresses() -> list[str]:
    """Every interface's IPv4 address (Linux); nothing elsewhere."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, request)
            except OSError:
                continue  # an interface without an IPv4 address
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def _route_address() -> str | None:
    """The address this machine would send from (connecting UDP sends no packet)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            return probe.getsockname()[0]
    except OSError:
        return None


def _private_first(address: str) -> tuple[bool, str]:
    return (not ipaddress.ip_address(address).is_private, address)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other devices may reach. First the one its default route
    leaves from (the Wi-Fi or LAN, not a container bridge), then home-network ones."""
    # No name lookup (gethostbyname): it may wait on DNS, and settings import this module.
    route = _route_address()
    others = {a for a in _interface_addresses() if _usable(a) and a != route}
    first = [route] if route and _usable(route) else []
    return first + sorted(others, key=_private_first)


def allowed_hosts() -> list[str]:
    """Host names a browser on the home network may use for this machine."""
    name = socket.gethostname()
    hosts = ["localhost", "127.0.0.1", "[::1]", *lan_addresses()]
    if name and not is_loopback(name):
        hosts += [name, f"{name}.local"]
    return hosts
