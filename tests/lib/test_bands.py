"""Confidence bands of curves: the ROC band (pROC's ci.se: sensitivity at fixed
specificities, pointwise; and the sup-t simultaneous band), the precision-recall band
(precision at fixed recalls) and the reliability diagram's per-bin Clopper-Pearson
intervals; each drawn by its Display's ``plot(band=...)``.
"""

from __future__ import annotations

import math

import matplotlib
import numpy as np
import pytest
import scipy.stats
from statsmodels.stats.proportion import proportion_confint

import evalbook as eb

matplotlib.use("Agg")
import matplotlib.pyplot as plt


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def binormal(rng, m, n, shift=1.0):
    y = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
    return y, np.r_[rng.normal(shift, 1, m), rng.normal(0, 1, n)]


def sensitivity_by_loop(y, scores, specificity):
    """The largest TPR among the thresholds whose specificity is ≥ it (pROC's ci.se rule)."""
    best = 0.0
    for t in np.unique(scores):
        predicted = scores >= t
        tpr = predicted[y == 1].mean()
        spec = 1 - predicted[y == 0].mean()
        if spec >= specificity - 1e-12:
            best = max(best, tpr)
    return best


def precision_by_loop(y, scores, recall):
    """Precision at the highest threshold whose recall reaches ``recall``."""
    for t in np.sort(np.unique(scores))[::-1]:
        predicted = scores >= t
        if predicted[y == 1].mean() >= recall - 1e-12:
            return y[predicted].mean()
    return math.nan


def test_the_bands_estimate_is_the_curve_read_at_the_grid():
    rng = np.random.default_rng(100)
    for _ in range(40):
        y, scores = binormal(rng, int(rng.integers(3, 30)), int(rng.integers(3, 30)))
        scores = np.round(scores, 1)
        grid = np.round(rng.uniform(size=5), 2)
        band = eb.roc_band(y, scores, positive=1, grid=grid, n_resamples=20, seed=0)
        expected = [sensitivity_by_loop(y, scores, x) for x in grid]
        np.testing.assert_allclose(band.tpr, expected, atol=1e-12)
        np.testing.assert_allclose(band.fpr, 1 - grid)
        band = eb.precision_recall_band(y, scores, positive=1, grid=grid, n_resamples=20, seed=0)
        expected = [precision_by_loop(y, scores, r) for r in grid]
        np.testing.assert_allclose(band.precision, expected, atol=1e-12)


def test_the_pointwise_roc_band_is_the_percentiles_of_the_stratified_resamples():
    """pROC's ci.se, written out: 2000 resamples drawing the negatives and the positives
    apart, the sensitivity of each at each specificity, its 2.5% and 97.5% percentiles."""
    rng = np.random.default_rng(101)
    y, scores = binormal(rng, 25, 35)
    grid = np.array([0.0, 0.3, 0.5, 0.8, 0.95, 1.0])
    band = eb.roc_band(y, scores, positive=1, grid=grid, n_resamples=300, seed=7)
    draws = np.random.default_rng(7)
    negatives, positives = np.flatnonzero(y == 0), np.flatnonzero(y == 1)
    first = negatives[draws.integers(0, negatives.size, (300, negatives.size))]
    second = positives[draws.integers(0, positives.size, (300, positives.size))]
    values = [
        [sensitivity_by_loop(y[row], scores[row], x) for x in grid]
        for row in np.concatenate([first, second], axis=1)
    ]
    lower, upper = np.quantile(values, [0.025, 0.975], axis=0)
    np.testing.assert_allclose(band.tpr_lower, lower, atol=1e-12)
    np.testing.assert_allclose(band.tpr_upper, upper, atol=1e-12)
    assert band.tpr[0] == 1.0  # specificity 0: every point


def test_the_simultaneous_band_contains_the_pointwise_one_and_covers_the_whole_curve():
    rng = np.random.default_rng(102)
    y, scores = binormal(rng, 80, 80)
    pointwise = eb.roc_band(y, scores, positive=1, n_resamples=500, seed=1)
    simultaneous = eb.roc_band(
        y, scores, positive=1, n_resamples=500, seed=1, method="simultaneous"
    )
    inner = (pointwise.specificity > 0.05) & (pointwise.specificity < 0.95)
    assert np.all(simultaneous.tpr_lower[inner] <= pointwise.tpr_lower[inner] + 1e-12)
    assert np.all(simultaneous.tpr_upper[inner] >= pointwise.tpr_upper[inner] - 1e-12)
    assert simultaneous.method == "simultaneous" and simultaneous.confidence == 0.95


@pytest.mark.slow
def test_roc_bands_coverage_of_the_true_curve_as_recorded():
    """Binormal scores (positives N(1, 1), negatives N(0, 1)), 60 + 60 instances, the true
    sensitivity at specificity x is 1 − Φ(Φ⁻¹(x) − 1), read at x = 0.1, …, 0.9; 200 data
    sets, 500 resamples each.

    Recorded: the pointwise band covered each point 1636 times of 1800 (90.9%): 93-96.5%
    at x ≥ 0.3, but 89% at x = 0.2 and 70.5% at x = 0.1, where the true sensitivity is
    0.989 and the resamples' sensitivities pile up at 1 (a percentile interval collapses at
    the bound). The whole curve: pointwise 125 of 200 (62.5%: not meant to cover it),
    simultaneous 147 (73.5%): the sup-t band under-covers here because of that same point
    near 1; it is always wider than the pointwise one.
    """
    rng = np.random.default_rng(103)
    grid = np.round(np.arange(0.1, 0.95, 0.1), 2)
    truth = scipy.stats.norm.sf(scipy.stats.norm.ppf(grid) - 1.0)
    whole = {"pointwise": 0, "simultaneous": 0}
    points = np.zeros(grid.size, dtype=int)
    for trial in range(200):
        y, scores = binormal(rng, 60, 60)
        for method in whole:
            band = eb.roc_band(
                y, scores, positive=1, grid=grid, n_resamples=500, seed=trial, method=method
            )
            inside = (band.tpr_lower <= truth) & (truth <= band.tpr_upper)
            whole[method] += bool(inside.all())
            if method == "pointwise":
                points += inside
    assert whole == {"pointwise": 125, "simultaneous": 147}
    assert points.sum() == 1636 and points[0] == 141 and points[1] == 178
    assert np.all(points[2:] >= 186)  # 93% and more from specificity 0.3 on


def test_calibration_band_is_clopper_pearson_of_each_bin():
    rng = np.random.default_rng(104)
    p = rng.uniform(size=200)
    y = (rng.uniform(size=200) < p).astype(int)
    y[p > 0.9] = 1  # a bin of positives only: its interval stays an interval
    band = eb.calibration_band(y, p, positive=1, bins=10, confidence=0.9)
    curve = eb.calibration_curve(y, p, positive=1, bins=10)
    np.testing.assert_array_equal(band.fraction_positive, curve.fraction_positive)
    hits = np.rint(curve.fraction_positive * curve.count).astype(int)
    lower, upper = proportion_confint(hits, curve.count, alpha=0.1, method="beta")
    np.testing.assert_allclose(band.fraction_lower, np.nan_to_num(lower), atol=1e-12)
    np.testing.assert_allclose(band.fraction_upper, np.nan_to_num(upper, nan=1.0), atol=1e-12)
    assert band.fraction_positive[-1] == 1.0 == band.fraction_upper[-1]
    assert band.fraction_lower[-1] < 0.85


def test_displays_draw_their_bands_in_the_curves_colour():
    rng = np.random.default_rng(105)
    y, scores = binormal(rng, 40, 40)
    probabilities = scipy.special.expit(scores - 0.5)
    display = eb.RocCurveDisplay.from_predictions(y, scores, positive=1, name="A")
    band = eb.roc_band(y, scores, positive=1, n_resamples=100, seed=0)
    display.plot(band=band)
    assert display.band is band
    assert display.band_.get_facecolor()[0][:3] == pytest.approx(
        matplotlib.colors.to_rgb(display.line_.get_color())
    )
    labels = display.ax_.get_legend_handles_labels()[1]
    assert "A: confidence band (95%)" in labels
    with eb.config_context(language="pt"):
        display.plot(band=band)
        assert "A: faixa de confiança (95%)" in display.ax_.get_legend_handles_labels()[1]
    pr = eb.PrecisionRecallDisplay.from_predictions(y, scores, positive=1)
    pr.plot(band=eb.precision_recall_band(y, scores, positive=1, n_resamples=100, seed=0))
    assert pr.band_ is not None
    calibration = eb.CalibrationDisplay.from_predictions(y, probabilities, positive=1, bins=5)
    calibration.plot(band=eb.calibration_band(y, probabilities, positive=1, bins=5))
    segments = calibration.band_.lines[2][0].get_segments()
    assert len(segments) == len(calibration.curve)
    assert eb.RocCurveDisplay.from_predictions(y, scores, positive=1).plot().band is None
    with pytest.raises(TypeError, match="band must be a 'roc_band' Curve"):
        display.plot(band=eb.precision_recall_band(y, scores, positive=1, n_resamples=10))
    with pytest.raises(TypeError, match="band must be a 'calibration_band' Curve"):
        calibration.plot(band=[0.1, 0.2])


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: eb.roc_band([1, 0, 1, 0], [0.9, 0.1, 0.8, 0.2], grid=[1.5]), ValueError, "grid"),
        (lambda: eb.roc_band([1, 0, 1, 0], [0.9, 0.1, 0.8, 0.2], grid=[]), ValueError, "grid"),
        (lambda: eb.roc_band([1, 0], [0.9, 0.1], method="wald"), ValueError, "method"),
        (lambda: eb.roc_band([1, 0], [0.9, 0.1], n_resamples=1), ValueError, "n_resamples"),
        (lambda: eb.roc_band([1, 0], [0.9, 0.1], stratify="no"), TypeError, "stratify"),
        (lambda: eb.roc_band([1, 0], [0.9, 0.1], n_resamples=10**9), ValueError, "n_resamples"),
        (lambda: eb.precision_recall_band([1, 0], [0.9], seed=0), ValueError, "y_score"),
        (lambda: eb.calibration_band([1, 0], [0.9, 1.1]), ValueError, "y_proba"),
        (lambda: eb.calibration_band([1, 0], [0.9, 0.1], confidence=0), ValueError, "confidence"),
    ],
)
def test_bands_refuse_bad_input_by_name(call, error, message):
    with pytest.raises(error, match=message):
        call()
