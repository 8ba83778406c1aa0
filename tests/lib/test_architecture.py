"""The package's shape: no module reaches into another's private names, no import cycle,
and the library never imports the course built on it.

A private name (``_x``) is a module's own business: another module
that needs it asks for a public name instead (argument checks live in ``evalbook._core.checks``,
whose public names anyone may import). The walk reads every module with ``ast``, so it
sees ``from m import _x``, relative imports, and ``m._x`` on an imported module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "evalbook"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_package(module: str, modules) -> bool:
    return any(other.startswith(module + ".") for other in modules)


def _resolve(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    """The absolute name of the module a ``from ... import`` reads from."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def private_imports(module: str, source: str, modules) -> list[str]:
    """Every private name ``module`` takes from another module of the package."""
    tree = ast.parse(source)
    is_package = _is_package(module, modules)
    found = []
    aliases: dict[str, str] = {}  # local name -> evalbook module it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != "evalbook":
                    continue
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    aliases["evalbook"] = "evalbook"
        elif isinstance(node, ast.ImportFrom):
            source_module = _resolve(module, node, is_package)
            if source_module.split(".")[0] != "evalbook":
                continue
            for alias in node.names:
                submodule = f"{source_module}.{alias.name}"
                if submodule in modules:  # `from evalbook import scores`: a module
                    aliases[alias.asname or alias.name] = submodule
                    if _is_private(alias.name):
                        continue  # a private module: its public names are fine
                if source_module != module and _is_private(alias.name):
                    found.append(f"line {node.lineno}: from {source_module} import {alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            dotted = _dotted(node.value)
            if dotted is None:
                continue
            head, _, rest = dotted.partition(".")
            if head not in aliases:
                continue
            target = aliases[head] + (f".{rest}" if rest else "")
            if f"{target}.{node.attr}" in modules:
                continue  # evalbook._core.checks, a private module, named as an attribute
            if target in modules and target != module:
                found.append(f"line {node.lineno}: {dotted}.{node.attr}")
    return found


def _dotted(node) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


# ---------------------------------------------------------------------- the detector itself
FAKE = {
    "evalbook",
    "evalbook._core",
    "evalbook.metrics",
    "evalbook._core.checks",
    "evalbook.metrics._ranking",
    "evalbook.displays._displays",
    "evalbook.widgets",
    "evalbook.widgets.threshold",
    "evalbook.widgets.positive_class",
}


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("evalbook.displays._displays", "from evalbook.metrics._ranking import _binary_scores"),
        (
            "evalbook.displays._displays",
            "from evalbook.metrics._ranking import roc_curve, _check_threshold as c",
        ),
        ("evalbook.displays._displays", "from .scores import _binary_scores"),
        ("evalbook.widgets.threshold", "from ..scores import _binary_scores"),
        ("evalbook.widgets.threshold", "from .positive_class import _check_ids"),
        ("evalbook.widgets", "from .positive_class import _check_ids"),
        (
            "evalbook.displays._displays",
            "import evalbook.metrics._ranking\nevalbook.metrics._ranking._binary_scores(1)",
        ),
        (
            "evalbook.displays._displays",
            "import evalbook.metrics._ranking as s\ns._binary_scores(1)",
        ),
        (
            "evalbook.displays._displays",
            "from evalbook.metrics import _ranking\n_ranking._check_threshold(1)",
        ),
        ("evalbook.widgets.threshold", "from evalbook.widgets import positive_class as p\np._x"),
        ("evalbook.displays._displays", "from evalbook._core.checks import _private_helper"),
    ],
)
def test_detector_finds_private_imports(module, source):
    assert private_imports(module, source, FAKE)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        (
            "evalbook.displays._displays",
            "from evalbook._core.checks import as_number_array, check_flag",
        ),
        (
            "evalbook.displays._displays",
            "from evalbook._core import checks\nchecks.as_number_array(1)",
        ),
        (
            "evalbook.displays._displays",
            "import evalbook._core.checks\nevalbook._core.checks.check_flag(1)",
        ),
        (
            "evalbook.displays._displays",
            "from evalbook.metrics import roc_curve\nimport numpy as np\nnp._x",
        ),
        ("evalbook.metrics._ranking", "def _helper():\n    pass\n_helper()"),
        ("evalbook", "import sys\nsys.modules['evalbook.metrics._ranking'].__all__"),
        ("evalbook.displays._displays", "from evalbook.metrics._ranking import __all__"),
        ("evalbook.displays._displays", "import evalbook\nevalbook.__version__"),
    ],
)
def test_detector_accepts_public_names(module, source):
    assert private_imports(module, source, FAKE) == []


# ---------------------------------------------------------------------- the package
def test_the_walk_sees_the_whole_package():
    assert {
        "evalbook",
        "evalbook._core.checks",
        "evalbook.metrics._confusion",
        "evalbook.widgets",
    } <= set(MODULES)
    assert len(MODULES) > 20


def test_no_module_imports_a_private_name_of_another():
    found = {}
    for module, path in MODULES.items():
        names = private_imports(module, path.read_text(encoding="utf-8"), MODULES)
        if names:
            found[module] = names
    assert found == {}, f"modules that take private names of others: {found}"


# ---------------------------------------------------------------------- the import graph
def imported_modules(module: str, source: str, modules) -> set[str]:
    """The modules of ``modules`` that ``module`` imports, at its top or inside a function.

    ``from evalbook.metrics import roc_auc`` reads ``evalbook.metrics`` (its ``__init__``);
    ``from evalbook.metrics import _ranking`` reads the module ``evalbook.metrics._ranking``.
    """
    is_package = _is_package(module, modules)
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in modules}
        elif isinstance(node, ast.ImportFrom):
            source_module = _resolve(module, node, is_package)
            for alias in node.names:
                submodule = f"{source_module}.{alias.name}"
                if submodule in modules:
                    found.add(submodule)
                elif source_module in modules:
                    found.add(source_module)
    found.discard(module)
    return found


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_cycle_finder_finds_a_cycle_and_only_cycles():
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_import_graph_reads_submodules_and_packages():
    fake = {"evalbook", "evalbook.metrics", "evalbook.metrics._ranking", "evalbook.displays"}
    source = (
        "from evalbook.metrics import roc_auc\n"
        "def f():\n    from evalbook.metrics import _ranking\n"
        "import evalbook.displays"
    )
    assert imported_modules("evalbook.displays", source, fake) == {
        "evalbook.metrics",
        "evalbook.metrics._ranking",
    }


def library_graph() -> dict[str, set[str]]:
    return {
        module: imported_modules(module, path.read_text(encoding="utf-8"), MODULES)
        for module, path in MODULES.items()
    }


def test_the_library_has_no_import_cycle():
    assert import_cycles(library_graph()) == []


def test_the_library_never_imports_the_course():
    """``evalbook`` is general: a course (``evalcourse``) registers itself with it."""
    found = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            found += [f"{module}:{node.lineno}" for n in names if n.split(".")[0] == "evalcourse"]
    assert found == []


def test_the_course_uses_only_the_librarys_public_names():
    """A course reads ``evalbook`` as any user does: no module whose path has a ``_`` part."""
    course = PACKAGE.parent / "evalcourse"
    found = []
    for path in sorted(course.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            found += [
                f"{path.name}:{node.lineno} {n}"
                for n in names
                if n.split(".")[0] == "evalbook" and any(p.startswith("_") for p in n.split("."))
            ]
    assert len(list(course.rglob("set_*.py"))) >= 12
    assert found == []


# ---------------------------------------------------------------------- the written-out namespace
def star_imports_and_computed_lists(source: str) -> list[str]:
    """Every ``from m import *``, and an ``__all__`` that is not a literal list of strings
    (built from other modules' lists at import time, which readers and tools cannot see)."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            found.append(f"line {node.lineno}: from {node.module} import *")
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            value = node.value
            literal = isinstance(value, ast.List) and all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts
            )
            if not literal:
                found.append(f"line {node.lineno}: __all__ is not a list of strings")
        if isinstance(node, ast.AugAssign) and getattr(node.target, "id", None) == "__all__":
            found.append(f"line {node.lineno}: __all__ is extended")
    return found


@pytest.mark.parametrize(
    "source",
    [
        "from evalbook.metrics import *",
        "from .scores import *",
        "__all__ = sorted(['a', 'b'])",
        "__all__ = [*scores.__all__]",
        "__all__ = ['a', name]",
        "__all__ = ['a']\n__all__ += ['b']",
    ],
)
def test_detector_finds_star_imports_and_computed_lists(source):
    assert star_imports_and_computed_lists(source)


def test_detector_accepts_written_out_lists():
    assert star_imports_and_computed_lists("from m import a, b\n__all__ = ['a', 'b']") == []


def test_no_module_star_imports_or_computes_its_public_list():
    found = {}
    for module, path in MODULES.items():
        names = star_imports_and_computed_lists(path.read_text(encoding="utf-8"))
        if names:
            found[module] = names
    assert found == {}, f"write the names out: {found}"
