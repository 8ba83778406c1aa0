"""The public namespace: ``evalbook.__all__`` is written out, and it is the modules' own.

Each public module lists its names in its ``__all__``; ``evalbook/__init__.py`` imports them
by name and lists them again in a written-out ``__all__`` (what editors, type checkers and
readers see without running the package). These tests keep the two in step, so a new public
function cannot be forgotten at the top, and check that every listed name can be imported
and has documentation. That no module star-imports and that every ``__all__`` is a literal
list is checked on the source, in ``tests/test_architecture.py``.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import pkgutil
import sys
from pathlib import Path

import pytest

import evalbook

PACKAGE = Path(evalbook.__file__).resolve().parent

#: Public modules whose ``__all__`` is not in the top namespace, and why.
NOT_AT_TOP = {
    "evalbook.data": "the CSV files behind evalbook.datasets, no Python names",
    "evalbook.exercises": "the exercise wing, imported by the exercise notebooks",
    "evalbook.widgets": "the explorers load ipywidgets, so they are imported on demand",
}

#: Old module names kept for one release: module -> the module it was renamed to.
DEPRECATED_MODULES = {"evalbook.language": "evalbook.text_metrics"}

#: Names a public module lists that stay in their module: shared by the library's modules,
#: not something a lesson calls.
STAY_IN_THEIR_MODULE = {"evalbook.scored": {"as_scored_data"}}

#: The names the package takes from its private modules.
FROM_PRIVATE_MODULES = {
    "UndefinedMetricWarning": "evalbook._checks",
    "get_language": "evalbook._render",
    "options": "evalbook._render",
    "set_language": "evalbook._render",
    "translated": "evalbook._render",
}

#: The modules that gather the modules of one lesson: module -> its parts.
GATHERING_MODULES = {
    "evalbook.validation": (
        "evalbook.splits",
        "evalbook.leakage_splits",
        "evalbook.resampling",
        "evalbook.crossval",
    ),
    "evalbook.inference": (
        "evalbook.intervals",
        "evalbook.score_intervals",
        "evalbook.comparison",
        "evalbook.multiple_testing",
    ),
    "evalbook._checks": tuple(
        f"evalbook._checks.{info.name}" for info in pkgutil.iter_modules([str(PACKAGE / "_checks")])
    ),
}


def public_modules() -> list[str]:
    """Every module or subpackage directly in ``evalbook`` whose name is not private."""
    return sorted(
        f"evalbook.{info.name}"
        for info in pkgutil.iter_modules(evalbook.__path__)
        if not info.name.startswith("_")
    )


def topic_modules() -> list[str]:
    return [
        name
        for name in public_modules()
        if name not in NOT_AT_TOP and name not in DEPRECATED_MODULES
    ]


# ---------------------------------------------------------------------- the list is complete
def test_the_written_out_list_is_the_union_of_the_modules_lists():
    expected = set(FROM_PRIVATE_MODULES)
    for name in topic_modules():
        module = importlib.import_module(name)
        expected |= set(module.__all__) - STAY_IN_THEIR_MODULE.get(name, set())
    missing = sorted(expected - set(evalbook.__all__))
    unknown = sorted(set(evalbook.__all__) - expected)
    assert (missing, unknown) == ([], []), (
        "evalbook/__init__.py: import and list the missing names; the unknown ones are in "
        "no public module's __all__"
    )


def test_the_list_has_no_repeats():
    assert len(evalbook.__all__) == len(set(evalbook.__all__))


def test_the_list_is_the_names_the_package_imports():
    """Nothing imported into ``evalbook/__init__.py`` is left out of ``__all__``."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    imported = {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert imported == set(evalbook.__all__)


def test_the_names_from_private_modules_are_theirs():
    for name, module in FROM_PRIVATE_MODULES.items():
        assert getattr(evalbook, name) is getattr(importlib.import_module(module), name)


def test_the_exceptions_are_still_needed():
    """An exception that no longer applies is removed from this file, not left behind."""
    modules = public_modules()
    assert set(NOT_AT_TOP) <= set(modules)
    assert set(DEPRECATED_MODULES) <= set(modules)
    for module, names in STAY_IN_THEIR_MODULE.items():
        assert names <= set(importlib.import_module(module).__all__)
        assert not names & set(evalbook.__all__)


@pytest.mark.parametrize("module", GATHERING_MODULES, ids=str)
def test_a_gathering_module_lists_exactly_its_parts_names(module):
    parts = GATHERING_MODULES[module]
    assert len(parts) >= 2
    expected = {name for part in parts for name in importlib.import_module(part).__all__}
    gathered = importlib.import_module(module)
    assert sorted(gathered.__all__) == sorted(expected)
    for name in expected:
        origin = next(p for p in parts if name in importlib.import_module(p).__all__)
        assert getattr(gathered, name) is getattr(importlib.import_module(origin), name)


def test_the_widgets_list_is_the_explorers_that_load_on_demand():
    import evalbook.widgets as widgets

    assert sorted(widgets.__all__) == sorted(widgets._EXPLORERS)
    assert len(widgets.__all__) == len(set(widgets.__all__))


# ---------------------------------------------------------------------- every name works
def test_every_listed_name_is_importable():
    namespace: dict = {}
    exec("from evalbook import *", namespace)
    namespace.pop("__builtins__")
    assert sorted(namespace) == sorted(evalbook.__all__)
    for name in evalbook.__all__:
        value = getattr(evalbook, name)
        module = getattr(value, "__module__", None)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert module.startswith("evalbook."), (name, module)


@functools.cache
def _constant_comments() -> dict[str, str]:
    """Name -> the ``#:`` comment above its assignment, for the top level of every module."""
    comments = {}
    for path in sorted(PACKAGE.glob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.parse("\n".join(lines)).body:
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AnnAssign):
                targets = [node.target]
            else:
                continue
            above = lines[: node.lineno - 1]
            comment = []
            while above and above[-1].startswith("#:"):
                comment.insert(0, above.pop()[2:].strip())
            for target in targets:
                if isinstance(target, ast.Name) and comment:
                    comments.setdefault(target.id, " ".join(comment))
    return comments


def _documentation(name: str, value) -> str:
    if inspect.isclass(value):
        doc = value.__dict__.get("__doc__") or ""
        # a NamedTuple's or dataclass's generated docstring only repeats its signature
        return "" if doc.startswith(f"{value.__name__}(") else doc
    if callable(value):
        return value.__doc__ or ""
    return _constant_comments().get(name, "")


@pytest.mark.parametrize("name", sorted(evalbook.__all__))
def test_every_listed_name_is_documented(name):
    """A function or class has its own docstring; a constant a ``#:`` comment above it."""
    assert len(_documentation(name, getattr(evalbook, name)).split()) >= 4


def test_the_documentation_check_sees_a_missing_docstring():
    from typing import NamedTuple

    class Bare(NamedTuple):
        x: int

    def bare():
        pass

    assert _documentation("Bare", Bare) == ""
    assert _documentation("bare", bare) == ""
    assert _documentation("NOT_A_CONSTANT", 3) == ""
    assert "arithmetic" not in _documentation("MEANS", evalbook.MEANS)
    assert "mean" in _documentation("MEANS", evalbook.MEANS)


# ---------------------------------------------------------------------- names that collide
def _option_names() -> set[str]:
    """The keyword-only parameters of the public functions and methods."""
    names = set()
    for value in (getattr(evalbook, name) for name in evalbook.__all__):
        callables = [value]
        if inspect.isclass(value):
            callables += [v for v in vars(value).values() if inspect.isfunction(v)]
        for function in callables:
            try:
                parameters = inspect.signature(function).parameters.values()
            except (TypeError, ValueError):
                continue
            names |= {p.name for p in parameters if p.kind is p.KEYWORD_ONLY}
    return names


def test_no_module_is_named_like_a_public_name_or_an_option():
    """``evalbook.summary`` is the function (its module is ``confusion_summary``), and
    "language" is the display language (``language=``), not a module."""
    modules = {name.rpartition(".")[2] for name in topic_modules()}
    assert "language" in _option_names() and "summary" in evalbook.__all__
    assert modules & set(evalbook.__all__) == set()
    assert modules & _option_names() == set()


def test_summary_is_the_function_and_its_module_is_apart():
    from evalbook import confusion_summary

    assert callable(evalbook.summary) and evalbook.summary is confusion_summary.summary


# ---------------------------------------------------------------------- the old names
@pytest.mark.parametrize("old", DEPRECATED_MODULES, ids=str)
def test_an_old_module_name_warns_and_gives_the_new_module(old):
    new = importlib.import_module(DEPRECATED_MODULES[old])
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=DEPRECATED_MODULES[old].replace(".", r"\.")):
        module = importlib.import_module(old)
    assert module is new and getattr(evalbook, old.rpartition(".")[2]) is new


def test_no_library_module_imports_an_old_module_name():
    """The old names are for users' code: the package itself does not trigger the warning."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not any(old.rpartition(".")[2] in source for old in DEPRECATED_MODULES):
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            if set(names) & set(DEPRECATED_MODULES):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []
