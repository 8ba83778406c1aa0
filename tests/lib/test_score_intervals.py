"""The AUC's intervals (DeLong's, bootstrap), DeLong's test's interval, and any metric's bootstrap.

Each is checked against an independent computation on hundreds of random inputs (the O(m·n)
double sum written out here, scikit-learn, scipy.stats.bootstrap with the same resamples) and
for coverage by simulation: about 95% of 95% intervals cover the true value, within three
binomial standard errors.
"""

from __future__ import annotations

import functools
import math
import warnings

import numpy as np
import pytest
import scipy.stats
from sklearn.metrics import roc_auc_score

from evalbook import UndefinedMetricWarning
from evalbook._core.stats import _few_distinct_scores, delong_auc_variance, delong_placements
from evalbook.inference import bootstrap_interval, delong_test, roc_auc_interval

Z95 = scipy.stats.norm.isf(0.025)


def random_scored(rng, *, ties: bool):
    """Labels (at least 2 of each class) and scores; with ties, scores on a coarse grid."""
    size = int(rng.integers(4, 60))
    y = rng.integers(0, 2, size)
    y[:2], y[2:4] = 1, 0
    rng.shuffle(y)
    scores = rng.normal(size=size) + rng.uniform(0, 2) * y
    if ties:
        scores = np.round(scores * rng.integers(1, 4)) / 2
    return y, scores


def direct_components(y, scores):
    """V10, V01 and the AUC from the double sum of ψ over every (positive, negative) pair."""
    positives, negatives = scores[y == 1], scores[y == 0]
    psi = (positives[:, None] > negatives[None, :]) + 0.5 * (
        positives[:, None] == negatives[None, :]
    )
    return psi.mean(axis=1), psi.mean(axis=0), psi.mean()


def direct_delong_interval(y, scores, z=Z95):
    v10, v01, auc = direct_components(y, scores)
    variance = v10.var(ddof=1) / v10.size + v01.var(ddof=1) / v01.size
    return max(auc - z * math.sqrt(variance), 0.0), min(auc + z * math.sqrt(variance), 1.0)


# ---------------------------------------------------------------------- DeLong's components
@pytest.mark.parametrize("ties", [False, True])
def test_delong_components_match_the_double_sum_on_random_inputs(ties):
    rng = np.random.default_rng(1 + ties)
    for trial in range(300):
        y, scores = random_scored(rng, ties=ties)
        v10, v01, auc = direct_components(y, scores)
        placements, exact_auc = delong_placements(scores.astype(float), y == 1)
        np.testing.assert_allclose(placements[y == 1], v10, rtol=0, atol=1e-12)
        np.testing.assert_allclose(placements[y == 0], v01, rtol=0, atol=1e-12)
        assert placements[y == 1].mean() == pytest.approx(auc, abs=1e-12)
        assert exact_auc == pytest.approx(auc, abs=1e-15)
        if trial % 10 == 0:  # and scikit-learn's AUC, on a sample (its checks are slow)
            assert auc == pytest.approx(roc_auc_score(y, scores), abs=1e-12)


def few_valued_scores(rng, size):
    """Scores drawn from 1 to 40 distinct values, sometimes with a few rare values among
    them (which a sample of the scores can miss), and sometimes with 0.0 and −0.0 (tied)."""
    values = rng.normal(size=int(rng.choice([1, 2, 3, 8, 9, 40])))
    scores = rng.choice(values, size)
    if rng.random() < 0.3:
        scores[rng.integers(0, size, 2)] = rng.normal(size=2)
    if rng.random() < 0.2:
        scores[rng.random(size) < 0.5] = 0.0
        scores[rng.random(size) < 0.2] = -0.0
    return scores


def test_delong_components_and_variance_match_the_double_sum_on_few_or_many_values():
    rng = np.random.default_rng(17)
    counted = sorted_ = 0  # the two ways: scores counted value by value, or sorted
    for _ in range(400):
        size = int(rng.integers(4, 300))
        y = rng.integers(0, 2, size)
        y[:2], y[2:4] = 1, 0
        scores = few_valued_scores(rng, size)
        v10, v01, auc = direct_components(y, scores)
        placements, exact_auc = delong_placements(scores, y == 1)
        np.testing.assert_allclose(placements[y == 1], v10, rtol=0, atol=1e-12)
        np.testing.assert_allclose(placements[y == 0], v01, rtol=0, atol=1e-12)
        assert exact_auc == pytest.approx(auc, abs=1e-15)
        got_auc, variance = delong_auc_variance(scores, y == 1)
        assert got_auc == exact_auc
        assert variance == pytest.approx(
            v10.var(ddof=1) / v10.size + v01.var(ddof=1) / v01.size, abs=1e-12
        )
        if _few_distinct_scores(scores) is None:
            sorted_ += 1
        else:
            counted += 1
    assert counted > 100 and sorted_ > 100


@pytest.mark.parametrize("ties", [False, True])
def test_delong_interval_matches_the_formula_on_random_inputs(ties):
    rng = np.random.default_rng(3 + ties)
    for _ in range(300):
        y, scores = random_scored(rng, ties=ties)
        confidence = float(rng.uniform(0.5, 0.99))
        z = scipy.stats.norm.isf((1 - confidence) / 2)
        got = roc_auc_interval(y, scores, positive=1, confidence=confidence)
        assert got == pytest.approx(direct_delong_interval(y, scores, z), abs=1e-12)


def test_delong_interval_of_a_hand_computed_case():
    """A hand-computed case: 2 positives, 2 negatives, one pair tied."""
    y = [1, 1, 0, 0]
    s = [0.9, 0.5, 0.5, 0.1]
    # V10 = (1, 0.75), V01 = (0.75, 1); AUC = 0.875; var = 0.03125/2 + 0.03125/2
    lower, upper = roc_auc_interval(y, s, positive=1)
    half = Z95 * math.sqrt(0.03125)
    assert (lower, upper) == pytest.approx((0.875 - half, 1.0))


# a rounded copy can rank exactly as the original: equal AUCs with a variance of 0, where
# the z is 0/0 and the documented warning is right
@pytest.mark.filterwarnings("ignore:DeLong's z is undefined:evalbook.UndefinedMetricWarning")
def test_delong_test_difference_interval_matches_the_double_sum_on_random_inputs():
    rng = np.random.default_rng(5)
    for trial in range(300):
        y, a = random_scored(rng, ties=trial % 2 == 0)
        b = a + rng.normal(scale=rng.uniform(0.1, 2), size=a.size)
        if trial % 3 == 0:
            b = np.round(b)
        va10, va01, auc_a = direct_components(y, a)
        vb10, vb01, auc_b = direct_components(y, b)
        covariance = np.cov(va10, vb10) / va10.size + np.cov(va01, vb01) / va01.size
        variance = covariance[0, 0] + covariance[1, 1] - 2 * covariance[0, 1]
        result = delong_test(y, a, b, positive=1, confidence=0.9)
        z = scipy.stats.norm.isf(0.05)
        difference = auc_a - auc_b
        margin = z * math.sqrt(max(variance, 0.0))
        assert (result.auc_a, result.auc_b) == pytest.approx((auc_a, auc_b), abs=1e-12)
        assert result.std_error == pytest.approx(math.sqrt(max(variance, 0.0)), abs=1e-12)
        assert (result.lower, result.upper) == pytest.approx(
            (difference - margin, difference + margin), abs=1e-12
        )


def test_delong_test_matches_the_double_sum_on_few_or_many_values():
    """Both models' scores few-valued (counted by pairs of scores), one or neither."""
    rng = np.random.default_rng(19)
    counted = 0
    for trial in range(300):
        size = int(rng.integers(4, 300))
        y = rng.integers(0, 2, size)
        y[:2], y[2:4] = 1, 0
        a = few_valued_scores(rng, size)
        b = few_valued_scores(rng, size) if trial % 3 else rng.normal(size=size) + y
        counted += _few_distinct_scores(a) is not None and _few_distinct_scores(b) is not None
        va10, va01, auc_a = direct_components(y, a)
        vb10, vb01, auc_b = direct_components(y, b)
        variance = np.var(va10 - vb10, ddof=1) / va10.size + np.var(va01 - vb01, ddof=1) / (
            va01.size
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # 0/0 when the AUCs and their variance tie
            result = delong_test(y, a, b, positive=1)
        assert (result.auc_a, result.auc_b) == pytest.approx((auc_a, auc_b), abs=1e-15)
        assert result.std_error == pytest.approx(math.sqrt(variance), abs=1e-12)
    assert counted > 50


def test_delong_test_interval_is_centred_and_agrees_with_the_p_value():
    rng = np.random.default_rng(6)
    y = rng.integers(0, 2, 200)
    a = rng.normal(size=200) + y
    b = rng.normal(size=200) + 0.3 * y
    result = delong_test(y, a, b, positive=1)
    assert result.lower < result.difference < result.upper
    assert (result.lower + result.upper) / 2 == pytest.approx(result.difference)
    assert (result.lower > 0) == (result.p_value < 0.05)


# ---------------------------------------------------------------------- the AUC's bootstrap
def test_bootstrap_auc_interval_equals_scipys_with_the_same_resamples():
    """Stratified = two independent samples: scipy.stats.bootstrap(paired=False) draws alike."""

    def auc(positives, negatives, axis=-1):
        greater = positives[..., :, None] > negatives[..., None, :]
        tied = positives[..., :, None] == negatives[..., None, :]
        return (greater + 0.5 * tied).mean(axis=(-2, -1))

    rng = np.random.default_rng(7)
    for trial in range(200):
        y, scores = random_scored(rng, ties=trial % 2 == 0)
        rounds = int(rng.integers(20, 200))
        confidence = float(rng.uniform(0.5, 0.99))
        ours = roc_auc_interval(
            y,
            scores,
            positive=1,
            method="bootstrap",
            n_resamples=rounds,
            seed=trial,
            confidence=confidence,
        )
        theirs = scipy.stats.bootstrap(
            (scores[y == 1], scores[y == 0]),
            auc,
            paired=False,
            vectorized=True,
            n_resamples=rounds,
            batch=rounds,
            method="percentile",
            confidence_level=confidence,
            rng=np.random.default_rng(trial),
        ).confidence_interval
        assert ours == pytest.approx((theirs.low, theirs.high), abs=1e-12)


def test_bootstrap_auc_interval_is_seeded_and_refuses_bad_arguments():
    y, s = [1, 1, 1, 0, 0, 0], [0.9, 0.4, 0.7, 0.5, 0.1, 0.2]
    first = roc_auc_interval(y, s, positive=1, method="bootstrap", seed=3)
    assert first == roc_auc_interval(y, s, positive=1, method="bootstrap", seed=3)
    with pytest.raises(ValueError, match="method"):
        roc_auc_interval(y, s, positive=1, method="wald")
    with pytest.raises(ValueError, match="n_resamples"):
        roc_auc_interval(y, s, positive=1, method="bootstrap", n_resamples=0)
    with pytest.raises(ValueError, match="at least 2"):
        roc_auc_interval([1, 0, 0], [0.5, 0.2, 0.1], positive=1)


# ---------------------------------------------------------------------- coverage
def binormal(rng, m, n, shift):
    """m positives ~ N(shift, 1), n negatives ~ N(0, 1): true AUC Φ(shift / √2)."""
    y = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
    return y, np.r_[rng.normal(shift, 1, m), rng.normal(0, 1, n)]


def assert_covers_about(covered: int, trials: int, confidence=0.95):
    se = math.sqrt(confidence * (1 - confidence) / trials)
    assert abs(covered / trials - confidence) <= 3 * se, (covered, trials)


def test_delong_interval_covers_the_true_auc_about_95_percent_of_the_time():
    rng = np.random.default_rng(11)
    truth = scipy.stats.norm.cdf(1 / math.sqrt(2))
    trials = 500
    covered = 0
    for _ in range(trials):
        lower, upper = roc_auc_interval(*binormal(rng, 60, 60, 1.0), positive=1)
        covered += lower <= truth <= upper
    assert_covers_about(covered, trials)


def test_delong_difference_interval_covers_the_true_difference():
    rng = np.random.default_rng(12)
    truth = scipy.stats.norm.cdf(1.2 / math.sqrt(2)) - scipy.stats.norm.cdf(0.8 / math.sqrt(2))
    trials = 500
    covered = 0
    for _ in range(trials):
        y = np.r_[np.ones(60, dtype=int), np.zeros(60, dtype=int)]
        common = rng.normal(size=120)  # correlated models: the pairing matters
        a = 0.6 * common + 0.8 * rng.normal(size=120) + 1.2 * y
        b = 0.6 * common + 0.8 * rng.normal(size=120) + 0.8 * y
        result = delong_test(y, a, b, positive=1)
        covered += result.lower <= truth <= result.upper
    assert_covers_about(covered, trials)


def test_bootstrap_auc_interval_covers_the_true_auc_about_95_percent_of_the_time():
    rng = np.random.default_rng(13)
    truth = scipy.stats.norm.cdf(1 / math.sqrt(2))
    trials = 300
    covered = 0
    for trial in range(trials):
        lower, upper = roc_auc_interval(
            *binormal(rng, 60, 60, 1.0), positive=1, method="bootstrap", n_resamples=400, seed=trial
        )
        covered += lower <= truth <= upper
    assert_covers_about(covered, trials)


# ---------------------------------------------------------------------- any metric
def brier(y, s, axis=-1):
    return np.mean((np.asarray(s, dtype=float) - np.asarray(y)) ** 2, axis=axis)


@pytest.mark.parametrize("method", ["percentile", "basic"])
def test_bootstrap_of_instances_equals_scipys_paired_bootstrap(method):
    rng = np.random.default_rng(21)
    for trial in range(200):
        size = int(rng.integers(5, 80))
        s = rng.uniform(size=size)
        y = (rng.uniform(size=size) < s).astype(int)
        rounds = int(rng.integers(10, 60))
        ours = bootstrap_interval(brier, y, s, n_resamples=rounds, method=method, seed=trial)
        theirs = scipy.stats.bootstrap(
            (y, s),
            brier,
            paired=True,
            vectorized=True,
            n_resamples=rounds,
            batch=rounds,
            method=method,
            rng=np.random.default_rng(trial),
        ).confidence_interval
        assert ours == pytest.approx((theirs.low, theirs.high), abs=1e-12)


def test_stratified_bootstrap_of_instances_keeps_the_class_counts_and_matches_the_loop():
    y = np.array([0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1])
    p = np.array([0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1])
    seen = []

    def recall(target, predicted):
        seen.append(int(np.sum(target == 1)))
        return float(np.mean(predicted[target == 1] == 1))

    got = bootstrap_interval(recall, y, p, n_resamples=300, seed=4, stratify=True)
    assert set(seen) == {7}
    draws = np.random.default_rng(4)
    zeros, ones = np.flatnonzero(y == 0), np.flatnonzero(y == 1)
    values = []
    first = zeros[draws.integers(0, zeros.size, (300, zeros.size))]
    second = ones[draws.integers(0, ones.size, (300, ones.size))]
    for row in np.concatenate([first, second], axis=1):
        values.append(np.mean(p[row][y[row] == 1] == 1))
    assert got == pytest.approx(tuple(np.quantile(values, [0.025, 0.975])), abs=1e-12)


def test_bootstrap_of_instances_leaves_out_undefined_resamples_with_a_warning():
    from evalbook import average_precision

    y = [1, 0, 0, 0, 0, 0, 0, 0]
    s = [0.9, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]

    def ap(target, scores):
        if not np.any(target == 1):
            return math.nan
        return average_precision(target, scores, positive=1)

    with pytest.warns(UndefinedMetricWarning, match="of 500 resamples"):
        lower, upper = bootstrap_interval(ap, y, s, n_resamples=500, seed=0)
    assert 0 < lower <= upper <= 1
    with pytest.raises(TypeError, match="metric must return a number"):
        bootstrap_interval(lambda t, p: "x", y, s, n_resamples=5)
    with pytest.raises(TypeError, match="metric must be a function"):
        bootstrap_interval(3, y, s)
    with pytest.raises(ValueError, match=r"undefined .* on every resample"):
        bootstrap_interval(ap, [0] * 8, s, n_resamples=5)

    def no_repeats(target, scores):  # undefined on the 8 distinct scores, not on a resample
        return math.nan if len(set(scores.tolist())) == scores.size else 0.5

    with pytest.raises(ValueError, match=r"undefined .* on the data itself"):
        bootstrap_interval(no_repeats, y, s, n_resamples=5, seed=0, method="basic")


def test_bootstrap_of_instances_takes_the_librarys_metrics_of_scores():
    from evalbook import average_precision

    rng = np.random.default_rng(23)
    y = rng.integers(0, 2, 60)
    s = rng.uniform(size=60) + 0.5 * y
    metric = functools.partial(average_precision, positive=1)
    lower, upper = bootstrap_interval(metric, y, s, n_resamples=300, seed=1, stratify=True)
    assert lower < metric(y, s) < upper


def test_bootstrap_interval_covers_the_true_brier_score():
    """Scores s ~ U(0, 1), labels y ~ Bernoulli(s): the expected Brier score E[s(1 − s)] = 1/6."""
    rng = np.random.default_rng(24)
    trials = 200
    covered = 0
    for trial in range(trials):
        s = rng.uniform(size=100)
        y = (rng.uniform(size=100) < s).astype(int)
        lower, upper = bootstrap_interval(brier, y, s, n_resamples=200, seed=trial)
        covered += lower <= 1 / 6 <= upper
    assert_covers_about(covered, trials)


def test_the_standard_librarys_normal_quantile_agrees_with_scipy():
    from evalbook._core.stats import normal_quantile

    probabilities = np.random.default_rng(30).uniform(1e-9, 1 - 1e-9, 500)
    ours = np.array([normal_quantile(p) for p in probabilities])
    np.testing.assert_allclose(ours, scipy.stats.norm.ppf(probabilities), rtol=1e-13)
