"""Exercise set 11 (precision-recall and calibration): answers against independent computations.

The expected answers of ``evalbook/exercises/set_11.py`` are recomputed here with
scikit-learn and plain numpy (never with evalbook's precision_recall or calibration
modules), and wrong answers, including the known mistakes, are rejected.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, brier_score_loss, roc_auc_score

from evalbook.exercises import check, data_beyond

SCREEN = data_beyond.screening()
SICK = (SCREEN.target == "doente").to_numpy()
SCORE = SCREEN.score.to_numpy()
RAIN = data_beyond.forecasts()
TARGET, TABLE = data_beyond.photos()


def _counts(t):
    flagged = t <= SCORE
    return np.sum(flagged & SICK), np.sum(flagged & ~SICK), np.sum(~flagged & SICK)


def _ece(p, y, bins=5):
    edges = np.linspace(0, 1, bins + 1)
    total = 0.0
    for b in range(bins):
        inside = (p > edges[b]) & (p <= edges[b + 1]) | ((b == 0) & (p == 0))
        if inside.any():
            total += inside.mean() * abs(y[inside].mean() - p[inside].mean())
    return total


def independent():
    tp, fp, fn = _counts(0.5)
    thresholds = np.unique(SCORE)[::-1]
    cost = [3 * c[1] + c[2] for c in map(_counts, thresholds)]
    rain = (RAIN.target == "chuva").to_numpy()
    a, b = RAIN.prob_a.to_numpy(), RAIN.prob_b.to_numpy()
    return {
        "11.previsao_precisao": tp / (tp + fp),
        "11.pr_05": (tp / (tp + fp), tp / (tp + fn)),
        "11.ap": average_precision_score(SICK, SCORE),
        "11.limiar_custo": thresholds[int(np.argmin(cost))],
        "11.roc_pr": "b",
        "11.calibracao": (
            brier_score_loss(rain, a),
            brier_score_loss(rain, b),
            _ece(a, rain),
            _ece(b, rain),
        ),
        "11.previsor": "b",
        "11.auc_fotos": tuple(  # scikit-learn wants the labels sorted: reorder the columns
            roc_auc_score(
                TARGET,
                TABLE[:, [2, 1, 0]],
                multi_class="ovr",
                average=average,
                labels=["ave", "cão", "gato"],
            )
            for average in ("macro", "weighted")
        ),
    }


WRONG = {
    "11.previsao_precisao": [1.5, -0.1],
    "11.pr_05": [(0.75, 0.6667), (0.5, 0.5)],
    "11.ap": [0.7654, 0.5],
    "11.limiar_custo": [0.33, 0.5],
    "11.roc_pr": ["a", "c", "d"],
    "11.calibracao": [(0.15, 0.12, 0.1, 0.1), (0.1236, 0.2085, 0.045, 0.1505)],
    "11.previsor": ["a", "c", "d"],
    "11.auc_fotos": [(0.5, 0.5), (1.0, 1.0)],
}


def test_the_story_of_the_data():
    answers = independent()
    assert SICK.sum() == 8 and SICK.size == 20
    # the cost picks a much higher threshold than F1
    f1 = [2 * c[0] / (2 * c[0] + c[1] + c[2]) for c in map(_counts, np.unique(SCORE))]
    assert answers["11.limiar_custo"] > 0.8 > 0.5 > np.unique(SCORE)[int(np.argmax(f1))]
    # forecaster A ranks better and even has the lower Brier score, B is better calibrated
    rain = (RAIN.target == "chuva").to_numpy()
    assert roc_auc_score(rain, RAIN.prob_a) > roc_auc_score(rain, RAIN.prob_b)
    brier_a, brier_b, ece_a, ece_b = answers["11.calibracao"]
    assert brier_a < brier_b and ece_a > 3 * ece_b
    assert answers["11.pr_05"][0] == pytest.approx(2 / 3)


def test_predicting_first_is_accepted_and_compared():
    result = check("11.previsao_precisao", 0.9)
    assert result.correct and "menor do que você previu" in result.message
    assert "0.667" not in result.message  # the value is the next question's
