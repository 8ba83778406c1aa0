"""Intervals of the proportions of a confusion matrix: Wilson and exact, as statsmodels computes.

Each proportion (recall, precision, specificity, NPV, FPR, ...) is hits out of its own
denominator; its interval is checked against statsmodels' ``proportion_confint`` on hundreds
of random matrices, and its coverage by simulation.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from statsmodels.stats.proportion import proportion_confint

import evalbook
from evalbook import UndefinedMetricWarning, proportion_interval

#: name -> (hits, total) from the cells (TP, FN, FP, TN), written out independently.
CELLS = {
    "recall": lambda tp, fn, fp, tn: (tp, tp + fn),
    "sensitivity": lambda tp, fn, fp, tn: (tp, tp + fn),
    "tpr": lambda tp, fn, fp, tn: (tp, tp + fn),
    "fnr": lambda tp, fn, fp, tn: (fn, tp + fn),
    "specificity": lambda tp, fn, fp, tn: (tn, fp + tn),
    "tnr": lambda tp, fn, fp, tn: (tn, fp + tn),
    "fpr": lambda tp, fn, fp, tn: (fp, fp + tn),
    "precision": lambda tp, fn, fp, tn: (tp, tp + fp),
    "ppv": lambda tp, fn, fp, tn: (tp, tp + fp),
    "fdr": lambda tp, fn, fp, tn: (fp, tp + fp),
    "npv": lambda tp, fn, fp, tn: (tn, fn + tn),
    "false_omission_rate": lambda tp, fn, fp, tn: (fn, fn + tn),
    "accuracy": lambda tp, fn, fp, tn: (tp + tn, tp + fn + fp + tn),
    "error_rate": lambda tp, fn, fp, tn: (fn + fp, tp + fn + fp + tn),
    "prevalence": lambda tp, fn, fp, tn: (tp + fn, tp + fn + fp + tn),
    "detection_rate": lambda tp, fn, fp, tn: (tp, tp + fn + fp + tn),
    "detection_prevalence": lambda tp, fn, fp, tn: (tp + fp, tp + fn + fp + tn),
}
STATSMODELS = {"wilson": "wilson", "exact": "beta"}


@pytest.mark.parametrize("method", ["wilson", "exact"])
def test_every_proportion_matches_statsmodels_on_random_matrices(method):
    rng = np.random.default_rng(0 if method == "wilson" else 1)
    checked = {name: 0 for name in CELLS}
    names = list(CELLS)
    for _ in range(300):
        cells = rng.integers(0, 40, 4)
        cells[rng.integers(0, 4)] = rng.integers(0, 3)  # small and zero cells too
        tp, fn, fp, tn = (int(c) for c in cells)
        matrix = [[tp, fn], [fp, tn]]
        confidence = float(rng.uniform(0.5, 0.999))
        for name in rng.choice(names, 3, replace=False).tolist():
            hits, total = CELLS[name](tp, fn, fp, tn)
            if total == 0:
                continue
            expected = proportion_confint(
                hits, total, alpha=1 - confidence, method=STATSMODELS[method]
            )
            got = proportion_interval(matrix, name, method=method, confidence=confidence)
            assert got == pytest.approx(expected, abs=1e-9), (name, matrix)
            checked[name] += 1
    assert min(checked.values()) >= 20, checked


def test_a_multiclass_matrix_is_read_one_vs_rest():
    cm = evalbook.ConfusionMatrix([[88, 10, 2], [14, 40, 6], [18, 10, 12]], labels=list("ABC"))
    # class B: TP 40, FN 20, FP 20
    assert proportion_interval(cm, "recall", positive="B") == pytest.approx(
        proportion_confint(40, 60, method="wilson")
    )
    assert proportion_interval(cm, "accuracy", method="exact") == pytest.approx(
        proportion_confint(140, 200, method="beta")
    )
    with pytest.raises(ValueError, match="positive"):
        proportion_interval(cm, "precision")


def test_the_librarys_metric_functions_name_their_proportion():
    cm = [[40, 10], [5, 45]]
    for function in (evalbook.recall, evalbook.precision, evalbook.specificity, evalbook.npv):
        lower, upper = proportion_interval(cm, function)
        assert lower < function(cm) < upper
        assert (lower, upper) == proportion_interval(cm, function.__name__)
    with pytest.raises(ValueError, match="metric"):
        proportion_interval(cm, "f1")
    with pytest.raises(ValueError, match="method"):
        proportion_interval(cm, "recall", method="normal")
    with pytest.raises(TypeError, match="metric"):
        proportion_interval(cm, 3)


def test_an_undefined_proportion_has_an_undefined_interval():
    with pytest.warns(UndefinedMetricWarning, match="precision is undefined"):
        lower, upper = proportion_interval([[0, 5], [0, 5]], "precision")
    assert math.isnan(lower) and math.isnan(upper)


@pytest.mark.parametrize(("method", "low", "high"), [("wilson", -3, 3), ("exact", -3, math.inf)])
def test_precision_and_recall_intervals_cover_their_true_values(method, low, high):
    """Test sets of 150 from fixed cell probabilities: about 95% of the intervals cover
    (Clopper–Pearson is conservative: at least 95%)."""
    rng = np.random.default_rng(7)
    probabilities = np.array([0.2, 0.05, 0.1, 0.65])  # TP, FN, FP, TN
    truth = {"recall": 0.2 / 0.25, "precision": 0.2 / 0.3}
    trials = 600
    for name, value in truth.items():
        covered = 0
        for cells in rng.multinomial(150, probabilities, size=trials):
            lower, upper = proportion_interval(cells.reshape(2, 2), name, method=method)
            covered += lower <= value <= upper
        se = math.sqrt(0.95 * 0.05 / trials)
        assert low * se <= covered / trials - 0.95 <= high * se, (name, covered)
