"""The nginx site of docs/operations.md passes `nginx -t` as printed (issue 19): only its two
certificate paths are pointed at a throwaway certificate made here. Skipped where nginx is not
installed, unless REQUIRE_NGINX=1 (CI installs it)."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CERTIFICATE = "/etc/letsencrypt/live/games.example.org/fullchain.pem"
KEY = "/etc/letsencrypt/live/games.example.org/privkey.pem"


def printed_site() -> str:
    text = (ROOT / "docs" / "operations.md").read_text()
    (site,) = re.findall(r"<!-- drill: nginx -->\s*```nginx\n(.*?)```", text, re.S)
    return site


def two_machines_site() -> str:
    """The site with the upstream of "A second app machine" in place of its own."""
    text = (ROOT / "docs" / "operations.md").read_text()
    (upstream,) = re.findall(r"<!-- drill: upstream-two -->\s*```nginx\n(.*?)```", text, re.S)
    both = r"upstream machikoro \{.*?upstream machikoro_streams \{.*?\n\}\n"
    return re.sub(both, upstream, printed_site(), count=1, flags=re.S)


@pytest.fixture
def nginx() -> str:
    found = shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None
    )
    if found is None:
        if os.getenv("REQUIRE_NGINX", "") not in {"", "0"}:
            pytest.fail("REQUIRE_NGINX=1 but nginx is not installed (apt-get install nginx)")
        pytest.skip("nginx is not installed")
    return found


@pytest.mark.parametrize("site", [printed_site(), two_machines_site()], ids=["one", "two"])
def test_the_printed_site_passes_nginx_t(nginx, tmp_path, site):
    assert CERTIFICATE in site and KEY in site
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", "/CN=games.example.org",
            "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem"),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )  # fmt: skip
    site = site.replace(CERTIFICATE, str(tmp_path / "cert.pem"))
    (tmp_path / "machikoro.conf").write_text(site.replace(KEY, str(tmp_path / "key.pem")))
    # What Debian's /etc/nginx/nginx.conf wraps a site in, with this folder for its files
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\n"
        f"error_log {tmp_path}/error.log;\n"
        "events {}\n"
        "http {\n"
        f"    include {tmp_path}/machikoro.conf;\n"
        "}\n"
    )

    checked = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"),
         "-c", str(tmp_path / "nginx.conf")],
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip

    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr


def test_the_site_redirects_plain_http_and_passes_streams_unbuffered():
    site = printed_site()

    assert "listen 80;" in site and "return 301 https://$host$request_uri;" in site
    stream = site.split("location ~ ^/(g|c)/.+/events/$ {")[1].split("}")[0]
    assert "proxy_buffering off;" in stream and "proxy_read_timeout 1h;" in stream
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in site


def test_the_site_keeps_the_port_in_host_and_tells_no_version():
    """Issue 27: `Host $host` dropped a port other than 443, and every form was refused
    ("Origin checking failed"); the drill (.ci/operations_drill.py) signs in through it."""
    site = printed_site()

    assert "proxy_set_header Host $http_host;" in site
    assert "proxy_set_header Host $host;" not in site
    assert site.count("server_tokens off;") == 2  # both servers
    assert "preload" not in site
