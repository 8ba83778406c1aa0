"""The exercise checker: ``check("NN.item", answer)`` compares an answer with the expected one.

The expected answer is computed with the library from the exercise's data (the registry,
:mod:`evalbook.exercises.registry`), in the variant the student opened the set with (the
student's :class:`~evalbook.exercises.session.Session` passes it, with the number of wrong
tries so far); the verdict is in Brazilian Portuguese: ``"✅ Correto! …"`` or
``"❌ Ainda não. Dica: …"``. :func:`check` alone records nothing: a session's ``check``
records every answer.

Two kinds of trouble, kept apart:

- anything about the student's answer (a text where a number is expected, 3 values where
  16 are expected, a 3×3 table, an integer with 5,000 digits, an object whose ``__len__``,
  ``__repr__`` or ``__getattr__`` raises) is a hint, never a traceback. An answer is only
  ever read (its type, its length, its values), never called or executed;
- an error inside an item's own expected-answer code is a bug of the exercise set: it is
  raised as :class:`ExerciseError`, naming the item.

Hints lead before they tell. The session (:mod:`evalbook.exercises.session`) counts each
item's wrong answers and passes the count (``tries=``): the first gets what to look at (the
concept, the lesson's section, a question back), the second the formula or the source's
equation, the third and later also the ``evalbook`` call. A known mistake (the classes
swapped, a percentage, a transposed matrix...) gets its own hint first, which never gives
the call or the value away. Text answers ignore accents, case and surrounding spaces ("nao"
is "não").

Numbers are accepted within an absolute tolerance :data:`ABS_TOL` = 5e-4, so an answer
rounded to 3 decimals is right (|0.6154 - 0.615| < 5e-4) and one rounded to 2 decimals
usually is not. ``nan`` (an undefined metric) matches ``nan``. Counts, labels and
confusion matrices are compared exactly.

Examples
--------
>>> check("01.n_tipo_i", 3)
✅ Correto!
>>> result = check("02.f1", "0.615")
>>> result.correct
False
>>> print(result.message)
❌ Ainda não. Dica: Recebi o texto '0.615': responda com o número, sem aspas.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from evalbook import ConfusionMatrix
from evalbook.exercises.answers import (
    MAX_TEXT,
    NOT_ANSWERED,
    FormHint,
    Hint,
    as_labels,
    as_matrix,
    as_number,
    as_numbers,
    characters,
    describe,
    format_number,
    normal_text,
    plain,
    shorten,
)
from evalbook.exercises.registry import all_exercises, exercise_ids, exercise_sets

__all__ = ["ABS_TOL", "CheckResult", "ExerciseError", "check", "judge"]

#: Absolute tolerance for numeric answers: rounding to 3 decimals is accepted.
ABS_TOL = 5e-4
# Floating-point slack, so that a value rounded at exactly half a unit (0.6875 -> 0.688) passes.
_SLACK = 1e-12

_RIGHT = "✅ Correto!"
_PREDICTED = "📝 Previsão registrada."
_WRITTEN = "📝 Resposta registrada."
#: Longest written answer kept (a short explanation in a few sentences).
MAX_WRITTEN = 2_000
_WRONG = "❌ Ainda não. Dica:"


@dataclass(frozen=True, repr=False)
class CheckResult:
    """The verdict of :func:`check`: whether the answer is right, and a message.

    Displayed as its message when it is the last expression of a notebook cell; true in a
    boolean context when the answer is right.

    Attributes
    ----------
    correct : bool
    message : str
        In Brazilian Portuguese, starting with "✅ Correto!" or "❌ Ainda não. Dica:".

    Examples
    --------
    >>> result = CheckResult(True, "✅ Correto!")
    >>> bool(result), result
    (True, ✅ Correto!)
    """

    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return self.message

    def __str__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        return self.message


class ExerciseError(RuntimeError):
    """An exercise's own expected-answer code failed: a bug of the set, not of the student."""


@dataclass(frozen=True)
class _Item:
    """One exercise with its expected answer and known mistakes already computed.

    ``tries`` is the number this answer would be among the item's wrong answers (1 for the
    first), and ``hint`` the step of hint that goes with it (see :func:`step_hint`).
    """

    exercise_id: str
    exercise: Any
    expected: Any
    mistakes: tuple[tuple[Any, str], ...]
    tries: int = 1
    hint: str = ""


def step_hint(exercise, tries: int) -> str:
    """The hint of a wrong answer: ``look`` on the first, ``formula`` on the second, then
    ``formula`` and ``call`` (the ``evalbook`` call) from the third on."""
    if tries <= 1:
        return exercise.look
    if tries == 2:
        return exercise.formula
    return f"{exercise.formula} {exercise.call}"


def check(exercise_id, answer, *, variant=None, tries=1) -> CheckResult:
    """Compare a student's answer with the expected answer of an exercise (nothing recorded).

    Parameters
    ----------
    exercise_id : str
        ``"NN.item"``, as written in the exercise notebook (see
        :func:`evalbook.exercises.exercise_ids`).
    answer : object
        The student's answer: a number, a tuple of numbers, a count, a string, a sequence
        of labels or a confusion matrix (a :class:`~evalbook.ConfusionMatrix`, a nested
        list, an array or a DataFrame), depending on the exercise. Numbers are compared
        within :data:`ABS_TOL`.
    variant : int, optional
        The variant of the set's data (None: the solutions' data).
    tries : int
        Which wrong answer this would be (1: the first): the step of the hint.

    Returns
    -------
    CheckResult
        ``.correct`` and a ``.message`` in Portuguese. An answer of the wrong type or
        shape, or ``None`` (not answered yet), is simply wrong, with a hint. An unknown
        ``exercise_id`` gives a message listing the ids of its set (``.correct`` is False).

    Raises
    ------
    ExerciseError
        If the item's own expected answer (or one of its known mistakes) cannot be
        computed: a bug in the exercise set, reported with the item's id.

    Examples
    --------
    >>> check("01.tipo_i", "fp").correct
    True
    >>> check("01.matriz", [[4, 2], [3, 7]]).correct
    True
    >>> print(check("01.matriz", [[7, 3], [2, 4]]).message)  # doctest: +ELLIPSIS
    ❌ Ainda não. Dica: As classes estão na ordem inversa: a positiva ("fraude") vem primeiro...
    >>> print(check("01.matriz", [[1, 2, 3], [4, 5, 6], [7, 8, 9]]).message)  # doctest: +ELLIPSIS
    ❌ Ainda não. Dica: Esperava uma matriz 2×2 (uma linha e uma coluna por classe); recebi 3×3...
    >>> check("02.acuracia_erro", (0.688, 0.312))
    ✅ Correto! Valores exatos: acurácia = 0.6875, taxa de erro = 0.3125.
    """
    return judge(exercise_id, answer, variant=variant, tries=tries)[0]


def judge(exercise_id, answer, *, variant=None, tries=1) -> tuple[CheckResult, dict | None]:
    """The verdict of :func:`check` and what a session records of it (None: nothing).

    What is recorded is the keyword arguments of a try: ``correct`` (True, False, or None
    for a guess or a written answer), and ``mistake``, ``guess``, ``text`` or
    ``wrong_form`` (an answer of the wrong form, which is not a try).
    """
    exercise_id = plain(exercise_id)
    exercise = all_exercises().get(exercise_id) if type(exercise_id) is str else None
    if exercise is None:
        return _unknown(exercise_id), None
    item = expected_answer(exercise_id, variant=variant)
    item = dataclasses.replace(item, tries=tries, hint=step_hint(exercise, tries))
    if answer is None or answer is Ellipsis:
        value = "None" if answer is None else "..."
        return CheckResult(False, f"{_WRONG} {NOT_ANSWERED.format(value=value)}"), None
    try:
        detail = _COMPARERS[exercise.kind](item, plain(answer))
    except FormHint as hint:  # the wrong form: a hint, and no step used up
        return CheckResult(False, f"{_WRONG} {hint}"), {"correct": False, "wrong_form": True}
    except Hint as hint:
        return CheckResult(False, f"{_WRONG} {hint}"), {"correct": False, "mistake": hint.mistake}
    except Exception:  # reading the answer failed: a hint, never a traceback
        return CheckResult(
            False,
            f"{_WRONG} Não consegui ler a resposta ({describe(answer)}): responda com um "
            "número, um texto, uma lista ou uma tabela, como pede a questão.",
        ), {"correct": False, "wrong_form": True}
    if isinstance(detail, _Recorded):
        recording = {"correct": None, "guess": detail.guess, "text": detail.text}
        verdict = _PREDICTED if exercise.kind == "prediction" else _WRITTEN
        detail = detail.message
    else:
        recording = {"correct": True}
        verdict = _RIGHT
    parts = [verdict, detail, exercise.comment]
    return CheckResult(True, " ".join(part for part in parts if part)), recording


@dataclass(frozen=True)
class _Recorded:
    """What a guess or a written answer leaves: recorded, never graded."""

    message: str
    guess: dict | None = None
    text: str | None = None


#: Items whose expected answer is already computed, by (id, variant). An item's data are
#: fixed by the variant (seeded), so each is computed once per variant: a second check of a
#: cross-validation item is instant.
_COMPUTED: dict[tuple[str, int | None], _Item] = {}


def expected_answer(exercise_id: str, *, variant: int | None = None) -> _Item:
    """The item ``exercise_id`` with its expected answer and known mistakes for ``variant``.

    ``variant`` is the key of the set's data (None: the data of the solutions); :func:`check`
    passes the one the student chose with :func:`~evalbook.exercises.start`. Computed on the
    first call for that (item, variant) and kept (arrays read-only); computed again when
    the registry holds another exercise under that id (:func:`~.registry.refresh`). Raises
    :class:`ExerciseError` (naming the item) if any of them cannot be computed.

    Examples
    --------
    >>> expected_answer("09.condicao").expected, expected_answer("09.condicao", variant=7).expected
    ('não', 'sim')
    """
    exercise = all_exercises()[exercise_id]
    kept = _COMPUTED.get((exercise_id, variant))
    if kept is not None and kept.exercise is exercise:
        return kept
    try:
        expected = _read_only(exercise.expected(variant))
        mistakes = tuple(
            (_read_only(compute(variant)), hint) for compute, hint in exercise.mistakes
        )
    except Exception as error:
        raise ExerciseError(
            f"exercise {exercise_id}: its expected answer could not be computed "
            f"({type(error).__name__}: {error}); this is a bug in the exercise set"
        ) from error
    item = _Item(exercise_id, exercise, expected, mistakes)
    _COMPUTED[exercise_id, variant] = item
    return item


def _read_only(value):
    """A kept expected value must not change under a comparison: arrays become read-only."""
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    return value


def _unknown(exercise_id) -> CheckResult:
    sets = exercise_sets()
    if type(exercise_id) is not str:
        return CheckResult(
            False,
            f"❌ O primeiro argumento de check é o nome do exercício, um texto como "
            f'"01.matriz"; recebi {describe(exercise_id)}. Os conjuntos são: '
            f"{', '.join(sets)}.",
        )
    shown = repr(shorten(exercise_id))
    number = exercise_id.split(".", 1)[0].strip()
    if number in sets:
        valid = exercise_ids(number)
        scope = f"Os exercícios do conjunto {number} são"
    else:
        valid = exercise_ids()
        scope = None
    guess = difflib.get_close_matches(exercise_id, valid, n=1)
    maybe = f" Você quis dizer {guess[0]!r}?" if guess else ""
    if scope is None:
        listing = f' Os conjuntos são {", ".join(sets)} (ids como "01.matriz").'
    else:
        listing = f" {scope}: {', '.join(valid)}."
    return CheckResult(False, f"❌ Não existe o exercício {shown}.{maybe}{listing}")


# ---------------------------------------------------------------------- numbers


def _close(value: float, expected: float) -> bool:
    if math.isnan(expected) or math.isnan(value):
        return math.isnan(expected) and math.isnan(value)
    return abs(value - expected) <= ABS_TOL + _SLACK


def _looks_like_percent(value: float, expected: float) -> bool:
    return (
        math.isfinite(expected)
        and 0 < abs(expected) <= 1
        and abs(value - 100 * expected) <= 100 * (ABS_TOL + _SLACK)
    )


def _number_hint(value: float, expected: float) -> str:
    """A hint for a wrong number that is not one of the exercise's known mistakes."""
    if _looks_like_percent(value, expected):
        return "Parece uma porcentagem: responda como fração entre 0 e 1 (0.25, não 25)."
    if math.isnan(value) and not math.isnan(expected):
        return (
            "Você respondeu nan (indefinido), mas com estes dados nenhum denominador é 0: "
            "o valor é definido."
        )
    if math.isfinite(expected) and abs(value - expected) <= 10 * ABS_TOL + _SLACK:
        return (
            f"Está perto, mas fora da tolerância ({ABS_TOL}): se arredondou, use 3 casas "
            "decimais; se não, confira a fórmula."
        )
    return ""


def _known_mistake(item: _Item, same) -> None:
    """Raise the hint of the first known mistake that ``same(mistake_value)`` matches.

    The mistake's own hint comes first; from the second wrong try on, the step hint follows.
    """
    for position, (wrong, hint) in enumerate(item.mistakes):
        if same(wrong):
            raise Hint(_then_step(hint, item), mistake=position)


def _then_step(hint: str, item: _Item) -> str:
    return hint if item.tries <= 1 else f"{hint} {item.hint}"


def _compare_number(item: _Item, answer) -> str:
    value = as_number(answer)
    expected = float(item.expected)
    if _close(value, expected):
        return f"Valor exato: {format_number(expected)}."
    _known_mistake(item, lambda wrong: _close(value, float(wrong)))
    near = _number_hint(value, expected)
    raise Hint(_then_step(near, item) if near else item.hint)


def _compare_numbers(item: _Item, answer) -> str:
    names = item.exercise.names
    values = as_numbers(answer, names)
    expected = [float(v) for v in item.expected]

    def same(candidate) -> bool:
        return all(_close(v, float(e)) for v, e in zip(values, candidate, strict=True))

    if same(expected):
        shown = ", ".join(f"{n} = {format_number(e)}" for n, e in zip(names, expected, strict=True))
        return f"Valores exatos: {shown}."
    _known_mistake(item, same)
    if len(values) > 1 and same(expected[::-1]):
        raise Hint(f"Os números estão certos, mas na ordem trocada: responda ({', '.join(names)}).")
    marks = ", ".join(
        f"{n} {'✔' if _close(v, e) else '✘'}"
        for n, v, e in zip(names, values, expected, strict=True)
    )
    # a near-miss hint only from the components that are wrong
    extra = next(
        (
            hint
            for v, e in zip(values, expected, strict=True)
            if not _close(v, e) and (hint := _number_hint(v, e))
        ),
        "",
    )
    raise Hint(f"Confira: {marks}. {_then_step(extra, item) if extra else item.hint}")


def _compare_count(item: _Item, answer) -> str:
    value = as_number(answer)
    if not value.is_integer():
        raise FormHint(f"Esperava uma contagem (um número inteiro); recebi {format_number(value)}.")
    if value == int(item.expected):
        return ""
    _known_mistake(item, lambda wrong: value == int(wrong))
    raise Hint(item.hint)


# ---------------------------------------------------------------------- strings


def _compare_choice(item: _Item, answer) -> str:
    exercise = item.exercise
    options = ", ".join(f'"{choice}"' for choice in exercise.choices)
    if isinstance(answer, (list, tuple)) and len(answer) == 1 and type(answer[0]) is str:
        raise FormHint(f"Responda só com o texto, sem lista: um de {options}.")
    if not isinstance(answer, str):
        raise FormHint(f"Recebi {describe(answer)}; responda com um texto entre aspas: {options}.")
    if len(answer) > MAX_TEXT:
        raise FormHint(
            f"Recebi um texto de {characters(len(answer))}; responda só com uma das opções: "
            f"{options}."
        )
    by_text = {normal_text(choice): choice for choice in exercise.choices}
    choice = by_text.get(normal_text(answer))
    if choice is None:
        raise FormHint(f"{shorten(answer)!r} não é uma das opções: {options}.")
    if normal_text(choice) == normal_text(str(item.expected)):
        return exercise.feedback.get(choice, "")
    _known_mistake(item, lambda wrong: normal_text(choice) == normal_text(str(wrong)))
    if choice in exercise.feedback:
        raise Hint(_then_step(exercise.feedback[choice], item))
    raise Hint(item.hint)


def _of(name: str) -> str:
    """``de`` before ``name``, contracted with its article: "do kappa", "da precisão"."""
    for article, contracted in (("o ", "do "), ("a ", "da "), ("os ", "dos "), ("as ", "das ")):
        if name.startswith(article):
            return contracted + name[len(article) :]
    return "de " + name


def _side(value: float, boundary: float) -> str:
    return "abaixo" if value < boundary else "acima"


def _compare_prediction(item: _Item, answer) -> _Recorded:
    """Any guess within the bounds is recorded (value and distance), never graded.

    The message says how far the guess is and, when the item declares a decision boundary
    (significance at 0.05, 0.5, a baseline), on which side of it the guess and the value fall.
    """
    exercise = item.exercise
    (name,) = exercise.names
    value = as_number(answer, "A previsão")
    low, high = exercise.bounds
    if not low <= value <= high:
        raise FormHint(
            f"Uma previsão {_of(name)} fica entre {low:g} e {high:g}; "
            f"recebi {format_number(value)}."
        )
    expected = float(item.expected)
    gap = (expected - value) / (high - low)
    close = abs(gap) <= 0.05
    if close:
        relation = "perto da sua previsão"
    else:
        size = "bem " if abs(gap) > 0.25 else "um pouco "
        relation = size + ("maior" if gap > 0 else "menor") + " do que você previu"
    if exercise.reveal:
        message = (
            f"Você previu {format_number(value)}; {name} é {format_number(expected)}, {relation}."
        )
    else:
        verb = "está" if close else "é"
        message = f"Você previu {format_number(value)}; {name} {verb} {relation}."
    boundary, same_side = None, None
    if exercise.boundary is not None:
        boundary, below, above = exercise.boundary
        guess_side, value_side = _side(value, boundary), _side(expected, boundary)
        meaning = {"abaixo": below, "acima": above}
        same_side = guess_side == value_side
        if same_side:
            message += (
                f" Seu palpite e o valor ficam do mesmo lado da fronteira {boundary:g}: "
                f"{value_side} dela ({meaning[value_side]})."
            )
        else:
            message += (
                f" Atenção, a fronteira {boundary:g} separa os dois: seu palpite fica "
                f"{guess_side} dela ({meaning[guess_side]}), o valor fica {value_side} "
                f"({meaning[value_side]})."
            )
    if not exercise.reveal:
        message += " O valor exato você calcula na próxima questão."
    guess = {
        "value": value,
        "distance": abs(value - expected),
        "boundary": boundary,
        "same_side": same_side,
    }
    return _Recorded(message, guess=guess)


def _compare_text(item: _Item, answer) -> _Recorded:
    """A written answer: any explanation of a few words is recorded, never graded."""
    if not isinstance(answer, str):
        raise FormHint(
            f"Recebi {describe(answer)}; escreva a explicação com suas palavras, entre aspas: "
            '"""..."""'
        )
    text = answer.strip()
    if len(text.split()) < 3:
        raise FormHint(
            "Escreva a explicação com suas palavras, em uma ou duas frases (pelo menos algumas "
            "palavras)."
        )
    if len(text) > MAX_WRITTEN:
        raise FormHint(
            f"Recebi um texto de {characters(len(text))}; uma explicação curta basta (até "
            f"{characters(MAX_WRITTEN)})."
        )
    return _Recorded(
        "O professor lê as respostas escritas; compare a sua com a discussão da aula.", text=text
    )


def _compare_labels(item: _Item, answer) -> str:
    choices = item.exercise.choices
    expected = [normal_text(str(value)) for value in item.expected]
    labels = as_labels(answer, len(expected))
    values = [normal_text(label) for label in labels]
    if choices:
        allowed = {normal_text(choice) for choice in choices}
        for label, value in zip(labels, values, strict=True):
            if value not in allowed:
                options = ", ".join(f'"{choice}"' for choice in choices)
                raise FormHint(f"{shorten(label)!r} não é um valor válido; use {options}.")
    if values == expected:
        return ""
    _known_mistake(item, lambda wrong: values == [normal_text(str(v)) for v in wrong])
    wrong = [i for i, (v, e) in enumerate(zip(values, expected, strict=True)) if v != e]
    raise Hint(
        f"{len(wrong)} de {len(expected)} estão errados (o primeiro na posição {wrong[0]}, "
        f"contando de 0). {item.hint}"
    )


# ---------------------------------------------------------------------- matrices


def _compare_matrix(item: _Item, answer) -> str:
    expected = item.expected
    expected_labels = expected.labels if isinstance(expected, ConfusionMatrix) else None
    expected_counts = np.asarray(
        expected.counts if isinstance(expected, ConfusionMatrix) else expected
    )
    counts, labels = as_matrix(answer, expected_counts.shape)
    if expected_labels is not None and labels is not None and labels != expected_labels:
        same_classes = len(labels) == len(expected_labels) and set(labels) == set(expected_labels)
        if same_classes:
            reordered = ConfusionMatrix(counts, labels=labels).reorder(expected_labels)
            if np.array_equal(reordered.counts, expected_counts):
                raise Hint(
                    f"Os números estão certos, mas as classes estão na ordem {labels!r}; a "
                    f"classe positiva vem primeiro: labels={expected_labels!r}."
                )
        elif np.array_equal(counts, expected_counts):
            raise Hint(
                f"As contagens estão certas, mas os rótulos são {labels!r}; "
                f"use labels={expected_labels!r}."
            )
    if np.array_equal(counts, expected_counts):
        return ""
    _known_mistake(item, lambda wrong: np.array_equal(counts, np.asarray(wrong)))
    total = int(expected_counts.sum())
    if int(counts.sum()) != total:
        raise Hint(
            f"A soma das células deve ser {total}, o número de linhas da tabela; a sua dá "
            f"{int(counts.sum())}. {item.hint}"
        )
    raise Hint(item.hint)


_COMPARERS = {
    "number": _compare_number,
    "numbers": _compare_numbers,
    "count": _compare_count,
    "choice": _compare_choice,
    "labels": _compare_labels,
    "matrix": _compare_matrix,
    "prediction": _compare_prediction,
    "text": _compare_text,
}
