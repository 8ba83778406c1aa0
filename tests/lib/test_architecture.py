"""The package's shape: no module reaches into another's private names; modules stay small.

A private name (``_x``) is a module's own business: another module
that needs it asks for a public name instead (argument checks live in ``evalbook._checks``,
whose public names anyone may import). The walk reads every module with ``ast``, so it
sees ``from m import _x``, relative imports, and ``m._x`` on an imported module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "evalbook"

#: The longest a library module may be (CONTRIBUTING.md, "No private doorways").
MAX_LINES = 600


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
                continue  # evalbook._checks, a private module, named as an attribute
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
    "evalbook._checks",
    "evalbook.scores",
    "evalbook.plots",
    "evalbook.widgets",
    "evalbook.widgets.threshold",
    "evalbook.widgets.positive_class",
}


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("evalbook.plots", "from evalbook.scores import _binary_scores"),
        ("evalbook.plots", "from evalbook.scores import roc_curve, _check_threshold as c"),
        ("evalbook.plots", "from .scores import _binary_scores"),
        ("evalbook.widgets.threshold", "from ..scores import _binary_scores"),
        ("evalbook.widgets.threshold", "from .positive_class import _check_ids"),
        ("evalbook.widgets", "from .positive_class import _check_ids"),
        ("evalbook.plots", "import evalbook.scores\nevalbook.scores._binary_scores(1)"),
        ("evalbook.plots", "import evalbook.scores as s\ns._binary_scores(1)"),
        ("evalbook.plots", "from evalbook import scores\nscores._check_threshold(1)"),
        ("evalbook.widgets.threshold", "from evalbook.widgets import positive_class as p\np._x"),
        ("evalbook.plots", "from evalbook._checks import _private_helper"),
    ],
)
def test_detector_finds_private_imports(module, source):
    assert private_imports(module, source, FAKE)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("evalbook.plots", "from evalbook._checks import as_number_array, check_flag"),
        ("evalbook.plots", "from evalbook import _checks\n_checks.as_number_array(1)"),
        ("evalbook.plots", "import evalbook._checks\nevalbook._checks.check_flag(1)"),
        ("evalbook.plots", "from evalbook.scores import roc_curve\nimport numpy as np\nnp._x"),
        ("evalbook.scores", "def _helper():\n    pass\n_helper()"),
        ("evalbook", "import sys\nsys.modules['evalbook.scores'].__all__"),
        ("evalbook.plots", "from evalbook.scores import __all__"),
        ("evalbook.plots", "import evalbook\nevalbook.__version__"),
    ],
)
def test_detector_accepts_public_names(module, source):
    assert private_imports(module, source, FAKE) == []


# ---------------------------------------------------------------------- the package
def test_the_walk_sees_the_whole_package():
    assert {"evalbook", "evalbook._checks", "evalbook.confusion", "evalbook.widgets"} <= set(
        MODULES
    )
    assert len(MODULES) > 20


def test_no_module_imports_a_private_name_of_another():
    found = {}
    for module, path in MODULES.items():
        names = private_imports(module, path.read_text(encoding="utf-8"), MODULES)
        if names:
            found[module] = names
    assert found == {}, f"modules that take private names of others: {found}"


def test_no_library_module_is_over_600_lines():
    lines = {
        module: path.read_text(encoding="utf-8").count("\n") for module, path in MODULES.items()
    }
    over = {module: count for module, count in lines.items() if count > MAX_LINES}
    assert over == {}, f"modules over {MAX_LINES} lines (split them by job): {over}"


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
        "from evalbook.scores import *",
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
