"""The layers point one way, as ARCHITECTURE.md draws them ("Layers are checked, not hoped for").

Every .py file of play/, campaign/, legacy_deck/ and machikoro/ is read with `ast` (nothing is
imported), and each import statement becomes an arrow from its file to the project module it
names: `import a.b`, `from a.b import c` (to `a.b.c` when that is a module, else to `a.b`) and
relative imports alike, wherever they stand, at the top of a module or inside a function, since
a function-level import is an import all the same, only later. Imports under
`if TYPE_CHECKING:` never run, but two files that name each other still lean on each other: they
count as arrows, towards a circle too.
Strings that name a callable (settings, `import_string`) are no arrows: that is how the
plumbing is handed work.
"""

from __future__ import annotations

import ast
import textwrap
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("play", "campaign", "legacy_deck", "machikoro")
APPS = ("play", "campaign", "legacy_deck")
# The composition root: the only plumbing that names the apps (settings.py by strings only).
COMPOSITION_ROOT = {"machikoro.settings", "machikoro.urls"}


@dataclass(frozen=True)
class Arrow:
    source: str  # the importing module
    target: str  # the project module imported
    line: int
    typing_only: bool  # under `if TYPE_CHECKING:`

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} (line {self.line})"


def project_modules(root: Path) -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, typing_only: bool = False):
    """Each import statement in `tree` with whether it sits under `if TYPE_CHECKING:`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, typing_only
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                yield from _imports(ast.Module(body=[child], type_ignores=[]), True)
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]), typing_only)
        else:
            yield from _imports(node, typing_only)


def _named(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The dotted names an import statement asks for, relative ones made absolute: for
    `from a.b import c` both `a.b.c` (c may be a module) and `a.b`."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def arrows(root: Path = ROOT) -> list[Arrow]:
    modules = project_modules(root)
    found = set()
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node, typing_only in _imports(tree):
            names = _named(node, module, path.name == "__init__.py")
            if isinstance(node, ast.ImportFrom):
                # `from a.b import c`: the module a.b.c if there is one, else a.b itself
                base, *members = names
                targets = [name for name in members if name in modules] or [base]
            else:
                targets = names
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != module:
                    found.add(Arrow(module, target, node.lineno, typing_only))
    return sorted(found, key=lambda arrow: (arrow.source, arrow.target, arrow.line))


def circles(found: list[Arrow]) -> list[list[str]]:
    """Each group of modules that import one another (strongly connected, two or more)."""
    graph: dict[str, set[str]] = {}
    for arrow in found:
        graph.setdefault(arrow.source, set()).add(arrow.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []

    def visit(start: str) -> None:
        # Tarjan's algorithm without recursion: (module, its targets still to look at)
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[module] = min(low[module], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == module:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(groups)


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def wrong_way(found: list[Arrow]) -> list[str]:
    """Every arrow against ARCHITECTURE.md, each with the first rule it breaks."""
    broken = []
    for arrow in found:
        source, target = arrow.source, arrow.target
        if _within(source, "play.engine") and not _within(target, "play.engine"):
            broken.append(f"{arrow}: the engine imports nothing of the project outside it")
        elif _within(source, "legacy_deck") and _within(target, "campaign"):
            broken.append(f"{arrow}: the deck knows no campaign")
        elif (
            _within(source, "legacy_deck")
            and _within(target, "play")
            and not _within(target, "play.engine")
        ):
            broken.append(f"{arrow}: the deck takes only play.engine of play")
        elif _within(source, "play") and _within(target, "campaign"):
            broken.append(f"{arrow}: play knows no campaign")
        elif (
            _within(source, "machikoro")
            and source not in COMPOSITION_ROOT
            and any(_within(target, app) for app in APPS)
        ):
            broken.append(f"{arrow}: the plumbing is handed work by registration, not imports")
        elif target == "play.views" and source != "play.urls":
            broken.append(f"{arrow}: views translate HTTP; a board is asked of play.board_maker")
    return broken


def test_no_two_project_files_import_each_other():
    found = circles(arrows())
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(group) for group in found)


def test_every_import_points_the_way_the_layers_do():
    broken = wrong_way(arrows())
    assert broken == [], "\n".join(broken)


def test_the_engine_needs_no_django():
    engine = [
        (path, node)
        for module, path in project_modules(ROOT).items()
        if _within(module, "play.engine")
        for node, _typing_only in _imports(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert engine, "the engine's files were not found"
    django = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path, node in engine
        if any(name.split(".")[0] == "django" for name in _named(node, "play.engine.x", False))
    ]
    assert django == []


# -- the checker itself finds what it is for --------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for package in PACKAGES:
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return tmp_path


def test_a_circle_through_a_function_level_import_is_found(tmp_path):
    root = _tree(
        tmp_path,
        {
            "campaign/first.py": "from .second import thing\n",
            "campaign/second.py": "def thing():\n    from campaign import first\n",
            "campaign/third.py": "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from campaign.first import thing\n",
            "campaign/fourth.py": "import campaign.third\n",
        },
    )
    assert circles(arrows(root)) == [["campaign.first", "campaign.second"]]


def test_a_type_checking_import_makes_a_circle_too(tmp_path):
    root = _tree(
        tmp_path,
        {
            "campaign/models.py": "from .decks import deck_of\n",
            "campaign/decks.py": "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from .models import Campaign\n",
        },
    )
    assert circles(arrows(root)) == [["campaign.decks", "campaign.models"]]


def test_each_wrong_arrow_is_named(tmp_path):
    root = _tree(
        tmp_path,
        {
            "play/engine/__init__.py": "",
            "play/engine/rules.py": "from play import describe\n",
            "play/describe.py": "from play.engine import rules\n",
            "play/views.py": "def view():\n    from campaign.models import Campaign\n",
            "campaign/models.py": "",
            "legacy_deck/uploads.py": "from campaign.models import Campaign\n"
            "from play.describe import or_list\nfrom play.engine.rules import x\n",
            "machikoro/asgi.py": "from play.views import view\n",
            "machikoro/urls.py": "from play import urls\n",
            "play/urls.py": "from play import views\n",
            "play/pushed.py": "from .views import context\n",
        },
    )
    broken = wrong_way(arrows(root))
    assert [line.split(":")[-1].strip() for line in broken] == [
        "the deck knows no campaign",
        "the deck takes only play.engine of play",
        "the plumbing is handed work by registration, not imports",
        "the engine imports nothing of the project outside it",
        "views translate HTTP; a board is asked of play.board_maker",
        "play knows no campaign",
    ]


# -- the plumbing is handed the apps' work ----------------------------------------------------


def test_the_server_runs_the_tasks_the_settings_name_beside_its_requests():
    import machikoro.asgi
    from play.autoplay import play_due_bots
    from play.presence import write_sightings

    assert machikoro.asgi.beside_the_server == [play_due_bots, write_sightings]
