"""What a newcomer would otherwise guess is in the README (issue 27): how long the tests take and
which skip without PostgreSQL or Chromium (the files it names exist), that `serve` listens on
every interface and how to listen on one, and how to make an admin account."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def test_the_readme_says_what_serve_listens_on_and_how_to_make_an_admin():
    assert "every network interface" in README and "0.0.0.0" in README
    assert "python3 dev.py serve 127.0.0.1:8000" in README
    assert "manage.py createsuperuser" in README


def test_the_readme_says_how_long_the_tests_take_and_what_they_skip():
    assert re.search(r"about \d+ minutes on two cores", README)
    assert "Without `DATABASE_URL`" in README and re.search(r"Without\s+Chromium", README)
    section = README.split("**How long the tests take:**")[1].split("\n\n")[0]
    named = re.findall(r"`((?:tests/\w+/)?test_\w+\.py)`", section)
    assert len(named) >= 8
    for name in named:
        found = list((ROOT / "tests").rglob(Path(name).name))
        assert found, f"the README names {name}, which is not in tests/"


def test_serve_takes_the_address_the_readme_shows():
    import dev

    arguments = dev.uvicorn_arguments("127.0.0.1:8000", dev=False)
    assert arguments[arguments.index("--host") + 1] == "127.0.0.1"
