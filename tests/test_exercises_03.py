"""Exercises 03: the expected answers against hand computations, and wrong answers rejected."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, recall_score

from evalbook.exercises import check
from evalbook.exercises._answers import EXERCISES
from evalbook.exercises._set_03 import PROFITS, credit_models, dumb_model

RIGHT, WRONG = "✅ Correto!", "❌ Ainda não. Dica: "
IDS = sorted(i for i in EXERCISES if i.startswith("03."))

# the two models' cells (TP, FN, FP, TN), "inadimplente" positive
A = (30, 20, 10, 140)
B = (42, 8, 35, 115)


def _profit(cells, gains):
    return sum(c * g for c, g in zip(cells, gains, strict=True))


def _independent() -> dict:
    gains = [v for row in PROFITS for v in row]
    ra = (Fraction(A[0], A[0] + A[1]), Fraction(A[3], A[2] + A[3]))
    # break-even: profit_A(c) = profit_B(c) with c the FP price, the rest unchanged
    fixed_a = A[0] * gains[0] + A[1] * gains[1] + A[3] * gains[3]
    fixed_b = B[0] * gains[0] + B[1] * gains[1] + B[3] * gains[3]
    return {
        "03.revocacoes": tuple(float(r) for r in ra),
        "03.medias": (float(sum(ra) / 2), float(2 / (1 / ra[0] + 1 / ra[1]))),
        "03.lucros": (_profit(A, gains), _profit(B, gains)),
        "03.escolha": "B",
        "03.empate": (fixed_b - fixed_a) / (A[2] - B[2]),
        "03.burro": ((A[2] + A[3]) / sum(A), 0.0),
    }


def test_the_data():
    models = credit_models()
    assert models["A"].counts.ravel().tolist() == list(A)
    assert models["B"].counts.ravel().tolist() == list(B)
    assert dumb_model().counts.tolist() == [[0, 50], [0, 150]]
    assert PROFITS == ((0.0, -500.0), (-100.0, 100.0))


def test_every_exercise_has_an_independent_answer():
    assert set(_independent()) == set(IDS)
    assert len(IDS) == 6


@pytest.mark.parametrize("exercise_id", IDS)
def test_expected_matches_the_independent_answer(exercise_id):
    expected = EXERCISES[exercise_id].expected()
    independent = _independent()[exercise_id]
    if isinstance(independent, str):
        assert expected == independent
    else:
        np.testing.assert_allclose(np.asarray(expected, float), np.asarray(independent, float))
    assert check(exercise_id, independent).message.startswith(RIGHT)


def test_the_numbers():
    answers = _independent()
    assert answers["03.lucros"] == (3000.0, 4000.0)
    assert answers["03.empate"] == -140.0
    assert answers["03.medias"][1] == pytest.approx(0.730435, abs=1e-6)


def test_recalls_against_sklearn():
    y_true = np.repeat([1, 1, 0, 0], A)
    y_pred = np.repeat([1, 0, 1, 0], A)
    np.testing.assert_allclose(
        EXERCISES["03.revocacoes"].expected(), recall_score(y_true, y_pred, average=None)[::-1]
    )
    y_dumb = np.zeros_like(y_true)
    assert EXERCISES["03.burro"].expected()[0] == accuracy_score(y_true, y_dumb)


WRONG_VALUES = {
    "03.revocacoes": (0.5, 0.5),
    "03.medias": (0.5, 0.5),
    "03.lucros": (1000.0, 2000.0),
    "03.escolha": "C",
    "03.empate": -100.0,
    "03.burro": (0.5, 0.5),
}


@pytest.mark.parametrize("exercise_id", IDS)
def test_wrong_values_are_rejected(exercise_id):
    result = check(exercise_id, WRONG_VALUES[exercise_id])
    assert not result.correct and result.message.startswith(WRONG)


def test_known_mistakes():
    assert check("03.medias", (0.85, 0.7304)).message.startswith(WRONG + "O primeiro número")
    assert "transposta" in check("03.lucros", (7000, -6800)).message
    assert "maior acurácia" in check("03.escolha", "a").message
    assert "sinal" in check("03.empate", 140).message
    assert "aritmética" in check("03.burro", (0.75, 0.5)).message
    assert "precisão" in check("03.revocacoes", (0.75, 0.875)).message
    # order swapped: the generic hint
    assert "ordem trocada" in check("03.lucros", (4000, 3000)).message
