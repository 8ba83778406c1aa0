"""Every item of every exercise set, driven by the registry (one test shape for all sets).

Each set's own module ``tests/test_exercises_NN.py`` provides ``independent()`` (the expected
answers computed without the registry's code: by hand, from exact fractions, with
scikit-learn, scipy, statsmodels or nltk) and ``WRONG`` (wrong answers). For every item this
module checks that

- its expected answer (and each known mistake) is computed without error or warning;
- the registry's answer agrees with the independent one, and both are accepted;
- each wrong answer is rejected with a hint, each known mistake with its own hint;
- wrong types, unanswered cells and hostile answers get a hint, never a traceback.
"""

from __future__ import annotations

import importlib.util
import math
import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import evalbook
from evalbook import ConfusionMatrix
from evalbook.exercises import ABS_TOL, CheckResult, check, reset_progress
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.item import KINDS
from evalbook.exercises.registry import EXERCISES, SETS

RIGHT = "✅ Correto!"
WRONG_HINT = "❌ Ainda não. Dica: "


def load_set_tests(number: str):
    """The module ``tests/test_exercises_NN.py`` (pytest runs with --import-mode=importlib)."""
    path = Path(__file__).with_name(f"test_exercises_{number}.py")
    spec = importlib.util.spec_from_file_location(f"exercise_set_tests_{number}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MODULES = {number: load_set_tests(number) for number in SETS}
IDS = sorted(EXERCISES)


def _independent() -> dict:
    answers = {}
    for module in MODULES.values():
        answers.update(module.independent())
    return answers


ANSWERS = _independent()
WRONGS = {i: answers for module in MODULES.values() for i, answers in module.WRONG.items()}


@pytest.fixture(autouse=True)
def _fresh_record():
    reset_progress()
    yield
    reset_progress()


def test_every_item_has_an_independent_answer_and_a_wrong_one():
    assert set(ANSWERS) == set(EXERCISES)
    assert set(WRONGS) == set(EXERCISES)
    assert all(WRONGS.values())


def agree(expected, independent, *, rtol: float = 1e-9) -> None:
    """The registry's answer equals an independent one (numbers within ``rtol``)."""
    if isinstance(expected, ConfusionMatrix):
        if isinstance(independent, ConfusionMatrix):
            assert independent.labels == expected.labels
        counts = getattr(independent, "counts", independent)
        np.testing.assert_array_equal(expected.counts, np.asarray(counts))
    elif isinstance(independent, str):
        assert str(expected) == independent
    elif isinstance(independent, (list, tuple)) and independent and isinstance(independent[0], str):
        assert [str(v) for v in expected] == list(independent)
    else:
        np.testing.assert_allclose(
            np.asarray(expected, dtype=float), np.asarray(independent, dtype=float), rtol=rtol
        )


@pytest.mark.parametrize("exercise_id", IDS)
def test_expected_answer_is_computed_without_warnings(exercise_id):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        item = expected_answer(exercise_id)
    assert item.expected is not None
    assert len(item.mistakes) == len(EXERCISES[exercise_id].mistakes)


@pytest.mark.parametrize("exercise_id", IDS)
def test_registry_agrees_with_the_independent_answer(exercise_id):
    agree(EXERCISES[exercise_id].expected(), ANSWERS[exercise_id])


@pytest.mark.parametrize("exercise_id", IDS)
def test_independent_and_registry_answers_are_accepted(exercise_id):
    for answer in (ANSWERS[exercise_id], EXERCISES[exercise_id].expected()):
        result = check(exercise_id, answer)
        assert isinstance(result, CheckResult)
        assert result.correct is True and bool(result), result.message
        assert result.message.startswith(RIGHT)


@pytest.mark.parametrize("exercise_id", IDS)
def test_wrong_answers_are_rejected_with_a_hint(exercise_id):
    for answer in WRONGS[exercise_id]:
        result = check(exercise_id, answer)
        assert result.correct is False and not result, answer
        assert result.message.startswith(WRONG_HINT)
        assert len(result.message) > len(WRONG_HINT) + 20


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
    assert result.message.startswith(WRONG_HINT + hint)


def test_registry_entries_are_well_formed():
    for exercise_id, exercise in EXERCISES.items():
        assert re.fullmatch(r"\d\d\.[a-z0-9_]+", exercise_id), exercise_id
        assert exercise.kind in KINDS, exercise_id
        assert len(exercise.hint) > 20, exercise_id
        assert (exercise.kind == "numbers") == bool(exercise.names), exercise_id
        if exercise.kind == "numbers":
            assert len(exercise.names) == len(exercise.expected()), exercise_id
        for _, hint in exercise.mistakes:
            assert hint != exercise.hint, exercise_id


# ---------------------------------------------------------------------- bad and hostile answers
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


@pytest.mark.parametrize("exercise_id", IDS)
@pytest.mark.parametrize("answer", BAD_ANSWERS, ids=lambda a: type(a).__name__)
def test_wrong_type_or_shape_gets_a_specific_hint(exercise_id, answer):
    result = check(exercise_id, answer)
    assert isinstance(result, CheckResult)
    assert result.correct is False
    assert result.message.startswith(WRONG_HINT)
    assert "Não consegui ler" not in result.message  # a specific hint, not the net


class _Boom(Exception):
    pass


def _boom(*args, **kwargs):
    raise _Boom("hostile")


class RaisingGetattr:
    __getattr__ = _boom


class RaisingLen(list):
    __len__ = _boom


class RaisingRepr:
    __repr__ = _boom
    __str__ = _boom


class RaisingFormat(float):
    __format__ = _boom
    __repr__ = _boom
    __str__ = _boom


class HostileStr(str):
    strip = _boom
    upper = _boom
    replace = _boom
    __repr__ = _boom
    __format__ = _boom
    __eq__ = _boom
    __hash__ = _boom
    __len__ = _boom


class HostileInt(int):
    __float__ = _boom
    __repr__ = _boom
    __str__ = _boom
    __format__ = _boom
    __index__ = _boom


class RaisingArray:
    __array__ = _boom
    __len__ = _boom
    __iter__ = _boom
    __getitem__ = _boom


class RaisingIter(list):
    __iter__ = _boom
    __getitem__ = _boom


class RaisingGetattribute:
    __getattribute__ = _boom


class Calls:
    """An answer that would notice being called or executed."""

    called = False

    def __call__(self, *args, **kwargs):
        Calls.called = True
        return 0.5


def _self_containing():
    loop: list = []
    loop.append(loop)
    return loop


def _object_array(*values):
    array = np.empty(len(values), dtype=object)
    for position, value in enumerate(values):
        array[position] = value
    return array


def _deeply_nested(depth: int = 10_000):
    value: list = [1]
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = {
    "int 10**5000": 10**5000,
    "int -10**5000": -(10**5000),
    "tuple of huge ints": (10**5000, 10**5000),
    "huge float ints in a matrix": [[10**400, 1], [1, 1]],
    "raising __getattr__": RaisingGetattr(),
    "raising __len__": RaisingLen([1, 2]),
    "raising __repr__": RaisingRepr(),
    "raising __format__": RaisingFormat(0.123457),
    "hostile str": HostileStr("TP"),
    "hostile int": HostileInt(123_457),
    "raising __array__": RaisingArray(),
    "raising __iter__": RaisingIter([1, 2]),
    "raising __getattribute__": RaisingGetattribute(),
    "list of raising __repr__": [RaisingRepr(), RaisingRepr()],
    "list of hostile str": [HostileStr("TP")] * 16,
    "array of raising objects": _object_array(RaisingGetattr(), RaisingRepr()),
    "huge list": [0.5] * 200_000,
    "huge nested rows": [[1] * 200_000, [1] * 200_000],
    "self-containing list": _self_containing(),
    "deeply nested list": _deeply_nested(),
    "long text": "x" * 1_000_000,
    "inf": math.inf,
    "-inf": -math.inf,
    "a callable": Calls(),
    "a generator": (value for value in [0.5, 0.5]),
}


@pytest.mark.parametrize("exercise_id", IDS)
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_answers_get_a_hint_never_a_traceback(exercise_id, name):
    result = check(exercise_id, HOSTILE[name])
    assert isinstance(result, CheckResult)
    assert result.correct is False
    assert result.message.startswith(WRONG_HINT)
    assert len(result.message) < 2_000  # a hint, not a dump of the answer
    assert not Calls.called  # an answer is only read, never executed


@pytest.mark.parametrize("exercise_id", IDS)
@pytest.mark.parametrize("answer", [None, ...])
def test_unanswered(exercise_id, answer):
    result = check(exercise_id, answer)
    assert not result.correct
    assert result.message.startswith(WRONG_HINT + "Você ainda não respondeu")


def _numeric_ids():
    """The items whose answer is one or more numbers, except the undefined (nan) one."""
    return sorted(
        i
        for i, e in EXERCISES.items()
        if e.kind in {"number", "numbers"}
        and not np.isnan(np.asarray(e.expected(), dtype=float)).all()
    )


@pytest.mark.parametrize("exercise_id", _numeric_ids())
def test_tolerance(exercise_id):
    values = np.atleast_1d(np.asarray(EXERCISES[exercise_id].expected(), dtype=float))

    def as_answer(array):
        return float(array[0]) if EXERCISES[exercise_id].kind == "number" else tuple(array)

    assert check(exercise_id, as_answer(np.round(values, 3))).correct
    assert check(exercise_id, as_answer(values + 0.9 * ABS_TOL)).correct
    assert check(exercise_id, as_answer(values - 0.9 * ABS_TOL)).correct
    assert not check(exercise_id, as_answer(values + 1.2 * ABS_TOL)).correct
    assert not check(exercise_id, as_answer(values - 1.2 * ABS_TOL)).correct


def test_checking_emits_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for exercise_id, exercise in EXERCISES.items():
            check(exercise_id, exercise.expected())
            for compute, _ in exercise.mistakes:
                check(exercise_id, compute())
