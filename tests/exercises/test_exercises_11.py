"""Exercise set 11 (precision-recall and calibration): answers against independent computations.

The expected answers of ``evalbook/exercises/set_11.py`` are recomputed here with
scikit-learn and plain numpy (never with evalbook's precision_recall or calibration
modules), for the solutions' data and for homework variants, and wrong answers, including
the known mistakes, are rejected.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, brier_score_loss, roc_auc_score

from evalbook.exercises import check
from evalcourse.exercises import data_beyond

#: Variants whose data the tests below check against the rules of data_beyond.
VARIANTS = [1, 7, 2024, 12345, 987654321, *range(200, 230)]


def _counts(sick, score, t):
    flagged = t <= score
    return np.sum(flagged & sick), np.sum(flagged & ~sick), np.sum(~flagged & sick)


def _ece(p, y, bins=5):
    edges = np.linspace(0, 1, bins + 1)
    total = 0.0
    for b in range(bins):
        inside = (p > edges[b]) & (p <= edges[b + 1]) | ((b == 0) & (p == 0))
        if inside.any():
            total += inside.mean() * abs(y[inside].mean() - p[inside].mean())
    return total


def _screening(variant=None):
    table = data_beyond.screening(variant=variant)
    return (table.target == "doente").to_numpy(), table.score.to_numpy()


def _costs(variant=None):
    """The thresholds (highest first) and the cost 3·FP + FN of each."""
    sick, score = _screening(variant)
    thresholds = np.unique(score)[::-1]
    return thresholds, np.array(
        [3 * c[1] + c[2] for c in (_counts(sick, score, t) for t in thresholds)]
    )


def _f1(variant=None):
    sick, score = _screening(variant)
    thresholds = np.unique(score)[::-1]
    counts = [_counts(sick, score, t) for t in thresholds]
    return thresholds, np.array([2 * tp / (2 * tp + fp + fn) for tp, fp, fn in counts])


def _forecasts(variant=None):
    days = data_beyond.forecasts(variant=variant)
    return (days.target == "chuva").to_numpy(), days.prob_a.to_numpy(), days.prob_b.to_numpy()


def independent(variant=None):
    sick, score = _screening(variant)
    tp, fp, fn = _counts(sick, score, 0.5)
    thresholds, cost = _costs(variant)
    rain, a, b = _forecasts(variant)
    target, table = data_beyond.photos(variant=variant)
    brier_a, brier_b = brier_score_loss(rain, a), brier_score_loss(rain, b)
    ece_a, ece_b = _ece(a, rain), _ece(b, rain)
    # the options of question 7 state: A ranks better (a), A's Brier is much lower (b),
    # B's ECE is lower (c); the right one is b whenever these statements hold
    statements = (
        roc_auc_score(rain, a) > roc_auc_score(rain, b) and brier_a < brier_b and ece_b < ece_a
    )
    return {
        "11.previsao_precisao": tp / (tp + fp),
        "11.pr_05": (tp / (tp + fp), tp / (tp + fn)),
        "11.ap": average_precision_score(sick, score),
        "11.limiar_custo": thresholds[int(np.argmin(cost))],
        "11.roc_pr": "b",
        "11.calibracao": (brier_a, brier_b, ece_a, ece_b),
        "11.previsor": "b" if statements else "the options' statements are false",
        "11.auc_fotos": tuple(  # scikit-learn wants the labels sorted: reorder the columns
            roc_auc_score(
                target,
                table[:, [2, 1, 0]],
                multi_class="ovr",
                average=average,
                labels=["ave", "cão", "gato"],
            )
            for average in ("macro", "weighted")
        ),
        "11.confiabilidade": "a",
        "11.ece_faixas": "b",
        "11.recalibrar": "b",
        "11.f_beta": "b",
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
    "11.confiabilidade": ["b", "c", "d"],
    "11.ece_faixas": ["a", "c", "d"],
    "11.recalibrar": ["a", "c", "d"],
    "11.f_beta": ["a", "c", "d"],
}


def test_the_story_of_the_data():
    answers = independent()
    sick = _screening()[0]
    assert sick.sum() == 8 and sick.size == 20
    # the cost picks a much higher threshold than F1
    thresholds, f1 = _f1()
    assert answers["11.limiar_custo"] > 0.8 > 0.5 > thresholds[int(np.argmax(f1))]
    # forecaster A ranks better and even has the lower Brier score, B is better calibrated
    rain, a, b = _forecasts()
    assert roc_auc_score(rain, a) > roc_auc_score(rain, b)
    brier_a, brier_b, ece_a, ece_b = answers["11.calibracao"]
    assert brier_a < brier_b and ece_a > 3 * ece_b
    assert answers["11.pr_05"][0] == pytest.approx(2 / 3)


def test_predicting_first_is_accepted_and_compared():
    result = check("11.previsao_precisao", 0.9)
    assert result.correct is None and "menor do que você previu" in result.message
    assert "0.667" not in result.message  # the value is the next question's


@pytest.mark.parametrize("variant", [None, *VARIANTS])
def test_the_screening_keeps_questions_1_to_4_sound(variant):
    sick, score = _screening(variant)
    assert 6 <= sick.sum() <= 10 and len(set(score)) == 20
    precision, recall = independent(variant)["11.pr_05"]
    assert abs(precision - 0.5) >= 0.02 and abs(precision - recall) >= 0.002
    # one cheapest threshold, cheaper than flagging nobody, and not the one of the best F1
    thresholds, cost = _costs(variant)
    assert np.sum(cost == cost.min()) == 1 and cost.min() < sick.sum()
    f1_thresholds, f1 = _f1(variant)
    assert np.sum(f1 == f1.max()) == 1
    assert thresholds[np.argmin(cost)] != f1_thresholds[np.argmax(f1)]


@pytest.mark.parametrize("variant", [None, *VARIANTS])
def test_the_forecasts_keep_the_statements_of_question_7_true(variant):
    rain, a, b = _forecasts(variant)
    assert 5 <= rain.sum() <= 9 and len(rain) == 20
    assert not np.isin(np.concatenate([a, b]), [0.2, 0.4, 0.6, 0.8]).any()  # no bin edges
    assert roc_auc_score(rain, a) - roc_auc_score(rain, b) >= 0.1 - 1e-9  # (a) A ranks better
    brier_a, brier_b, ece_a, ece_b = independent(variant)["11.calibracao"]
    assert brier_b - brier_a >= 0.04 - 1e-9  # (b) A's Brier score is much lower
    assert ece_a - ece_b >= 0.02 - 1e-9  # (c) B's ECE is lower
    assert brier_b < brier_score_loss(rain, np.full(len(rain), rain.mean()))
    assert independent(variant)["11.previsor"] == "b"


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_photos_of_a_variant(variant):
    target, table = data_beyond.photos(variant=variant)
    assert sorted(np.unique(target, return_counts=True)[1]) in ([2, 3, 4], [2, 2, 5])
    assert np.allclose(table.sum(axis=1), 1) and table.min() >= 0.1 - 1e-12
    macro, weighted = independent(variant)["11.auc_fotos"]
    assert abs(macro - weighted) >= 0.002


def test_every_threshold_of_the_cheapest_classification_is_right():
    low, high = 0.84, 0.88  # the next lower score and the cheapest threshold (solutions' data)
    for t in (0.85, 0.86, 0.87, high):
        assert check("11.limiar_custo", t).correct, t
    assert not check("11.limiar_custo", low).correct
    elkan = check("11.limiar_custo", 0.75)
    assert not elkan.correct and "limiar de Elkan" in elkan.message
