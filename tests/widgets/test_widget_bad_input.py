"""Bad values typed into an explorer's controls, and sizes it cannot simulate.

A NaN, an infinity or None typed into a control is refused with a ValueError naming the
control, the control goes back to its value and the explorer keeps working; a slider end
that cannot be simulated is refused when the explorer is built, not at the step that would
allocate it.
"""

from __future__ import annotations

import math

import pytest

import evalbook
from evalbook.widgets import (
    BootstrapExplorer,
    CoverageExplorer,
    ImbalanceExplorer,
    OutlierExplorer,
    PositiveClassExplorer,
    ProfitExplorer,
    ThresholdExplorer,
)
from evalcourse import datasets


@pytest.fixture
def spam():
    return datasets.spam_predictions()


def _refused(control, value, name):
    """Set a bad value: a ValueError naming the control, and the old value is back."""
    before = control.value
    with pytest.raises(ValueError, match=rf"^{name} must be"):
        control.value = value
    assert control.value == before


# ---------------------------------------------------------------------- refused, then working
def test_imbalance_nan_share_is_refused_and_the_explorer_keeps_working():
    explorer = ImbalanceExplorer()
    html = explorer.html
    _refused(explorer.majority_share, math.nan, "majority_share")
    assert explorer.html == html
    assert explorer.metrics["accuracy"] == pytest.approx(0.75)
    explorer.majority_share.value = 0.95
    assert explorer.metrics["accuracy"] == pytest.approx(0.885)


def test_profit_inf_cell_is_refused_and_the_explorer_keeps_working():
    explorer = ProfitExplorer(datasets.tree_knn_confusions(), datasets.profit_matrix())
    _refused(explorer.tp, math.inf, "tp")
    assert explorer.tp.value == 140
    assert explorer.profits.to_dict() == {"decision_tree": 1540.0, "knn": 560.0}
    explorer.fp.value = -100
    assert explorer.winner == "knn"


def test_coverage_nan_p_is_refused_and_the_explorer_keeps_working():
    explorer = CoverageExplorer(n=30, p=0.85)
    _refused(explorer.p, math.nan, "p")
    assert explorer.p.value == 0.85
    assert explorer.simulated_coverage == {
        "wilson": 0.8845,
        "normal": 0.816,
        "exact": 0.922,
        "bootstrap": 0.816,
    }
    explorer.n.value = 200
    assert explorer.coverage["normal"] > 0.85


def test_positive_class_none_is_refused_and_the_explorer_keeps_working(spam):
    explorer = PositiveClassExplorer(spam.target, spam.prediction, labels=["spam", "ham"])
    _refused(explorer.positive, None, "positive")
    assert explorer.positive.value == "spam"
    assert explorer.counts == {"TP": 6, "FN": 3, "FP": 2, "TN": 9}
    explorer.positive.value = "ham"
    assert explorer.counts == {"TP": 9, "FN": 2, "FP": 3, "TN": 6}


def test_bootstrap_refuses_a_slider_end_it_cannot_simulate():
    with pytest.raises(ValueError, match=r"max_n.*2,000,000"):
        BootstrapExplorer(max_n=10**6)
    with pytest.raises(ValueError, match=r"max_n.*at most 100\b"):
        BootstrapExplorer(max_n=1000, n_resamples=20_000)
    with pytest.raises(ValueError, match=r"max_n.*at most 1000\b"):
        BootstrapExplorer(max_n=1001)  # 1001 × 2000 draws: one step past the limit
    explorer = BootstrapExplorer()  # lesson 08: 1000 × 2000 draws, the limit itself
    assert explorer.n.max == 1000
    explorer = BootstrapExplorer(n=10**4, max_n=10**4, n_resamples=200)  # make bench at 10⁴
    assert explorer.n.max == 10**4


# ---------------------------------------------------------------------- every other control
def test_imbalance_refuses_nan_recalls():
    explorer = ImbalanceExplorer()
    _refused(explorer.recall_majority, math.nan, "recall_majority")
    _refused(explorer.recall_minority, math.nan, "recall_minority")
    assert explorer.metrics["recall"] == pytest.approx(0.6)


def test_threshold_refuses_nan_threshold_and_infinite_profits(spam):
    explorer = ThresholdExplorer(spam.target, spam.score, positive="spam")
    _refused(explorer.threshold, math.nan, "threshold")
    assert explorer.counts == {"TP": 6, "FN": 3, "FP": 2, "TN": 9}
    for box, name in ((explorer.profit_fp, "profit_fp"), (explorer.profit_tn, "profit_tn")):
        _refused(box, math.inf, name)
        _refused(box, -math.inf, name)
        _refused(box, math.nan, name)
    assert explorer.profit == 6 * 1 - 3 - 2 * 5
    assert math.isfinite(explorer.best_threshold[1])
    explorer.threshold.value = 0.75
    assert explorer.counts == {"TP": 4, "FN": 5, "FP": 1, "TN": 10}


def test_outlier_refuses_a_nan_shift():
    explorer = OutlierExplorer(y_true=[1.0, 2.0, 3.0, 4.0], y_pred=[1.5, 2.0, 2.5, 4.0])
    _refused(explorer.shift, math.nan, "shift")
    assert explorer.metrics["mse"] == 0.125
    explorer.point.value, explorer.shift.value = 3, 6.0
    assert explorer.metrics["mse"] == 9.125


def test_coverage_refuses_no_confidence():
    explorer = CoverageExplorer(n=30, p=0.85)
    _refused(explorer.confidence, None, "confidence")
    assert explorer.confidence.value == 0.9


def test_profit_multiclass_cells_refuse_nan():
    cm = evalbook.ConfusionMatrix([[5, 1, 0], [1, 4, 1], [0, 2, 6]], labels=["a", "b", "c"])
    explorer = ProfitExplorer({"m": cm}, [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    _refused(explorer.cells[0][1], math.nan, "a→b")
    assert explorer.profits.to_dict() == {"m": 15.0}


def test_an_infinite_slider_value_is_refused_not_clamped():
    explorer = ImbalanceExplorer()
    before = explorer.metrics["accuracy"]
    with pytest.raises(ValueError, match="majority_share must be a finite number"):
        explorer.majority_share.value = math.inf
    assert explorer.majority_share.value != 0.99
    assert explorer.metrics["accuracy"] == before
