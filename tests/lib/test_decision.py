"""Net benefit, decision curves, likelihood ratios and predictive values at a prevalence.

Cross-checks: the decision curve against ``dcurves.dca`` (its net benefit of the model and
of "all", and its net interventions avoided) on random inputs and on the data dcurves
ships, to 1e-12; the likelihood ratios against scikit-learn's ``class_likelihood_ratios``
and their log-method intervals against statsmodels' interval of a ratio of two
independent proportions (``confint_proportions_2indep(..., compare="ratio",
method="log")``), to 1e-12.
"""

from __future__ import annotations

import math
import os
import warnings

import numpy as np
import pandas as pd
import pytest

from evalbook import (
    ConfusionMatrix,
    Curve,
    DecisionCurveDisplay,
    UndefinedMetricWarning,
    bootstrap_interval,
    decision_curve,
    likelihood_ratios,
    net_benefit,
    net_benefit_interval,
    npv,
    post_test_probability,
    ppv,
    predictive_values,
)

dcurves = pytest.importorskip("dcurves")

TOL = 1e-12
GRID = np.arange(1, 100) / 100


def _dca(y, models: dict, *, thresholds=GRID, prevalence=None):
    """dcurves' table, one frame per model name (and "all"), indexed by threshold."""
    frame = pd.DataFrame({"outcome": np.asarray(y, dtype=bool), **models})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dcurves' own pandas warnings
        table = dcurves.dca(
            data=frame,
            outcome="outcome",
            modelnames=list(models),
            thresholds=list(thresholds),
            prevalence=prevalence,
        )
    return {name: rows.set_index("threshold") for name, rows in table.groupby("model")}


def _random_case(seed):
    """Labels and two models' probabilities: n from 20 to 2000, prevalence 3 % to 70 %,
    probabilities on a 0.01 grid half the time (ties with the thresholds)."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 2000))
    share = rng.uniform(0.03, 0.7)
    y = rng.uniform(size=n) < share
    y[:2] = [True, False]  # both classes
    signal = rng.normal(size=n) + rng.uniform(0, 3) * y
    a = 1 / (1 + np.exp(-(signal - 1)))
    b = rng.uniform(size=n)
    if seed % 2:
        a, b = np.round(a, 2), np.round(b, 2)
    return y, a, b


SEEDS = range(24)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_the_decision_curve_is_dcurves_on_random_inputs(seed):
    y, a, b = _random_case(seed)
    prevalence = None if seed % 3 else 0.1 + seed / 100  # a case-control sample's population
    table = _dca(y, {"a": a, "b": b}, prevalence=prevalence)
    compared = 0
    for name, proba in (("a", a), ("b", b)):
        curve = decision_curve(y, proba, positive=True, prevalence=prevalence)
        theirs = table[name].loc[GRID]
        np.testing.assert_allclose(curve.net_benefit, theirs.net_benefit, rtol=0, atol=TOL)
        np.testing.assert_allclose(
            curve.interventions_avoided, theirs.net_intervention_avoided, rtol=0, atol=TOL
        )
        np.testing.assert_allclose(
            curve.treat_all, table["all"].loc[GRID].net_benefit, rtol=0, atol=TOL
        )
        compared += curve.threshold.size
    assert compared == 2 * 99


@pytest.mark.slow
@pytest.mark.parametrize("model", ["cancerpredmarker", "famhistory"])
def test_the_decision_curve_is_dcurves_on_its_own_binary_data(model):
    data = pd.read_csv(os.path.join(dcurves.data, "df_binary.csv"))
    y = data.cancer.to_numpy()
    curve = decision_curve(y, data[model], positive=True)
    theirs = _dca(y, {model: data[model].to_numpy(dtype=float)})
    np.testing.assert_allclose(curve.net_benefit, theirs[model].net_benefit.loc[GRID], atol=TOL)
    np.testing.assert_allclose(curve.treat_all, theirs["all"].net_benefit.loc[GRID], atol=TOL)
    np.testing.assert_allclose(
        curve.interventions_avoided, theirs[model].net_intervention_avoided.loc[GRID], atol=TOL
    )
    assert curve.prevalence == pytest.approx(0.14)  # 105 cancers in 750 men


@pytest.mark.slow
def test_the_decision_curve_is_dcurves_on_its_case_control_data():
    data = pd.read_csv(os.path.join(dcurves.data, "df_case_control.csv"))
    y = data.casecontrol.to_numpy()
    assert y.mean() == pytest.approx(0.56)  # the sample's share of cases: not the population's
    curve = decision_curve(y, data.cancerpredmarker, positive=1, prevalence=0.2)
    theirs = _dca(y, {"m": data.cancerpredmarker.to_numpy()}, prevalence=0.2)
    np.testing.assert_allclose(curve.net_benefit, theirs["m"].net_benefit.loc[GRID], atol=TOL)
    np.testing.assert_allclose(curve.treat_all, theirs["all"].net_benefit.loc[GRID], atol=TOL)
    assert curve.prevalence == 0.2


def test_net_benefit_is_the_curve_at_one_threshold_and_counts_ties_as_treated():
    y, a, _ = _random_case(1)  # probabilities on the 0.01 grid: ties at every threshold
    curve = decision_curve(y, a, positive=True)
    for i in (0, 9, 29, 49, 98):
        t = curve.threshold[i]
        assert net_benefit(y, a, positive=True, threshold=t) == pytest.approx(
            curve.net_benefit[i], abs=TOL
        )
        treated = a >= t
        assert curve.tp[i] == np.sum(treated & y) and curve.fp[i] == np.sum(treated & ~y)


def test_the_references_are_treating_everyone_and_no_one():
    y, a, _ = _random_case(2)
    curve = decision_curve(y, a, positive=True)
    everyone = decision_curve(y, np.ones(y.size), positive=True)
    np.testing.assert_allclose(everyone.net_benefit, curve.treat_all, atol=TOL)
    no_one = decision_curve(y, np.zeros(y.size), positive=True, thresholds=GRID)
    np.testing.assert_array_equal(no_one.net_benefit, curve.treat_none)
    assert np.all(curve.treat_none == 0)
    perfect = decision_curve(y, y.astype(float), positive=True)
    np.testing.assert_allclose(perfect.net_benefit, y.mean(), atol=TOL)  # NB of a perfect model


def test_the_standardised_net_benefit_divides_by_the_prevalence():
    y, a, _ = _random_case(3)
    plain = decision_curve(y, a, positive=True)
    standard = decision_curve(y, a, positive=True, standardized=True)
    np.testing.assert_allclose(standard.net_benefit, plain.net_benefit / y.mean(), atol=TOL)
    np.testing.assert_allclose(standard.treat_all, plain.treat_all / y.mean(), atol=TOL)
    np.testing.assert_array_equal(standard.interventions_avoided, plain.interventions_avoided)
    perfect = decision_curve(y, y.astype(float), positive=True, standardized=True)
    np.testing.assert_allclose(perfect.net_benefit, 1.0, atol=TOL)
    assert net_benefit(y, a, positive=True, threshold=0.3, standardized=True) == pytest.approx(
        net_benefit(y, a, positive=True, threshold=0.3) / y.mean(), abs=TOL
    )


def test_a_prevalence_equal_to_the_samples_changes_nothing():
    y, a, _ = _random_case(4)
    own = decision_curve(y, a, positive=True)
    given = decision_curve(y, a, positive=True, prevalence=float(y.mean()))
    np.testing.assert_allclose(given.net_benefit, own.net_benefit, atol=TOL)


def test_labels_of_any_kind_and_the_positive_rule():
    y = np.array(["cancer", "ok", "cancer", "ok", "ok", "ok"])
    p = [0.9, 0.6, 0.4, 0.3, 0.2, 0.1]
    curve = decision_curve(y, p, positive="cancer", thresholds=[0.25, 0.5])
    # at 0.25: 4 treated, 2 cancers; 2/6 − 2/6 · 1/3
    assert curve.net_benefit.tolist() == pytest.approx([2 / 6 - 2 / 6 / 3, 1 / 6 - 1 / 6])
    with pytest.raises(ValueError, match="positive"):
        decision_curve(y, p)


def test_the_curve_is_a_read_only_curve_with_its_table():
    curve = decision_curve([1, 0, 1, 0], [0.8, 0.6, 0.4, 0.1], thresholds=[0.2, 0.5])
    assert isinstance(curve, Curve) and curve.kind == "decision" and len(curve) == 2
    assert curve.to_frame().columns.tolist() == list(curve.columns)
    assert (curve.x is curve.threshold) and (curve.y is curve.net_benefit)
    with pytest.raises(ValueError, match="read-only"):
        curve.net_benefit[0] = 1.0
    assert curve.standardized is False and curve.prevalence == 0.5


def test_the_display_draws_the_references_once_for_two_models():
    import matplotlib

    matplotlib.use("Agg")
    y, a, b = _random_case(5)
    first = DecisionCurveDisplay.from_predictions(y, a, positive=True, name="A").plot()
    DecisionCurveDisplay.from_predictions(y, b, positive=True, name="B").plot(ax=first.ax_)
    labels = [line.get_label() for line in first.ax_.lines]
    assert labels == ["treat all", "treat none", "A", "B"]
    np.testing.assert_array_equal(first.line_.get_ydata(), first.curve.net_benefit)
    low, high = first.ax_.get_ylim()
    assert low < 0 < y.mean() < high
    with pytest.raises(TypeError, match="'decision' Curve"):
        DecisionCurveDisplay.from_curve(decision_curve(y, a, positive=True).to_frame())


def test_the_display_from_an_estimator_uses_predict_proba():
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(0)
    X = rng.normal(size=(200, 2))
    y = (X[:, 0] + rng.normal(size=200) > 0.5).astype(int)
    model = LogisticRegression().fit(X, y)
    display = DecisionCurveDisplay.from_estimator(model, X, y)
    expected = decision_curve(y, model.predict_proba(X)[:, 1], positive=1)
    np.testing.assert_array_equal(display.curve.net_benefit, expected.net_benefit)
    assert display.name == "LogisticRegression"


# ---------------------------------------------------------------------- net benefit's interval
def test_the_net_benefit_interval_is_the_projects_bootstrap_of_the_net_benefit():
    y, a, _ = _random_case(6)
    ours = net_benefit_interval(y, a, positive=True, threshold=0.2, n_resamples=300, seed=3)

    def by_hand(target, proba):  # the definition, written out
        treated = proba >= 0.2
        n = target.size
        return np.sum(treated & (target == 1)) / n - np.sum(treated & (target == 0)) / n * 0.25

    theirs = bootstrap_interval(by_hand, y.astype(np.int8), a, n_resamples=300, seed=3)
    assert ours == pytest.approx(theirs, abs=TOL)
    point = net_benefit(y, a, positive=True, threshold=0.2)
    assert ours.lower < point < ours.upper


def test_the_net_benefit_interval_narrows_with_more_instances():
    rng = np.random.default_rng(7)
    widths = []
    for n in (200, 3200):
        p = rng.uniform(size=n)
        y = rng.uniform(size=n) < p
        lower, upper = net_benefit_interval(y, p, positive=True, threshold=0.3, seed=1)
        widths.append(upper - lower)
    assert widths[1] < widths[0] / 3  # 16 times the instances: a quarter of the width, about


def test_the_net_benefit_interval_of_a_case_control_sample_keeps_the_classes():
    y, a, _ = _random_case(8)
    lower, upper = net_benefit_interval(
        y, a, positive=True, threshold=0.1, prevalence=0.05, n_resamples=200, seed=0
    )
    point = net_benefit(y, a, positive=True, threshold=0.1, prevalence=0.05)
    assert lower <= point <= upper and upper - lower > 0


# ---------------------------------------------------------------------- likelihood ratios
def _random_pairs(count):
    rng = np.random.default_rng(11)
    for _ in range(count):
        n = int(rng.integers(30, 3000))
        y = rng.uniform(size=n) < rng.uniform(0.05, 0.6)
        pred = np.where(y, rng.uniform(size=n) < 0.8, rng.uniform(size=n) < 0.2)
        yield y.astype(int), pred.astype(int)


def test_likelihood_ratios_are_sklearns_and_their_intervals_statsmodels():
    from sklearn.metrics import class_likelihood_ratios
    from statsmodels.stats.proportion import confint_proportions_2indep

    compared = 0
    for y, pred in _random_pairs(60):
        cm = ConfusionMatrix.from_labels(y, pred, labels=[1, 0])
        tp, fn, fp, tn = cm.tp, cm.fn, cm.fp, cm.tn
        if 0 in (tp, fn, fp, tn):
            continue
        lr = likelihood_ratios(cm)
        plus, minus = class_likelihood_ratios(y, pred)
        assert lr.lr_positive == pytest.approx(plus, abs=TOL)
        assert lr.lr_negative == pytest.approx(minus, abs=TOL)
        low, high = confint_proportions_2indep(
            tp, tp + fn, fp, fp + tn, compare="ratio", method="log"
        )
        assert (lr.lr_positive_lower, lr.lr_positive_upper) == pytest.approx((low, high), abs=TOL)
        low, high = confint_proportions_2indep(
            fn, tp + fn, tn, fp + tn, compare="ratio", method="log", alpha=0.1
        )
        lr90 = likelihood_ratios(cm, confidence=0.9)
        assert (lr90.lr_negative_lower, lr90.lr_negative_upper) == pytest.approx(
            (low, high), abs=TOL
        )
        compared += 1
    assert compared >= 55


def test_an_undefined_likelihood_ratio_is_nan_with_a_warning():
    with pytest.warns(UndefinedMetricWarning, match="LR\\+"):
        lr = likelihood_ratios([[10, 5], [0, 20]])  # no false positive: LR+ = x/0
    assert math.isnan(lr.lr_positive) and math.isnan(lr.lr_positive_upper)
    assert lr.lr_negative == pytest.approx((5 / 15) / (20 / 20))


def test_likelihood_ratios_of_one_class_against_the_rest():
    cm = ConfusionMatrix([[30, 5, 5], [4, 40, 6], [2, 3, 45]], labels=["a", "b", "c"])
    lr = likelihood_ratios(cm, positive="b")
    sens, spec = 40 / 50, 1 - 8 / 90
    assert lr.lr_positive == pytest.approx(sens / (1 - spec), abs=TOL)
    assert lr.lr_negative == pytest.approx((1 - sens) / spec, abs=TOL)


# ---------------------------------------------------------------------- post-test, PPV and NPV
@pytest.mark.parametrize("prevalence", [0.01, 0.05, 0.2, 0.5, 0.9])
def test_post_test_probability_of_lr_plus_is_the_ppv_at_that_prevalence(prevalence):
    cm = [[40, 10], [5, 45]]
    lr = likelihood_ratios(cm)
    assert post_test_probability(lr.lr_positive, prevalence=prevalence) == pytest.approx(
        ppv(cm, prevalence=prevalence), abs=TOL
    )
    assert 1 - post_test_probability(lr.lr_negative, prevalence=prevalence) == pytest.approx(
        npv(cm, prevalence=prevalence), abs=TOL
    )


def test_post_test_probability_ends():
    assert post_test_probability(1.0, prevalence=0.3) == pytest.approx(0.3)  # LR 1: no news
    assert post_test_probability(0.0, prevalence=0.3) == 0.0
    assert post_test_probability(math.inf, prevalence=0.3) == 1.0
    assert post_test_probability(5.0, prevalence=0.0) == 0.0
    np.testing.assert_allclose(post_test_probability([1, 3], prevalence=0.25), [0.25, 0.5])


@pytest.mark.parametrize("prevalence", [0.02, 0.1, 0.4, None])
def test_predictive_values_are_ppv_and_npv_with_the_lr_intervals_carried(prevalence):
    cm = [[40, 10], [5, 45]]
    values = predictive_values(cm, prevalence=prevalence, confidence=0.9)
    pi = 0.5 if prevalence is None else prevalence
    assert values.ppv == pytest.approx(ppv(cm, prevalence=pi), abs=TOL)
    assert values.npv == pytest.approx(npv(cm, prevalence=pi), abs=TOL)
    lr = likelihood_ratios(cm, confidence=0.9)
    assert values.ppv_lower == pytest.approx(
        post_test_probability(lr.lr_positive_lower, prevalence=pi), abs=TOL
    )
    assert values.npv_lower == pytest.approx(
        1 - post_test_probability(lr.lr_negative_upper, prevalence=pi), abs=TOL
    )
    assert values.ppv_lower < values.ppv < values.ppv_upper
    assert values.npv_lower < values.npv < values.npv_upper


def test_the_ppv_falls_with_the_prevalence_and_the_npv_rises():
    cm = [[40, 10], [5, 45]]
    screening = predictive_values(cm, prevalence=0.02)
    specialist = predictive_values(cm, prevalence=0.4)
    assert screening.ppv < 0.15 < 0.8 < specialist.ppv
    assert screening.npv > specialist.npv
