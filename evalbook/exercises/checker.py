"""The exercise checker: ``check("NN.item", answer)`` compares an answer with the expected one.

The expected answer is computed with the library from the exercise's data (the registry,
:mod:`evalbook.exercises.registry`), in the variant the student opened the set with (the
student's :class:`~evalbook.exercises.session.Session` passes it, with the number of wrong
tries so far); the verdict speaks the display language (:func:`evalbook.set_config`;
:func:`~evalbook.exercises.start` sets Portuguese, the course's): ``"✅ Correto! …"`` or
``"❌ Ainda não. Dica: …"`` (``"✅ Correct! …"``, ``"❌ Not yet. Hint: …"`` in English). Its
words are messages of the library's catalogue; the items' own hints are the course's.
:func:`check` alone records nothing: a session's ``check`` records every answer.

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
usually is not; a large value within the relative tolerance :data:`REL_TOL` = 1e-4, so
that five significant digits are right (215993 for 215992.902). An item may accept other
answers too (``also_right``: the exact value beside a printed table's). ``nan`` (an
undefined metric) matches ``nan``. Counts, labels and confusion matrices are compared
exactly.

Examples
--------
>>> import evalbook
>>> evalbook.set_config(language="pt")  # the course's language, as start() sets it
>>> check("01.n_tipo_i", 3)
✅ Correto!
>>> result = check("02.f1", "0.615")
>>> result.correct
False
>>> print(result.message)
❌ Ainda não. Dica: Recebi o texto '0.615': responda com o número, sem aspas.
>>> evalbook.set_config(language="en")
>>> check("01.n_tipo_i", 3)
✅ Correct!
"""

from __future__ import annotations

import dataclasses
import difflib
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from evalbook import ConfusionMatrix
from evalbook._core.messages import N_, gettext, pgettext
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
from evalbook.exercises.item import Between
from evalbook.exercises.registry import all_exercises, exercise_ids, exercise_sets

__all__ = ["ABS_TOL", "REL_TOL", "CheckResult", "ExerciseError", "check", "judge"]

#: Absolute tolerance for numeric answers: rounding to 3 decimals is accepted.
ABS_TOL = 5e-4
#: And the relative tolerance, for large values: five significant digits are always right
#: (215993 for 215992.902), an error of the first four never.
REL_TOL = 1e-4
# Floating-point slack, so that a value rounded at exactly half a unit (0.6875 -> 0.688) passes.
_SLACK = 1e-12

# The verdicts (message ids, translated when a message is written).
_RIGHT = N_("✅ Correct!")
_PREDICTED = N_("📝 Prediction recorded.")
_WRITTEN = N_("📝 Answer recorded.")
#: Longest written answer kept (a short explanation in a few sentences).
MAX_WRITTEN = 2_000
_WRONG = N_("❌ Not yet. Hint:")


@dataclass(frozen=True, repr=False)
class CheckResult:
    """The verdict of :func:`check`: whether the answer is right, and a message.

    Displayed as its message when it is the last expression of a notebook cell; true in a
    boolean context only when the answer is right.

    Attributes
    ----------
    correct : bool or None
        True: right. False: not right (wrong, of the wrong form, or not answered). None: a
        guess (``"prediction"``) or a written answer (``"text"``) that was accepted and
        recorded, which is never graded (neither right nor wrong).
    message : str
        In the display language, starting with "✅ Correct!" or "❌ Not yet. Hint:"
        ("✅ Correto!" or "❌ Ainda não. Dica:" in Portuguese).

    Examples
    --------
    >>> result = CheckResult(True, "✅ Correto!")
    >>> bool(result), result
    (True, ✅ Correto!)
    """

    correct: bool | None
    message: str

    def __bool__(self) -> bool:
        return self.correct is True

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
    also_right: tuple = ()
    source: Any = None


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
        ``.correct`` and a ``.message`` in the display language. An answer of the wrong type or
        shape, or ``None`` (not answered yet), is simply wrong, with a hint. An unknown
        ``exercise_id`` gives a message listing the ids of its set (``.correct`` is False).

    Raises
    ------
    ExerciseError
        If the item's own expected answer (or one of its known mistakes) cannot be
        computed: a bug in the exercise set, reported with the item's id.

    Examples
    --------
    >>> import evalbook
    >>> evalbook.set_config(language="pt")  # the course's language, as start() sets it
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
    >>> evalbook.set_config(language="en")
    """
    return judge(exercise_id, answer, variant=variant, tries=tries)[0]


def judge(exercise_id, answer, *, variant=None, tries=1) -> tuple[CheckResult, dict | None]:
    """The verdict of :func:`check` and what a session records of it (None: nothing).

    What is recorded is the keyword arguments of a try: ``correct`` (True, False, or None
    for a guess or a written answer), and ``mistake``, ``guess``, ``text``, ``choice`` (the
    option of a multiple-choice item) or ``wrong_form`` (an answer of the wrong form, which
    is not a try).
    """
    exercise_id = plain(exercise_id)
    exercise = all_exercises().get(exercise_id) if type(exercise_id) is str else None
    if exercise is None:
        return _unknown(exercise_id), None
    item = expected_answer(exercise_id, variant=variant)
    exercise = item.exercise  # its texts as this variant's student reads them
    item = dataclasses.replace(item, tries=tries, hint=step_hint(exercise, tries))
    if answer is None or answer is Ellipsis:
        value = "None" if answer is None else "..."
        not_answered = gettext(NOT_ANSWERED).format(value=value)
        return CheckResult(False, f"{gettext(_WRONG)} {not_answered}"), None
    wrong = gettext(_WRONG)
    try:
        detail = _COMPARERS[exercise.kind](item, plain(answer))
    except FormHint as hint:  # the wrong form: a hint, and no step used up
        return CheckResult(False, f"{wrong} {hint}"), {"correct": False, "wrong_form": True}
    except Hint as hint:
        recording = {"correct": False, "mistake": hint.mistake, "choice": _chosen(exercise, answer)}
        return CheckResult(False, f"{wrong} {hint}"), recording
    except Exception:  # reading the answer failed: a hint, never a traceback
        unreadable = gettext(
            "I could not read the answer ({answer}): answer with a number, a text, a list "
            "or a table, as the question asks."
        ).format(answer=describe(answer))
        return CheckResult(False, f"{wrong} {unreadable}"), {"correct": False, "wrong_form": True}
    if isinstance(detail, _Recorded):
        recording = {"correct": None, "guess": detail.guess, "text": detail.text}
        verdict = gettext(_PREDICTED if exercise.kind == "prediction" else _WRITTEN)
        detail = detail.message
    else:
        recording = {"correct": True, "choice": _chosen(exercise, answer)}
        verdict = gettext(_RIGHT)
    parts = [verdict, detail, exercise.comment]
    return CheckResult(recording["correct"], " ".join(part for part in parts if part)), recording


def _chosen(exercise, answer) -> str | None:
    """The option of a multiple-choice item that ``answer`` names (None for other kinds)."""
    if exercise.kind != "choice":
        return None
    try:
        answer = plain(answer)
    except Exception:
        return None
    if type(answer) is not str:
        return None
    by_text = {normal_text(choice): choice for choice in exercise.choices}
    return by_text.get(normal_text(answer))


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
    if kept is not None and kept.source is exercise:
        return kept
    try:
        shown = exercise.for_variant(variant)
        expected = _read_only(exercise.expected(variant))
        mistakes = tuple((_read_only(compute(variant)), hint) for compute, hint in shown.mistakes)
        also = () if exercise.also_right is None else tuple(exercise.also_right(variant))
    except Exception as error:
        raise ExerciseError(
            f"exercise {exercise_id}: its expected answer could not be computed "
            f"({type(error).__name__}: {error}); this is a bug in the exercise set"
        ) from error
    item = _Item(exercise_id, shown, expected, mistakes, also_right=also, source=exercise)
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
            gettext(
                "❌ The first argument of check is the name of the exercise, a text such as "
                '"01.matriz"; I got {answer}. The sets are: {sets}.'
            ).format(answer=describe(exercise_id), sets=", ".join(sets)),
        )
    shown = repr(shorten(exercise_id))
    number = exercise_id.split(".", 1)[0].strip()
    # the items whose id has this number (a split-off set's items keep their old number)
    same_number = [i for i in exercise_ids() if i.split(".", 1)[0] == number]
    guess_from = same_number or exercise_ids()
    guess = difflib.get_close_matches(exercise_id, guess_from, n=1)
    maybe = " " + gettext("Did you mean {id}?").format(id=repr(guess[0])) if guess else ""
    if same_number:
        listing = " " + gettext("The exercises of set {number} are: {ids}.").format(
            number=number, ids=", ".join(guess_from)
        )
    else:
        listing = " " + gettext('The sets are {sets} (ids such as "01.matriz").').format(
            sets=", ".join(sets)
        )
    unknown = gettext("❌ There is no exercise {id}.").format(id=shown)
    return CheckResult(False, f"{unknown}{maybe}{listing}")


# ---------------------------------------------------------------------- numbers


def _close(value: float, expected: float) -> bool:
    """Within :data:`ABS_TOL`, or :data:`REL_TOL` of the value for a large one."""
    if math.isnan(expected) or math.isnan(value):
        return math.isnan(expected) and math.isnan(value)
    if math.isinf(expected) or math.isinf(value):
        return value == expected
    return abs(value - expected) <= max(ABS_TOL, REL_TOL * abs(expected)) + _SLACK


def _looks_like_percent(value: float, expected: float) -> bool:
    return (
        math.isfinite(expected)
        and 0 < abs(expected) <= 1
        and abs(value - 100 * expected) <= 100 * (ABS_TOL + _SLACK)
    )


def _number_hint(value: float, expected: float) -> str:
    """A hint for a wrong number that is not one of the exercise's known mistakes."""
    if _looks_like_percent(value, expected):
        return gettext(
            "It looks like a percentage: answer as a fraction between 0 and 1 (0.25, not 25)."
        )
    if math.isnan(value) and not math.isnan(expected):
        return gettext(
            "You answered nan (undefined), but with these data no denominator is 0: the "
            "value is defined."
        )
    if not math.isfinite(expected):
        return ""
    tolerance = max(ABS_TOL, REL_TOL * abs(expected))
    if abs(value - expected) <= 10 * tolerance + _SLACK:
        if tolerance > ABS_TOL:
            return gettext(
                "It is close, but outside the tolerance: if you rounded, keep 5 significant "
                "digits; if not, check the formula."
            )
        return gettext(
            "It is close, but outside the tolerance ({tolerance}): if you rounded, use 3 "
            "decimals; if not, check the formula."
        ).format(tolerance=ABS_TOL)
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


def _also(value: float, other) -> bool:
    """Whether ``value`` is the other right answer ``other`` (a number, or a range)."""
    if isinstance(other, Between):
        return value in other
    return _close(value, float(other))


def _compare_number(item: _Item, answer) -> str:
    value = as_number(answer)
    expected = float(item.expected)
    if _close(value, expected) or any(_also(value, other) for other in item.also_right):
        return gettext("Exact value: {value}.").format(value=format_number(expected))
    _known_mistake(item, lambda wrong: _close(value, float(wrong)))
    near = _number_hint(value, expected)
    raise Hint(_then_step(near, item) if near else item.hint)


def _compare_numbers(item: _Item, answer) -> str:
    names = item.exercise.names
    values = as_numbers(answer, names)
    expected = [float(v) for v in item.expected]

    def same(candidate) -> bool:
        return all(_close(v, float(e)) for v, e in zip(values, candidate, strict=True))

    if same(expected) or any(same(other) for other in item.also_right):
        shown = ", ".join(f"{n} = {format_number(e)}" for n, e in zip(names, expected, strict=True))
        return gettext("Exact values: {values}.").format(values=shown)
    _known_mistake(item, same)
    if len(values) > 1 and same(expected[::-1]):
        raise Hint(
            gettext("The numbers are right, but in the swapped order: answer ({names}).").format(
                names=", ".join(names)
            )
        )
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
    step = _then_step(extra, item) if extra else item.hint
    raise Hint(gettext("Check: {marks}. {hint}").format(marks=marks, hint=step))


def _compare_count(item: _Item, answer) -> str:
    value = as_number(answer)
    if not value.is_integer():
        raise FormHint(
            gettext("I expected a count (a whole number); I got {value}.").format(
                value=format_number(value)
            )
        )
    if value == int(item.expected):
        return ""
    _known_mistake(item, lambda wrong: value == int(wrong))
    raise Hint(item.hint)


# ---------------------------------------------------------------------- strings


def _compare_choice(item: _Item, answer) -> str:
    exercise = item.exercise
    options = ", ".join(f'"{choice}"' for choice in exercise.choices)
    if isinstance(answer, (list, tuple)) and len(answer) == 1 and type(answer[0]) is str:
        raise FormHint(
            gettext("Answer with the text alone, not in a list: one of {options}.").format(
                options=options
            )
        )
    if not isinstance(answer, str):
        raise FormHint(
            gettext("I got {answer}; answer with a text in quotes: {options}.").format(
                answer=describe(answer), options=options
            )
        )
    if len(answer) > MAX_TEXT:
        raise FormHint(
            gettext(
                "I got a text of {length}; answer with one of the options only: {options}."
            ).format(length=characters(len(answer)), options=options)
        )
    by_text = {normal_text(choice): choice for choice in exercise.choices}
    choice = by_text.get(normal_text(answer))
    if choice is None:
        raise FormHint(
            gettext("{answer} is not one of the options: {options}.").format(
                answer=repr(shorten(answer)), options=options
            )
        )
    if normal_text(choice) == normal_text(str(item.expected)):
        return exercise.feedback.get(choice, "")
    _known_mistake(item, lambda wrong: normal_text(choice) == normal_text(str(wrong)))
    if choice in exercise.feedback:
        raise Hint(_then_step(exercise.feedback[choice], item))
    raise Hint(item.hint)


def _of(name: str) -> str:
    """ "of ``name``" in the display language: in Portuguese ``de`` before the name,
    contracted with its article ("do kappa", "da precisão"), as Portuguese writes it."""
    # Translators: "of" before the name of a quantity ("a prediction of the kappa")
    phrase = pgettext("before the name of a quantity", "of {name}").format(name=name)
    for article, contracted in (("o ", "do "), ("a ", "da "), ("os ", "dos "), ("as ", "das ")):
        if phrase.startswith("de " + article):
            return contracted + phrase[len("de " + article) :]
    return phrase


def _below(value: float, boundary: float) -> bool:
    return value < boundary


def _compare_prediction(item: _Item, answer) -> _Recorded:
    """Any guess within the bounds is recorded (value and distance), never graded.

    The message says how far the guess is and, when the item declares a decision boundary
    (significance at 0.05, 0.5, a baseline), on which side of it the guess and the value fall.
    """
    exercise = item.exercise
    (name,) = exercise.names
    value = as_number(answer, gettext("The prediction"))
    low, high = exercise.bounds
    if not low <= value <= high:
        raise FormHint(
            gettext("A prediction {of_name} lies between {low} and {high}; I got {value}.").format(
                of_name=_of(name), low=f"{low:g}", high=f"{high:g}", value=format_number(value)
            )
        )
    expected = float(item.expected)
    gap = (expected - value) / (high - low)
    close = abs(gap) <= 0.05
    much = abs(gap) > 0.25
    if close:
        relation = gettext("close to your prediction")
    elif gap > 0 and much:
        relation = gettext("much larger than you predicted")
    elif gap > 0:
        relation = gettext("a little larger than you predicted")
    elif much:
        relation = gettext("much smaller than you predicted")
    else:
        relation = gettext("a little smaller than you predicted")
    fields = {"guess": format_number(value), "name": name, "relation": relation}
    if exercise.reveal:
        message = gettext("You predicted {guess}; {name} is {value}, {relation}.").format(
            value=format_number(expected), **fields
        )
    elif close:
        message = gettext("You predicted {guess}; {name} is {relation}.").format(**fields)
    else:
        # Translators: the value is larger or smaller than predicted ("é", not "está")
        message = pgettext(
            "far from the prediction", "You predicted {guess}; {name} is {relation}."
        ).format(**fields)
    boundary, same_side = None, None
    if exercise.boundary is not None:
        boundary, below, above = exercise.boundary
        guess_below, value_below = _below(value, boundary), _below(expected, boundary)
        sides = {True: (gettext("below"), below), False: (gettext("above"), above)}
        same_side = guess_below == value_below
        if same_side:
            side, meaning = sides[value_below]
            message += " " + gettext(
                "Your guess and the value lie on the same side of the boundary {boundary}: "
                "{side} it ({meaning})."
            ).format(boundary=f"{boundary:g}", side=side, meaning=meaning)
        else:
            (guess_side, guess_meaning), (value_side, value_meaning) = (
                sides[guess_below],
                sides[value_below],
            )
            message += " " + gettext(
                "Note that the boundary {boundary} separates them: your guess lies {guess_side} "
                "it ({guess_meaning}), the value lies {value_side} ({value_meaning})."
            ).format(
                boundary=f"{boundary:g}",
                guess_side=guess_side,
                guess_meaning=guess_meaning,
                value_side=value_side,
                value_meaning=value_meaning,
            )
    if not exercise.reveal:
        message += " " + gettext("You compute the exact value in the next question.")
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
            gettext(
                'I got {answer}; write the explanation in your own words, in quotes: """..."""'
            ).format(answer=describe(answer))
        )
    text = answer.strip()
    if len(text.split()) < 3:
        raise FormHint(
            gettext(
                "Write the explanation in your own words, in one or two sentences (at least a "
                "few words)."
            )
        )
    if len(text) > MAX_WRITTEN:
        raise FormHint(
            gettext(
                "I got a text of {length}; a short explanation is enough (up to {most})."
            ).format(length=characters(len(text)), most=characters(MAX_WRITTEN))
        )
    return _Recorded(
        gettext(
            "The lecturer reads the written answers; compare yours with the discussion in class."
        ),
        text=text,
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
                raise FormHint(
                    gettext("{label} is not a valid value; use {options}.").format(
                        label=repr(shorten(label)), options=options
                    )
                )
    if values == expected:
        return ""
    _known_mistake(item, lambda wrong: values == [normal_text(str(v)) for v in wrong])
    wrong = [i for i, (v, e) in enumerate(zip(values, expected, strict=True)) if v != e]
    raise Hint(
        gettext(
            "{wrong} of {total} are wrong (the first at position {first}, counting from 0). {hint}"
        ).format(wrong=len(wrong), total=len(expected), first=wrong[0], hint=item.hint)
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
                    gettext(
                        "The numbers are right, but the classes are in the order {labels}; the "
                        "positive class comes first: labels={expected}."
                    ).format(labels=repr(labels), expected=repr(expected_labels))
                )
        elif np.array_equal(counts, expected_counts):
            raise Hint(
                gettext(
                    "The counts are right, but the labels are {labels}; use labels={expected}."
                ).format(labels=repr(labels), expected=repr(expected_labels))
            )
    if np.array_equal(counts, expected_counts):
        return ""
    _known_mistake(item, lambda wrong: np.array_equal(counts, np.asarray(wrong)))
    total = int(expected_counts.sum())
    if int(counts.sum()) != total:
        raise Hint(
            gettext(
                "The cells must add up to {total}, the number of rows of the table; yours add "
                "up to {sum}. {hint}"
            ).format(total=total, sum=int(counts.sum()), hint=item.hint)
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
