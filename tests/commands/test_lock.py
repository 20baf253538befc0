"""The lock (requirements/lock.txt) pins, with hashes, a version of everything pyproject.toml
asks for that its ranges allow: so a fresh machine installs what CI ran (issue 10)."""

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)", re.M)


def pins() -> dict[str, str]:
    text = (ROOT / "requirements" / "lock.txt").read_text()
    return {canonicalize_name(name): version for name, version in PIN.findall(text)}


def test_every_dependency_is_pinned_within_its_range():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["dev"]]
    locked = pins()

    for line in wanted:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} is not in the lock: refresh it (README)"
        assert requirement.specifier.contains(locked[name], prereleases=True), (name, line)


def test_every_pin_has_a_hash():
    blocks = re.split(r"\n(?=[A-Za-z0-9])", (ROOT / "requirements" / "lock.txt").read_text())
    pinned = [block for block in blocks if PIN.match(block)]

    assert len(pinned) == len(pins()) > 10
    assert all("--hash=sha256:" in block for block in pinned)
