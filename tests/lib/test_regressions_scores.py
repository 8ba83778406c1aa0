"""Regressions in scores and plots (issue 11, §5): each test failed on the code before the fix."""

from __future__ import annotations

import math
import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import auc as sk_auc

from evalbook import auc, gain_lift, ks_statistic, plot_ks, plot_roc_curve, roc_auc, roc_curve
from evalbook import threshold as to_labels

MISSING = [None, math.nan, np.nan, pd.NA, pd.NaT, np.datetime64("NaT")]
Y4, S4 = [1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# ---------------------------------------------------------------------- auc
def test_auc_of_points_given_right_to_left_is_positive():
    """auc([1, 0], [1, 1]) was −1.0; scikit-learn (and the docstring) say +1.0."""
    assert auc([1, 0], [1, 1]) == 1.0
    assert auc([1, 0.5, 0.5, 0], [1, 1, 0.5, 0]) == sk_auc([1, 0.5, 0.5, 0], [1, 1, 0.5, 0])


def test_auc_matches_sklearn_on_random_monotone_points():
    rng = np.random.default_rng(11)
    for case in range(300):
        n = int(rng.integers(2, 40))
        x = np.cumsum(rng.integers(0, 3, n) * rng.random(n))  # non-decreasing, with repeats
        y = rng.normal(size=n)
        if case % 2:
            x = x[::-1]  # non-increasing
        assert auc(x, y) == pytest.approx(sk_auc(x, y), rel=1e-12, abs=1e-12)


def test_auc_of_a_reversed_roc_curve_is_the_auc():
    curve = roc_curve(Y4, S4, positive=1)
    assert auc(curve.fpr[::-1], curve.tpr[::-1]) == roc_auc(Y4, S4, positive=1) == 0.75


# ---------------------------------------------------------------------- missing labels
@pytest.mark.parametrize("missing", MISSING, ids=repr)
def test_threshold_refuses_a_missing_negative(missing):
    """threshold(s, 0.5, positive=1, negative=None) returned None (or nan) labels."""
    with pytest.raises(ValueError, match="negative must be a class label"):
        to_labels([0.2, 0.9], 0.5, positive=1, negative=missing)


@pytest.mark.parametrize("missing", MISSING, ids=repr)
def test_threshold_refuses_a_missing_positive(missing):
    """positive=pd.NA raised numpy's "boolean value of NA is ambiguous"; nan gave nan labels."""
    with pytest.raises(ValueError, match="positive must be a class label"):
        to_labels([0.2, 0.9], 0.5, positive=missing, negative=0)


@pytest.mark.parametrize(
    "call",
    [
        lambda p: roc_auc(Y4, S4, positive=p),
        lambda p: roc_curve(Y4, S4, positive=p),
        lambda p: ks_statistic(Y4, S4, positive=p),
        lambda p: gain_lift(Y4, S4, positive=p, bins=2),
        lambda p: plot_roc_curve(Y4, S4, positive=p),
        lambda p: plot_ks(Y4, S4, positive=p),
    ],
    ids=["roc_auc", "roc_curve", "ks_statistic", "gain_lift", "plot_roc_curve", "plot_ks"],
)
@pytest.mark.parametrize("missing", [pd.NA, pd.NaT], ids=repr)
def test_metrics_refuse_a_missing_positive_by_name(call, missing):
    """pd.NA as positive reached numpy and failed with a message about NA, not positive."""
    with pytest.raises(ValueError, match="positive must be a class label"):
        call(missing)
    assert plt.get_fignums() == []


def test_ks_plot_of_extreme_scores_has_finite_ends():
    """Scores near ±1e308 overflowed hi − lo: a numpy warning and infinite step ends."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ax = plot_ks([1, 0, 1, 0], [1.7e308, -1.7e308, 5.0, 1.0], positive=1)
    for line in ax.lines:
        assert np.all(np.isfinite(line.get_xdata()))
    assert ax.lines[0].get_ydata()[-1] == ax.lines[1].get_ydata()[-1] == 1.0
