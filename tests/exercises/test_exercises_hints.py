"""Hints that keep stepping: every item answered with each kind of wrong answer, three times.

A later hint never repeats an earlier one for the same kind of wrong answer; an answer of
the wrong form gets its hint without using up a step; a near miss only speaks of the
components that are wrong.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from evalbook import ConfusionMatrix
from evalbook.exercises import ABS_TOL, check, start
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import all_exercises, set_of

GRADED = [i for i, e in all_exercises().items() if e.kind not in ("prediction", "text")]


def _far(value: float) -> float:
    return 0.5 if not math.isfinite(value) else value + 0.37 + abs(value)


def _counts(expected):
    return np.asarray(expected.counts if isinstance(expected, ConfusionMatrix) else expected)


def _wrong_answers(exercise_id: str) -> dict[str, object]:
    """Each kind of wrong answer for an item, by name."""
    item = expected_answer(exercise_id)
    exercise, expected = item.exercise, item.expected
    answers: dict[str, object] = {}
    if exercise.kind == "number":
        answers["longe"] = _far(float(expected))
        if math.isfinite(float(expected)):
            answers["perto"] = float(expected) + 3 * ABS_TOL
    elif exercise.kind == "numbers":
        values = [float(v) for v in expected]
        answers["longe"] = tuple(_far(v) for v in values)
        answers["primeiro certo"] = (values[0], *(_far(v) for v in values[1:]))
        if all(math.isfinite(v) for v in values):
            answers["primeiro certo, outro perto"] = (
                values[0],
                *(v + 3 * ABS_TOL for v in values[1:]),
            )
    elif exercise.kind == "count":
        answers["longe"] = int(expected) + 3
    elif exercise.kind == "choice":
        for choice in exercise.choices:
            if choice != expected:
                answers[f"opção {choice}"] = choice
    elif exercise.kind == "labels":
        labels = list(expected)
        other = next(c for c in (exercise.choices or sorted(set(labels))) if c != labels[0])
        answers["um rótulo trocado"] = [other, *labels[1:]]
    elif exercise.kind == "matrix":
        counts = _counts(expected).copy()
        counts[0, 0] += 1
        counts[-1, -1] += 2
        answers["contagens erradas"] = counts.tolist()
    for position, (mistake, _hint) in enumerate(item.mistakes):
        if isinstance(mistake, ConfusionMatrix):
            mistake = mistake.counts.tolist()
        elif isinstance(mistake, np.ndarray):
            mistake = mistake.tolist()
        answers[f"erro conhecido {position}"] = mistake
    return answers


@pytest.mark.parametrize("exercise_id", GRADED)
def test_a_later_hint_never_repeats_an_earlier_one(exercise_id):
    for kind, answer in _wrong_answers(exercise_id).items():
        session = start(set_of(exercise_id))
        hints = [session.check(exercise_id, answer) for _ in range(3)]
        if hints[0].correct:  # a "wrong" answer that is right for this item (e.g. a tie)
            continue
        messages = [hint.message for hint in hints]
        assert len(set(messages)) == 3, (kind, messages)


@pytest.mark.parametrize("exercise_id", GRADED)
def test_an_answer_of_the_wrong_form_uses_no_step(exercise_id):
    kind, answer = next(iter(_wrong_answers(exercise_id).items()))
    first = check(exercise_id, answer).message
    session = start(set_of(exercise_id))
    form = session.check(exercise_id, {"resposta": 1})  # a dict is never the right form
    assert not form.correct and form.message != first
    assert session.check(exercise_id, answer).message == first, kind


def test_a_near_miss_speaks_only_of_the_wrong_components():
    hint = check("12.mcnemar", (expected_answer("12.mcnemar").expected[0], 99, 0.9)).message
    assert "Está perto" not in hint
    b, c, p = expected_answer("12.mcnemar").expected
    near = check("12.mcnemar", (b, c, p + 3 * ABS_TOL)).message
    assert "Está perto" in near and "valor-p exato ✘" in near and near.count("✔") == 2


def test_a_guess_says_on_which_side_of_the_boundary_it_fell():
    value = float(expected_answer("12.previsao_p").expected)
    assert value > 0.05  # the exact McNemar p of set 12 is not significant
    other = check("12.previsao_p", 0.01).message
    assert other.startswith("📝 Previsão registrada.")
    assert "a fronteira 0.05 separa os dois: seu palpite fica abaixo dela (significativo a 5%)" in (
        other
    )
    assert "o valor fica acima (não significativo a 5%)" in other
    same = check("12.previsao_p", 0.9).message
    assert "do mesmo lado da fronteira 0.05: acima dela (não significativo a 5%)" in same
    for message in (other, same):  # the value is asked for later: never shown
        assert f"{value:.3g}" not in message and "certo" not in message.lower()


@pytest.mark.parametrize(
    "exercise_id", [i for i, e in all_exercises().items() if e.kind == "prediction"]
)
def test_every_guess_declares_the_boundary_that_matters(exercise_id):
    boundary = all_exercises()[exercise_id].boundary
    assert boundary is not None
    low, high = all_exercises()[exercise_id].bounds
    assert low < boundary[0] < high and all(boundary[1:])


def test_a_guess_reads_as_portuguese():
    close = float(expected_answer("11.previsao_precisao").expected)
    message = check("11.previsao_precisao", round(close, 2)).message
    assert "a precisão em t = 0.5 está perto da sua previsão" in message
    out_of_bounds = check("11.previsao_precisao", 7.0).message
    assert "Uma previsão da precisão em t = 0.5 fica entre 0 e 1" in out_of_bounds
