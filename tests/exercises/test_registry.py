"""Courses register their sets; the engine finds them without naming any.

A course installed for the test (``install_course`` in the conftest: a package and its
``dist-info`` entry point in a temporary folder) is seen by the checker, a student's
session, the lecturer's command line (in this process and in a new one) and the class
report; two courses may not declare the same set, and a set is checked when it is built.
"""

from __future__ import annotations

import csv
import os
import subprocess
import sys

import pytest

from evalbook.exercises import (
    Exercise,
    ExerciseSet,
    check,
    exercise_ids,
    exercise_sets,
    start,
)
from evalbook.exercises.__main__ import main


def test_the_course_beside_the_library_declares_its_sets():
    sets = exercise_sets()
    # thirteen lessons; 05, 11 and 12 are split in two (05b, 11b and 12b)
    assert list(sets) == [
        *("01", "02", "03", "04", "05", "05b", "06", "07", "08", "09", "10"),
        *("11", "11b", "12", "12b", "13", "14"),
    ]
    assert sets["01"].title == "Matriz de confusão" and sets["01"].variants
    assert sets["04"].variants  # a twin question varies; the handout's examples stay
    assert "99" not in sets


def test_a_new_course_is_seen_by_the_checker_and_a_session(install_course):
    install_course()
    assert "99" in exercise_sets() and "01" in exercise_sets()
    assert exercise_ids("99") == ["99.dois", "99.explique"]
    assert check("99.dois", 2).correct
    assert check("99.dois", 3, variant=10).correct  # the variant reaches the item
    exercicios = start("99", variant=10)
    assert str(exercicios) == "Exercícios 99, variante 10."
    wrong = exercicios.check("99.dois", 2)
    assert not wrong.correct and "Conte os dedos" in wrong.message
    assert exercicios.check("99.dois", 3).correct
    assert exercicios.progress().table["tentativas"].tolist() == [2, 0]


def test_a_new_course_is_seen_by_the_command_line_and_the_report(install_course, tmp_path, capsys):
    install_course()
    assert main(["listar"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "99  2 itens (com variantes)  Um conjunto de brinquedo"
    assert main(["gabarito", "99", "--variante", "10"]) == 0
    assert "99.dois" in capsys.readouterr().out
    exports = tmp_path / "entregas"
    exports.mkdir()
    for name, answer in (("Ana", 2), ("Bia", 5)):
        (tmp_path / name).mkdir()
        exercicios = start("99", student=name, folder=tmp_path / name)
        exercicios.check("99.dois", answer)
        exercicios.export_progress(exports / f"{name}.json")
    html, table = tmp_path / "turma.html", tmp_path / "turma.csv"
    grades = tmp_path / "notas.csv"  # every output named: nothing lands in the working folder
    argv = ["relatorio", str(exports), "--html", str(html), "--csv", str(table)]
    assert main([*argv, "--notas", str(grades)]) == 0
    with grades.open(encoding="utf-8") as handle:
        marks = {row["nome"]: row["Total"] for row in csv.DictReader(handle)}
    assert marks == {"Ana": "1", "Bia": "0"}
    with table.open(encoding="utf-8") as handle:
        rows = {row["item"]: row for row in csv.DictReader(handle)}
    assert list(rows) == ["99.dois", "99.explique"]
    assert rows["99.dois"]["tentaram"] == "2" and float(rows["99.dois"]["certo_no_fim"]) == 0.5
    assert "99.dois" in html.read_text("utf-8")


@pytest.mark.slow
def test_a_new_process_finds_the_course_on_its_path(install_course):
    folder = install_course()
    path = os.pathsep.join([str(folder), os.environ.get("PYTHONPATH", "")])
    listed = subprocess.run(
        [sys.executable, "-m", "evalbook.exercises", "listar"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        check=True,
    ).stdout.splitlines()
    assert listed[0].startswith("01  ") and listed[-1].startswith("99  2 itens")


def test_two_courses_may_not_declare_the_same_set(install_course):
    install_course({"set_01": TOY_01})
    twice = (
        r"set 01 is declared twice: by (evalcourse and by toycourse|toycourse and by evalcourse)"
    )
    with pytest.raises(RuntimeError, match=twice):
        exercise_sets()


#: The second part of set 99, split off as set "99b": its items keep their "99." ids.
TOY_99B = """
from evalbook.exercises import Exercise, ExerciseSet

SET = ExerciseSet("99b", title="Segunda parte", id_prefix="99", items={
    "tres": Exercise(expected=lambda v: 3, kind="count", look="Conte.", formula="1 + 2.",
                     call="3"),
})
"""


def test_a_set_split_off_keeps_its_items_ids_and_the_engine_finds_their_set(install_course):
    from evalbook.exercises.registry import set_of

    install_course({"set_99": TOY_99_SOURCE, "set_99b": TOY_99B})
    assert list(exercise_sets())[-2:] == ["99", "99b"]
    assert exercise_ids("99b") == ["99.tres"]
    assert (set_of("99.um"), set_of("99.tres"), set_of("99.quatro")) == ("99", "99b", None)
    assert check("99.tres", 3).correct
    assert start("99b").check("99.tres", 3).correct
    elsewhere = start("99").check("99.tres", 3)  # asked in the notebook of the first part
    assert not elsewhere.correct and "start('99b')" in elsewhere.message
    typo = check("99.trs", 3)
    assert not typo.correct and "'99.tres'" in typo.message  # the split-off item is suggested


def test_two_sets_may_not_hold_the_same_item(install_course):
    twin = TOY_99B.replace('"tres"', '"um"')
    install_course({"set_99": TOY_99_SOURCE, "set_99b": twin})
    with pytest.raises(RuntimeError, match=r"item 99\.um is declared twice: in set 99 and in "):
        exercise_sets()


def test_a_module_whose_set_is_not_an_exercise_set_is_refused(install_course):
    install_course({"set_99": "SET = {'dois': 2}\n"})
    with pytest.raises(TypeError, match=r"toycourse\.exercises\.set_99\.SET must be"):
        exercise_sets()


def test_a_module_without_a_set_is_data(install_course):
    install_course({"data": "NUMBERS = (1, 2)\n", "set_99": TOY_99_SOURCE})
    assert "99" in exercise_sets()


TOY_01 = """
from evalbook.exercises import Exercise, ExerciseSet

ITEMS = {"um": Exercise(expected=lambda _: 1, kind="count", look="a", formula="b", call="c")}
SET = ExerciseSet("01", title="Outro 01", items=ITEMS)
"""

TOY_99_SOURCE = TOY_01.replace('"01"', '"99"')

ITEM = Exercise(expected=lambda _: 1, kind="count", look="a", formula="b", call="c")


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"set_id": "1"}, ValueError, "set_id must be two digits"),
        ({"set_id": 1}, ValueError, "set_id must be two digits"),
        ({"title": " "}, ValueError, "title must be a non-empty text"),
        ({"items": {}}, ValueError, "items must be a non-empty mapping"),
        ({"items": {"99.um": ITEM}}, ValueError, "not its full id"),
        ({"items": {"um": 1}}, TypeError, "'um' must be an Exercise"),
        ({"variants": 1}, TypeError, "variants must be True or False"),
    ],
)
def test_a_set_is_checked_when_it_is_built(arguments, error, words):
    good = {"set_id": "99", "title": "T", "items": {"um": ITEM}}
    with pytest.raises(error, match=words):
        ExerciseSet(**{**good, **arguments})


def test_a_set_reads_its_items_by_id_in_order_and_cannot_change():
    items = {"b": ITEM, "a": ITEM}
    toy = ExerciseSet("99", title="T", items=items)
    items["c"] = ITEM  # the caller's dict is copied
    assert list(toy.exercises) == ["99.b", "99.a"] and toy["99.a"] is ITEM
    with pytest.raises(KeyError):
        toy["98.a"]
    with pytest.raises(TypeError):
        toy.items["c"] = ITEM
