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
from pathlib import Path

import pytest

import evalbook

PACKAGE = Path(evalbook.__file__).resolve().parent

#: Public subpackages whose ``__all__`` is not in the top namespace, and why.
NOT_AT_TOP = {
    "evalbook.exercises": "the exercise engine, imported by the exercise notebooks",
    "evalbook.widgets": "the explorers load ipywidgets, so they are imported on demand",
}

#: Names a private module lists that stay in it: shared by the library's modules, not
#: something a lesson calls.
STAY_IN_THEIR_MODULE = {
    "evalbook.metrics._ranking": {"as_scored_data"},
    "evalbook.inference._comparison": {"friedman_exact_p_value"},
}

#: The names the package takes from its private core.
FROM_PRIVATE_MODULES = {
    "UndefinedMetricWarning": "evalbook._core.checks",
    "add_messages": "evalbook._core.messages",
    "config_context": "evalbook._core.config",
    "get_config": "evalbook._core.config",
    "set_config": "evalbook._core.config",
    "translated": "evalbook._core.translation",
}


def public_modules() -> list[str]:
    """Every module or subpackage directly in ``evalbook`` whose name is not private."""
    return sorted(
        f"evalbook.{info.name}"
        for info in pkgutil.iter_modules(evalbook.__path__)
        if not info.name.startswith("_")
    )


def topic_modules() -> list[str]:
    """The topic packages whose names make the flat namespace."""
    return [name for name in public_modules() if name not in NOT_AT_TOP]


def parts(package: str) -> list[str]:
    """The private modules of a topic package, one topic each."""
    path = importlib.import_module(package).__path__
    return [f"{package}.{info.name}" for info in pkgutil.iter_modules(path)]


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
    for module, names in STAY_IN_THEIR_MODULE.items():
        assert names <= set(importlib.import_module(module).__all__)
        assert not names & set(evalbook.__all__)


@pytest.mark.parametrize("package", topic_modules(), ids=str)
def test_a_topic_package_lists_exactly_its_modules_names(package):
    modules = parts(package)
    assert modules and all(m.rpartition(".")[2].startswith("_") for m in modules)
    expected = set()
    for module in modules:
        names = set(importlib.import_module(module).__all__)
        expected |= names - STAY_IN_THEIR_MODULE.get(module, set())
    gathered = importlib.import_module(package)
    assert sorted(gathered.__all__) == sorted(expected)
    for module in modules:
        for name in set(importlib.import_module(module).__all__) & expected:
            assert getattr(gathered, name) is getattr(importlib.import_module(module), name)


def test_the_topic_packages_are_the_ones_the_docs_name():
    assert topic_modules() == [
        "evalbook.displays",
        "evalbook.inference",
        "evalbook.metrics",
        "evalbook.model_selection",
    ]


def test_the_widgets_list_is_the_explorers_that_load_on_demand():
    import evalbook.widgets as widgets

    assert sorted(widgets.__all__) == sorted(widgets.explorers())
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
    for path in sorted(PACKAGE.rglob("*.py")):
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
    """``evalbook.summary`` is the function (its module is ``metrics._summary``), and
    "language" is the display language (``language=``), not a module."""
    modules = {name.rpartition(".")[2] for name in topic_modules()}
    assert "language" in _option_names() and "summary" in evalbook.__all__
    assert modules & set(evalbook.__all__) == set()
    assert modules & _option_names() == set()


def test_summary_is_the_function_and_its_module_is_apart():
    from evalbook.metrics import _summary as confusion_summary

    assert callable(evalbook.summary) and evalbook.summary is confusion_summary.summary
