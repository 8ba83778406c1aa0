"""DecisionCurveExplorer driven from Python: prevalence and p_t range in, curves and table out."""

from __future__ import annotations

import numpy as np
import pytest

from evalbook import decision_curve
from evalbook.widgets import DecisionCurveExplorer

TOL = 1e-12


def _data(seed=3, n=600):
    rng = np.random.default_rng(seed)
    risk = rng.beta(1, 6, n)
    y = rng.uniform(size=n) < risk
    noisy = 1 / (1 + np.exp(-(np.log(risk / (1 - risk)) + rng.normal(0, 1.2, n))))
    return y, {"sharp": risk, "noisy": noisy}


def test_the_curves_and_the_table_are_the_librarys_decision_curves():
    y, models = _data()
    explorer = DecisionCurveExplorer(y, models, positive=True)
    assert explorer.prevalence.value == pytest.approx(y.mean())
    for low, high, pi in [(0.01, 0.5, None), (0.05, 0.3, 0.02), (0.2, 0.9, 0.4)]:
        explorer.min_threshold.value = 0.01  # widen first: min < max at every step
        explorer.max_threshold.value, explorer.min_threshold.value = high, low
        if pi is not None:
            explorer.prevalence.value = pi
        grid = explorer.thresholds
        assert grid[0] == pytest.approx(low) and grid[-1] == pytest.approx(high)
        for name, proba in models.items():
            expected = decision_curve(
                y, proba, positive=True, thresholds=grid, prevalence=explorer.prevalence.value
            )
            np.testing.assert_allclose(explorer.curves[name], expected.net_benefit, atol=TOL)
            np.testing.assert_allclose(explorer.curves["treat_all"], expected.treat_all, atol=TOL)
        table = explorer.table
        assert table["threshold_probability"].tolist() == pytest.approx(
            np.linspace(low, high, 5).round(4).tolist()
        )
        expected = decision_curve(
            y,
            models["sharp"],
            positive=True,
            thresholds=table["threshold_probability"].to_numpy(),
            prevalence=explorer.prevalence.value,
        )
        np.testing.assert_allclose(table["sharp"], expected.net_benefit, atol=TOL)


def test_the_best_strategy_follows_the_prevalence():
    y, models = _data()
    explorer = DecisionCurveExplorer(y, models, positive=True)
    explorer.max_threshold.value, explorer.min_threshold.value = 0.1, 0.01
    explorer.prevalence.value = 0.9  # nearly everyone is positive: treating beats not treating
    table = explorer.table
    assert (table["treat_all"] > 0.8).all() and "treat_none" not in set(table["best_strategy"])
    explorer.max_threshold.value, explorer.min_threshold.value = 0.99, 0.9
    explorer.prevalence.value = 0.01  # almost no one, and a high threshold: treat no one
    assert explorer.table["best_strategy"].iloc[-1] == "treat_none"
    explorer.min_threshold.value, explorer.max_threshold.value = 0.05, 0.4
    explorer.prevalence.value = float(y.mean())
    assert "sharp" in set(explorer.table["best_strategy"])
    assert explorer.useful["sharp"] > explorer.useful["noisy"]


def test_the_view_shows_the_table_and_the_plot_in_portuguese():
    y, models = _data()
    explorer = DecisionCurveExplorer(y, models, positive=True)
    html = explorer.html
    assert "<svg" in html and "evalbook-decision-curve-plot" in html
    assert "tratar todos" in html and "tratar ninguém" in html and "melhor estratégia" in html
    assert "Benefício líquido × 100" in html
    explorer.prevalence.value = 0.3
    assert "π = 0.30" in explorer.html


def test_a_range_that_closes_or_a_prevalence_out_of_range_is_refused_by_name():
    y, models = _data()
    explorer = DecisionCurveExplorer(y, models, positive=True)
    with pytest.raises(ValueError, match="min_threshold must be below max_threshold"):
        explorer.min_threshold.value = 0.6
    assert explorer.min_threshold.value == 0.01
    with pytest.raises(ValueError, match="max_threshold must be above min_threshold"):
        explorer.min_threshold.value = 0.3
        explorer.max_threshold.value = 0.2
    with pytest.raises(ValueError, match="prevalence"):
        explorer.prevalence.value = float("nan")


@pytest.mark.parametrize(
    ("models", "error", "message"),
    [
        ({}, TypeError, "one or two models"),
        ({"a": [0.1] * 4, "b": [0.2] * 4, "c": [0.3] * 4}, TypeError, "one or two models"),
        ([0.1, 0.2, 0.3, 0.4], TypeError, "models must be a dict"),
        ({1: [0.1, 0.2, 0.3, 0.4]}, TypeError, "model names"),
        ({"a": [0.1, 0.2, 1.3, 0.4]}, ValueError, r"y_proba"),
        ({"a": [0.1, 0.2]}, ValueError, "different lengths"),
    ],
)
def test_bad_models_are_refused_by_name(models, error, message):
    with pytest.raises(error, match=message):
        DecisionCurveExplorer([1, 0, 1, 0], models, positive=1)


def test_the_example_and_the_repr():
    explorer = DecisionCurveExplorer.example()
    assert repr(explorer).startswith("DecisionCurveExplorer(models=['sharp', 'noisy'], ")
    assert 0 < explorer.useful["noisy"] < explorer.useful["sharp"] <= 1
