"""Exercises 02 (classification metrics): answers from the four counts and scikit-learn.

``independent(variant)`` and ``WRONG`` feed the registry-wide tests of
``test_exercises_sets.py``; this module adds the documented values and specific hints.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score, matthews_corrcoef

from evalbook.exercises import check
from evalcourse.exercises import data

PREVALENCE = 0.01


def independent(variant=None) -> dict:
    table = data.fraud_transactions(variant=variant)
    fraud_true = table["target"].eq("fraude").to_numpy()
    fraud_pred = table["prediction"].eq("fraude").to_numpy()
    tp, fn = int(np.sum(fraud_true & fraud_pred)), int(np.sum(fraud_true & ~fraud_pred))
    fp, tn = int(np.sum(~fraud_true & fraud_pred)), int(np.sum(~fraud_true & ~fraud_pred))
    n = tp + fn + fp + tn
    sens, spec = tp / (tp + fn), tn / (tn + fp)
    p, r, f1 = tp / (tp + fp), tp / (tp + fn), 2 * tp / (2 * tp + fp + fn)
    ppv = sens * PREVALENCE / (sens * PREVALENCE + (1 - spec) * (1 - PREVALENCE))
    return {
        "02.acuracia_erro": ((tp + tn) / n, (fp + fn) / n),
        "02.precisao_revocacao": (tp / (tp + fp), tp / (tp + fn)),
        "02.especificidade": tn / (tn + fp),
        "02.f1": 2 * tp / (2 * tp + fp + fn),
        "02.mcc_kappa": (
            matthews_corrcoef(fraud_true, fraud_pred),
            cohen_kappa_score(fraud_true, fraud_pred),
        ),
        "02.burro": ((fp + tn) / n, 0.0),
        "02.burro_precisao": math.nan,
        "02.ppv_1pct": ppv,
        "02.prever_f1": "entre" if min(p, r) <= f1 <= max(p, r) else "fora",
        "02.acuracia_basta": "b",
        "02.prever_ppv": ppv,
        "02.taxas": (tp / (tp + fn), fp / (fp + tn), tn / (tn + fn)),
        "02.qual_taxa": "NPV",
        "02.intervalo_burro": "sim" if _inside((fp + tn) / n, tp + tn, n) else "não",
    }


def _inside(value: float, hits: int, n: int) -> bool:
    """Whether ``value`` is in the 95% Wilson interval of ``hits`` in ``n`` (statsmodels)."""
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(hits, n, alpha=0.05, method="wilson")
    return low <= value <= high


WRONG = {
    "02.acuracia_erro": [(0.6, 0.4)],
    "02.precisao_revocacao": [(0.5, 0.5)],
    "02.especificidade": [0.5],
    "02.f1": [0.5],
    "02.mcc_kappa": [(0.5, 0.5)],
    "02.burro": [(0.5, 0.5)],
    "02.burro_precisao": [0.5],
    "02.ppv_1pct": [0.5],
    "02.prever_f1": ["acima", "abaixo"],
    "02.acuracia_basta": ["a", "c", "d"],
    "02.taxas": [(0.5, 0.5, 0.5)],
    "02.qual_taxa": ["TPR", "FPR"],
    "02.intervalo_burro": ["não"],
    "02.prever_ppv": [1.5, -0.1, "0.3"],
}


def test_the_documented_values():
    answers = independent()
    assert answers["02.acuracia_erro"] == (0.6875, 0.3125)
    assert answers["02.ppv_1pct"] == pytest.approx(0.0219539, abs=1e-7)


@pytest.mark.parametrize(
    ("exercise_id", "answer", "fragment"),
    [
        ("02.f1", "0,615", "sem aspas e com ponto decimal"),
        ("02.f1", 61.54, "porcentagem"),
        ("02.f1", 0.62, "fora da tolerância"),
        ("02.f1", math.nan, "o valor é definido"),
        ("02.acuracia_erro", 0.6875, "esperava 2 números numa tupla"),
        ("02.acuracia_erro", (0.6875,), "Esperava 2 números"),
        ("02.acuracia_erro", (0.3125, 0.6875), "na ordem trocada"),
        ("02.acuracia_erro", (0.6875, 0.4), "acurácia ✔, taxa de erro ✘"),
        ("02.acuracia_erro", {"acurácia": 0.6875}, "dicionário"),
        ("02.acuracia_erro", ("0.6875", 0.3125), "sem aspas"),
        ("02.burro_precisao", None, "ainda não respondeu"),
    ],
)
def test_specific_hints(exercise_id, answer, fragment):
    result = check(exercise_id, answer)
    assert not result.correct
    assert fragment in result.message


def test_number_types_accepted():
    for answer in (np.float64(0.7), np.float32(0.7), np.array(0.7), 7 / 10, 0.7):
        assert check("02.especificidade", answer).correct, answer
    assert check("02.especificidade", Fraction(7, 10)).correct


def test_undefined_answer():
    assert check("02.burro_precisao", float("nan")).correct
    assert check("02.burro_precisao", np.nan).correct
    zero = check("02.burro_precisao", 0.0)
    assert not zero.correct and "0/0 não é 0" in zero.message
