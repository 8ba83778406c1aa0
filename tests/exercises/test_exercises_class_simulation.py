"""A whole class, as a lecturer runs it: a 30-student roster, ``cadernos``, students working
in their generated notebooks in real kernels (right, wrong, known mistakes, a restart, two
kernels on one set, an unwritable folder), the others through the session, forged and
foreign records, then ``relatorio`` with the class list and its Moodle CSV read back, and
``corrigir`` re-executing notebooks handed in.

Every answer is graded against the data that student saw (the notebook builds its data from
its own ``VARIANTE``), nothing saved is lost, and no forged record passes unnoticed.
"""

from __future__ import annotations

import csv
import json
import shutil
import threading
from pathlib import Path

import nbformat
import numpy as np
import pytest

from evalbook.exercises import session, start, store
from evalbook.exercises.__main__ import main
from evalbook.exercises.build import PLACEHOLDER, SOLUTIONS_DIR, find_root
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import all_exercises
from evalbook.exercises.roster import read_roster
from evalbook.exercises.session import UNGRADED, items_in_order

pytestmark = pytest.mark.slow

ROOT = find_root(Path(__file__).parent)
SETS = ("01", "09")
INJECTION = 'x", folder=".") ; __import__("os").system("echo pwned")  #'
NAMES = [
    ("Pedro D'Ávila", "2024001"),
    ("Luíza Sant'Anna", "2024002"),
    ("Ana Souza", "2024003"),
    ("Ana Souza", "2024004"),
    ("Ana-Maria Costa", ""),
    ("Ana Maria Costa", ""),
    ("João Conceição", "2023-0042"),
    ("Иван Петров", "2024008"),
    ('Ana "Nina" Lima', "2024009"),
    (INJECTION, "2024010"),
    ("=SOMA(1;2) Carla", "2024011"),
    *[(f"Estudante {n:02d} Silva", f"20241{n:02d}") for n in range(12, 31)],
]


def _wrong(exercise_id: str, variant: int):
    """A wrong answer of the right form (None: the item gets none)."""
    exercise = all_exercises()[exercise_id]
    expected = expected_answer(exercise_id, variant=variant).expected
    if exercise.kind == "number":
        return float(expected) + 0.37
    if exercise.kind == "numbers":
        return tuple(float(v) + 0.37 for v in expected)
    if exercise.kind == "count":
        return int(expected) + 1
    if exercise.kind == "choice":
        return next(c for c in exercise.choices if c != expected)
    return None


def _mistake(exercise_id: str, variant: int):
    mistakes = expected_answer(exercise_id, variant=variant).mistakes
    if not mistakes or all_exercises()[exercise_id].kind not in ("number", "numbers", "count"):
        return None
    value = mistakes[0][0]
    if all_exercises()[exercise_id].kind == "numbers":
        return tuple(float(v) for v in value)
    return float(value) if all_exercises()[exercise_id].kind == "number" else int(value)


def _plan(set_id: str, variant: int, rng) -> dict[str, str]:
    """Per item: right, late (a wrong answer, then right), mistake (a known mistake, then
    right) or wrong (only wrong)."""
    plan = {}
    for exercise_id in items_in_order(set_id):
        choices = ["right"]
        if _wrong(exercise_id, variant) is not None:
            choices += ["late", "wrong"]
        if _mistake(exercise_id, variant) is not None:
            choices.append("mistake")
        plan[exercise_id] = str(rng.choice(choices))
    return plan


def _truth(plan: dict[str, str]) -> tuple[int, int]:
    """Points at the end and at the first try of a plan."""
    graded = {i: p for i, p in plan.items() if all_exercises()[i].kind not in UNGRADED}
    return (
        sum(p != "wrong" for p in graded.values()),
        sum(p == "right" for p in graded.values()),
    )


def _answered(path: Path, set_id: str, variant: int, plan: dict[str, str]) -> None:
    """The student's notebook as they save it: the solution's code in the answer cells
    (computed from the notebook's own data), and the wrong answers the plan says."""
    notebook = nbformat.read(path, as_version=4)
    (solution,) = (ROOT / SOLUTIONS_DIR).glob(f"{set_id}_*.ipynb")
    solved = {c.id: c.source for c in nbformat.read(solution, as_version=4).cells}
    cells = []
    for cell in notebook.cells:
        if cell.cell_type == "code" and PLACEHOLDER in cell.source:
            cell.source = solved[cell.id]
        if cell.cell_type == "code" and cell.source.startswith("exercicios.check("):
            exercise_id = cell.source.split('"')[1]
            how = plan[exercise_id]
            before = {"late": _wrong, "mistake": _mistake, "wrong": _wrong}.get(how)
            if before is not None:
                value = before(exercise_id, variant)
                cells.append(
                    nbformat.v4.new_code_cell(f"exercicios.check({exercise_id!r}, {value!r})")
                )
            if how == "wrong":
                continue
        cells.append(cell)
    notebook.cells = cells
    nbformat.write(notebook, path)


def _execute(path: Path, *, timeout: int = 300) -> list[str]:
    """Run a notebook in a fresh kernel in its own folder; return its outputs' text."""
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    texts = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            texts.append(output.get("text", "") or output.get("data", {}).get("text/plain", ""))
    return texts


def _record(folder: Path, set_id: str) -> dict:
    return store.read_document(folder / f"progresso_{set_id}.json")


def _results(document: dict) -> dict[str, tuple[str, str, int]]:
    return {r["item"]: (r["result"], r["first_try"], r["tries"]) for r in document["items"]}


def test_a_class_of_thirty(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv(session.STUDENT_ENV, raising=False)
    monkeypatch.delenv(session.FOLDER_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    roster = tmp_path / "turma.csv"  # as Excel in Portuguese saves "CSV UTF-8"
    roster.write_text(
        "\ufeffnome;numero\n"
        + "\n".join(f'"{n.replace(chr(34), 2 * chr(34))}";{number}' for n, number in NAMES)
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "turma"
    argv = ["cadernos", str(roster), "--saida", str(out), "--raiz", str(ROOT)]
    assert main([*argv, "--conjuntos", *SETS]) == 0
    assert "60 cadernos escritos" in capsys.readouterr().out
    students, _ = read_roster(roster)
    assert len(students) == 30 and len(list(out.glob("*/*.ipynb"))) == 60
    by_name = {(s.name, s.student_id): s for s in students}
    rng = np.random.default_rng(7)
    truth: dict[tuple[str, str], tuple[int, int]] = {}  # (student id, set) -> points

    def notebook(student, set_id) -> Path:
        (path,) = (out / student.folder).glob(f"{set_id}_*.ipynb")
        return path

    # ---- students in real kernels, in their generated notebooks
    pedro = by_name[("Pedro D'Ávila", "2024001")]
    plan = {i: "right" for i in items_in_order("09")}
    _answered(notebook(pedro, "09"), "09", pedro.variant, plan)
    kernels = [(pedro, "09", plan)]
    hacker = next(s for s in students if s.student_id == "2024010")
    plan = {i: "right" for i in items_in_order("09")}
    plan.update({"09.z_tabela": "late", "09.wilson": "mistake", "09.normal": "wrong"})
    _answered(notebook(hacker, "09"), "09", hacker.variant, plan)
    kernels.append((hacker, "09", plan))
    ana1, ana2 = by_name[("Ana Souza", "2024003")], by_name[("Ana Souza", "2024004")]
    plan = {i: "right" for i in items_in_order("01")}
    _answered(notebook(ana1, "01"), "01", ana1.variant, plan)
    kernels.append((ana1, "01", plan))
    plan2 = {**plan, "01.n_tipo_i": "wrong", "01.tipo_i": "late"}
    _answered(notebook(ana2, "01"), "01", ana2.variant, plan2)
    kernels.append((ana2, "01", plan2))
    for student, set_id, plan in kernels:
        texts = _execute(notebook(student, set_id))
        assert any("✅ Correto!" in text for text in texts)
        truth[student.student_id, set_id] = _truth(plan)
        results = _results(_record(out / student.folder, set_id))
        for exercise_id, how in plan.items():
            if all_exercises()[exercise_id].kind in UNGRADED:
                continue
            result, first, _ = results[exercise_id]
            assert result == ("errado" if how == "wrong" else "certo"), (student.name, exercise_id)
            assert first == ("certo" if how == "right" else "errado"), (student.name, exercise_id)
        document = _record(out / student.folder, set_id)
        assert document["student"] == student.name and document["student_id"] == student.student_id
        assert document["variant"] == student.variant
    # a restart: the notebook run again in a new kernel; the record goes on
    before = _results(_record(out / ana1.folder, "01"))
    _execute(notebook(ana1, "01"))
    after = _results(_record(out / ana1.folder, "01"))
    assert all(after[i][2] == 2 * before[i][2] for i in before)
    assert all(after[i][0] == before[i][0] for i in before)
    # two kernels of one set in one folder, at the same time: both kernels' answers kept
    luiza = by_name[("Luíza Sant'Anna", "2024002")]
    plan = {i: "right" for i in items_in_order("01")}
    _answered(notebook(luiza, "01"), "01", luiza.variant, plan)
    runs = [threading.Thread(target=_execute, args=(notebook(luiza, "01"),)) for _ in range(2)]
    for run in runs:
        run.start()
    for run in runs:
        run.join()
    results = _results(_record(out / luiza.folder, "01"))
    assert all(results[i][2] == 2 for i in plan), results
    truth[luiza.student_id, "01"] = _truth(plan)
    # an unwritable folder: one message, the verdicts still shown
    joao = by_name[("João Conceição", "2023-0042")]
    plan = {i: "right" for i in items_in_order("09")}
    _answered(notebook(joao, "09"), "09", joao.variant, plan)
    blocked = tmp_path / "um_arquivo"
    blocked.write_text("")
    monkeypatch.setenv(session.FOLDER_ENV, str(blocked / "pasta"))
    texts = _execute(notebook(joao, "09"))
    monkeypatch.delenv(session.FOLDER_ENV)
    assert sum("Não consigo salvar o seu registro" in text for text in texts) == 1
    assert sum(text.startswith("✅ Correto!") for text in texts) >= 7
    assert not (out / joao.folder / "progresso_09.json").exists()

    # ---- the other students, through the session (the same checker, their variant)
    done = {(s.student_id, set_id) for s, set_id, _ in kernels} | {(luiza.student_id, "01")}
    for student in students:
        for set_id in SETS:
            if (student.student_id, set_id) in done or student is joao:
                continue
            if rng.random() < 0.1:  # never opened this set
                continue
            plan = _plan(set_id, student.variant, rng)
            exercicios = start(
                set_id,
                variant=student.variant,
                student=student.name,
                student_id=student.student_id,
                folder=out / student.folder,
            )
            for exercise_id, how in plan.items():
                kind = all_exercises()[exercise_id].kind
                if kind == "text":
                    answers = [f"{student.name} explica com as próprias palavras."]
                elif how == "wrong":
                    answers = [_wrong(exercise_id, student.variant)]
                else:
                    right = expected_answer(exercise_id, variant=student.variant).expected
                    early = {"late": _wrong, "mistake": _mistake}.get(how)
                    answers = (
                        [right] if early is None else [early(exercise_id, student.variant), right]
                    )
                for answer in answers:
                    exercicios.check(exercise_id, answer)
            truth[student.student_id, set_id] = _truth(plan)

    # ---- forged and foreign records
    forged = out / ana2.folder / "progresso_01.json"
    document = json.loads(forged.read_text("utf-8"))
    for row in document["items"]:
        if row["item"] == "01.n_tipo_i":
            row["result"] = "certo"
    document.pop("sha256")
    forged.write_text(json.dumps(store.seal(document)), "utf-8")  # resealed: a careful forger
    edited = out / pedro.folder / "progresso_01.json"
    if edited.exists():
        edited.write_text(edited.read_text("utf-8").replace('"errado"', '"certo"'), "utf-8")
        truth.pop((pedro.student_id, "01"))
    stranger = tmp_path / "estranho"
    stranger.mkdir()
    start("01", student="Eva Estranha", student_id="999", folder=stranger).check("01.tipo_i", "FP")
    shutil.copy(stranger / "progresso_01.json", out / "eva.json")

    # ---- the report, with the class list
    html, table, grades = tmp_path / "turma.html", tmp_path / "itens.csv", tmp_path / "notas.csv"
    argv = ["relatorio", str(out), "--turma", str(roster), "--html", str(html)]
    assert main([*argv, "--csv", str(table), "--notas", str(grades)]) == 0
    captured = capsys.readouterr()
    assert "Nunca entregaram" in captured.out and "João Conceição" in captured.out
    with open(grades, encoding="utf-8", newline="") as handle:
        book = list(csv.DictReader(handle))
    assert [row["idnumber"] for row in book] == [s.student_id for s in students]
    for student, row in zip(students, book, strict=True):
        for set_id in SETS:
            points = row[f"Exercícios {set_id}"]
            expected = truth.get((student.student_id, set_id))
            if student is ana2 and set_id == "01":
                assert int(points) == expected[0] + 1  # the forgery, until corrigir
            elif expected is None:
                assert points == "", (student.name, set_id)
            else:
                assert int(points) == expected[0], (student.name, set_id)
    for path in (grades, table):
        with open(path, encoding="utf-8", newline="") as handle:
            cells = [cell for line in csv.reader(handle) for cell in line]
        assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@")]
    page = html.read_text("utf-8")
    assert all(
        student.name.replace('"', "&quot;").replace("'", "&#x27;") in page for student in students
    )
    assert "Eva Estranha" in page and "Registros de quem não está na lista" in page
    if edited.exists():
        assert "progresso_01.json" in captured.err and "editado à mão" in captured.err

    # ---- corrigir: the notebooks handed in, re-executed
    handed = tmp_path / "entregues"
    for student in (pedro, hacker, ana2):
        set_id = "09" if student in (pedro, hacker) else "01"
        target = handed / student.folder
        target.mkdir(parents=True)
        shutil.copy(notebook(student, set_id), target)
        shutil.copy(out / student.folder / f"progresso_{set_id}.json", target)
    report = tmp_path / "correcao.csv"
    assert main(["corrigir", str(handed), "--csv", str(report)]) == 0
    out_text = capsys.readouterr().out
    assert "3 cadernos executados de novo; 1 diferem do seu registro" in out_text
    assert ana2.folder in out_text and "01.n_tipo_i" in out_text
    with open(report, encoding="utf-8", newline="") as handle:
        compared = list(csv.DictReader(handle))
    differ = [(row["id"], row["item"]) for row in compared if row["confere"] != "sim"]
    assert differ == [(ana2.student_id, "01.n_tipo_i")]
