"""Which release this code is: the package's version, written once in pyproject.toml.

Shown where people look for it: the foot of every page, `/health/`'s answer, the admin's
header and `machikoro --version`."""

from __future__ import annotations

import importlib.metadata
import tomllib
from functools import cache
from pathlib import Path

_CHECKOUT_PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


@cache
def version() -> str:
    """A checkout reads its own pyproject.toml (the metadata of an install made from an older
    commit could lag behind the code); an installed release, its package's metadata."""
    if _CHECKOUT_PYPROJECT.is_file():
        project = tomllib.loads(_CHECKOUT_PYPROJECT.read_text()).get("project", {})
        if project.get("name") == "machikoro":
            return project["version"]
    return importlib.metadata.version("machikoro")


def context(_request) -> dict[str, str]:
    """Template context processor: `release_version` for the page's foot."""
    return {"release_version": version()}
