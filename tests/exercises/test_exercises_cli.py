"""The lecturer's command line: list, answer key, class notebooks, and the class report
built from a folder of exports made by driving the real checker for a simulated class."""

from __future__ import annotations

import ast
import csv
import json
import math
import shutil
from pathlib import Path

import nbformat
import numpy as np
import pytest

from evalbook import ConfusionMatrix
from evalbook.exercises import session, start, store
from evalbook.exercises.__main__ import answer_key, main, student_variant
from evalbook.exercises.build import find_root
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import all_exercises, exercise_sets
from evalbook.exercises.report import collect
from evalbook.exercises.session import items_in_order

SET = "04"
STUDENTS = ["Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio", "Gabi", "Heitor"]


@pytest.fixture(autouse=True)
def _no_student_and_a_fresh_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(session.STUDENT_ENV, raising=False)
    monkeypatch.delenv(session.FOLDER_ENV, raising=False)
    monkeypatch.chdir(tmp_path)


def _plain(value):
    if isinstance(value, ConfusionMatrix):
        return value.counts.tolist()
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value


def _wrong(exercise_id):
    expected = expected_answer(exercise_id).expected
    kind = all_exercises()[exercise_id].kind
    if kind == "number":
        return float(expected) + 0.37
    if kind == "numbers":
        return tuple(float(v) + 0.37 for v in expected)
    if kind == "choice":
        return next(c for c in all_exercises()[exercise_id].choices if c != expected)
    if kind == "matrix":
        counts = np.array(_plain(expected))
        counts[0, 0] += 1
        return counts.tolist()
    raise AssertionError(kind)


def simulate_class(folder, *, set_id=SET, seed=0) -> dict:
    """Each student answers a set (04) through the real checker and exports; returns the truth.

    A student skips an item (p 0.15), or answers it right at once, after a known mistake or
    after a wrong answer; guesses and written answers are recorded. The truth returned is
    what the report must find: per item, who tried, who was right at the first try, at the
    end, and the tries.
    """
    rng = np.random.default_rng(seed)
    truth = {
        i: {"tried": [], "first": [], "final": [], "tries": [], "guess": []}
        for i in items_in_order(set_id)
    }
    for name in STUDENTS:
        computer = folder.parent / "computadores" / name  # each student's own folder
        computer.mkdir(parents=True)
        exercicios = start(set_id, student=name, folder=computer)
        for exercise_id in items_in_order(set_id):
            exercise = all_exercises()[exercise_id]
            if rng.random() < 0.15:
                continue
            item = expected_answer(exercise_id)
            answers = []
            if exercise.kind == "prediction":
                answers = [float(rng.uniform(-0.5, 1.0))]
                truth[exercise_id]["guess"].append(answers[0])
            elif exercise.kind == "text":
                answers = [f"{name} explica: o acaso também acerta às vezes."]
            else:
                plan = rng.choice(["certo", "erro conhecido", "errado", "desiste"])
                right = _plain(item.expected)
                if plan == "erro conhecido" and item.mistakes:
                    answers = [_plain(item.mistakes[0][0]), right]
                elif plan in ("errado", "erro conhecido"):
                    answers = [_wrong(exercise_id), _wrong(exercise_id), right]
                elif plan == "desiste":
                    answers = [_wrong(exercise_id)]
                else:
                    answers = [right]
            results = [exercicios.check(exercise_id, answer) for answer in answers]
            record = truth[exercise_id]
            record["tried"].append(name)
            record["tries"].append(len(answers))
            record["first"].append(results[0].correct)
            record["final"].append(any(r.correct for r in results))
        exercicios.export_progress(folder / f"{name}_{set_id}.json")
    return truth


def break_some(folder):
    """A few broken files: malformed, duplicated, wrong version, hand-edited, foreign."""
    (folder / "cortado.json").write_text('{"format": "evalbook-exercises", "items": [', "utf-8")
    shutil.copy(folder / f"Ana_{SET}.json", folder / "copia_da_Ana.json")
    newer = json.loads((folder / f"Bruno_{SET}.json").read_text("utf-8"))
    newer["format_version"] = store.FORMAT_VERSION + 1
    (folder / "versao_nova.json").write_text(json.dumps(store.seal(newer)), "utf-8")
    edited = (folder / f"Carla_{SET}.json").read_text("utf-8")
    (folder / f"Carla_{SET}.json").write_text(
        edited.replace('"result": "errado"', '"result": "certo"', 1), "utf-8"
    )
    (folder / "notas.json").write_text('{"Ana": 10}', "utf-8")
    return {
        "cortado.json": "JSON válido",
        "copia_da_Ana.json": "duplicado",
        "versao_nova.json": f"versão {store.FORMAT_VERSION + 1}",
        f"Carla_{SET}.json": "editado à mão",
        "notas.json": "não é um arquivo de progresso",
    }


def test_the_class_report_from_a_simulated_class(tmp_path, capsys):
    exports = tmp_path / "entregas"
    exports.mkdir()
    truth = simulate_class(exports)
    broken = break_some(exports)
    html, table = tmp_path / "turma.html", tmp_path / "turma.csv"
    grades = tmp_path / "notas.csv"
    argv = ["relatorio", str(exports), "--html", str(html), "--csv", str(table)]
    assert main([*argv, "--notas", str(grades)]) == 0
    assert grades.read_text("utf-8").startswith("idnumber,email,nome,")
    err = capsys.readouterr().err
    for name, reason in broken.items():
        assert (
            f"fora: {name}: " in err and reason in err.split(f"fora: {name}: ")[1].splitlines()[0]
        )
    with table.open(encoding="utf-8") as handle:
        rows = {row["item"]: row for row in csv.DictReader(handle)}
    assert list(rows) == items_in_order(SET)
    kept = [name for name in STUDENTS if name != "Carla"]  # Carla's file was edited by hand
    for exercise_id, record in truth.items():
        row = rows[exercise_id]
        who = [i for i, name in enumerate(record["tried"]) if name in kept]
        assert int(row["tentaram"]) == len(who) and int(row["estudantes"]) == len(kept)
        not_tried = sorted(set(kept) - {record["tried"][i] for i in who})
        assert sorted(filter(None, row["nao_tentaram"].split("; "))) == not_tried
        if not who:
            continue
        assert float(row["mediana_tentativas"]) == np.median([record["tries"][i] for i in who])
        if all_exercises()[exercise_id].kind == "prediction":
            value = float(expected_answer(exercise_id).expected)
            boundary = all_exercises()[exercise_id].boundary[0]
            guesses = [record["guess"][i] for i in who]
            same = [(g < boundary) == (value < boundary) for g in guesses]
            assert math.isclose(float(row["palpites_do_lado_do_valor"]), np.mean(same))
        if all_exercises()[exercise_id].kind in ("prediction", "text"):
            assert row["certo_na_primeira"] == "" and row["certo_no_fim"] == ""
            continue
        first = np.mean([record["first"][i] for i in who])
        final = np.mean([record["final"][i] for i in who])
        assert math.isclose(float(row["certo_na_primeira"]), first)
        assert math.isclose(float(row["certo_no_fim"]), final)
    kappa = rows["04.kappa"]
    if kappa["estudantes_com_erro_conhecido"] != "0":
        assert kappa["erro_conhecido_mais_frequente"] == all_exercises()["04.kappa"].mistakes[0][1]
    page = html.read_text("utf-8")
    assert page.count("<svg") == 1 and "http://" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', ""
    )
    assert "Arquivos deixados de fora" in page and all(name in page for name in broken)
    if any(all_exercises()[i].kind == "text" for i in items_in_order(SET)):
        assert "Respostas escritas" in page and "Ana explica" in page


def test_a_large_folder_shows_a_progress_bar(tmp_path, capsys):
    exercicios = start("01", student="Ana")
    exercicios.check("01.tipo_i", "FP")
    exports = tmp_path / "entregas"
    exports.mkdir()
    source = exercicios.export_progress(exports / "ana.json")
    for n in range(60):
        document = json.loads(source.read_text("utf-8"))
        document["student"] = f"Estudante {n}"
        store.write_atomic(exports / f"e{n}.json", store.seal(document))
    report = collect(exports)
    assert len(report.documents) == 61 and report.rejected == []
    assert "lendo exportações" in capsys.readouterr().err


def test_list_sets_and_items(capsys):
    assert main(["listar"]) == 0
    lines = capsys.readouterr().out.splitlines()
    nine = list(exercise_sets()).index("09")  # after 05b
    assert len(lines) == len(exercise_sets()) and lines[nine].startswith("09  ")
    assert "variantes" in lines[nine]
    assert main(["listar", "12"]) == 0
    out = capsys.readouterr().out.split()
    assert out[::2] == items_in_order("12")


def test_the_answer_key_follows_the_variant(tmp_path):
    key = answer_key("09", 17)
    assert key.splitlines()[0] == "Gabarito dos exercícios 09, variante 17"
    wilson = expected_answer("09.wilson", variant=17).expected
    assert f"09.wilson: inferior = {wilson[0]!r}, superior = {wilson[1]!r}" in key
    assert answer_key("09") != key
    path = tmp_path / "gabarito.txt"
    assert main(["gabarito", "09", "--variante", "17", "--saida", str(path)]) == 0
    assert path.read_text("utf-8") == key


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["gabarito", "99"], "não existe o conjunto '99'"),
        (["relatorio", "nao/existe"], "não existe"),
    ],
)
def test_bad_arguments_are_answered_in_portuguese(capsys, argv, words):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and words in capsys.readouterr().err


def test_the_help_is_in_portuguese(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "gabarito" in out and "relatório da turma" in out


def _start_calls(path, set_id):
    """The ``start`` calls and the ``VARIANTE`` assigned in a notebook, read from its syntax."""
    calls, variants = [], []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "start":
                calls.append(
                    (
                        node.args[0].value,
                        {k.arg: ast.unparse(k.value) for k in node.keywords},
                    )
                )
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "VARIANTE":
                variants.append(ast.literal_eval(node.value))
    return calls, variants


def test_class_notebooks_one_variant_per_student(tmp_path, capsys):
    roster = tmp_path / "turma.csv"
    roster.write_text("nome,numero\nAna Souza,2024001\nBruno Lima,\n", "utf-8")
    root = find_root(Path(__file__).parent)
    argv = ["cadernos", str(roster), "--saida", str(tmp_path / "out"), "--raiz", str(root)]
    assert main([*argv, "--conjuntos", "09", "04"]) == 0
    out = capsys.readouterr().out
    assert "4 cadernos escritos" in out and "2 estudantes" in out
    variant = student_variant("Bruno Lima")
    assert f"Bruno Lima: variante {variant}, tirada do nome" in out
    ana = tmp_path / "out/Ana_Souza_2024001/09_intervalos_de_confianca.ipynb"
    calls, variants = _start_calls(ana, "09")
    assert variants == [2024001]  # the data and the checker read this one value
    assert calls == [
        ("09", {"variant": "VARIANTE", "student": "'Ana Souza'", "student_id": "'2024001'"})
    ]
    bruno = tmp_path / f"out/Bruno_Lima_{variant}/09_intervalos_de_confianca.ipynb"
    assert _start_calls(bruno, "09")[0][0][1]["student_id"] == repr(str(variant))
    assert student_variant("  bruno   LIMA") == variant
    four = tmp_path / f"out/Bruno_Lima_{variant}/04_kappa_e_concordancia.ipynb"
    assert _start_calls(four, "04") == (  # set 04 varies its twin question
        [
            (
                "04",
                {
                    "variant": "VARIANTE",
                    "student": "'Bruno Lima'",
                    "student_id": repr(str(variant)),
                },
            )
        ],
        [variant],
    )


def test_a_set_without_variants_has_no_key_for_one(install_course, capsys):
    install_course({"set_99": TOY_WITHOUT_VARIANTS})
    with pytest.raises(SystemExit) as stop:
        main(["gabarito", "99", "--variante", "3"])
    assert stop.value.code == 2 and "não tem variantes" in capsys.readouterr().err


#: A course's set that has no variants (every set of this course has them).
TOY_WITHOUT_VARIANTS = """
from evalbook.exercises import Exercise, ExerciseSet

SET = ExerciseSet("99", title="Sem variantes", items={
    "um": Exercise(expected=lambda _: 1, kind="count", look="a", formula="b", call="c"),
})
"""
