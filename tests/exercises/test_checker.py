"""The checker's own behaviour: its errors, its messages, hostile answers by name.

The registry-wide hostile-answer tests are in ``test_exercises_sets.py``; here, named
hostile answers (huge integers, objects whose dunders raise, subclasses, callables) and the
checker's contract: an error in an item's expected answer is raised with the item's id, an
unknown id lists its set's ids, the expected answers are kept once per (item, variant).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from evalbook.exercises import (
    CheckResult,
    ExerciseError,
    check,
    exercise_ids,
    reset_progress,
    start,
)
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import EXERCISES

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
def test_an_error_in_the_expected_answer_is_raised_with_the_item_id(monkeypatch):
    def broken(variant):
        raise ZeroDivisionError("division by zero")

    bad = dataclasses.replace(EXERCISES["02.f1"], expected=broken)
    monkeypatch.setitem(EXERCISES, "02.f1", bad)
    with pytest.raises(ExerciseError, match=r"02\.f1.*ZeroDivisionError"):
        check("02.f1", 0.5)


def test_an_error_in_a_known_mistake_is_raised_too(monkeypatch):
    exercise = EXERCISES["02.f1"]
    bad = dataclasses.replace(exercise, mistakes=((lambda _: 1 / 0, "x"),))
    monkeypatch.setitem(EXERCISES, "02.f1", bad)
    with pytest.raises(ExerciseError, match=r"02\.f1"):
        check("02.f1", 0.5)


def test_an_expected_answer_is_computed_once_and_again_for_a_replaced_exercise(monkeypatch):
    calls = []
    exercise = EXERCISES["08.loo"]

    def counted(variant):
        calls.append(variant)
        return exercise.expected(variant)

    monkeypatch.setitem(EXERCISES, "08.loo", dataclasses.replace(exercise, expected=counted))
    right = check("08.loo", 0.5)  # first check: computed
    assert calls == [None]
    assert not right.correct
    for answer in (0.1, 0.2, expected_answer("08.loo").expected):
        check("08.loo", answer)
    assert calls == [None]  # kept for the session
    assert check("08.loo", expected_answer("08.loo").expected).correct
    monkeypatch.setitem(EXERCISES, "08.loo", dataclasses.replace(exercise, expected=counted))
    check("08.loo", 0.5)
    assert calls == [None, None]  # another exercise under the same id: computed again


def test_check_follows_the_variant_started():
    assert check("09.condicao", "não").correct  # 36 of 40: the solutions' data
    start("09", variant=7)
    assert check("09.condicao", "sim").correct  # student 7's data
    assert not check("09.condicao", "não").correct
    reset_progress()
    assert check("09.condicao", "não").correct


def test_expected_answers_of_two_variants_without_the_session():
    # the variant is an argument: no start(), and the two answers live side by side
    assert EXERCISES["09.condicao"].expected(None) == "não"
    assert EXERCISES["09.condicao"].expected(7) == "sim"
    assert EXERCISES["01.n_tipo_i"].expected(None) == 3
    assert EXERCISES["01.n_tipo_i"].expected(1) == 1  # student 1's fraud table
    assert EXERCISES["02.f1"].expected(None) != EXERCISES["02.f1"].expected(1)


def test_the_kept_answers_are_one_per_item_and_variant():
    solutions = expected_answer("09.condicao")
    student = expected_answer("09.condicao", variant=7)
    assert (solutions.expected, student.expected) == ("não", "sim")
    assert expected_answer("09.condicao") is solutions  # the other variant did not replace it
    assert expected_answer("09.condicao", variant=7) is student
    # the checker computes for the variant it is given, whatever the session holds
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
    result = check("13.x", 1)
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
    assert exercise_ids() == sorted(EXERCISES)
    # each set ends with a written question (NN.explique)
    assert len(exercise_ids("01")) == 9 and len(exercise_ids("02")) == 12
    with pytest.raises(ValueError, match="set_id"):
        exercise_ids("13")
