"""Shared fixtures of the exercises' tests: the course's language, a course installed for
one test."""

from __future__ import annotations

import ast
import importlib
import sys
import textwrap
import warnings

import pytest

from evalbook import config_context
from evalbook.exercises import registry

#: A set "99" of two items, the smallest a course can declare.
TOY_SET = '''
"""Exercícios 99: a set of a course made for a test."""

from evalbook.exercises import Exercise, ExerciseSet
from evalbook.exercises.item import written

ITEMS = {
    "dois": Exercise(
        expected=lambda variant: 2 if variant is None else variant % 7,
        kind="count",
        look="Conte os dedos de uma mão que apontam.",
        formula="1 + 1.",
        call="`len([1, 2])`.",
    ),
    "explique": written("Por que dois?"),
}

SET = ExerciseSet("99", title="Um conjunto de brinquedo", variants=True, items=ITEMS)
'''


@pytest.fixture(autouse=True)
def _portuguese(_english_display):
    """The exercise engine speaks the course's language, as start() sets it (the library's
    default is English)."""
    with config_context(language="pt"):
        yield


@pytest.fixture
def install_course(tmp_path):
    """Install a course in a temporary folder: ``install_course({"set_99": source})``.

    The course is a package ``toycourse.exercises`` holding the given modules, declared
    under the engine's entry-point group by a ``toycourse-0.1.dist-info`` beside it, as
    ``pip install`` would; the folder is put on ``sys.path`` and the engine looks again.
    Returns the folder (for a subprocess's ``PYTHONPATH``). Removed after the test.
    """
    installed = []

    def install(modules: dict[str, str] | None = None, *, name: str = "toycourse"):
        modules = {"set_99": TOY_SET} if modules is None else modules
        folder = tmp_path / f"course-{len(installed)}"
        package = folder / name / "exercises"
        package.mkdir(parents=True)
        (folder / name / "__init__.py").write_text("")
        (package / "__init__.py").write_text("")
        for module, source in modules.items():
            (package / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
        dist = folder / f"{name}-0.1.dist-info"
        dist.mkdir()
        (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
        (dist / "entry_points.txt").write_text(
            f"[{registry.ENTRY_POINT_GROUP}]\n{name} = {name}.exercises\n"
        )
        for old in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
            del sys.modules[old]
        for earlier in installed:
            sys.path.remove(earlier)
        installed.append(str(folder))
        sys.path.insert(0, str(folder))
        importlib.invalidate_caches()
        registry.refresh()
        return folder

    yield install
    for folder in installed:
        if folder in sys.path:
            sys.path.remove(folder)
    for module in [m for m in sys.modules if m.split(".")[0] == "toycourse"]:
        del sys.modules[module]
    registry.refresh()


def _run_cells(cells, name: str) -> tuple[dict, list[str]]:
    """Run code cells, ``(cell id, source)`` in order, in this process as a kernel would; a
    cell ``exercicios.check(id, answer)`` goes through the notebook's session. Returns the
    namespace and the checks that were not accepted."""
    namespace: dict = {}
    failed = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for cell_id, source in cells:
            if source.lstrip().startswith("exercicios.check("):
                call = ast.parse(source).body[0].value
                answer = eval(compile(ast.Expression(call.args[1]), cell_id, "eval"), namespace)
                result = namespace["exercicios"].check(call.args[0].value, answer)
                if result.correct is False:
                    failed.append(f"{call.args[0].value}: {result.message}")
            else:
                exec(compile(source, f"{name}:{cell_id}", "exec"), namespace)
    return namespace, failed


@pytest.fixture
def run_cells():
    """``run_cells(cells, name)``: a notebook's code cells run in this process (no kernel),
    its checks through its session; returns (namespace, checks not accepted)."""
    return _run_cells
