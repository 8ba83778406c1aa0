"""The exercises: the generator of the student notebooks, the checker and the notebooks.

- the committed ``exercises/NN_topic.ipynb`` are what the generator makes of their solutions;
- the generator's rules, on small synthetic notebooks (marker line, ``solution`` tag,
  outputs and metadata cleared, byte-stable and idempotent), and its command line;
- the checker accepts every answer of the solution notebooks and the independently computed
  values below, rejects wrong ones with a hint, and answers a wrong type or shape with a
  hint instead of an exception;
- every registered exercise id is used by exactly one check call of a solution notebook.
"""

from __future__ import annotations

import ast
import copy
import doctest
import math
import re
import subprocess
import sys
import warnings
from pathlib import Path

import nbformat
import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score, confusion_matrix, matthews_corrcoef

import evalbook
import evalbook.exercises
import evalbook.exercises._answers
import evalbook.exercises.build
from evalbook import ConfusionMatrix
from evalbook.exercises import ABS_TOL, CheckResult, check, exercise_ids
from evalbook.exercises._answers import EXERCISES
from evalbook.exercises.build import (
    MARKER,
    PLACEHOLDER,
    build_all,
    find_root,
    main,
    make_exercise,
    render,
)

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = sorted((ROOT / "exercises" / "solucoes").glob("*_solucao.ipynb"))
WRONG = "❌ Ainda não. Dica: "
RIGHT = "✅ Correto!"


def _read(path: Path):
    return nbformat.read(path, as_version=4)


def _check_calls(notebook) -> list[tuple[str, ast.expr, str]]:
    """(exercise id, answer expression, cell id) of every ``check("id", answer)`` cell."""
    calls = []
    for cell in notebook.cells:
        if cell.cell_type != "code" or "check(" not in cell.source:
            continue
        tree = ast.parse(cell.source)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "check"
            ):
                assert len(tree.body) == 1, f"cell {cell.id}: a check cell holds only the call"
                assert isinstance(node.args[0], ast.Constant), f"cell {cell.id}: literal id"
                calls.append((node.args[0].value, node.args[1], cell.id))
    return calls


# ====================================================================== the committed files
def test_every_lesson_has_a_solution_notebook_of_the_same_name():
    lessons = sorted(path.stem for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert [path.name for path in SOLUTIONS] == [f"{name}_solucao.ipynb" for name in lessons]


def test_generated_notebooks_are_in_sync_with_their_solutions():
    assert build_all(ROOT, check=True) == []


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
    assert 5 <= len(_check_calls(notebook)) <= 8
    # each question: markdown, the answer cell with the marker, then the check cell
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code" and cell.source.startswith("check("):
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
        if cell.source.startswith("check("):
            (result,) = cell.outputs
            assert result.data["text/plain"].startswith(RIGHT), cell.id


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


# ====================================================================== the checker
def _fraud_frame():
    return evalbook.fraud_predictions()


def _independent_answers() -> dict:
    """Every exercise's answer, computed without evalbook's metrics: from the table by
    hand, from the four counts as fractions, or with scikit-learn."""
    table = _fraud_frame()
    fraud_true = table["target"].eq("fraude").to_numpy()
    fraud_pred = table["prediction"].eq("fraude").to_numpy()
    kinds = {(True, True): "TP", (True, False): "FN", (False, True): "FP", (False, False): "TN"}
    types = [kinds[(bool(t), bool(p))] for t, p in zip(fraud_true, fraud_pred, strict=True)]
    tp, fn, fp, tn = (types.count(k) for k in ("TP", "FN", "FP", "TN"))
    n = tp + fn + fp + tn
    sens, spec = tp / (tp + fn), tn / (tn + fp)
    return {
        "01.tipos": types,
        "01.matriz": ConfusionMatrix([[tp, fn], [fp, tn]], labels=["fraude", "legítima"]),
        "01.tipo_i": "FP",
        "01.n_tipo_i": fp,
        "01.sklearn": confusion_matrix(fraud_true.astype(int), fraud_pred.astype(int)),
        "01.caret": np.array([[tp, fp], [fn, tn]]),
        "02.acuracia_erro": ((tp + tn) / n, (fp + fn) / n),
        "02.precisao_revocacao": (tp / (tp + fp), tp / (tp + fn)),
        "02.especificidade": tn / (tn + fp),
        "02.f1": 2 * tp / (2 * tp + fp + fn),
        "02.mcc_kappa": (
            matthews_corrcoef(fraud_true, fraud_pred),
            cohen_kappa_score(fraud_true, fraud_pred),
        ),
        "02.burro": ((fp + tn) / n, 0.0),
        "02.burro_precisao": math.nan,
        "02.ppv_1pct": sens * 0.01 / (sens * 0.01 + (1 - spec) * 0.99),
    }


def test_the_exercise_data_has_the_documented_counts():
    answers = _independent_answers()
    assert answers["01.matriz"].counts.tolist() == [[4, 2], [3, 7]]
    assert answers["01.sklearn"].tolist() == [[7, 3], [2, 4]]
    assert answers["02.acuracia_erro"] == (0.6875, 0.3125)
    assert answers["02.ppv_1pct"] == pytest.approx(0.0219539, abs=1e-7)


# Sets 01 and 02 (the fraud table) are checked here; later sets have their own test modules.
FRAUD_SETS = sorted(i for i in EXERCISES if i.startswith(("01.", "02.")))


def test_every_exercise_has_an_independent_answer():
    assert set(_independent_answers()) == set(FRAUD_SETS)
    assert set(EXERCISES) == set(exercise_ids())


@pytest.mark.parametrize("exercise_id", FRAUD_SETS)
def test_independent_answer_is_accepted(exercise_id):
    answer = _independent_answers()[exercise_id]
    result = check(exercise_id, answer)
    assert result.correct, result.message
    assert result.message.startswith(RIGHT)


@pytest.mark.parametrize("exercise_id", FRAUD_SETS)
def test_registry_answer_matches_the_independent_one(exercise_id):
    expected = EXERCISES[exercise_id].expected()
    independent = _independent_answers()[exercise_id]
    if isinstance(independent, ConfusionMatrix):
        assert expected == independent
    elif isinstance(independent, (str, list)):
        assert [str(v) for v in np.atleast_1d(expected)] == list(np.atleast_1d(independent))
    else:
        np.testing.assert_allclose(
            np.asarray(expected, dtype=float), np.asarray(independent, dtype=float), rtol=1e-12
        )


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
            assert result.correct, f"{exercise_id}: {result.message}"
            checked.append(exercise_id)
    assert checked == [exercise_id for exercise_id, _, _ in _check_calls(_read(solution))]


def test_every_registered_id_is_checked_once_by_a_solution_notebook():
    used = [exercise_id for path in SOLUTIONS for exercise_id, _, _ in _check_calls(_read(path))]
    assert sorted(used) == sorted(EXERCISES)
    assert len(used) == len(set(used))
    for path in SOLUTIONS:  # ids are numbered after their notebook
        number = path.name[:2]
        assert all(i.startswith(f"{number}.") for i, _, _ in _check_calls(_read(path)))


def test_checking_emits_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for exercise_id, exercise in EXERCISES.items():
            check(exercise_id, exercise.expected())
            for compute, _ in exercise.mistakes:
                check(exercise_id, compute())


# ---------------------------------------------------------------------- wrong answers
def _mistakes():
    return [
        pytest.param(exercise_id, position, id=f"{exercise_id}-{position}")
        for exercise_id, exercise in sorted(EXERCISES.items())
        for position in range(len(exercise.mistakes))
    ]


@pytest.mark.parametrize(("exercise_id", "position"), _mistakes())
def test_known_mistakes_get_their_own_hint(exercise_id, position):
    compute, hint = EXERCISES[exercise_id].mistakes[position]
    result = check(exercise_id, compute())
    assert not result.correct
    assert result.message == WRONG + hint


def test_registry_entries_are_well_formed():
    for exercise_id, exercise in EXERCISES.items():
        assert re.fullmatch(r"\d\d\.[a-z0-9_]+", exercise_id), exercise_id
        assert exercise.kind in evalbook.exercises._answers.KINDS, exercise_id
        assert len(exercise.hint) > 20, exercise_id
        assert (exercise.kind == "numbers") == bool(exercise.names), exercise_id
        if exercise.kind == "numbers":
            assert len(exercise.names) == len(exercise.expected()), exercise_id
        for _, hint in exercise.mistakes:
            assert hint != exercise.hint, exercise_id


WRONG_VALUES = {
    "01.tipos": ["TN"] * 16,
    "01.matriz": [[5, 1], [3, 7]],
    "01.tipo_i": "TN",
    "01.n_tipo_i": 7,
    "01.sklearn": [[6, 4], [2, 4]],
    "01.caret": [[4, 1], [3, 8]],
    "02.acuracia_erro": (0.6, 0.4),
    "02.precisao_revocacao": (0.5, 0.5),
    "02.especificidade": 0.5,
    "02.f1": 0.5,
    "02.mcc_kappa": (0.5, 0.5),
    "02.burro": (0.5, 0.5),
    "02.burro_precisao": 0.5,
    "02.ppv_1pct": 0.5,
}


def test_every_exercise_has_a_wrong_value():
    assert set(WRONG_VALUES) == set(FRAUD_SETS)


@pytest.mark.parametrize("exercise_id", sorted(WRONG_VALUES))
def test_wrong_value_gets_the_exercise_hint(exercise_id):
    result = check(exercise_id, WRONG_VALUES[exercise_id])
    assert not result and not result.correct
    assert result.message.startswith(WRONG)
    assert result.message.endswith(EXERCISES[exercise_id].hint)


BAD_ANSWERS = [
    "abc",
    "0.5",
    True,
    [1, 2, 3],
    np.zeros((3, 3)),
    {"fraude": 1},
    object(),
    print,
    [[1, 2], [3]],
    pd.DataFrame({"a": [1, 2], "b": [3, 4], "c": [5, 6]}),
    evalbook.abc_confusion(),
    3 + 2j,
    np.array(["x"]),
    (None, 1),
    -1,
    [[1.5, 2], [3, 4]],
]


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
@pytest.mark.parametrize("answer", BAD_ANSWERS, ids=lambda a: type(a).__name__)
def test_wrong_type_or_shape_gets_a_hint_not_an_exception(exercise_id, answer):
    result = check(exercise_id, answer)
    assert isinstance(result, CheckResult)
    assert result.correct is False
    assert result.message.startswith(WRONG)
    assert "Não consegui interpretar" not in result.message  # a specific hint, not the net


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES))
@pytest.mark.parametrize("answer", [None, ...])
def test_unanswered(exercise_id, answer):
    result = check(exercise_id, answer)
    assert not result.correct
    assert result.message.startswith(WRONG + "Você ainda não respondeu")


@pytest.mark.parametrize(
    ("exercise_id", "answer", "fragment"),
    [
        ("01.tipos", ["TP", "TN", "FP"], "Esperava 16 valores, um por linha da tabela"),
        ("01.tipos", "TP", "Recebi o texto 'TP'"),
        ("01.tipos", ["TP"] * 15 + ["XX"], "'XX' não é um valor válido"),
        ("01.tipos", [1] * 16, "na posição 0 (contando de 0) há o número 1"),
        ("01.matriz", np.ones((3, 3), dtype=int), "Esperava uma matriz 2×2"),
        ("01.matriz", [4, 2, 3, 7], "organize-os em 2 linhas de 2"),
        ("01.matriz", [[4, 2], [3]], "As linhas têm tamanhos diferentes"),
        ("01.matriz", [[4.5, 2], [3, 7]], "contagem"),
        ("01.matriz", [[4, 2], [3, 6]], "A soma das células deve ser 16"),
        ("01.tipo_i", ["FP"], "sem lista"),
        ("01.tipo_i", "tipo I", "não é uma das opções"),
        ("01.n_tipo_i", 2.5, "Esperava uma contagem"),
        ("01.n_tipo_i", "3", "sem aspas"),
        ("02.f1", "0,615", "sem aspas e com ponto decimal"),
        ("02.f1", 61.54, "porcentagem"),
        ("02.f1", 0.62, "fora da tolerância"),
        ("02.f1", math.nan, "o valor é definido"),
        ("02.acuracia_erro", 0.6875, "esperava 2 números numa tupla"),
        ("02.acuracia_erro", (0.6875,), "Esperava 2 números"),
        ("02.acuracia_erro", (0.3125, 0.6875), "na ordem trocada"),
        ("02.acuracia_erro", (0.6875, 0.4), "acurácia ✔, taxa de erro ✘"),
        ("02.acuracia_erro", {"acurácia": 0.6875}, "dicionário"),
        ("02.acuracia_erro", ("0.6875", 0.3125), "sem aspas"),
        ("02.burro_precisao", None, "ainda não respondeu"),
    ],
)
def test_specific_hints(exercise_id, answer, fragment):
    result = check(exercise_id, answer)
    assert not result.correct
    assert fragment in result.message


def test_confusion_matrix_with_the_classes_in_the_other_order():
    table = _fraud_frame()
    cm = ConfusionMatrix.from_labels(table.target, table.prediction, labels=["legítima", "fraude"])
    result = check("01.matriz", cm)
    assert not result.correct
    assert "classe positiva vem primeiro" in result.message
    assert "labels=['fraude', 'legítima']" in result.message


def test_confusion_matrix_without_the_class_names():
    result = check("01.matriz", ConfusionMatrix([[4, 2], [3, 7]]))
    assert not result.correct
    assert "os rótulos são ['positive', 'negative']" in result.message


@pytest.mark.parametrize(
    "answer",
    [
        [[4, 2], [3, 7]],
        np.array([[4.0, 2.0], [3.0, 7.0]]),
        ((4, 2), (3, 7)),
        pd.DataFrame(
            [[4, 2], [3, 7]], index=["fraude", "legítima"], columns=["fraude", "legítima"]
        ),
        pd.DataFrame(
            [[2, 4], [7, 3]], index=["fraude", "legítima"], columns=["legítima", "fraude"]
        ),
    ],
    ids=["list", "float-array", "tuples", "frame", "frame-columns-swapped"],
)
def test_matrix_answers_in_other_containers(answer):
    assert check("01.matriz", answer).correct


def test_crosstab_and_to_frame_answers():
    table = _fraud_frame()
    assert check("01.matriz", pd.crosstab(table.target, table.prediction)).correct
    cm = EXERCISES["01.matriz"].expected()
    assert check("01.caret", cm.to_frame("caret")).correct
    margins = check("01.matriz", cm.to_frame(margins=True))
    assert not margins.correct and "totais" in margins.message


@pytest.mark.parametrize(
    "answer",
    [
        lambda types: list(types),
        lambda types: tuple(types),
        lambda types: np.array(types),
        lambda types: pd.Series(types),
        lambda types: [f" {t.lower()} " for t in types],
    ],
    ids=["list", "tuple", "array", "series", "lower-case"],
)
def test_result_types_in_other_containers(answer):
    types = [str(t) for t in EXERCISES["01.tipos"].expected()]
    assert check("01.tipos", answer(types)).correct


def test_wrong_result_types_say_how_many_and_where():
    types = [str(t) for t in EXERCISES["01.tipos"].expected()]
    types[5], types[9] = "FN", "FP"  # TP -> FN, TN -> FP
    message = check("01.tipos", types).message
    assert "2 de 16 estão errados (o primeiro na posição 5" in message


def _numeric_ids():
    """The exercises whose answer is one or more numbers, except the undefined (nan) one."""
    return sorted(
        i
        for i, e in EXERCISES.items()
        if e.kind in {"number", "numbers"}
        and not np.isnan(np.asarray(e.expected(), dtype=float)).all()
    )


@pytest.mark.parametrize("exercise_id", _numeric_ids())
def test_tolerance(exercise_id):
    expected = EXERCISES[exercise_id].expected()
    values = np.atleast_1d(np.asarray(expected, dtype=float))

    def as_answer(array):
        return float(array[0]) if EXERCISES[exercise_id].kind == "number" else tuple(array)

    assert check(exercise_id, as_answer(np.round(values, 3))).correct
    assert check(exercise_id, as_answer(values + 0.9 * ABS_TOL)).correct
    assert check(exercise_id, as_answer(values - 0.9 * ABS_TOL)).correct
    assert not check(exercise_id, as_answer(values + 1.2 * ABS_TOL)).correct
    assert not check(exercise_id, as_answer(values - 1.2 * ABS_TOL)).correct


def test_number_types_accepted():
    for answer in (np.float64(0.7), np.float32(0.7), np.array(0.7), 7 / 10, 0.7):
        assert check("02.especificidade", answer).correct, answer
    from fractions import Fraction

    assert check("02.especificidade", Fraction(7, 10)).correct
    assert check("01.n_tipo_i", np.int64(3)).correct
    assert check("01.n_tipo_i", 3.0).correct
    assert not check("01.n_tipo_i", True).correct


def test_undefined_answer():
    assert check("02.burro_precisao", float("nan")).correct
    assert check("02.burro_precisao", np.nan).correct
    zero = check("02.burro_precisao", 0.0)
    assert not zero.correct and "0/0 não é 0" in zero.message


# ---------------------------------------------------------------------- the result object
def test_check_result_displays_its_message():
    right = check("01.n_tipo_i", 3)
    wrong = check("01.n_tipo_i", 2)
    assert right and not wrong
    assert right.correct is True and wrong.correct is False
    assert repr(right) == str(right) == right.message == RIGHT
    assert wrong._repr_markdown_() == wrong.message
    assert wrong.message.startswith(WRONG + "Esse é o número de erros do tipo II")


def test_unknown_exercise_lists_the_valid_ids():
    result = check("01.matrix", [[4, 2], [3, 7]])
    assert not result.correct
    assert "'01.matrix'" in result.message and "Você quis dizer '01.matriz'?" in result.message
    assert all(exercise_id in result.message for exercise_id in exercise_ids())
    assert not check(1, 1).correct and "01.tipos" in check(1, 1).message


def test_exercise_ids():
    assert exercise_ids() == sorted(EXERCISES)
    assert len(FRAUD_SETS) == 14  # 6 in set 01, 8 in set 02


# ====================================================================== packaging
def test_import_evalbook_does_not_import_the_exercises():
    code = "import sys, evalbook; print('evalbook.exercises' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize(
    "module",
    [evalbook.exercises, evalbook.exercises._answers, evalbook.exercises.build],
    ids=lambda m: m.__name__,
)
def test_doctests(module):
    failed, attempted = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert attempted > 0 and failed == 0
