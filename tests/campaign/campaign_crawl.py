"""A visitor who follows everything: every link, every form (as the page fills it in), every
htmx request a page would make, every redirect, and every shorter URL made by cutting a path
at a slash, from one starting link, with the test client. What it reached and which secrets it
saw on the way are the measure of what that link opens.

    found = crawl(client, "/c/m/<mayor secret>/", secrets={"the table's link": ..., ...})
    assert found.seen == {}

Submits forms only on the campaign's own pages (`/c/`, `/campaigns/`): a seat's moves on its own
board are its business (tests/web/test_access.py checks who may move). Bounded: at most
`budget` requests, never a static file, the language switch, the admin or log-out.

A page's stream (`sse-connect`) is read up to its first two events, as the page opens it and
with no version named (so it sends what it has now, a board for instance): a test that crawls
commits (`django_db(transaction=True)`), since a stream looks from threads of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from django.urls import URLPattern, get_resolver
from stream_reader import read_stream

SKIPPED = ("/static/", "/i18n/", "/admin/", "/accounts/logout/", "/favicon.ico")
FORMS_SUBMITTED = ("/c/", "/campaigns/")


@dataclass(frozen=True)
class Request:
    method: str
    url: str
    data: tuple = ()  # (name, value) pairs, as a form sends them

    def __str__(self) -> str:
        return f"{self.method.upper()} {self.url}"


@dataclass
class Found:
    answered: dict[Request, int] = field(default_factory=dict)  # every request and its status
    seen: dict[str, set[str]] = field(default_factory=dict)  # secret's name -> where it showed

    @property
    def pages(self) -> set[str]:
        """Distinct paths that answered a GET with a page (2xx)."""
        return {
            urlsplit(r.url).path
            for r, status in self.answered.items()
            if r.method == "get" and 200 <= status < 300
        }

    @property
    def steps_taken(self) -> set[str]:
        """Forms posted that were taken (a redirect or a page, not a refusal)."""
        return {
            str(r) for r, status in self.answered.items() if r.method == "post" and status < 400
        }


class _Page(HTMLParser):
    """Every URL a browser could request from this page, and every form as it would send it."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.streams: list[str] = []
        self.forms: list[dict] = []
        self._form: dict | None = None
        self._select: tuple[str, list] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("href", "src", "hx-get", "action", "data-url"):
            if attrs.get(name):
                self.urls.append(attrs[name])
        if attrs.get("sse-connect"):
            self.streams.append(attrs["sse-connect"])
        if attrs.get("hx-post"):
            self.forms.append({"method": "post", "action": attrs["hx-post"], "fields": []})
        if tag == "form":
            self._form = {
                "method": (attrs.get("method") or "get").lower(),
                "action": attrs.get("action") or "",
                "fields": [],
            }
            self.forms.append(self._form)
        elif self._form is not None and tag in ("input", "button", "textarea"):
            self._field(tag, attrs)
        elif self._form is not None and tag == "select" and attrs.get("name"):
            self._select = (attrs["name"], [])
        elif self._select is not None and tag == "option":
            self._select[1].append((attrs.get("value", ""), "selected" in attrs))

    def _field(self, tag, attrs):
        name = attrs.get("name")
        if not name or "disabled" in attrs:
            return
        kind = (attrs.get("type") or "text").lower()
        if kind in ("checkbox", "radio") and "checked" not in attrs:
            return
        if tag == "button" or kind in ("submit", "button", "image", "file"):
            return
        if name == "csrfmiddlewaretoken":  # new on every page; the test client needs none
            return
        self._form["fields"].append((name, attrs.get("value", "")))

    def handle_endtag(self, tag):
        if tag == "select" and self._select is not None and self._form is not None:
            name, options = self._select
            chosen = [v for v, selected in options if selected] or [v for v, _ in options[:1]]
            self._form["fields"] += [(name, value) for value in chosen]
            self._select = None
        elif tag == "form":
            self._form = None


def _local(url: str, base: str) -> str | None:
    """The path and query of a URL on this site, or None for another site's or a fragment."""
    if not url or url.startswith(("#", "mailto:", "javascript:", "data:")):
        return None
    absolute = urlsplit(urljoin("http://testserver" + base, url))
    if absolute.scheme not in ("http", "https"):
        return None
    path = absolute.path + (f"?{absolute.query}" if absolute.query else "")
    if path.startswith(SKIPPED):
        return None
    return path


def _cuts(path: str) -> Iterable[str]:
    """Every shorter path made by cutting at a slash: /c/a/m/b/ gives /c/a/m/, /c/a/, /c/."""
    parts = urlsplit(path).path.rstrip("/").split("/")
    for end in range(len(parts) - 1, 1, -1):
        yield "/".join(parts[:end]) + "/"


def crawl(client, start: str, *, secrets: dict[str, str], budget: int = 400) -> Found:
    """Follow everything reachable from `start`; note every secret (by name) in any answer."""
    found = Found()
    queue: list[Request] = [Request("get", start)]
    queued = set(queue)

    def add(request: Request) -> None:
        if request not in queued:
            queued.add(request)
            queue.append(request)

    while queue and len(found.answered) < budget:
        request = queue.pop(0)
        if request.method == "stream":
            status, sent = read_stream(request.url, 2, cookies=client.cookies)
            found.answered[request] = status
            text, headers, content_type, redirects = "".join(sent), "", "html", []
        else:
            if request.method == "post":
                response = client.post(request.url, dict(_grouped(request.data)))
            else:
                response = client.get(request.url)
            found.answered[request] = response.status_code
            text = response.content.decode("utf-8", "replace")
            headers = " ".join(f"{k}: {v}" for k, v in response.headers.items())
            content_type = response.get("Content-Type", "")
            redirects = [response.get(header, "") for header in ("Location", "HX-Redirect")]
        for name, secret in secrets.items():
            if secret and (secret in text or secret in headers):
                found.seen.setdefault(name, set()).add(str(request))
        for redirect in redirects:
            target = _local(redirect, request.url)
            if target:
                add(Request("get", target))
        path = urlsplit(request.url).path
        for cut in _cuts(path):
            add(Request("get", cut))
        if "html" not in content_type:
            continue
        page = _Page()
        page.feed(text)
        for url in page.streams:
            target = _local(url, request.url)
            if target:
                add(Request("stream", target))
                add(Request("stream", urlsplit(target).path))
        for url in page.urls:
            target = _local(url, request.url)
            if target:
                add(Request("get", target))
        for form in page.forms:
            target = _local(form["action"], request.url) or urlsplit(request.url).path
            if form["method"] == "get":
                query = "&".join(f"{k}={v}" for k, v in form["fields"])
                add(Request("get", target + (f"?{query}" if query else "")))
            elif target.startswith(FORMS_SUBMITTED):
                fields = tuple(form["fields"])
                add(Request("post", target, fields))
    return found


def _grouped(pairs: tuple) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for name, value in pairs:
        grouped.setdefault(name, []).append(value)
    return grouped


def campaign_routes() -> dict[str, URLPattern]:
    """Every route of campaign/urls.py by name: tests that must cover them all read them here."""
    namespace = get_resolver().namespace_dict["campaign"][1]
    return {pattern.name: pattern for pattern in namespace.url_patterns}
