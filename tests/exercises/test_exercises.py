"""The exercises: the generator of the student notebooks, the checker and the notebooks.

- the committed ``exercises/NN_topic.ipynb`` are what the generator makes of their solutions;
- the generator's rules, on small synthetic notebooks (marker line, ``solution`` tag,
  outputs and metadata cleared, byte-stable and idempotent), and its command line;
- the checker accepts every answer of the solution notebooks and the independently computed
  values below, rejects wrong ones with a hint, and answers a wrong type or shape with a
  hint instead of an exception;
- every registered exercise id is used by exactly one check call of a solution notebook;
- the engine's imports point one way, and a course's set reads only the course's data and
  the engine's item record, never the session, the checker or another set.
"""

from __future__ import annotations

import ast
import copy
import doctest
import graphlib
import importlib
import re
import subprocess
import sys
import warnings
from pathlib import Path

import nbformat
import pytest

import evalbook
import evalbook.exercises
import evalbook.exercises.build
import evalcourse.exercises
from evalbook.exercises import check, registry, session
from evalbook.exercises.build import (
    MARKER,
    PLACEHOLDER,
    build_all,
    find_root,
    main,
    make_exercise,
    render,
)
from evalbook.exercises.registry import all_exercises, exercise_sets, set_of
from evalcourse.exercises import data

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = sorted((ROOT / "exercises" / "solucoes").glob("*_solucao.ipynb"))
WRONG = "❌ Ainda não. Dica: "
RIGHT = "✅ Correto!"


def _read(path: Path):
    return nbformat.read(path, as_version=4)


def _check_calls(notebook) -> list[tuple[str, ast.expr, str]]:
    """(exercise id, answer expression, cell id) of every ``exercicios.check("id", answer)``
    cell (the session that ``start`` returned, named ``exercicios`` in every notebook)."""
    calls = []
    for cell in notebook.cells:
        if cell.cell_type != "code" or "check(" not in cell.source:
            continue
        tree = ast.parse(cell.source)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "check"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "exercicios"
            ):
                assert len(tree.body) == 1, f"cell {cell.id}: a check cell holds only the call"
                assert isinstance(node.args[0], ast.Constant), f"cell {cell.id}: literal id"
                calls.append((node.args[0].value, node.args[1], cell.id))
    return calls


# ====================================================================== the committed files
def test_every_lesson_has_a_solution_notebook_of_the_same_name():
    lessons = sorted(path.stem for path in (ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb"))
    assert [path.name for path in SOLUTIONS] == [f"{name}_solucao.ipynb" for name in lessons]


def test_generated_notebooks_are_in_sync_with_their_solutions():
    assert build_all(ROOT, check=True) == []


@pytest.mark.slow
def test_cli_check_finds_the_root_from_a_subfolder():
    result = subprocess.run(
        [sys.executable, "-m", "evalbook.exercises.build", "--check"],
        cwd=ROOT / "exercises" / "solucoes",
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "in sync" in result.stdout


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda p: p.stem)
def test_exercise_notebook_hides_the_solutions(solution):
    exercise = _read(ROOT / "exercises" / solution.name.replace("_solucao", ""))
    solution_nb = _read(solution)
    by_id = {cell.id: cell for cell in exercise.cells}
    kept = [c for c in solution_nb.cells if "solution" not in c.metadata.get("tags", [])]
    assert [cell.id for cell in exercise.cells] == [cell.id for cell in kept]
    for cell in solution_nb.cells:
        if cell.cell_type == "code" and MARKER in cell.source.splitlines():
            above = cell.source.split(MARKER)[0]
            assert by_id[cell.id].source == above + PLACEHOLDER
    for cell in exercise.cells:
        assert "solution" not in cell.metadata.get("tags", [])
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
            assert MARKER not in cell.source
    # the check cells reach the students unchanged
    assert _check_calls(exercise) and [(i, c) for i, _, c in _check_calls(exercise)] == [
        (i, c) for i, _, c in _check_calls(solution_nb)
    ]


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda p: p.stem)
def test_solution_notebook_layout(solution):
    notebook = _read(solution)
    lesson = solution.name.replace("_solucao", "")
    title = notebook.cells[0]
    assert title.cell_type == "markdown" and title.source.startswith("# Exercícios ")
    assert f"../notebooks/{lesson}" in title.source
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    importing = [
        cell.id
        for cell in code
        if any(
            isinstance(n, (ast.Import, ast.ImportFrom)) for n in ast.walk(ast.parse(cell.source))
        )
    ]
    assert importing == ["setup"]
    number = solution.name.split("_")[0]
    halves = {number, number.removesuffix("b"), f"{number}b"}
    split = sum(path.name.split("_")[0] in halves for path in SOLUTIONS) == 2
    # a lesson split in two shares its items between the halves: at least 4 each
    assert (4 if split else 7) <= len(_check_calls(notebook)) <= 16  # one sitting of homework
    # the closing section, then the record of progress as the very last cell
    closing = ("## Fim", "## Próximo passo")
    assert any(c.cell_type == "markdown" and c.source.startswith(closing) for c in notebook.cells)
    assert (
        notebook.cells[-1].cell_type == "code"
        and notebook.cells[-1].source == "exercicios.progress()"
    )
    # each question: markdown, the answer cell with the marker, then the check cell
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code" and cell.source.startswith("exercicios.check("):
            answer, question = notebook.cells[index - 1], notebook.cells[index - 2]
            assert MARKER in answer.source.splitlines(), cell.id
            assert question.cell_type == "markdown" and question.source.startswith("## ")


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda p: p.stem)
def test_solution_outputs_are_clean(solution):
    for cell in _read(solution).cells:
        if cell.cell_type != "code":
            continue
        assert cell.execution_count is not None, f"cell {cell.id} was not executed"
        for output in cell.outputs:
            assert output.output_type in {"stream", "execute_result"}, cell.id
            assert output.get("name") != "stderr", cell.id
            text = output.get("text", "") + "".join(str(v) for v in output.get("data", {}).values())
            assert not re.search(r"0x[0-9a-fA-F]{6,}", text), cell.id
            assert "/work/" not in text and ".py:" not in text, cell.id
            assert "Warning:" not in text, cell.id
        if cell.source.startswith("exercicios.check("):
            (result,) = cell.outputs
            assert result.data["text/plain"].startswith(
                ("✅ Correto!", "📝 Previsão registrada.", "📝 Resposta registrada.")
            ), cell.id


# ====================================================================== the generator
def _code(source, *, tags=(), cell_id=None, **metadata):
    cell = nbformat.v4.new_code_cell(source, metadata=dict(metadata))
    if tags:
        cell.metadata["tags"] = list(tags)
    if cell_id:
        cell.id = cell_id
    return cell


def _markdown(source, *, tags=(), cell_id=None):
    cell = nbformat.v4.new_markdown_cell(source)
    if tags:
        cell.metadata["tags"] = list(tags)
    if cell_id:
        cell.id = cell_id
    return cell


def _notebook(*cells):
    nb = nbformat.v4.new_notebook(cells=list(cells))
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python", "version": "3.11.7", "mimetype": "text/x-python"},
        "widgets": {"state": {}},
    }
    return nb


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("a = 1\n# solução\nb = 2\nc = 3", "a = 1\n" + PLACEHOLDER),
        ("# solução\nb = 2", PLACEHOLDER),
        ("a = 1\n   # solução   \nb = 2", "a = 1\n   " + PLACEHOLDER),
        ("def f(x):\n    # solução\n    return x", "def f(x):\n    " + PLACEHOLDER),
        ("a = 1\n# solução\nb = 2\n# solução\nc = 3", "a = 1\n" + PLACEHOLDER),
        ("a = 1\n# solução", "a = 1\n" + PLACEHOLDER),
        # not the marker line: left alone
        ("x = 1  # solução\ny = 2", "x = 1  # solução\ny = 2"),
        ("# solução: veja abaixo\ny = 2", "# solução: veja abaixo\ny = 2"),
        ("# Solução\ny = 2", "# Solução\ny = 2"),
        ("# solucao\ny = 2", "# solucao\ny = 2"),
        ("y = 2", "y = 2"),
    ],
)
def test_marker_line(source, expected):
    exercise = make_exercise(_notebook(_code(source, cell_id="c")))
    assert exercise.cells[0].source == expected


def test_marker_is_ignored_in_markdown():
    exercise = make_exercise(_notebook(_markdown("texto\n# solução\nmais", cell_id="m")))
    assert exercise.cells[0].source == "texto\n# solução\nmais"


def test_solution_tag_removes_the_whole_cell_and_other_tags_stay():
    nb = _notebook(
        _markdown("título", cell_id="t"),
        _markdown("a resposta é 42", tags=["solution"], cell_id="s1"),
        _code("print(42)", tags=["solution", "nbval-ignore-output"], cell_id="s2"),
        _code("x = 1", tags=["nbval-ignore-output"], cell_id="k"),
        nbformat.v4.new_raw_cell("raw", id="r"),
    )
    exercise = make_exercise(nb)
    assert [cell.id for cell in exercise.cells] == ["t", "k", "r"]
    assert exercise.cells[1].metadata == {"tags": ["nbval-ignore-output"]}
    assert exercise.cells[2].cell_type == "raw" and exercise.cells[2].source == "raw"


def test_outputs_execution_counts_and_metadata_are_cleared():
    cell = _code(
        "x = 1\nx",
        cell_id="c",
        collapsed=True,
        scrolled=True,
        ExecuteTime={"end_time": "2024-01-01T00:00:00"},
        execution={"iopub.status.idle": "2024-01-01T00:00:00.1Z"},
    )
    cell.execution_count = 7
    cell.outputs = [
        nbformat.v4.new_output("execute_result", data={"text/plain": "1"}, execution_count=7),
        nbformat.v4.new_output("stream", name="stderr", text="aviso\n"),
    ]
    exercise = make_exercise(_notebook(cell))
    (out,) = exercise.cells
    assert out.outputs == [] and out.execution_count is None and out.metadata == {}
    assert exercise.metadata == {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    assert exercise.nbformat == 4
    nbformat.validate(exercise)


def test_make_exercise_leaves_its_input_alone_and_is_idempotent():
    nb = _notebook(
        _markdown("# t", cell_id="t"),
        _code("a = None\n# solução\na = 1", cell_id="a"),
        _code("print('s')", tags=["solution"], cell_id="s"),
    )
    before = copy.deepcopy(nb)
    once = make_exercise(nb)
    assert nb == before
    twice = make_exercise(once)
    assert twice == once
    assert render(twice) == render(once)
    assert render(once).endswith("}\n") and not render(once).endswith("\n\n")


def test_cells_without_ids_get_deterministic_ones():
    nb = _notebook(_code("a = 1"), _markdown("b"))
    for cell in nb.cells:
        del cell["id"]
    nb.nbformat_minor = 4
    first, second = make_exercise(nb), make_exercise(copy.deepcopy(nb))
    assert [c.id for c in first.cells] == [c.id for c in second.cells] == ["cell-0", "cell-1"]


def _write(path: Path, notebook) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(nbformat.writes(notebook), encoding="utf-8")


@pytest.fixture
def tiny_repo(tmp_path):
    solution = _notebook(
        _markdown("# Exercícios 09", cell_id="t"),
        _code("resposta = None\n# solução\nresposta = 42", cell_id="a"),
        _markdown("Porque sim.", tags=["solution"], cell_id="s"),
        _code('check("09.x", resposta)', cell_id="c"),
    )
    solution.cells[1].outputs = [nbformat.v4.new_output("stream", text="42\n")]
    _write(tmp_path / "exercises" / "solucoes" / "09_teste_solucao.ipynb", solution)
    return tmp_path


def test_build_all_writes_checks_and_is_byte_stable(tiny_repo):
    target = tiny_repo / "exercises" / "09_teste.ipynb"
    assert build_all(tiny_repo, check=True) == [Path("exercises/09_teste.ipynb")]
    assert not target.exists()  # check mode writes nothing
    assert build_all(tiny_repo) == [Path("exercises/09_teste.ipynb")]
    data = target.read_bytes()
    assert data.endswith(b"}\n")
    exercise = nbformat.reads(data.decode("utf-8"), as_version=4)
    assert [c.source for c in exercise.cells] == [
        "# Exercícios 09",
        "resposta = None\n" + PLACEHOLDER,
        'check("09.x", resposta)',
    ]
    assert build_all(tiny_repo) == []  # nothing left to write
    assert target.read_bytes() == data
    assert build_all(tiny_repo, check=True) == []


def test_build_all_reports_edited_and_orphan_notebooks(tiny_repo):
    build_all(tiny_repo)
    target = tiny_repo / "exercises" / "09_teste.ipynb"
    target.write_bytes(target.read_bytes().replace(b"resposta = None", b"resposta = 1"))
    orphan = tiny_repo / "exercises" / "10_sem_solucao.ipynb"
    _write(orphan, _notebook())
    assert build_all(tiny_repo, check=True) == [
        Path("exercises/09_teste.ipynb"),
        Path("exercises/10_sem_solucao.ipynb"),
    ]
    assert build_all(tiny_repo) == [Path("exercises/09_teste.ipynb"), orphan.relative_to(tiny_repo)]
    assert orphan.exists()  # reported, never deleted
    assert build_all(tiny_repo, check=True) == [Path("exercises/10_sem_solucao.ipynb")]


def test_command_line(tiny_repo, capsys):
    root = str(tiny_repo)
    assert main(["--check", "--root", root]) == 1
    assert "exercises/09_teste.ipynb" in capsys.readouterr().out
    assert main(["--root", root]) == 0
    assert "wrote exercises/09_teste.ipynb" in capsys.readouterr().out
    assert main(["--check", "--root", root]) == 0
    assert main(["--root", root]) == 0
    assert "up to date" in capsys.readouterr().out
    assert main(["--check", "--root", str(tiny_repo / "exercises")]) == 2
    assert "exercises/solucoes" in capsys.readouterr().err


def test_find_root_walks_up(tiny_repo):
    nested = tiny_repo / "exercises" / "solucoes"
    assert find_root(nested) == tiny_repo.resolve()
    with pytest.raises(FileNotFoundError, match="--root"):
        find_root(tiny_repo.parent)


# ====================================================================== the solutions
@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda p: p.stem)
def test_solution_answers_are_accepted(solution):
    """Run the solution notebook's code; every ``check`` call must say "Correto"."""
    namespace: dict = {}
    checked = []
    with warnings.catch_warnings():
        # the solutions must handle the 0/0 policy explicitly: an escaped warning fails
        warnings.simplefilter("error", evalbook.UndefinedMetricWarning)
        for cell in _read(solution).cells:
            if cell.cell_type != "code":
                continue
            calls = _check_calls(nbformat.v4.new_notebook(cells=[cell]))
            if not calls:
                exec(compile(cell.source, f"{solution.name}:{cell.id}", "exec"), namespace)
                continue
            ((exercise_id, expression, _),) = calls
            answer = eval(compile(ast.Expression(expression), cell.id, "eval"), namespace)
            result = check(exercise_id, answer)
            # right, or (a guess, a written answer) recorded and not graded
            kind = all_exercises()[exercise_id].kind
            assert result.correct is (None if kind in ("prediction", "text") else True), (
                f"{exercise_id}: {result.message}"
            )
            checked.append(exercise_id)
    assert checked == [exercise_id for exercise_id, _, _ in _check_calls(_read(solution))]


def test_every_registered_id_is_checked_once_by_a_solution_notebook():
    used = [exercise_id for path in SOLUTIONS for exercise_id, _, _ in _check_calls(_read(path))]
    assert sorted(used) == sorted(all_exercises())
    assert len(used) == len(set(used))
    for path in SOLUTIONS:  # a notebook checks the items of its own set
        number = path.name.split("_")[0]
        assert all(set_of(i) == number for i, _, _ in _check_calls(_read(path)))


# ====================================================================== packaging
@pytest.mark.parametrize(
    "module",
    [
        evalbook.exercises,
        evalbook.exercises.build,
        evalbook.exercises.checker,
        data,
        session,
        registry,
    ],
    ids=lambda m: m.__name__,
)
def test_doctests(module):
    failed, attempted = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert attempted > 0 and failed == 0


# ---------------------------------------------------------------------- the package's imports
PACKAGE = Path(evalbook.exercises.__file__).parent
COURSE = Path(evalcourse.exercises.__file__).parent
#: The engine's modules and the course's (each ``__init__`` aside: importing any of them
#: runs it first).
MODULES = {
    **{f"evalbook.exercises.{p.stem}": p for p in PACKAGE.glob("*.py") if p.stem != "__init__"},
    **{f"evalcourse.exercises.{p.stem}": p for p in COURSE.glob("*.py") if p.stem != "__init__"},
}
SET_MODULES = sorted(name for name in MODULES if hasattr(importlib.import_module(name), "SET"))


def _imports(module: str) -> tuple[set[str], set[str]]:
    """The modules of the package ``module`` imports: at module level, and inside functions."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    inside = {
        id(node)
        for function in ast.walk(tree)
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(function)
    }
    top, nested = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            names = {alias.name for alias in node.names}
        else:
            continue
        found = {name for name in names if name in MODULES and name != module}
        (nested if id(node) in inside else top).update(found)
    return top, nested


def test_the_walk_sees_the_engine_and_every_set():
    assert "evalbook.exercises.checker" in MODULES and len(SET_MODULES) == len(exercise_sets())


def test_the_package_imports_nothing_of_its_own_inside_a_function():
    nested = {module: _imports(module)[1] for module in MODULES}
    assert {module: found for module, found in nested.items() if found} == {}


def test_the_package_imports_form_no_cycle():
    graph = {module: set.union(*_imports(module)) for module in MODULES}
    graphlib.TopologicalSorter(graph).prepare()  # raises CycleError on a cycle


def test_the_engine_imports_no_module_of_the_course():
    engine = [module for module in MODULES if module.startswith("evalbook.")]
    assert {
        m: _imports(m)[0] for m in engine if any("evalcourse" in i for i in _imports(m)[0])
    } == {}


@pytest.mark.parametrize("module", SET_MODULES)
def test_a_set_reads_only_the_data_and_the_item_record(module):
    allowed = {
        "evalcourse.exercises.data",
        "evalcourse.exercises.data_beyond",
        "evalbook.exercises.item",
    }
    assert _imports(module)[0] <= allowed
