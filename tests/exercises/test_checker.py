"""The checker's own behaviour: its errors, its messages, hostile answers by name.

The registry-wide hostile-answer tests are in ``test_exercises_sets.py``; here, named
hostile answers (huge integers, objects whose dunders raise, subclasses, callables) and the
checker's contract: an error in an item's expected answer is raised with the item's id, an
unknown id lists its set's ids, the expected answers are kept once per (item, variant).
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from evalbook.exercises import (
    CheckResult,
    ExerciseError,
    check,
    exercise_ids,
    start,
)
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import all_exercises

WRONG_HINT = "❌ Ainda não. Dica: "


def _is_hint(result) -> bool:
    return (
        isinstance(result, CheckResult)
        and not result.correct
        and (result.message.startswith(WRONG_HINT))
    )


# ---------------------------------------------------------------------- hostile answers
def test_an_integer_with_5000_digits():
    result = check("02.f1", 10**5000)
    assert _is_hint(result)
    assert "grande demais" in result.message and "5000 dígitos" in result.message


def test_huge_integers_as_counts_and_pairs():
    assert _is_hint(check("01.n_tipo_i", 10**5000))
    assert _is_hint(check("02.acuracia_erro", (10**5000, 0.3)))
    assert _is_hint(check("01.matriz", [[10**400, 2], [3, 7]]))


class _RaisingGetattr:
    def __getattr__(self, name):
        raise RuntimeError(name)


class _RaisingLen(list):
    def __len__(self):
        raise RuntimeError("len")


class _RaisingRepr:
    def __repr__(self):
        raise RuntimeError("repr")


class _RaisingFormat(float):
    def __format__(self, spec):
        raise RuntimeError("format")

    def __repr__(self):
        raise RuntimeError("repr")


@pytest.mark.parametrize(
    "answer",
    [_RaisingGetattr(), _RaisingLen([0.6, 0.3]), _RaisingRepr(), _RaisingFormat(0.123)],
    ids=["getattr", "len", "repr", "format"],
)
@pytest.mark.parametrize("exercise_id", ["02.f1", "02.acuracia_erro", "01.matriz", "01.tipos"])
def test_answers_whose_dunders_raise(exercise_id, answer):
    assert _is_hint(check(exercise_id, answer))


class _ReprStr(str):
    def __repr__(self):
        raise RuntimeError("repr")


@pytest.mark.parametrize(
    ("exercise_id", "answer"), [("01.tipo_i", _ReprStr("tipo I")), ("02.f1", _ReprStr("abc"))]
)
def test_a_text_whose_repr_raises(exercise_id, answer):
    assert _is_hint(check(exercise_id, answer))


def test_a_subclass_is_read_through_its_base_class():
    class Sneaky(float):
        def __eq__(self, other):
            return True

        def __sub__(self, other):
            return 0.0

    assert not check("02.f1", Sneaky(0.1)).correct
    assert check("02.f1", Sneaky(8 / 13)).correct


def test_an_answer_is_never_called():
    calls = []

    def answer():
        calls.append(1)
        return 0.615

    assert _is_hint(check("02.f1", answer))
    assert calls == []


# ---------------------------------------------------------------------- the checker's own errors
BROKEN_SET = """
from evalbook.exercises import Exercise, ExerciseSet

def broken(variant):
    raise ZeroDivisionError("division by zero")

ITEMS = {
    "quebrado": Exercise(expected=broken, kind="number", look="a", formula="b", call="c"),
    "engano": Exercise(
        expected=lambda _: 0.5, kind="number", look="a", formula="b", call="c",
        mistakes=((lambda _: 1 / 0, "x"),),
    ),
}
SET = ExerciseSet("99", title="Quebrado", items=ITEMS)
"""

COUNTED_SET = """
from evalbook.exercises import Exercise, ExerciseSet

CALLS = []

def counted(variant):
    CALLS.append(variant)
    return 0.25

ITEMS = {"contado": Exercise(expected=counted, kind="number", look="a", formula="b", call="c")}
SET = ExerciseSet("99", title="Contado", items=ITEMS)
"""


def test_an_error_in_the_expected_answer_is_raised_with_the_item_id(install_course):
    install_course({"set_99": BROKEN_SET})
    with pytest.raises(ExerciseError, match=r"99\.quebrado.*ZeroDivisionError"):
        check("99.quebrado", 0.5)


def test_an_error_in_a_known_mistake_is_raised_too(install_course):
    install_course({"set_99": BROKEN_SET})
    with pytest.raises(ExerciseError, match=r"99\.engano"):
        check("99.engano", 0.5)


def test_an_expected_answer_is_computed_once_and_again_for_a_replaced_exercise(install_course):
    install_course({"set_99": COUNTED_SET})
    first = importlib.import_module("toycourse.exercises.set_99")

    exercicios = start("99")
    assert not exercicios.check("99.contado", 0.5).correct  # first check: computed
    assert first.CALLS == [None]
    for answer in (0.1, 0.2, 0.25):
        exercicios.check("99.contado", answer)
    assert first.CALLS == [None]  # kept
    install_course({"set_99": COUNTED_SET})  # another exercise under the same id
    second = importlib.import_module("toycourse.exercises.set_99")

    assert second is not first
    assert start("99").check("99.contado", 0.25).correct
    assert second.CALLS == [None]  # computed again


def test_check_follows_the_variant_started():
    assert check("09.condicao", "não").correct  # 36 of 40: the solutions' data
    student = start("09", variant=7)
    assert student.check("09.condicao", "sim").correct  # student 7's data
    assert not student.check("09.condicao", "não").correct
    assert start("09").check("09.condicao", "não").correct
    assert check("09.condicao", "sim", variant=7).correct


def test_expected_answers_of_two_variants_without_the_session():
    # the variant is an argument: no start(), and the two answers live side by side
    assert all_exercises()["09.condicao"].expected(None) == "não"
    assert all_exercises()["09.condicao"].expected(7) == "sim"
    assert all_exercises()["01.n_tipo_i"].expected(None) == 3
    assert all_exercises()["01.n_tipo_i"].expected(4) == 2  # student 4's fraud table
    assert all_exercises()["02.f1"].expected(None) != all_exercises()["02.f1"].expected(1)


def test_the_kept_answers_are_one_per_item_and_variant():
    solutions = expected_answer("09.condicao")
    student = expected_answer("09.condicao", variant=7)
    assert (solutions.expected, student.expected) == ("não", "sim")
    assert expected_answer("09.condicao") is solutions  # the other variant did not replace it
    assert expected_answer("09.condicao", variant=7) is student
    # the checker computes for the variant it is given, whatever sessions are open
    start("09", variant=7)
    assert expected_answer("09.condicao").expected == "não"


def test_a_kept_expected_array_cannot_be_changed():
    item = expected_answer("01.tipos")
    assert isinstance(item.expected, np.ndarray)
    with pytest.raises(ValueError, match="read-only"):
        item.expected[0] = "TN"
    assert expected_answer("01.tipos") is item


def test_unknown_id_lists_the_ids_of_its_set_only():
    result = check("01.matrix", [[4, 2], [3, 7]])
    assert not result.correct
    assert "'01.matrix'" in result.message and "Você quis dizer '01.matriz'?" in result.message
    assert all(exercise_id in result.message for exercise_id in exercise_ids("01"))
    assert not any(exercise_id in result.message for exercise_id in exercise_ids("02"))
    assert len(result.message) < 400


def test_unknown_set_lists_the_sets():
    result = check("99.x", 1)
    assert not result.correct
    assert "01, 02, 03" in result.message and "02.f1" not in result.message


@pytest.mark.parametrize(
    "exercise_id",
    [1, None, ["01.matriz"], _RaisingRepr(), 10**5000],
    ids=["1", "None", "list", "repr", "huge"],
)
def test_an_id_that_is_not_a_text(exercise_id):
    result = check(exercise_id, 1)
    assert isinstance(result, CheckResult) and not result.correct
    assert "nome do exercício" in result.message


def test_check_result_displays_its_message():
    right = check("01.n_tipo_i", 3)
    wrong = check("01.n_tipo_i", 2)
    assert right and not wrong
    assert right.correct is True and wrong.correct is False
    assert repr(right) == str(right) == right.message == "✅ Correto!"
    assert wrong._repr_markdown_() == wrong.message
    assert wrong.message.startswith(WRONG_HINT + "Esse é o número de erros do tipo II")


def test_exercise_ids():
    assert exercise_ids() == sorted(all_exercises())
    # each set ends with a written question (NN.explique)
    assert len(exercise_ids("01")) == 10 and len(exercise_ids("02")) == 15
    with pytest.raises(ValueError, match="set_id"):
        exercise_ids("99")


# ---------------------------------------------------------------------- tolerance and texts
def test_a_large_value_is_right_with_five_significant_digits():
    sse = float(expected_answer("06.sse").expected)  # 215992.902...
    assert check("06.sse", 215992.90).correct and check("06.sse", 215993).correct
    assert not check("06.sse", round(sse * 1.001)).correct  # wrong in the fourth digit
    _, rmse = expected_answer("06.mse_rmse").expected
    assert check("06.mse_rmse", (3248.01, round(rmse, 3))).correct
    assert check("06.mse_rmse", (3248.0, round(rmse, 3))).correct
    assert not check("06.mse_rmse", (3249.0, round(rmse, 3))).correct


#: An item whose hint and comment are written from the variant's data, with another right
#: answer beside the expected one.
TOY_TEXTS = """
from evalbook.exercises import Exercise, ExerciseSet

SET = ExerciseSet("99", title="Textos", variants=True, items={
    "metade": Exercise(
        expected=lambda v: (v or 10) / 2,
        also_right=lambda v: ((v or 10) // 2,),
        kind="number",
        look=lambda v: f"Metade de {v or 10}.",
        formula="n / 2.",
        call="`n / 2`.",
        comment=lambda v: "É par." if (v or 10) % 2 == 0 else "É ímpar.",
        facts={"n é positivo": lambda v: (v or 10) > 0},
    ),
})
"""


def test_texts_are_written_from_the_variant_and_other_right_answers_count(install_course):
    install_course({"set_99": TOY_TEXTS})
    assert check("99.metade", 5).message.endswith("É par.")
    assert check("99.metade", 3.5, variant=7).message.endswith("É ímpar.")
    assert check("99.metade", 3, variant=7).correct  # also right: the whole half
    assert "Metade de 7." in check("99.metade", 1, variant=7).message
    assert "Metade de 10." in check("99.metade", 1).message
