"""Places inside a parsed JSON or TOML document, for the fuzz tests that change one of them."""

from __future__ import annotations

import copy


def places(value, prefix=()):
    """Every place inside the value, itself first, as a tuple of keys and indexes."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from places(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from places(inner, (*prefix, index))


def replaced(document, place: tuple, new):
    """A copy of the document with the value at `place` replaced by `new`."""
    if not place:
        return new
    document = copy.deepcopy(document)
    target = document
    for step in place[:-1]:
        target = target[step]
    target[place[-1]] = new
    return document
