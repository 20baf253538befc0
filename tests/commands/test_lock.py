"""The two locks pin, with hashes, a version of everything pyproject.toml asks for that its ranges
allow, so a fresh machine installs what CI ran (issue 10): requirements/run.txt what production
needs and nothing of development (issue 19), requirements/dev.txt the same plus the tools."""

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)", re.M)
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
RUN = PROJECT["dependencies"]
DEV = PROJECT["optional-dependencies"]["dev"]


def pins(lock: str) -> dict[str, str]:
    text = (ROOT / "requirements" / lock).read_text()
    return {canonicalize_name(name): version for name, version in PIN.findall(text)}


@pytest.mark.parametrize(("lock", "wanted"), [("run.txt", RUN), ("dev.txt", RUN + DEV)])
def test_every_dependency_is_pinned_within_its_range(lock, wanted):
    locked = pins(lock)

    for line in wanted:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} is not in {lock}: refresh it (README)"
        assert requirement.specifier.contains(locked[name], prereleases=True), (name, line)


def test_production_installs_nothing_of_development():
    locked = pins("run.txt")

    assert not {canonicalize_name(Requirement(line).name) for line in DEV} & set(locked)
    assert {"uvicorn", "django", "psycopg"} <= set(locked)


def test_both_locks_agree_on_every_version_they_share():
    run, dev = pins("run.txt"), pins("dev.txt")

    assert {name: dev.get(name) for name in run} == run


@pytest.mark.parametrize("lock", ["run.txt", "dev.txt"])
def test_every_pin_has_a_hash(lock):
    text = (ROOT / "requirements" / lock).read_text()
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text)
    pinned = [block for block in blocks if PIN.match(block)]

    assert len(pinned) == len(pins(lock)) > 10
    assert all("--hash=sha256:" in block for block in pinned)
