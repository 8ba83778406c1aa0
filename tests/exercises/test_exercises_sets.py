"""Every item of every exercise set, driven by the registry (one test shape for all sets).

Each set's own module ``test_exercises_NN.py`` provides ``independent()`` (the expected
answers computed without the registry's code: by hand, from exact fractions, with
scikit-learn, scipy, statsmodels or nltk) and ``WRONG`` (wrong answers). For every item this
module checks that

- its expected answer (and each known mistake) is computed without error or warning;
- the registry's answer agrees with the independent one, and both are accepted;
- each wrong answer is rejected with a hint, each known mistake with its own hint;
- wrong types, unanswered cells and hostile answers get a hint, never a traceback.
"""

from __future__ import annotations

import functools
import importlib.util
import math
import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from evalbook import ConfusionMatrix
from evalbook.exercises import ABS_TOL, CheckResult, check, start
from evalbook.exercises.answers import normal_text
from evalbook.exercises.build import MARKER
from evalbook.exercises.checker import REL_TOL, expected_answer
from evalbook.exercises.item import KINDS, Between
from evalbook.exercises.registry import all_exercises, exercise_sets, set_of
from evalcourse import datasets

RIGHT = "✅ Correto!"
WRONG_HINT = "❌ Ainda não. Dica: "


def load_set_tests(number: str):
    """The module ``test_exercises_NN.py`` (pytest runs with --import-mode=importlib)."""
    path = Path(__file__).with_name(f"test_exercises_{number}.py")
    spec = importlib.util.spec_from_file_location(f"exercise_set_tests_{number}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The items with an answer to compare (a written answer is recorded, never compared: see
#: the tests of WRITTEN below).
IDS = sorted(i for i, e in all_exercises().items() if e.kind != "text")
WRITTEN = sorted(i for i, e in all_exercises().items() if e.kind == "text")


# The sets' modules, their answers and the solutions' code are built when a test first needs
# them, not at collection: every pytest-xdist worker collects this file, one runs it.
@functools.cache
def _modules() -> dict:
    return {number: load_set_tests(number) for number in exercise_sets()}


@functools.cache
def independent_answers() -> dict:
    """Exercise id -> its answer computed independently (``independent()`` of its set)."""
    computed = {}
    for module in _modules().values():
        computed.update(module.independent())
    return computed


@functools.cache
def wrong_answers() -> dict:
    """Exercise id -> its wrong answers (``WRONG`` of its set)."""
    return {i: wrong for module in _modules().values() for i, wrong in module.WRONG.items()}


def test_every_item_has_an_independent_answer_and_a_wrong_one():
    assert set(independent_answers()) == set(IDS)
    assert set(wrong_answers()) == set(IDS)
    assert all(wrong_answers().values())


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
    assert len(item.mistakes) == len(all_exercises()[exercise_id].mistakes)


@pytest.mark.parametrize("exercise_id", IDS)
def test_registry_agrees_with_the_independent_answer(exercise_id):
    agree(all_exercises()[exercise_id].expected(None), independent_answers()[exercise_id])


@pytest.mark.parametrize("exercise_id", IDS)
def test_independent_and_registry_answers_are_accepted(exercise_id):
    for answer in (independent_answers()[exercise_id], all_exercises()[exercise_id].expected(None)):
        result = check(exercise_id, answer)
        assert isinstance(result, CheckResult)
        # a guess is recorded, never graded: correct is None (and false in a boolean context)
        guess = all_exercises()[exercise_id].kind == "prediction"
        assert result.correct is (None if guess else True), result.message
        assert bool(result) is not guess
        assert result.message.startswith((RIGHT, "📝 Previsão registrada."))


@pytest.mark.parametrize("exercise_id", IDS)
def test_wrong_answers_are_rejected_with_a_hint(exercise_id):
    for answer in wrong_answers()[exercise_id]:
        result = check(exercise_id, answer)
        assert result.correct is False and not result, answer
        assert result.message.startswith(WRONG_HINT)
        assert len(result.message) > len(WRONG_HINT) + 20


def _mistakes():
    return [
        pytest.param(exercise_id, position, id=f"{exercise_id}-{position}")
        for exercise_id, exercise in sorted(all_exercises().items())
        for position in range(len(exercise.mistakes))
    ]


@pytest.mark.parametrize(("exercise_id", "position"), _mistakes())
def test_known_mistakes_get_their_own_hint(exercise_id, position):
    compute, hint = all_exercises()[exercise_id].for_variant(None).mistakes[position]
    result = check(exercise_id, compute(None))
    assert not result.correct
    assert result.message.startswith(WRONG_HINT + hint)


def test_registry_entries_are_well_formed():
    for exercise_id, exercise in all_exercises().items():
        exercise = exercise.for_variant(None)
        assert re.fullmatch(r"\d\d\.[a-z0-9_]+", exercise_id), exercise_id
        assert exercise.kind in KINDS, exercise_id
        steps = (exercise.look, exercise.formula, exercise.call)
        assert all(len(step) > 10 for step in steps), exercise_id
        assert len(set(steps)) == 3, exercise_id
        assert (exercise.kind in {"numbers", "prediction"}) == bool(exercise.names), exercise_id
        if exercise.kind == "numbers":
            assert len(exercise.names) == len(exercise.expected(None)), exercise_id
        if exercise.kind == "prediction":
            assert len(exercise.names) == 1, exercise_id
        if exercise.feedback:
            assert set(exercise.feedback) == set(exercise.choices), exercise_id
        for _, hint in exercise.mistakes:
            assert hint not in steps, exercise_id


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
    datasets.abc_confusion(),
    3 + 2j,
    np.array(["x"]),
    (None, 1),
    -1,
    [[1.5, 2], [3, 4]],
]


def _reply_problems(exercise_id: str, answers: dict, hint_problem) -> dict[str, str]:
    """What is wrong with the checker's reply to each named bad answer (empty: nothing).

    Each must be a :class:`CheckResult` rejecting it with a hint, on which
    ``hint_problem(message)`` finds nothing; except a number a prediction item accepts as a
    guess (a float subclass is read as its value), which must be accepted. One test per
    item checks all its answers (one pytest item per answer made thousands of them).
    """
    problems = {}
    for name, answer in answers.items():
        result = check(exercise_id, answer)  # a traceback here fails the test
        if not isinstance(result, CheckResult):
            problems[name] = f"not a CheckResult: {result!r}"
        elif _a_guess(exercise_id, answer):
            if result.correct is not None:
                problems[name] = f"guess refused: {result.message}"
        elif result.correct is not False:
            problems[name] = "accepted"
        elif not result.message.startswith(WRONG_HINT):
            problems[name] = f"not a hint: {result.message[:200]}"
        elif problem := hint_problem(result.message):
            problems[name] = problem
    return problems


@pytest.mark.parametrize("exercise_id", IDS)
def test_wrong_type_or_shape_gets_a_specific_hint(exercise_id):
    answers = {f"{i}: {type(a).__name__}": a for i, a in enumerate(BAD_ANSWERS)}

    def generic(message):  # a specific hint, not the net
        return "the generic net, not a specific hint" if "Não consegui ler" in message else None

    problems = _reply_problems(exercise_id, answers, generic)
    assert not problems, problems


def _a_guess(exercise_id: str, answer) -> bool:
    """Whether ``answer`` is a number that a prediction item accepts as a guess."""
    exercise = all_exercises()[exercise_id]
    if exercise.kind != "prediction" or type(answer) not in (int, float, RaisingFormat):
        return False
    low, high = exercise.bounds
    value = int.__int__(answer) if isinstance(answer, int) else float.__float__(answer)
    return low <= value <= high


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
def test_hostile_answers_get_a_hint_never_a_traceback(exercise_id):
    def short_and_unexecuted(message):
        if len(message) >= 2_000:  # a hint, not a dump of the answer
            return f"a message of {len(message)} characters"
        if Calls.called:  # an answer is only read, never executed
            return "the answer was called"
        return None

    answers = {name: HOSTILE[name] for name in sorted(HOSTILE)}
    problems = _reply_problems(exercise_id, answers, short_and_unexecuted)
    assert not problems, problems


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
        for i, e in all_exercises().items()
        if e.kind in {"number", "numbers"}
        and not np.isnan(np.asarray(e.expected(None), dtype=float)).all()
    )


@pytest.mark.parametrize("exercise_id", _numeric_ids())
def test_tolerance(exercise_id):
    also = all_exercises()[exercise_id].also_right
    if also is not None and any(isinstance(other, Between) for other in also(None)):
        pytest.skip("any number of a range is right (test_exercises_11 checks the range)")
    values = np.atleast_1d(np.asarray(all_exercises()[exercise_id].expected(None), dtype=float))

    def as_answer(array):
        return float(array[0]) if all_exercises()[exercise_id].kind == "number" else tuple(array)

    tolerance = np.maximum(ABS_TOL, REL_TOL * np.abs(values))  # relative for large values
    assert check(exercise_id, as_answer(np.round(values, 3))).correct
    assert check(exercise_id, as_answer(values + 0.9 * tolerance)).correct
    assert check(exercise_id, as_answer(values - 0.9 * tolerance)).correct
    assert not check(exercise_id, as_answer(values + 1.2 * tolerance)).correct
    assert not check(exercise_id, as_answer(values - 1.2 * tolerance)).correct
    significant = [float(f"{v:.5g}") for v in values]  # five significant digits are right
    assert check(exercise_id, as_answer(np.array(significant))).correct


def test_checking_emits_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for exercise_id, exercise in all_exercises().items():
            check(exercise_id, exercise.expected(None))
            for compute, _ in exercise.mistakes:
                check(exercise_id, compute(None))


# ---------------------------------------------------------------------- hints in steps
ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def solution_code() -> dict[str, list[str]]:
    """Exercise id -> the lines of its solution (below the marker of the answer cell)."""
    import ast

    import nbformat

    code = {}
    for path in sorted((ROOT / "exercises" / "solucoes").glob("*_solucao.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        for index, cell in enumerate(cells):
            if cell.cell_type != "code" or not cell.source.startswith("exercicios.check("):
                continue
            call = ast.parse(cell.source).body[0].value
            answer = cells[index - 1].source
            below = answer.split(MARKER, 1)[1] if MARKER in answer else ""
            code[call.args[0].value] = [line.strip() for line in below.splitlines()]
    return code


def _value_patterns(exercise_id: str) -> list[str]:
    """Regular expressions matching the expected value as a hint might print it."""
    exercise = all_exercises()[exercise_id]
    expected = exercise.expected(None)
    if exercise.kind in {"choice"}:
        text = re.escape(str(expected))
        return [f'"{text}"', f"'{text}'", f"“{text}”"]
    if exercise.kind in {"labels", "matrix"}:
        counts = getattr(expected, "counts", expected)
        return [re.escape(str(np.asarray(counts).tolist()))]
    patterns = []
    for value in np.atleast_1d(np.asarray(expected, dtype=float)):
        if not math.isfinite(value):
            patterns.append("nan")
            continue
        if float(value).is_integer():
            if abs(value) >= 10:
                patterns.append(rf"(?<![\d.]){int(value)}(?![\d])")
            continue
        for digits in (2, 3, 4, 6):
            shown = f"{value:.{digits}f}".rstrip("0")
            if len(shown.replace("-", "").replace("0.", "")) >= 2:
                patterns.append(rf"(?<![\d]){re.escape(shown)}")
    return patterns


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_first_hint_gives_nothing_away(exercise_id):
    """Answered wrongly once: no library call, no expected value, no line of the solution."""
    exercise = all_exercises()[exercise_id]
    options = [f'"{choice}"' for choice in exercise.choices]
    for answer in [*wrong_answers()[exercise_id], plain_wrong(exercise_id)]:
        message = check(exercise_id, answer).message
        assert "evalbook." not in message, message
        listed = options and all(option in message for option in options)
        for pattern in _value_patterns(exercise_id):
            # an echo of the student's own answer, or the list of all options, is not a leak
            if not listed and not re.search(pattern, str(answer)):
                assert not re.search(pattern, message), (pattern, message)
        for line in solution_code()[exercise_id]:
            computes = "(" in line or "=" in line
            if len(line) >= 12 and computes and not line.startswith(("#", "print(")):
                assert line not in message, (line, message)


@pytest.mark.parametrize("exercise_id", IDS)
def test_hints_come_in_steps(exercise_id):
    """The same wrong answer three times: what to look at, then the formula, then the call."""
    exercise = all_exercises()[exercise_id].for_variant(None)
    stepped = 0
    for answer in [*wrong_answers()[exercise_id], plain_wrong(exercise_id)]:
        session = start(set_of(exercise_id))
        first, second, third, fourth = (
            session.check(exercise_id, answer).message for _ in range(4)
        )
        mistake = any(first == WRONG_HINT + hint for _, hint in exercise.mistakes)
        if exercise.look in first or mistake:
            stepped += 1
            assert exercise.formula in second and exercise.call not in second
            assert exercise.formula in third and exercise.call in third
            assert fourth == third
    if exercise.kind != "prediction" and not exercise.feedback:
        assert stepped, "no wrong answer of the set's tests reaches the stepped hints"


def plain_wrong(exercise_id: str):
    """A wrong answer of the right type that is none of the item's known mistakes."""
    exercise = all_exercises()[exercise_id]
    expected = exercise.expected(None)
    mistakes = [normal_text(str(compute(None))) for compute, _ in exercise.mistakes]
    if exercise.kind == "choice":
        others = [c for c in exercise.choices if normal_text(c) != normal_text(str(expected))]
        return next((c for c in others if normal_text(c) not in mistakes), others[0])
    if exercise.kind == "labels":
        labels = [str(v) for v in expected]
        return [labels[-1], *labels[:-1]] if len(set(labels)) > 1 else ["?"] * len(labels)
    if exercise.kind == "matrix":
        counts = np.array(getattr(expected, "counts", expected))
        counts[0, 0] += 1
        counts[-1, -1] -= 1 if counts[-1, -1] > 0 else -1
        return counts
    if exercise.kind == "count":
        return int(expected) + 7
    if exercise.kind == "prediction":
        return "?"
    values = np.atleast_1d(np.asarray(expected, dtype=float))
    shifted = [0.5 if math.isnan(v) else v + max(0.0371, 0.01 * abs(v)) for v in values]
    return shifted[0] if exercise.kind == "number" else tuple(shifted)


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_plain_wrong_answer_is_rejected(exercise_id):
    result = check(exercise_id, plain_wrong(exercise_id))
    assert not result.correct and result.message.startswith(WRONG_HINT)


def test_every_item_has_a_solution_in_the_notebooks():
    assert set(solution_code()) == set(all_exercises())


@pytest.mark.parametrize(
    ("text", "normal"),
    [("não", "nao"), ("  NÃO ", "nao"), ("Nao", "nao"), ("legítima", "legitima"), ("a  b", "a b")],
)
def test_text_answers_ignore_accents_case_and_spaces(text, normal):
    assert normal_text(text) == normal


def test_choice_answers_ignore_accents_case_and_spaces():
    for answer in ("não", "nao", " NAO ", "Não"):
        assert check("09.condicao", answer).correct, answer
    assert check("01.tipo_i", " fp ").correct


def test_a_pasted_long_text_is_refused_unread_with_its_length():
    long = "x" * 1_000_001
    result = check("01.tipo_i", long)
    assert not result.correct
    assert "um texto de 1\u00a0000\u00a0001 caracteres" in result.message
    assert result.message.endswith('responda só com uma das opções: "TP", "FN", "FP", "TN".')
    labels = list(expected_answer("01.tipos").expected)
    labels[3] = "y" * 5_000
    result = check("01.tipos", labels)
    assert not result.correct
    assert "na posição 3 (contando de 0) há um texto de 5\u00a0000 caracteres" in result.message
    # a text as long as the limit is read, and is simply not one of the options
    result = check("01.tipo_i", "x" * 1_000)
    assert "não é uma das opções" in result.message


def test_every_set_asks_for_a_written_answer():
    assert sorted({set_of(exercise_id) for exercise_id in WRITTEN}) == list(exercise_sets())


@pytest.mark.parametrize("exercise_id", WRITTEN)
def test_a_written_answer_is_recorded_not_graded(exercise_id):
    session = start(set_of(exercise_id))
    text = "  Porque o acaso também acerta, e a métrica desconta isso.  "
    result = session.check(exercise_id, text)
    assert result.message.startswith("📝 Resposta registrada.")
    assert "Correto" not in result.message and "Ainda não" not in result.message
    assert session.progress().table.loc[exercise_id, "resultado"] == "registrado"
    for bad in (42, ["a", "b"], "sim", "x" * 5000, {"texto": text}):
        reply = session.check(exercise_id, bad)
        assert not reply.correct and reply.message.startswith(WRONG_HINT)
    assert session.progress().table.loc[exercise_id, "tentativas"] == 1


@pytest.mark.parametrize("exercise_id", WRITTEN)
@pytest.mark.parametrize("answer", list(HOSTILE.values())[:6], ids=list(HOSTILE)[:6])
def test_hostile_written_answers_get_a_hint_never_a_traceback(exercise_id, answer):
    result = check(exercise_id, answer)
    assert isinstance(result, CheckResult) and isinstance(result.message, str)


@pytest.mark.parametrize("set_id", list(exercise_sets()))
def test_a_third_of_each_set_asks_for_judgement(set_id):
    """A decision, an interpretation or a prediction, not one library call."""
    kinds = [e.kind for e in exercise_sets()[set_id].items.values() if e.kind != "text"]
    judgement = sum(kind in {"choice", "prediction"} for kind in kinds)
    assert 3 * judgement >= len(kinds), (judgement, len(kinds))
