"""Exercises 03: the expected answers computed by hand from the cells, the documented values.

``independent(variant)`` and ``WRONG`` feed the registry-wide tests of
``test_exercises_sets.py``; this module adds the set's own values and hints.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, recall_score

from evalbook.exercises import check
from evalcourse.exercises import data
from evalcourse.exercises.set_03 import dumb_model

WRONG_HINT = "❌ Ainda não. Dica: "


def _cells(variant=None) -> dict[str, tuple[int, int, int, int]]:
    """(TP, FN, FP, TN) of models A and B, "inadimplente" positive."""
    models = data.credit_models(variant=variant)
    return {name: tuple(int(v) for v in cm.counts.ravel()) for name, cm in models.items()}


def _profit(cells, gains):
    return sum(c * g for c, g in zip(cells, gains, strict=True))


def independent(variant=None) -> dict:
    cells = _cells(variant)
    A, B = cells["A"], cells["B"]
    gains = data.profit_table().to_numpy().ravel().tolist()
    ra = (Fraction(A[0], A[0] + A[1]), Fraction(A[3], A[2] + A[3]))
    # break-even: profit_A(c) = profit_B(c) with c the FP price, the rest unchanged
    fixed_a = A[0] * gains[0] + A[1] * gains[1] + A[3] * gains[3]
    fixed_b = B[0] * gains[0] + B[1] * gains[1] + B[3] * gains[3]
    profits = (_profit(A, gains), _profit(B, gains))
    return {
        "03.revocacoes": tuple(float(r) for r in ra),
        "03.medias": (float(sum(ra) / 2), float(2 / (1 / ra[0] + 1 / ra[1]))),
        "03.lucros": profits,
        "03.escolha": "A" if profits[0] > profits[1] else "B",
        "03.empate": (fixed_b - fixed_a) / (A[2] - B[2]),
        "03.burro": ((A[2] + A[3]) / sum(A), 0.0),
        "03.custo_300": _winner_300(variant),
        "03.media_certa": "c",
        "03.recuperar_lucro": "c",
    }


WRONG = {
    "03.revocacoes": [(0.5, 0.5)],
    "03.medias": [(0.5, 0.5)],
    "03.lucros": [(1000.0, 2000.0)],
    "03.escolha": ["C", "A"],
    "03.empate": [-100.0],
    "03.burro": [(0.5, 0.5)],
    "03.custo_300": ["B", "C"],
    "03.media_certa": ["a", "b", "d"],
    "03.recuperar_lucro": ["a", "b", "d"],
}


def test_the_data():
    cells = _cells()
    assert cells["A"] == (30, 20, 10, 140)
    assert cells["B"] == (42, 8, 35, 115)
    assert dumb_model(None).counts.tolist() == [[0, 50], [0, 150]]
    assert data.profit_table().to_numpy().tolist() == [[0, -500], [-100, 100]]


def test_the_numbers():
    answers = independent()
    assert answers["03.lucros"] == (3000.0, 4000.0)
    assert answers["03.empate"] == -140.0
    assert answers["03.medias"][1] == pytest.approx(0.730435, abs=1e-6)
    assert answers["03.escolha"] == "B"


def test_recalls_against_sklearn():
    A = _cells()["A"]
    y_true = np.repeat([1, 1, 0, 0], A)
    y_pred = np.repeat([1, 0, 1, 0], A)
    assert check("03.revocacoes", tuple(recall_score(y_true, y_pred, average=None)[::-1]))
    y_dumb = np.zeros_like(y_true)
    assert check("03.burro", (accuracy_score(y_true, y_dumb), 0.0))


def test_known_mistakes():
    assert check("03.medias", (0.85, 0.7304)).message.startswith(WRONG_HINT + "O primeiro número")
    assert "transposta" in check("03.lucros", (7000, -6800)).message
    assert "maior acurácia" in check("03.escolha", "a").message
    assert "sinal" in check("03.empate", 140).message
    assert "aritmética" in check("03.burro", (0.75, 0.5)).message
    assert "precisão" in check("03.revocacoes", (0.75, 0.875)).message
    # order swapped: the generic hint
    assert "ordem trocada" in check("03.lucros", (4000, 3000)).message


def _winner_300(variant=None) -> str:
    """The better model when denying a good payer costs 300, from the cells by hand."""
    gains = data.profit_table().to_numpy().ravel().tolist()
    gains[2] = -300
    cells = _cells(variant)
    profits = {name: _profit(cells[name], gains) for name in ("A", "B")}
    return max(profits, key=profits.get)
