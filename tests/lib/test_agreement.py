"""The random classifier's matrix and kappa built from it (handout 001)."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score

import evalbook
from evalbook import (
    ConfusionMatrix,
    KappaBreakdown,
    UndefinedMetricWarning,
    cohen_kappa,
    expected_confusion,
    kappa_breakdown,
)
from evalcourse.datasets import abc_confusion


# ---------------------------------------------------------------------- handout 001's numbers
def test_random_classifier_of_the_abc_matrix():
    expected = expected_confusion(abc_confusion())
    assert expected.to_numpy().tolist() == [[60, 30, 10], [36, 18, 6], [24, 12, 4]]
    assert list(expected.index) == ["A", "B", "C"] and list(expected.columns) == ["A", "B", "C"]
    assert expected.index.name == "target" and expected.columns.name == "prediction"
    # it predicts A, B, C in the model's proportions 60%, 30%, 10%
    np.testing.assert_allclose(expected.sum(axis=0) / 200, [0.6, 0.3, 0.1])
    assert float(np.trace(expected.to_numpy())) == 82.0


def test_kappa_breakdown_of_the_abc_matrix():
    b = kappa_breakdown(abc_confusion())
    assert isinstance(b, KappaBreakdown)
    assert (b.n, b.observed, b.expected, b.extra, b.max_extra) == (200, 140, 82.0, 58.0, 118.0)
    assert b.observed / b.n == 0.7  # 70% success
    assert b.kappa == pytest.approx(58 / 118, rel=1e-15)
    assert round(100 * b.kappa, 1) == 49.2
    assert b.kappa == pytest.approx(cohen_kappa(abc_confusion()), rel=1e-14)
    text = str(b)
    assert "= 140" in text and "= 82" in text and "200 − 82 = 118" in text
    assert "58 / 118 = 0.4915" in text


# ---------------------------------------------------------------------- cross-checks
def test_kappa_against_sklearn_on_random_labels():
    rng = np.random.default_rng(11)
    for _ in range(250):
        k = int(rng.integers(2, 6))
        n = int(rng.integers(2, 120))
        y_true = rng.integers(0, k, size=n)
        y_pred = np.where(rng.random(n) < rng.random(), y_true, rng.integers(0, k, size=n))
        if len(set(y_true) | set(y_pred)) < 2:
            continue
        cm = ConfusionMatrix.from_labels(y_true, y_pred, labels=list(range(k)))
        reference = cohen_kappa_score(y_true, y_pred)
        if math.isnan(reference):
            continue
        assert kappa_breakdown(cm).kappa == pytest.approx(reference, rel=1e-10, abs=1e-12)


def test_expected_matrix_keeps_the_totals_and_matches_the_fraction_formula():
    rng = np.random.default_rng(12)
    for _ in range(200):
        k = int(rng.integers(1, 6))
        counts = rng.integers(0, 40, size=(k, k))
        if counts.sum() == 0:
            continue
        expected = expected_confusion(counts).to_numpy()
        np.testing.assert_allclose(expected.sum(axis=1), counts.sum(axis=1), rtol=1e-12)
        np.testing.assert_allclose(expected.sum(axis=0), counts.sum(axis=0), rtol=1e-12)
        b = kappa_breakdown(counts, zero_division=math.nan)
        assert b.expected == pytest.approx(np.trace(expected), rel=1e-12)
        n = int(counts.sum())
        chance = sum(int(a) * int(c) for a, c in zip(counts.sum(1), counts.sum(0), strict=True))
        if n * n != chance:
            exact = Fraction(n * int(np.trace(counts)) - chance, n * n - chance)
            assert b.kappa == pytest.approx(float(exact), rel=1e-14)
            assert -1.0 <= b.kappa <= 1.0


# ---------------------------------------------------------------------- the bounds
def test_maximum_is_one_on_a_diagonal_matrix():
    b = kappa_breakdown([[30, 0, 0], [0, 20, 0], [0, 0, 5]])
    assert b.kappa == 1.0 and b.extra == b.max_extra


def test_zero_diagonal_gives_a_negative_kappa_not_zero():
    """Handout 001 says kappa is 0 when the classifier fails every prediction: it is not."""
    b = kappa_breakdown([[0, 10], [10, 0]])
    assert b.observed == 0 and b.expected == 10.0
    assert b.kappa == -1.0
    b = kappa_breakdown([[0, 60, 40], [30, 0, 30], [20, 20, 0]])
    assert b.kappa < 0


def test_chance_level_gives_zero():
    b = kappa_breakdown([[6, 4], [3, 2]])  # rows proportional: exactly the chance successes
    assert b.extra == pytest.approx(0.0, abs=1e-12)
    assert b.kappa == 0.0


# ---------------------------------------------------------------------- 0/0 and bad input
def test_one_class_is_undefined():
    with pytest.warns(UndefinedMetricWarning, match="kappa is undefined"):
        b = kappa_breakdown([[7]])
    assert math.isnan(b.kappa) and b.max_extra == 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert kappa_breakdown([[7, 0], [0, 0]], zero_division=0.0).kappa == 0.0


@pytest.mark.parametrize("function", [expected_confusion, kappa_breakdown])
def test_empty_matrix_is_an_error(function):
    with pytest.raises(ValueError, match="no instances"):
        function([[0, 0], [0, 0]])


@pytest.mark.parametrize("function", [expected_confusion, kappa_breakdown])
def test_bad_matrix_is_an_error(function):
    with pytest.raises(ValueError, match="square"):
        function([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(ValueError, match="non-negative"):
        function([[1, -2], [4, 5]])


def test_public_names():
    for name in ("expected_confusion", "kappa_breakdown", "KappaBreakdown"):
        assert name in evalbook.__all__ and hasattr(evalbook, name)


# ---------------------------------------------------------------------- kappa's and MCC's intervals
def test_kappas_large_sample_variance_equals_statsmodels_on_random_tables():
    """Fleiss, Cohen & Everitt's variance: statsmodels' cohens_kappa(table).var_kappa, and
    its interval kappa_low, kappa_upp (same z), on 2 to 5 classes."""
    from statsmodels.stats.inter_rater import cohens_kappa

    from evalbook.inference._bootstrap_intervals import _kappa_variance

    rng = np.random.default_rng(90)
    for _ in range(300):
        k = int(rng.integers(2, 6))
        counts = rng.integers(0, 30, (k, k))
        counts[0, 0] += 1
        counts[1, 1] += 1
        theirs = cohens_kappa(counts)
        kappa, variance = _kappa_variance(counts.astype(float))
        assert kappa == pytest.approx(theirs.kappa, abs=1e-13)
        assert variance == pytest.approx(theirs.var_kappa, rel=1e-12)
        lower, upper = evalbook.cohen_kappa_interval(counts)
        assert (lower, upper) == pytest.approx((theirs.kappa_low, theirs.kappa_upp), abs=1e-12)


def test_kappas_and_mccs_bootstrap_intervals_are_the_bootstrap_of_the_metric():
    cm = [[40, 10, 5], [8, 30, 2], [4, 6, 25]]
    for method in ("percentile", "basic", "bca"):
        ours = evalbook.cohen_kappa_interval(cm, method=method, n_resamples=500, seed=3)
        assert ours == evalbook.bootstrap_interval(
            cohen_kappa, cm, method=method, n_resamples=500, seed=3
        )
        assert ours.lower < cohen_kappa(cm) < ours.upper
        mcc = evalbook.mcc_interval(cm, method=method, n_resamples=500, seed=3)
        assert mcc == evalbook.bootstrap_interval(
            evalbook.mcc, cm, method=method, n_resamples=500, seed=3
        )
        assert mcc.lower < evalbook.mcc(cm) < mcc.upper
    with pytest.warns(UndefinedMetricWarning, match="kappa is undefined"):
        assert all(math.isnan(b) for b in evalbook.cohen_kappa_interval([[5, 0], [0, 0]]))
    with pytest.raises(ValueError, match="method must be 'normal' or 'percentile'"):
        evalbook.cohen_kappa_interval(cm, method="wald")
    with pytest.raises(ValueError, match="method must be 'percentile' or 'basic' or 'bca'"):
        evalbook.mcc_interval(cm, method="normal")
    with pytest.raises(ValueError, match="confidence must be strictly between 0 and 1"):
        evalbook.cohen_kappa_interval(cm, confidence=1)
    with pytest.raises(ValueError, match="cm has no instances"):
        evalbook.cohen_kappa_interval([[0, 0], [0, 0]])


@pytest.mark.slow
def test_kappa_intervals_cover_the_true_kappa():
    """Two raters, three classes, n = 60 and 300: the population kappa of the table of
    probabilities below. Recorded coverage of 400 95% intervals (bootstrap: 1000 resamples):
    COVERAGE_KAPPA, each above 90%."""
    probabilities = np.array([[0.25, 0.05, 0.03], [0.04, 0.2, 0.06], [0.02, 0.05, 0.3]])
    truth = cohen_kappa(ConfusionMatrix(probabilities * 10**6))
    rng = np.random.default_rng(91)
    covered = {}
    for n in (60, 300):
        for method in ("normal", "percentile", "bca"):
            covered[(n, method)] = 0
        for trial in range(400):
            counts = rng.multinomial(n, probabilities.ravel()).reshape(3, 3)
            for method in ("normal", "percentile", "bca"):
                lower, upper = evalbook.cohen_kappa_interval(
                    counts, method=method, n_resamples=1000, seed=trial
                )
                covered[(n, method)] += lower <= truth <= upper
    assert covered == COVERAGE_KAPPA
    assert all(count / 400 > 0.9 for count in covered.values())


#: Of 400 intervals: the normal interval with Fleiss, Cohen & Everitt's SE, the percentile
#: and BCa bootstraps, at n = 60 and 300 (true kappa 0.623). At n = 60 all three
#: under-cover a little (91.3%, 91.5%, 91.8%: kappa's sampling distribution is skewed and
#: its SE is estimated from the same 60 instances); at n = 300, 93.3%, 94.5%, 94.5%.
COVERAGE_KAPPA = {
    (60, "normal"): 365,
    (60, "percentile"): 366,
    (60, "bca"): 367,
    (300, "normal"): 373,
    (300, "percentile"): 378,
    (300, "bca"): 378,
}
