"""Issue 36, item 8: docs/operations.md prints the server's settings file in full (its `env`
block, which the operations drill writes as printed): every setting machikoro/settings.py reads
from the environment is in it, with a line above saying what it does and its default."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READERS = {"getenv", "_env_bool"}  # os.getenv(NAME, ...), _env_bool(NAME, ...)


def names_read_by_settings() -> set[str]:
    tree = ast.parse((ROOT / "machikoro" / "settings.py").read_text())
    names = set()
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call):
            continue
        function = call.func
        called = getattr(function, "attr", None) or getattr(function, "id", None)
        if called in READERS and call.args and isinstance(call.args[0], ast.Constant):
            names.add(call.args[0].value)
        if called == "config":  # dj_database_url.config(env=NAME)
            names |= {k.value.value for k in call.keywords if k.arg == "env"}
        if isinstance(function, ast.Subscript):  # os.environ[NAME]
            names.add(function.slice.value)
    return names


def printed_settings_file() -> list[str]:
    guide = (ROOT / "docs" / "operations.md").read_text()
    block = re.search(r"<!-- drill: env -->\s*```sh\n(.*?)\n```", guide, re.S)[1]
    return re.search(r"<<SETTINGS\n(.*?)\nSETTINGS", block, re.S)[1].splitlines()


def test_every_setting_read_is_in_the_printed_file_with_what_it_does_and_its_default():
    lines = printed_settings_file()
    settings_at = {}
    for number, line in enumerate(lines):
        match = re.match(r"#?([A-Z][A-Z0-9_]+)=", line)
        if match:
            settings_at[match[1]] = number

    read = names_read_by_settings()
    assert len(read) > 30  # the parse found the settings at all
    assert read - settings_at.keys() == set(), "read by settings.py, missing from the file"
    assert settings_at.keys() - read == set(), "in the file, read by nobody"
    for name, number in settings_at.items():
        # its explanation: the comment lines just above it (or above its group's first line)
        above = number - 1
        while re.match(r"#[A-Z][A-Z0-9_]+=", lines[above]):
            above -= 1
        comment = lines[above]
        assert comment.startswith("# ") and len(comment) > 20, name
        said = " ".join(line for line in lines[above - 2 : above + 1] if line.startswith("# "))
        assert "Default" in said, f"{name}: no default said"


def literal_defaults() -> dict[str, str]:
    """NAME -> the default settings.py gives, where it is written as a literal."""
    tree = ast.parse((ROOT / "machikoro" / "settings.py").read_text())
    defaults = {}
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and len(call.args) == 2):
            continue
        called = getattr(call.func, "attr", None) or getattr(call.func, "id", None)
        name, default = call.args
        literal = isinstance(name, ast.Constant) and isinstance(default, ast.Constant)
        if called in READERS and literal:
            value = default.value
            defaults[name.value] = str(int(value)) if isinstance(value, bool) else str(value)
    return defaults


def test_the_defaults_the_file_shows_are_those_settings_py_gives():
    shown = {}
    for line in printed_settings_file():
        match = re.match(r"#([A-Z][A-Z0-9_]+)=(.*)$", line)
        if match:
            shown[match[1]] = match[2]
    defaults = literal_defaults()

    compared = shown.keys() & defaults.keys()
    assert len(compared) > 20
    assert {name: shown[name] for name in compared} == {name: defaults[name] for name in compared}
