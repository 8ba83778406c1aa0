"""Exercises 04: the expected answers against scipy/sklearn/hand computations.

``independent()`` and ``WRONG`` feed the registry-wide tests of
``test_exercises_sets.py``; this module adds the set's own values and hints.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import binomtest
from sklearn.metrics import cohen_kappa_score, matthews_corrcoef

from evalbook.exercises import check
from evalcourse.exercises import data

SENTIMENT = np.array([[35, 10, 5], [3, 22, 5], [2, 8, 10]])
FRAUD = np.array([[15, 10], [2, 73]])
SWAP = np.array([[0, 30], [20, 0]])


def _labels(counts):
    k = len(counts)
    y_true, y_pred = np.divmod(np.arange(k * k), k)
    return np.repeat(y_true, counts.ravel()), np.repeat(y_pred, counts.ravel())


def _prevalence_move() -> str:
    """How accuracy and kappa (scikit-learn) move when half of the cases are frauds."""
    from sklearn.metrics import accuracy_score, cohen_kappa_score

    def labels(tp, fn, fp, tn):
        true = [1] * (tp + fn) + [0] * (fp + tn)
        predicted = [1] * tp + [0] * fn + [1] * fp + [0] * tn
        return true, predicted

    before, after = labels(15, 10, 2, 73), labels(90, 60, 4, 146)
    accuracy = accuracy_score(*after) > accuracy_score(*before)
    kappa = cohen_kappa_score(*after) > cohen_kappa_score(*before)
    return {
        (False, False): "os dois caem",
        (False, True): "a acurácia cai e o kappa sobe",
        (True, False): "a acurácia sobe e o kappa cai",
        (True, True): "os dois sobem",
    }[accuracy, kappa]


def independent(variant=None) -> dict:
    # from the data module (the literal matrices above document them in test_the_data)
    SENTIMENT = data.sentiment_matrix().counts
    FRAUD = data.fraud_detector_matrix().counts
    SWAP = data.swapping_matrix().counts
    n = SENTIMENT.sum()
    expected = np.outer(SENTIMENT.sum(1), SENTIMENT.sum(0)) / n
    hits = binomtest(int(np.trace(FRAUD)), int(FRAUD.sum()))
    ci = hits.proportion_ci(method="exact")
    nir = FRAUD.sum(1).max() / FRAUD.sum()
    fraud_true, fraud_pred = _labels(FRAUD)
    return {
        "04.aleatorio": expected,
        "04.sucessos": (np.trace(SENTIMENT), np.trace(expected)),
        "04.kappa": cohen_kappa_score(*_labels(SENTIMENT)),
        "04.kappa_negativo": cohen_kappa_score(*_labels(SWAP)),
        "04.mcc_kappa": (
            matthews_corrcoef(fraud_true, fraud_pred),
            cohen_kappa_score(fraud_true, fraud_pred),
        ),
        "04.ic": (ci.low, ci.high),
        "04.nir_p": (
            nir,
            binomtest(int(np.trace(FRAUD)), int(FRAUD.sum()), nir, alternative="greater").pvalue,
        ),
        "04.prever_kappa": cohen_kappa_score(*_labels(SENTIMENT)),
        "04.kappa_negativo_sentido": "a",
        "04.valor_p": "a",
        "04.prevalencia": _prevalence_move(),
        "04.kappa_sua": cohen_kappa_score(*_labels(data.sentiment_twin(variant=variant).counts)),
    }


def test_the_data():
    assert data.sentiment_matrix().counts.tolist() == SENTIMENT.tolist()
    assert data.fraud_detector_matrix().counts.tolist() == FRAUD.tolist()
    assert data.swapping_matrix().counts.tolist() == SWAP.tolist()
    assert data.fraud_detector_matrix().labels == ["fraude", "legítima"]


def test_the_numbers():
    answers = independent()
    assert answers["04.aleatorio"].tolist() == [[20, 20, 10], [12, 12, 6], [8, 8, 4]]
    assert answers["04.sucessos"] == (67, 36)
    assert answers["04.kappa"] == pytest.approx(31 / 64)
    assert answers["04.kappa_negativo"] == pytest.approx(-24 / 26)
    mcc, kappa = answers["04.mcc_kappa"]
    assert abs(mcc - kappa) > 10 * 5e-4  # far enough apart for the checker to tell them
    assert answers["04.nir_p"][1] < 0.05


WRONG = {
    "04.aleatorio": [[[20, 20, 10], [12, 12, 6], [8, 4, 8]]],
    "04.sucessos": [(67, 40)],
    "04.kappa": [0.5],
    "04.kappa_negativo": [-1.0],
    "04.mcc_kappa": [(0.5, 0.5)],
    "04.ic": [(0.8, 0.95)],
    "04.nir_p": [(0.5, 0.5)],
    "04.prever_kappa": [1.5, -2],
    "04.kappa_negativo_sentido": ["b", "c", "d"],
    "04.valor_p": ["b", "c", "d"],
    "04.prevalencia": ["a acurácia cai e o kappa sobe", "os dois sobem"],
    "04.kappa_sua": [0.5],
}


def test_known_mistakes():
    assert "errar tudo dá kappa 0%" in check("04.kappa_negativo", 0).message
    assert "taxa de sucesso" in check("04.kappa", 0.67).message
    assert "O seu kappa é o MCC" in check("04.mcc_kappa", (0.6609, 0.6609)).message
    p = 0.88
    half = 1.96 * math.sqrt(p * (1 - p) / 100)
    assert "aproximação normal" in check("04.ic", (p - half, p + half)).message
    assert "ALVO" in check("04.nir_p", (0.83, 0.00103)).message
    transposed = np.array([[20, 12, 8], [20, 12, 8], [10, 6, 4]])
    assert "transposta" in check("04.aleatorio", transposed).message
